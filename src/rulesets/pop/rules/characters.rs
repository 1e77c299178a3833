//! Characters (7.2): rulers, advisors and military leaders; appointing them from cards;
//! ill health from mortality symbols and death; the dead ruler replaced as a Reaction or an
//! Interregnum with its Phase 3 step F penalty; historical rulers from Events.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{CharacterKind, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::cards::{
    ActionDecks, Hand, card_deck, card_id, find_card, take_from_hand,
};
use crate::rulesets::pop::rules::economy::{change_stability, spend};
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
use crate::rulesets::pop::state::{Content, Index, key_of, sid_of};

pub struct CharactersPlugin;

impl Plugin for CharactersPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DeadRulers>()
            .init_resource::<DeferredQuestion>();
    }
}

/// Realms whose ruler just died and who may still replace it as a Reaction, oldest first.
#[derive(Resource, Clone, Debug, Default)]
pub struct DeadRulers(pub Vec<Entity>);

/// A question a rule asked while a ruler's death waited for its Reaction: 7.1 "You may
/// immediately replace a discarded Ruler [...] as a Reaction", so the Reaction is asked first
/// (`decision::ask`) and this question once every dead ruler has been answered for
/// (`answer_reaction`). The rule that asked it takes its answer as if it had been asked at once.
#[derive(Resource, Clone, Debug, Default)]
pub struct DeferredQuestion(pub Option<crate::rulesets::pop::decision::Decision>);

/// The questions `ask_reaction` asks: their answers go to `answer_reaction` alone.
pub fn is_reaction_question(kind: &crate::rulesets::pop::decision::DecisionKind) -> bool {
    use crate::rulesets::pop::decision::DecisionKind;
    matches!(
        kind,
        DecisionKind::ReplaceDeadRuler | DecisionKind::ElectionTie { .. }
    )
}

/// Whether a question asked now waits behind a Reaction: a ruler died and was not answered
/// for yet.
pub fn reaction_due(world: &World) -> bool {
    !world.res::<DeadRulers>().0.is_empty()
}

/// The Reactions are all answered: the question they came before is asked.
fn ask_deferred_question(world: &mut World) {
    if reaction_due(world)
        || world
            .res::<crate::rulesets::pop::decision::Pending>()
            .0
            .is_some()
    {
        return;
    }
    if let Some(decision) = world.res_mut::<DeferredQuestion>().0.take() {
        world.res_mut::<crate::rulesets::pop::decision::Pending>().0 = Some(decision);
    }
}

pub fn ruler_of(world: &World, realm: Entity) -> Option<Entity> {
    world.read::<Court>(realm)?.iter().find(|c| {
        matches!(
            world.read::<Role>(*c),
            Some(Role::Ruler | Role::RulerGeneral)
        )
    })
}

pub fn advisor_of(world: &World, realm: Entity, kind: MpKind) -> Option<Entity> {
    world
        .read::<Court>(realm)?
        .iter()
        .find(|c| world.read::<Role>(*c) == Some(&Role::Advisor(kind)))
}

/// Advisors serving a realm, in stable order.
pub fn advisors(world: &World, realm: Entity) -> Vec<Entity> {
    MpKind::ALL
        .iter()
        .filter_map(|k| advisor_of(world, realm, *k))
        .collect()
}

/// Skill of the realm's ruler in one type: 1 during an Interregnum (the regency council).
pub fn ruler_skill(world: &World, realm: Entity, kind: MpKind) -> i32 {
    match ruler_of(world, realm) {
        Some(ruler) if world.read::<Interregnum>(realm).is_none() => {
            world.read::<Character>(ruler).map_or(1, |c| c.skill(kind))
        }
        _ => 1,
    }
}

/// The character printed on a card, if any.
pub fn card_character(world: &World, card: usize) -> Option<Entity> {
    let id = world.res::<Content>().0.action_cards[card].character?;
    world.res::<Index>().get(id)
}

/// Whether a character could take a throne now.
pub fn can_rule(world: &World, character: Entity) -> bool {
    available(world, character)
}

/// Whether a character is free to be appointed from an Event (not serving anyone, not dead).
fn available(world: &World, character: Entity) -> bool {
    world.read::<Dead>(character).is_none() && free_by_card(world, character)
}

/// Whether an Action card showing the character may appoint it: it serves nobody (and has not
/// a second ill-health token). A dead character's card, drawn again, brings it back.
pub fn free_by_card(world: &World, character: Entity) -> bool {
    world.read::<Serves>(character).is_none()
        && world.read::<IllHealth>(character).is_some_and(|i| i.0 < 2)
}

/// A character appointed from its Action card is in play afresh: no longer dead.
pub fn back_by_card(world: &mut World, character: Entity) {
    world.entity_mut(character).remove::<Dead>();
}

/// Why the character on this card cannot be appointed now, if it cannot.
pub fn appoint_problem(
    world: &World,
    realm: Entity,
    card_key: &str,
    as_reaction: bool,
) -> Option<Illegal> {
    let hand = world.read::<Hand>(realm)?;
    let Some(card) = find_card(world, &hand.cards, card_key) else {
        return Some(Illegal::new(
            ids::APPOINT_ADVISOR,
            "that card is not in your hand",
        ));
    };
    let Some(character) = card_character(world, card) else {
        return Some(Illegal::new(
            ids::APPOINT_ADVISOR,
            "that card shows no character",
        ));
    };
    if !free_by_card(world, character) {
        return Some(Illegal::new(
            ids::APPOINT_ADVISOR,
            "that character is not available",
        ));
    }
    let def = world.read::<Character>(character)?;
    match def.kind {
        CharacterKind::Advisor(_) if as_reaction => Some(Illegal::new(
            ids::REACTION_APPOINT,
            "only a leader can replace a dead ruler",
        )),
        CharacterKind::Advisor(_) => {
            let cost = appointment_cost(world, realm, character);
            let ducats = world.read::<Mat>(realm).map_or(0, |m| m.ducats);
            (ducats < cost).then(|| {
                Illegal::new(
                    ids::APPOINT_ADVISOR,
                    format!("the advisor costs {cost} ducats, you have {ducats}"),
                )
            })
        }
        CharacterKind::Leader => {
            let no_ruler =
                ruler_of(world, realm).is_none() || world.read::<Interregnum>(realm).is_some();
            if no_ruler {
                None
            } else {
                // Generals and admirals need an army or fleet mat to go under (the war rules).
                Some(Illegal::new(
                    ids::APPOINT_MILITARY_LEADER,
                    "a leader becomes ruler only in an Interregnum; generals need an army to command",
                ))
            }
        }
    }
}

/// Ducats appointing `character` costs `realm`: an advisor's printed cost less its Ideas'
/// discount; a leader (taken as ruler) is free.
pub fn appointment_cost(world: &World, realm: Entity, character: Entity) -> i32 {
    match world.read::<Character>(character) {
        Some(def) if matches!(def.kind, CharacterKind::Advisor(_)) => {
            crate::rulesets::pop::rules::ideas::advisor_price(world, realm, i32::from(def.cost))
        }
        _ => 0,
    }
}

/// Appoints the character on a card from the hand: an advisor for its cost (replacing one of
/// the same type), or a leader as ruler during an Interregnum, free. The card is discarded.
pub fn appoint(world: &mut World, realm: Entity, card_key: &str, rule_for_ruler: &'static str) {
    let cards = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    let Some(character) = find_card(world, &cards, card_key).and_then(|c| card_character(world, c))
    else {
        return;
    };
    // The card is tucked under the mat while its character serves (7.2): out of the decks
    // until the character leaves play (`leave_play`).
    if take_from_hand(world, realm, card_key).is_none() {
        return;
    }
    back_by_card(world, character);
    let name = key_of(world, realm);
    let who = key_of(world, character);
    let sid = sid_of(world, character);
    let def = world
        .read::<Character>(character)
        .cloned()
        .expect("a character");
    match def.kind {
        CharacterKind::Advisor(kind) => {
            let cost = appointment_cost(world, realm, character);
            spend(world, realm, cost, ids::APPOINT_ADVISOR);
            if let Some(old) = advisor_of(world, realm, kind) {
                leave_play(world, old);
            }
            world
                .entity_mut(character)
                .insert((Serves(realm), Role::Advisor(kind)));
            write(
                world,
                Note::new(
                    ids::APPOINT_ADVISOR,
                    format!("{name} appoints {who} as {kind:?} advisor"),
                )
                .realm(name)
                .subject(sid),
            );
        }
        CharacterKind::Leader => {
            install_ruler(world, realm, character, rule_for_ruler);
        }
    }
}

/// Makes `character` the ruler of `realm`, discarding any ruler there and ending an
/// Interregnum.
pub fn install_ruler(world: &mut World, realm: Entity, character: Entity, rule: &'static str) {
    if let Some(old) = ruler_of(world, realm) {
        leave_play(world, old);
        imperial_election(world, realm);
    }
    world
        .entity_mut(character)
        .insert((Serves(realm), Role::Ruler));
    world.entity_mut(realm).remove::<Interregnum>();
    world.res_mut::<DeadRulers>().0.retain(|r| *r != realm);
    let name = key_of(world, realm);
    let who = key_of(world, character);
    let sid = sid_of(world, character);
    write(
        world,
        Note::new(rule, format!("{who} becomes ruler of {name}"))
            .realm(name)
            .subject(sid),
    );
}

/// The Emperor hook of 7.2: when the ruler of the Emperor's realm dies or is discarded, the
/// Imperial Election of 18.9 follows (`empire::ruler_gone`).
fn imperial_election(world: &mut World, realm: Entity) {
    if !crate::rulesets::pop::rules::empire::is_emperor(world, realm) {
        return;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::IMPERIAL_ELECTION,
            format!("The Emperor's ruler of {name} is gone: the rules of Imperial Elections apply"),
        )
        .realm(name),
    );
    crate::rulesets::pop::rules::empire::ruler_gone(world, realm);
}

/// A historical ruler from an Event takes the throne; with the H icon it starts ill.
pub fn historical_ruler(world: &mut World, realm: Entity, character: Entity) {
    if !available(world, character) {
        return;
    }
    install_ruler(world, realm, character, ids::HISTORICAL_RULER);
    let ill = {
        let content = world.res::<Content>().0.clone();
        let id = key_of(world, character);
        content.characters.iter().any(|c| c.id == id && c.ill)
    };
    if ill {
        world.get_mut::<IllHealth>(character).expect("ill health").0 = 1;
        let name = key_of(world, realm);
        let who = key_of(world, character);
        write(
            world,
            Note::new(
                ids::HISTORICAL_ILL,
                format!("{who} comes to the throne in ill health"),
            )
            .realm(name)
            .subject(sid_of(world, character)),
        );
    }
}

/// One ill-health token; the second kills.
pub fn make_ill(world: &mut World, character: Entity) {
    let tokens = {
        let mut ill = world
            .get_mut::<IllHealth>(character)
            .expect("characters have ill health");
        ill.0 += 1;
        ill.0
    };
    let who = key_of(world, character);
    let realm = world.read::<Serves>(character).map(|s| s.0);
    let mut note =
        Note::new(ids::ILL_HEALTH, format!("{who} falls ill")).subject(sid_of(world, character));
    if let Some(r) = realm {
        note = note.realm(key_of(world, r));
    }
    write(world, note);
    if tokens >= 2 {
        kill(world, character);
    }
}

/// A character dies and is discarded. A dead ruler opens the Reaction window, then an
/// Interregnum.
pub fn kill(world: &mut World, character: Entity) {
    let who = key_of(world, character);
    let realm = world.read::<Serves>(character).map(|s| s.0);
    let role = world.read::<Role>(character).copied();
    leave_play(world, character);
    // Leaving play returned its ill-health tokens; what keeps a dead ruler from being shown as
    // free to rule on a later Event is this mark (its card, if any, still brings it back).
    world.entity_mut(character).insert(Dead);
    let mut note = Note::new(ids::DEATH, format!("{who} dies")).subject(sid_of(world, character));
    if let Some(r) = realm {
        note = note.realm(key_of(world, r));
    }
    write(world, note);
    if let (Some(realm), Some(Role::Ruler | Role::RulerGeneral)) = (realm, role) {
        imperial_election(world, realm);
        // Without a ruler the realm is governed as in an Interregnum from now on, but it
        // "enters an Interregnum" (and the log says so) only if it cannot or will not replace
        // the ruler at once: with a leader card in hand the Reaction is asked first.
        world.entity_mut(realm).insert(Interregnum);
        if leader_cards(world, realm).next().is_some() {
            world.res_mut::<DeadRulers>().0.push(realm);
        } else {
            note_interregnum(world, realm);
        }
    }
}

/// The log of a realm entering an Interregnum (7.2), and its restrictions.
fn note_interregnum(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::INTERREGNUM,
            format!("{name} has no ruler: a regency council of skill 1 governs"),
        )
        .realm(name),
    );
    // The restrictions begin now (7.2): say so, as the player meets them in every choice.
    write(
        world,
        Note::new(
            ids::INTERREGNUM_RESTRICTIONS,
            format!(
                "Until {name} has a ruler it declares no war (but on a realm whose succession its own marriage disputes) and makes no royal marriage"
            ),
        )
        .realm(name),
    );
}

/// Leader cards in hand whose character could rule.
pub fn leader_cards(world: &World, realm: Entity) -> impl Iterator<Item = usize> + '_ {
    let cards = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    cards.into_iter().filter(move |c| {
        card_character(world, *c).is_some_and(|ch| {
            free_by_card(world, ch)
                && world
                    .read::<Character>(ch)
                    .is_some_and(|d| d.kind == CharacterKind::Leader)
        })
    })
}

/// Mortality symbol `icon`: every character in play with that icon gains ill health.
pub fn mortality(world: &mut World, icon: u8) {
    let mut query = world.query::<(Entity, &Character, &Sid, &Serves)>();
    let mut hit: Vec<(u32, Entity)> = query
        .iter(world)
        .filter(|(_, c, _, _)| c.mortality == Some(icon))
        .map(|(e, _, sid, _)| (sid.0, e))
        .collect();
    hit.sort();
    for (_, character) in hit {
        make_ill(world, character);
    }
}

/// A character leaves play (dies, is fired, replaced or not paid): its card, tucked under the
/// mat while it served, goes to its deck's discard pile, and its Ill Health tokens go back to
/// the supply with it ("Dead characters are discarded", 7.2). A character that came with no
/// card (a historical ruler from an Event) simply leaves.
pub fn leave_play(world: &mut World, character: Entity) {
    world
        .entity_mut(character)
        .remove::<(Serves, Role, crate::rulesets::pop::model::InCommand)>();
    if let Some(mut ill) = world.get_mut::<IllHealth>(character) {
        ill.0 = 0;
    }
    if let Some(card) = tucked_card(world, character) {
        let deck = card_deck(world, card);
        world.res_mut::<ActionDecks>().discard(card, deck);
        let who = key_of(world, character);
        let name = world.res::<Content>().0.action_cards[card].name.clone();
        write(
            world,
            Note::new(
                ids::CARD_DISCARDED,
                format!("{who} has left play: the card \"{name}\" goes to the discard pile"),
            )
            .subject(sid_of(world, character)),
        );
    }
}

/// The card of `character` that lies in no deck, discard pile or hand: the one tucked under a
/// mat while it serves.
pub fn tucked_card(world: &World, character: Entity) -> Option<usize> {
    let id = key_of(world, character);
    let content = &world.res::<Content>().0;
    let decks = world.res::<ActionDecks>();
    let held = |card: usize| {
        decks
            .decks
            .iter()
            .chain(decks.discard.iter())
            .any(|d| d.contains(&card))
            || crate::engine::query_cache::with_query::<&Hand, (), _>(world, |mut q| {
                q.any(|h| h.cards.contains(&card) || h.drawn.contains(&card))
            })
            .unwrap_or(false)
    };
    content
        .action_cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.character.as_deref() == Some(id.as_str()))
        .map(|(i, _)| i)
        .find(|i| !held(*i))
}

/// Asks what a ruler's going asks at once, before play goes on: first the sitting Emperor to
/// break a tie of the Imperial Election it set off (18.9), then the next realm whose ruler died
/// whether it replaces the ruler (a Reaction). Returns whether it asked.
pub fn ask_reaction(world: &mut World) -> bool {
    if crate::rulesets::pop::rules::empire::ask_election_tie(world) {
        return true;
    }
    let Some(realm) = world.res::<DeadRulers>().0.first().copied() else {
        return false;
    };
    ask(
        world,
        key_of(world, realm),
        DecisionKind::ReplaceDeadRuler,
        "Your ruler died: appoint a leader from your hand now, or let a regency council rule",
    );
    true
}

/// Answers what `ask_reaction` asked: an election tie, or the Reaction window.
pub fn answer_reaction(world: &mut World, action: &Action) -> bool {
    if let Action::ChooseRealm { realm } = action
        && crate::rulesets::pop::rules::empire::break_election_tie(world, realm)
    {
        return true;
    }
    let Some(realm) = world.res::<DeadRulers>().0.first().copied() else {
        return false;
    };
    let answered = match action {
        Action::Appoint { card } => {
            appoint(world, realm, card, ids::REACTION_APPOINT);
            true
        }
        Action::Decline => {
            world.res_mut::<DeadRulers>().0.remove(0);
            note_interregnum(world, realm);
            true
        }
        _ => false,
    };
    if answered {
        ask_deferred_question(world);
    }
    answered
}

pub fn reaction_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = leader_cards(world, realm)
        .map(|c| Action::Appoint {
            card: card_id(world, c),
        })
        .collect();
    all.push(Action::Decline);
    all
}

/// Phase 3 step F: a realm without a ruler loses 1 stability, and the marriage tokens on it (its
/// Player Realm partners'; a Non-Player Realm places none) turn to Disputed Succession.
pub(crate) fn punish_interregnum(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            if world.read::<Interregnum>(realm).is_none() {
                return Visit::Next;
            }
            let name = key_of(world, realm);
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE3_F,
                    format!("{name} is in Interregnum at Phase 3 step F"),
                )
                .realm(name),
            );
            write(
                world,
                Note::new(
                    ids::NO_RULER_PENALTY,
                    format!("{name}: -1 stability, the marriage tokens on it disputed"),
                )
                .realm(name),
            );
            change_stability(world, realm, -1, ids::NO_RULER_PENALTY);
            let partners: Vec<(Entity, Entity)> = world
                .query::<(Entity, &Marriage)>()
                .iter(world)
                .filter_map(|(e, m)| m.other(realm).map(|p| (e, p)))
                .collect();
            for (e, partner) in partners {
                if world.read::<PlayerRealm>(partner).is_none() {
                    continue;
                }
                let mut m = world.get_mut::<Marriage>(e).expect("marriage");
                if m.a == realm {
                    m.disputed_a = true;
                } else {
                    m.disputed_b = true;
                }
            }
            Visit::Next
        },
        |_, _, _| Visit::Next,
    );
}
