//! Phase 2 - Actions: turns clockwise from the First Player, the mandatory Event, basic and
//! minor actions, passing with its money and the First Player token, and the last-action rule.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, Decision, DecisionKind, Illegal, Pending};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::{Mat, RoundMarkers};
use crate::rulesets::pop::rules::cards::{Hand, card_id};
use crate::rulesets::pop::rules::characters;
use crate::rulesets::pop::rules::economy::{
    MAX_LOANS, REPAY_DUCATS, change_mp, change_stability, gain_ducats, increase_stability_cost,
    max_loans, repay_loan, stability_cost, take_loan,
};
use crate::rulesets::pop::rules::effects::{
    Progress, answer_effect, effect_candidates, resolve_effects,
};
use crate::rulesets::pop::rules::events::{
    EventDisplay, EventInProgress, advance_event, allowed_options, answer_ruler_offer,
    choose_option, event_busy, start_leftover_event, take_event,
};
use crate::rulesets::pop::rules::generic;
use crate::rulesets::pop::rules::military;
use crate::rulesets::pop::rules::rebels::counting_unrest;
use crate::rulesets::pop::state::{FirstPlayer, Index, Seats, key_of};

/// Money for passing, by order of passing, for a number of players (FACTS section 1; the
/// 1- and 2-player rows are house rules: only the first to pass is paid).
pub fn passing_money(players: usize) -> &'static [i32] {
    match players {
        0..=2 => &[5],
        3 => &[5, 2],
        4 | 5 => &[5, 3, 2],
        _ => &[5, 3, 2, 1],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Stage {
    #[default]
    NotStarted,
    /// Ordinary turns while passing money is left.
    Turns,
    /// Passing money is gone: each remaining player takes one more action.
    LastActions,
    /// Anyone without an Event gets one last turn to take one.
    LastEvents,
    Done,
}

/// Progress of the Action phase within a Round.
#[derive(Resource, Clone, Debug, Default)]
pub struct ActionPhase {
    stage: Stage,
    /// The realm whose turn it is.
    pub current: Option<Entity>,
    /// The current turn's basic action (or card, or Event) has been taken.
    main_done: bool,
    queue: VecDeque<Entity>,
    passed: u8,
    /// Who passed first this Round already held the First Player token.
    first_passer_held_token: bool,
    /// A Suppress Unrest action is going on: more provinces may be added.
    suppressing: bool,
    /// The realm has passed and may still repay loans with its passing money.
    after_pass: bool,
}

impl ActionPhase {
    /// The phase's progress with realms named by content id, for the state snapshot.
    pub fn describe(&self, world: &World) -> String {
        let key = |e: &Entity| key_of(world, *e);
        format!(
            "stage {:?}, current {:?}, main done {}, queue {:?}, passed {}, first passer held token {}, suppressing {}",
            self.stage,
            self.current.as_ref().map(key),
            self.main_done,
            self.queue.iter().map(key).collect::<Vec<_>>(),
            self.passed,
            self.first_passer_held_token,
            self.suppressing
        )
    }

    fn kind(&self) -> DecisionKind {
        match self.stage {
            Stage::LastActions => DecisionKind::LastAction,
            Stage::LastEvents => DecisionKind::LastEvent,
            _ => DecisionKind::Turn,
        }
    }
}

/// The Action phase, as a resumable loop: consume an answer, finish what it started, then ask
/// the next player, until every player is done.
pub(crate) fn play_action_phase(world: &mut World) {
    if world.res::<ActionPhase>().stage == Stage::NotStarted {
        start_phase(world);
    }
    // The answer goes to whoever asked: dispatch on the question, not on guesses.
    if let Some((asked, action)) = crate::rulesets::pop::decision::take_answer_to(world) {
        handle(world, &asked, action);
    }
    loop {
        if world.res::<Pending>().0.is_some() || characters::ask_reaction(world) {
            return;
        }
        if let Some(realm) = world.res::<ActionPhase>().current {
            match military::continue_action(world, realm) {
                military::Step::Waiting => return,
                military::Step::Done => {
                    end_main_action(world);
                    continue;
                }
                military::Step::Idle => {}
            }
        }
        if event_busy(world) {
            if resolve_effects(world) == Progress::Waiting
                || advance_event(world) == Progress::Waiting
            {
                return;
            }
            end_main_action(world);
            if let Some(last) = world.res::<ActionPhase>().current {
                start_leftover_event(world, last);
            }
            continue;
        }
        match generic::resume(world) {
            generic::Resume::Waiting => return,
            generic::Resume::Finished => {
                end_main_action(world);
                continue;
            }
            generic::Resume::Idle => {}
        }
        let phase = world.res::<ActionPhase>().clone();
        if let (Some(realm), true) = (phase.current, phase.after_pass) {
            if can_repay(world, realm) {
                let name = key_of(world, realm);
                crate::rulesets::pop::decision::ask(
                    world,
                    name,
                    DecisionKind::AfterPass,
                    "You passed: repay a loan with your passing money, or end your turn",
                );
                return;
            }
            world.res_mut::<ActionPhase>().after_pass = false;
            end_main_action(world);
            continue;
        }
        if let (Some(realm), true) = (phase.current, phase.suppressing) {
            let mil = world.read::<Mat>(realm).map_or(0, |m| m.mp(MpKind::Mil));
            if mil >= SUPPRESS_MIL && !counting_unrest(world, realm, None).is_empty() {
                let name = key_of(world, realm);
                crate::rulesets::pop::decision::ask(
                    world,
                    name,
                    DecisionKind::SuppressMore,
                    "Suppress unrest in another province for 1 mil, or stop",
                );
                return;
            }
            world.res_mut::<ActionPhase>().suppressing = false;
            end_main_action(world);
            continue;
        }
        if let (Some(realm), false) = (phase.current, phase.main_done) {
            ask_turn(world, realm, phase.kind());
            return;
        }
        if !next_turn(world) {
            world.res_mut::<ActionPhase>().stage = Stage::Done;
            world.insert_resource(ActionPhase::default());
            return;
        }
    }
}

fn start_phase(world: &mut World) {
    let first = world.get_res::<FirstPlayer>().map(|f| f.0);
    let mut phase = ActionPhase {
        stage: Stage::Turns,
        ..Default::default()
    };
    phase.current = first;
    world.insert_resource(phase);
    if let Some(first) = first {
        announce_turn(world, first);
    }
}

fn announce_turn(world: &mut World, realm: Entity) {
    crate::rulesets::pop::rules::military::new_turn(world, Some(realm));
    let name = key_of(world, realm);
    write(
        world,
        Note::new(ids::SEQ_PHASE2_TURN, format!("{name}'s turn")).realm(name),
    );
}

fn ask_turn(world: &mut World, realm: Entity, kind: DecisionKind) {
    let name = key_of(world, realm);
    let prompt = match kind {
        DecisionKind::LastAction => "One last action this Round",
        DecisionKind::LastEvent => "Take your mandatory Event",
        _ => "Your turn: take an Event or an action, or pass",
    };
    world.res_mut::<Pending>().0 = Some(Decision {
        realm: name,
        kind,
        prompt: prompt.to_string(),
    });
}

/// The current turn's main action is over.
fn end_main_action(world: &mut World) {
    let mut phase = world.res_mut::<ActionPhase>();
    phase.main_done = true;
}

/// Moves to the next turn. Returns false when the phase is over.
fn next_turn(world: &mut World) -> bool {
    let seats = world.res::<Seats>().0.clone();
    let money_slots = passing_money(seats.len()).len();
    let mut phase = world.res::<ActionPhase>().clone();
    let active =
        |world: &World, e: &Entity| !world.read::<RoundMarkers>(*e).is_some_and(|m| m.passed);
    if phase.stage == Stage::Turns {
        let remaining: Vec<Entity> = seats.iter().filter(|e| active(world, e)).copied().collect();
        if remaining.is_empty() {
            phase.stage = Stage::LastEvents;
            phase.queue = VecDeque::new();
        } else if usize::from(phase.passed) >= money_slots {
            // Nobody left can earn passing money: one more action each, clockwise.
            phase.stage = Stage::LastActions;
            phase.queue = clockwise_after(&seats, phase.current)
                .into_iter()
                .filter(|e| active(world, e))
                .collect();
        } else {
            let next = clockwise_after(&seats, phase.current)
                .into_iter()
                .find(|e| active(world, e));
            phase.current = next;
            phase.main_done = false;
            world.insert_resource(phase);
            if let Some(next) = next {
                announce_turn(world, next);
            }
            return next.is_some();
        }
        if phase.stage == Stage::LastEvents {
            phase.queue = last_event_queue(world, &seats, phase.current);
        }
    } else if phase.stage == Stage::LastActions && phase.queue.is_empty() {
        phase.stage = Stage::LastEvents;
        phase.queue = last_event_queue(world, &seats, phase.current);
    }
    let next = phase.queue.pop_front();
    phase.current = next;
    phase.main_done = false;
    let stage = phase.stage;
    world.insert_resource(phase);
    match next {
        Some(realm) => {
            announce_turn(world, realm);
            true
        }
        None if stage == Stage::LastActions => next_turn(world),
        None => false,
    }
}

/// Realms that still owe their Event and can take one, clockwise after `current`.
fn last_event_queue(world: &World, seats: &[Entity], current: Option<Entity>) -> VecDeque<Entity> {
    if world.res::<EventDisplay>().takeable().next().is_none() {
        return VecDeque::new();
    }
    clockwise_after(seats, current)
        .into_iter()
        .filter(|e| !world.read::<RoundMarkers>(*e).is_some_and(|m| m.took_event))
        .collect()
}

/// All seats in clockwise order starting after `current` (and ending with it).
fn clockwise_after(seats: &[Entity], current: Option<Entity>) -> Vec<Entity> {
    let start = current
        .and_then(|c| seats.iter().position(|s| *s == c))
        .map_or(0, |i| i + 1);
    (0..seats.len())
        .map(|k| seats[(start + k) % seats.len()])
        .collect()
}

fn handle(world: &mut World, asked: &DecisionKind, action: Action) {
    match asked {
        DecisionKind::ReplaceDeadRuler | DecisionKind::ElectionTie { .. } => {
            characters::answer_reaction(world, &action);
            return;
        }
        DecisionKind::HistoricalRuler { .. } | DecisionKind::HistoricalRulers { .. } => {
            answer_ruler_offer(world, &action);
            return;
        }
        kind if crate::rulesets::pop::rules::effects::is_effect_question(kind) => {
            answer_effect(world, &action);
            return;
        }
        DecisionKind::CardinalDies | DecisionKind::ExcommunicationCardinal => {
            crate::rulesets::pop::rules::curia::answer_cardinal(world, asked, &action);
            return;
        }
        DecisionKind::RebelRemoveUnrest { .. }
        | DecisionKind::AssignRebellion { .. }
        | DecisionKind::RebelExhaust { .. }
        | DecisionKind::RebelDieArea
        | DecisionKind::LiberationColour { .. } => {
            crate::rulesets::pop::rules::rebels::answer_event_rebel_dice(world, &action);
            return;
        }
        DecisionKind::BattleRetreat { .. } => {
            crate::rulesets::pop::rules::battle::answer(world, &action);
            return;
        }
        kind if crate::rulesets::pop::rules::events::is_visit_question(kind) => {
            crate::rulesets::pop::rules::events::answer_visit(world, &action);
            return;
        }
        DecisionKind::DefendTheHre { .. } => {
            crate::rulesets::pop::rules::war::answer_defend_itself(world, &action);
            return;
        }
        DecisionKind::ImperialLevy { .. } => {
            crate::rulesets::pop::rules::war::answer_levy(world, &action);
            return;
        }
        DecisionKind::CallToArms { .. } => {
            crate::rulesets::pop::rules::war::answer_call(world, &action);
            return;
        }
        DecisionKind::SendCalls { .. } => {
            crate::rulesets::pop::rules::war::answer_send(world, &action);
            return;
        }
        DecisionKind::ActivateAlly { .. } => {
            crate::rulesets::pop::rules::war::answer_activation(world, &action);
            return;
        }
        k if generic::owns(k) => {
            generic::answer(world, k, &action);
            return;
        }
        _ => {}
    }
    let Some(realm) = world.res::<ActionPhase>().current else {
        return;
    };
    if military::answer(world, realm, asked, &action) {
        return;
    }
    if let Some(done) = generic::handle(world, realm, &action) {
        if done {
            end_main_action(world);
        }
        return;
    }
    match action {
        Action::ChooseOption { option } => choose_option(world, option),
        Action::TakeEvent { slot } => take_event(world, realm, usize::from(slot)),
        Action::Pass => {
            pass(world, realm);
            // Money earned for passing may repay loans in the same turn.
            if can_repay(world, realm) {
                world.res_mut::<ActionPhase>().after_pass = true;
            } else {
                end_main_action(world);
            }
        }
        Action::Decline if world.res::<ActionPhase>().after_pass => {
            world.res_mut::<ActionPhase>().after_pass = false;
            end_main_action(world);
        }
        Action::TakeLoan => take_loan(world, realm, ids::LOAN),
        Action::RepayLoan => repay_loan(world, realm),
        Action::SuppressUnrest { province } => {
            suppress(world, realm, &province);
            world.res_mut::<ActionPhase>().suppressing = true;
        }
        Action::ResearchIdea { idea } => {
            crate::rulesets::pop::rules::ideas::research(world, realm, &idea);
            // With immediate effects queued the Action phase resolves them, then ends the
            // action (as for a played card).
            if !crate::rulesets::pop::rules::ideas::has_immediate_effects(world, &idea) {
                end_main_action(world);
            }
        }
        Action::ChooseProvince { province } if world.res::<ActionPhase>().suppressing => {
            suppress(world, realm, &province);
        }
        Action::Decline if world.res::<ActionPhase>().suppressing => {
            world.res_mut::<ActionPhase>().suppressing = false;
            end_main_action(world);
        }
        Action::IncreaseStability => {
            let cost = stability_cost(world, realm);
            let name = key_of(world, realm);
            write(
                world,
                Note::new(
                    ids::ACT_INCREASE_STABILITY,
                    format!("{name} increases stability"),
                )
                .realm(name),
            );
            let papal = crate::rulesets::pop::rules::economy::papal_stability_saving(world, realm);
            if papal > 0 {
                write(
                    world,
                    Note::new(
                        ids::CURIA_CONTROLLER,
                        format!("{name}, the Papal Controller, pays {papal} adm less: {cost} adm"),
                    )
                    .realm(name),
                );
            }
            change_mp(world, realm, MpKind::Adm, -cost, ids::STABILITY_COST);
            change_stability(world, realm, 1, ids::ACT_INCREASE_STABILITY);
            end_main_action(world);
        }
        Action::Appoint { card } => characters::appoint(world, realm, &card, ids::APPOINT_RULER),
        other => {
            military::handle_turn(world, realm, &other);
        }
    }
}

fn can_repay(world: &World, realm: Entity) -> bool {
    world
        .read::<Mat>(realm)
        .is_some_and(|m| m.loans > 0 && m.ducats >= REPAY_DUCATS)
}

/// Suppress Unrest costs this much mil per province.
pub const SUPPRESS_MIL: i32 = 1;

/// Removes the unrest of one province for 1 mil.
fn suppress(world: &mut World, realm: Entity, province: &str) {
    change_mp(
        world,
        realm,
        MpKind::Mil,
        -SUPPRESS_MIL,
        ids::ACT_SUPPRESS_UNREST,
    );
    crate::rulesets::pop::rules::unrest_step::remove_unrest(
        world,
        realm,
        province,
        ids::ACT_SUPPRESS_UNREST,
    );
}

/// Provinces a realm may suppress: its own counting unrest.
fn suppressible(world: &World, realm: Entity) -> Vec<Action> {
    counting_unrest(world, realm, None)
        .into_iter()
        .map(|p| Action::SuppressUnrest {
            province: key_of(world, p),
        })
        .collect()
}

/// Passing: the turn is used up; passing money by order; the First Player token.
fn pass(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let players = world.res::<Seats>().0.len();
    let order = {
        let mut phase = world.res_mut::<ActionPhase>();
        phase.passed += 1;
        phase.passed
    };
    if let Some(mut markers) = world.get_mut::<RoundMarkers>(realm) {
        markers.passed = true;
        markers.pass_order = Some(order);
    }
    write(
        world,
        Note::new(ids::ACT_PASS, format!("{name} passes ({order}.)")).realm(name),
    );
    if let Some(money) = passing_money(players).get(usize::from(order) - 1) {
        gain_ducats(world, realm, *money, ids::SEQ_PHASE2_PASS);
    }
    let holder = world.get_res::<FirstPlayer>().map(|f| f.0);
    let takes_token = match order {
        1 if holder == Some(realm) => {
            world.res_mut::<ActionPhase>().first_passer_held_token = true;
            false
        }
        1 => true,
        2 => world.res::<ActionPhase>().first_passer_held_token,
        _ => false,
    };
    if takes_token {
        world.insert_resource(FirstPlayer(realm));
        write(
            world,
            Note::new(
                ids::SEQ_PHASE2_FIRST_PLAYER,
                format!("{name} takes the First Player token"),
            )
            .realm(name),
        );
    }
}

/// Answers worth checking for the pending decision, legal or not; `check` filters them.
/// The parts of a turn's candidates, in the order `candidates` lists them. A bot asking about
/// one kind of action builds only the part that holds it (`bot::legal`): a turn's offers,
/// declarations and influence are many, and most turns never weigh them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnPart {
    /// Taking an Event, the basic actions, appointing from the hand, suppressing unrest.
    Basic,
    /// Declarations of war.
    War,
    /// Marches of armies.
    Marches,
    /// Sails of fleets (listed after the marches: the two parts were once one). Apart, so that
    /// a bot looking for a sail does not read past every march.
    Sails,
    Recruits,
    Sieges,
    /// Generals and admirals appointed from the hand.
    Appointments,
    /// Generals, admirals and the ruler taking command. (Apart from the appointments, which
    /// need every leader card in the hand read: a bot looking for a leader to take command
    /// builds only these.)
    Commands,
    /// Proposals to other players, Influence, alliances with Non-Player Realms and claims: the
    /// diplomatic actions, in four parts so that a bot weighing one kind builds no other.
    Proposals,
    Influence,
    Alliances,
    Claims,
    Trade,
    Explore,
    Focus,
    Religion,
    Colonize,
    Curia,
    Empire,
    Missions,
    Minor,
    Ideas,
}

impl TurnPart {
    pub const ALL: [TurnPart; 22] = [
        TurnPart::Basic,
        TurnPart::War,
        TurnPart::Marches,
        TurnPart::Sails,
        TurnPart::Recruits,
        TurnPart::Sieges,
        TurnPart::Appointments,
        TurnPart::Commands,
        TurnPart::Proposals,
        TurnPart::Influence,
        TurnPart::Alliances,
        TurnPart::Claims,
        TurnPart::Trade,
        TurnPart::Explore,
        TurnPart::Focus,
        TurnPart::Religion,
        TurnPart::Colonize,
        TurnPart::Curia,
        TurnPart::Empire,
        TurnPart::Missions,
        TurnPart::Minor,
        TurnPart::Ideas,
    ];

    /// The part a turn action is listed in.
    pub fn of(action: &Action) -> TurnPart {
        use crate::rulesets::pop::rules::{
            colonize, curia, empire, explore, focus, minor, missions, religion, trade,
        };
        match action {
            Action::TakeEvent { .. }
            | Action::IncreaseStability
            | Action::TakeLoan
            | Action::RepayLoan
            | Action::Pass
            | Action::Appoint { .. }
            | Action::SuppressUnrest { .. } => TurnPart::Basic,
            Action::ResearchIdea { .. } => TurnPart::Ideas,
            Action::DeclareWar { .. } => TurnPart::War,
            Action::Move { .. } => TurnPart::Marches,
            Action::Sail { .. } => TurnPart::Sails,
            Action::Recruit { .. } => TurnPart::Recruits,
            Action::Siege { .. } => TurnPart::Sieges,
            Action::Propose { .. } => TurnPart::Proposals,
            Action::Influence { .. } => TurnPart::Influence,
            Action::ForgeAlliance { .. } => TurnPart::Alliances,
            Action::FabricateClaim { .. } => TurnPart::Claims,
            a if trade::owns(a) => TurnPart::Trade,
            a if explore::owns(a) => TurnPart::Explore,
            a if focus::owns(a) => TurnPart::Focus,
            a if religion::owns(a) => TurnPart::Religion,
            a if colonize::owns(a) => TurnPart::Colonize,
            a if curia::owns(a) => TurnPart::Curia,
            a if empire::owns(a) => TurnPart::Empire,
            a if missions::owns(a) => TurnPart::Missions,
            a if minor::owns(a) => TurnPart::Minor,
            Action::AppointGeneral { .. } | Action::AppointToEmptyMat { .. } => {
                TurnPart::Appointments
            }
            _ => TurnPart::Commands,
        }
    }
}

/// One part of the candidates of `realm`'s turn (`None`: a realm not on the board, which has
/// only the Events and the basic actions).
pub fn turn_part(world: &World, realm: Option<Entity>, part: TurnPart) -> Vec<Action> {
    use crate::rulesets::pop::rules::{
        colonize, curia, diplomacy, empire, explore, focus, minor, missions, religion, trade,
    };
    let Some(realm) = realm else {
        return match part {
            TurnPart::Basic => basic_candidates(world, None),
            _ => Vec::new(),
        };
    };
    let built = match part {
        TurnPart::Basic => basic_candidates(world, Some(realm)),
        TurnPart::War => military::declare_candidates(world, realm),
        TurnPart::Marches => military::march_candidates(world, realm),
        TurnPart::Sails => military::sail_candidates(world, realm),
        TurnPart::Recruits => military::recruit_candidates(world, realm),
        TurnPart::Sieges => military::siege_candidates(world, realm),
        TurnPart::Appointments => military::appointment_candidates(world, realm),
        TurnPart::Commands => military::command_candidates(world, realm),
        TurnPart::Proposals => diplomacy::proposal_candidates(world, realm),
        TurnPart::Influence => diplomacy::influence_candidates(world, realm),
        TurnPart::Alliances => diplomacy::alliance_candidates(world, realm),
        TurnPart::Claims => diplomacy::claim_candidates(world, realm),
        TurnPart::Trade => trade::candidates(world, realm),
        TurnPart::Explore => explore::candidates(world, realm),
        TurnPart::Focus => focus::candidates(world, realm),
        TurnPart::Religion => religion::candidates(world, realm),
        TurnPart::Colonize => colonize::candidates(world, realm),
        TurnPart::Curia => curia::candidates(world, realm),
        TurnPart::Empire => empire::candidates(world, realm),
        TurnPart::Missions => missions::claim_candidates(world, realm),
        TurnPart::Minor => minor::candidates(world, realm),
        TurnPart::Ideas => {
            let content = &world.res::<crate::rulesets::pop::state::Content>().0;
            world
                .res::<crate::rulesets::pop::rules::ideas::IdeaGrid>()
                .open
                .iter()
                .map(|i| Action::ResearchIdea {
                    idea: content.ideas[*i].id,
                })
                .collect()
        }
    };
    debug_assert!(
        built.iter().all(|a| TurnPart::of(a) == part),
        "a {part:?} candidate that TurnPart::of files elsewhere: {:?}",
        built.iter().find(|a| TurnPart::of(a) != part)
    );
    built
}

/// Taking each face-up Event, in the display's order: the first of a turn's candidates.
pub fn event_candidates(world: &World) -> impl Iterator<Item = Action> + '_ {
    world
        .res::<EventDisplay>()
        .takeable()
        .map(|slot| Action::TakeEvent { slot: slot as u8 })
}

/// Taking an Event, the basic actions (`Pass` always among them) and, for a realm on the
/// board, appointing a card from its hand and suppressing its unrest.
fn basic_candidates(world: &World, realm: Option<Entity>) -> Vec<Action> {
    let mut all: Vec<Action> = event_candidates(world).collect();
    all.extend([
        Action::IncreaseStability,
        Action::TakeLoan,
        Action::RepayLoan,
        Action::Pass,
    ]);
    if let Some(realm) = realm {
        let hand = world
            .read::<Hand>(realm)
            .map(|h| h.cards.clone())
            .unwrap_or_default();
        all.extend(hand.into_iter().map(|c| Action::Appoint {
            card: card_id(world, c),
        }));
        all.extend(suppressible(world, realm));
    }
    all
}

/// Whether a decision is a turn, whose candidates come in `TurnPart`s.
pub fn is_turn(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Turn | DecisionKind::LastAction | DecisionKind::LastEvent
    )
}

pub fn candidates(world: &World, decision: &Decision) -> Vec<Action> {
    match &decision.kind {
        kind if is_turn(kind) => {
            let realm = world.res::<Index>().get(decision.realm);
            TurnPart::ALL
                .into_iter()
                .flat_map(|part| turn_part(world, realm, part))
                .collect()
        }
        DecisionKind::AfterPass => vec![Action::RepayLoan, Action::Decline],
        DecisionKind::SuppressMore => {
            let Some(realm) = world.res::<Index>().get(decision.realm) else {
                return Vec::new();
            };
            let mut all: Vec<Action> = counting_unrest(world, realm, None)
                .into_iter()
                .map(|p| Action::ChooseProvince {
                    province: key_of(world, p),
                })
                .collect();
            all.push(Action::Decline);
            all
        }
        DecisionKind::EventOption { .. } => {
            let Some((_, card)) = world.res::<EventInProgress>().0 else {
                return Vec::new();
            };
            let count = world.res::<crate::rulesets::pop::state::Content>().0.events[card]
                .options
                .len();
            (0..count as u8)
                .map(|option| Action::ChooseOption { option })
                .collect()
        }
        _ => effect_candidates(world, decision),
    }
}

/// Whether `action` legally answers `decision`; otherwise the rule that forbids it.
/// `realm`: the deciding realm, `decision.realm` found on the board (`rules::check` has).
pub fn check(
    world: &World,
    decision: &Decision,
    realm: Entity,
    action: &Action,
) -> Result<(), Illegal> {
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let markers = world
        .read::<RoundMarkers>(realm)
        .cloned()
        .unwrap_or_default();
    let phase = world.res::<ActionPhase>();
    let wrong = |rule| {
        Err(Illegal::new(
            rule,
            format!("{action:?} does not answer \"{}\"", decision.prompt),
        ))
    };
    match (&decision.kind, action) {
        (DecisionKind::Turn | DecisionKind::LastAction, _)
        | (DecisionKind::LastEvent, Action::TakeEvent { .. }) => {
            check_turn_action(world, &mat, &markers, phase, action)
        }
        (
            DecisionKind::LastEvent,
            Action::TakeLoan
            | Action::RepayLoan
            | Action::Appoint { .. }
            | Action::ClaimMission { .. }
            | Action::ClaimMilestone { .. },
        ) => check_turn_action(world, &mat, &markers, phase, action),
        (DecisionKind::LastEvent, Action::Pass)
            if world.res::<EventDisplay>().takeable().next().is_none() =>
        {
            Ok(())
        }
        (DecisionKind::LastEvent, _) => Err(Illegal::new(
            ids::SEQ_PHASE2_TURN,
            "this last turn is only for taking the mandatory Event",
        )),
        (DecisionKind::EventOption { .. }, Action::ChooseOption { option }) => {
            let Some((_, card)) = world.res::<EventInProgress>().0 else {
                return wrong(ids::EVENT_CHOICE);
            };
            if allowed_options(world, realm, card).contains(option) {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::EVENT_CHOICE,
                    "that option cannot be paid for, so the other must be taken",
                ))
            }
        }
        (DecisionKind::EventOption { .. }, _) => wrong(ids::EVENT_CHOICE),
        (DecisionKind::MpType { .. }, Action::ChooseMp { .. })
            if effect_candidates(world, decision).contains(action) =>
        {
            Ok(())
        }
        (DecisionKind::MpType { .. }, Action::ChooseMp { .. }) => Err(Illegal::new(
            ids::EFFECT_MP,
            "lose monarch power from a pool that has some",
        )),
        (DecisionKind::MpType { .. }, _) => wrong(ids::EFFECT_MP),
        (DecisionKind::UnrestTown, Action::ChooseProvince { province }) => {
            if crate::rulesets::pop::rules::effects::unrest_town_allowed(world, decision, *province)
            {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::UNREST,
                    "not one of your towns without unrest",
                ))
            }
        }
        (DecisionKind::UnrestTown, _) => wrong(ids::UNREST),
        (DecisionKind::ExpandNode, Action::ChooseNode { node }) => {
            match crate::rulesets::pop::rules::trade::expand_problem(world, realm, node) {
                Some(problem) => Err(problem),
                None => Ok(()),
            }
        }
        (DecisionKind::ExpandNode, _) => wrong(ids::TRADE_EXPAND),
        (DecisionKind::IntegrateArea, Action::IntegrateArea { area }) => {
            crate::rulesets::pop::rules::integrate::answer_problem(world, realm, area)
                .map_or(Ok(()), Err)
        }
        (DecisionKind::IntegrateArea, _) => wrong(ids::ACT_INTEGRATE_AREA),
        (DecisionKind::AfterPass, Action::Decline) => Ok(()),
        (DecisionKind::AfterPass, Action::RepayLoan) => {
            check_turn_action(world, &mat, &markers, phase, action)
        }
        (DecisionKind::AfterPass, _) => wrong(ids::REPAY),
        (DecisionKind::SuppressMore, _) => {
            let mil = mat.mp(MpKind::Mil);
            if candidates(world, decision).contains(action)
                && (mil >= SUPPRESS_MIL || *action == Action::Decline)
            {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::ACT_SUPPRESS_UNREST,
                    "another province of yours in unrest for 1 mil, or stop",
                ))
            }
        }
        _ => wrong(ids::SEQ_PHASE2_TURN),
    }
}

fn check_turn_action(
    world: &World,
    mat: &Mat,
    markers: &RoundMarkers,
    phase: &ActionPhase,
    action: &Action,
) -> Result<(), Illegal> {
    let main_done = phase.main_done;
    if let Some(realm) = phase.current {
        if let Some(result) = military::check_turn(world, realm, main_done, action) {
            return result;
        }
        if let Some(verdict) = generic::check(world, realm, main_done, action) {
            return verdict;
        }
    }
    match action {
        Action::TakeEvent { slot } => {
            if markers.took_event {
                return Err(Illegal::new(
                    ids::EVENT,
                    "the Event action is taken once per Round",
                ));
            }
            if main_done {
                return Err(Illegal::new(ids::SEQ_PHASE2_TURN, "one action per turn"));
            }
            match world.res::<EventDisplay>().row.get(usize::from(*slot)) {
                Some(s) if s.face_up => Ok(()),
                Some(_) => Err(Illegal::new(ids::EVENT, "that Event is face down")),
                None => Err(Illegal::new(ids::EVENT, "no Event in that slot")),
            }
        }
        Action::Pass => {
            let event_left = world.res::<EventDisplay>().takeable().next().is_some();
            if !markers.took_event && event_left {
                Err(Illegal::new(
                    ids::ACT_PASS,
                    "you cannot pass before taking this Round's Event",
                ))
            } else {
                Ok(())
            }
        }
        Action::ResearchIdea { idea } => {
            if main_done {
                return Err(Illegal::new(ids::SEQ_PHASE2_TURN, "one action per turn"));
            }
            match world
                .res::<ActionPhase>()
                .current
                .and_then(|r| crate::rulesets::pop::rules::ideas::research_problem(world, r, idea))
            {
                Some(problem) => Err(problem),
                None => Ok(()),
            }
        }
        Action::SuppressUnrest { province } => {
            if main_done {
                return Err(Illegal::new(ids::SEQ_PHASE2_TURN, "one action per turn"));
            }
            if mat.mp(MpKind::Mil) < SUPPRESS_MIL {
                return Err(Illegal::new(
                    ids::ACT_SUPPRESS_UNREST,
                    "suppressing unrest costs 1 mil a province",
                ));
            }
            let realm = world.res::<ActionPhase>().current;
            let ok = realm.is_some_and(|r| suppressible(world, r).contains(action));
            if ok {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::ACT_SUPPRESS_UNREST,
                    format!("{province} has no unrest of yours to suppress"),
                ))
            }
        }
        Action::IncreaseStability => {
            if main_done {
                return Err(Illegal::new(ids::SEQ_PHASE2_TURN, "one action per turn"));
            }
            let cost = world
                .res::<ActionPhase>()
                .current
                .map_or(increase_stability_cost(mat.stability), |r| {
                    stability_cost(world, r)
                });
            // Legal at +3 as well: the gained step becomes 2 adm (7.3, Stability Beyond +3).
            if mat.mp(MpKind::Adm) < cost {
                Err(Illegal::new(
                    ids::STABILITY_COST,
                    format!(
                        "increasing stability costs {cost} adm, you have {}",
                        mat.mp(MpKind::Adm)
                    ),
                ))
            } else {
                Ok(())
            }
        }
        Action::TakeLoan => {
            let limit = world
                .res::<ActionPhase>()
                .current
                .map_or(MAX_LOANS, |r| max_loans(world, r));
            if mat.loans >= limit {
                Err(Illegal::new(
                    ids::LOAN,
                    format!("no new loan with {limit} or more interest tokens"),
                ))
            } else {
                Ok(())
            }
        }
        Action::Appoint { card } => {
            let realm = world.res::<ActionPhase>().current;
            match realm.and_then(|r| characters::appoint_problem(world, r, card, false)) {
                Some(problem) => Err(problem),
                None if realm.is_some() => Ok(()),
                None => Err(Illegal::new(ids::SEQ_PHASE2_TURN, "nobody's turn")),
            }
        }
        Action::RepayLoan => {
            if mat.loans == 0 {
                Err(Illegal::new(ids::REPAY, "no loan to repay"))
            } else if mat.ducats < REPAY_DUCATS {
                Err(Illegal::new(ids::REPAY, "repaying a loan costs 6 ducats"))
            } else {
                Ok(())
            }
        }
        _ => Err(Illegal::new(
            ids::SEQ_PHASE2_TURN,
            format!("{action:?} is not a turn action"),
        )),
    }
}
