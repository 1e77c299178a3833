//! The Event display and taking an Event (5.1): its ducats, 2 ducats on each other face-up
//! card, option A or B, and turning up the next card.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Effect, EventDef, EventSymbol};
use crate::rulesets::pop::decision::{Action, Decision, DecisionKind, Pending, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::rules::economy::gain_ducats;
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::effects::{EffectQueue, queue_effects};
use crate::rulesets::pop::rules::{characters, rebels, symbols};
use crate::rulesets::pop::state::{Content, Index, key_of};

/// One card in the Event row.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EventSlot {
    /// Index into the scenario's events.
    pub card: usize,
    pub face_up: bool,
    pub ducats: i32,
}

/// The Event decks of each Age, the row on display and the discards.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct EventDisplay {
    /// Remaining deck per Age (index 0 = Age I), top card last.
    pub decks: [Vec<usize>; 4],
    pub row: Vec<EventSlot>,
    pub discard: Vec<usize>,
}

impl EventDisplay {
    pub fn deck(&self, age: u8) -> &Vec<usize> {
        &self.decks[usize::from(age.clamp(1, 4) - 1)]
    }
    pub fn deck_mut(&mut self, age: u8) -> &mut Vec<usize> {
        &mut self.decks[usize::from(age.clamp(1, 4) - 1)]
    }
    /// Face-up slots a player may take.
    pub fn takeable(&self) -> impl Iterator<Item = usize> + '_ {
        self.row
            .iter()
            .enumerate()
            .filter(|(_, s)| s.face_up)
            .map(|(i, _)| i)
    }
}

/// The Event being resolved: who took it and which card.
#[derive(Resource, Clone, Debug, Default)]
pub struct EventInProgress(pub Option<(Entity, usize)>);

/// How far the Event in progress got: its option's effects, the bottom symbols, the ruler.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EventStage {
    #[default]
    Effects,
    /// Resolving the bottom symbols; `next` is the index of the next one.
    Symbols {
        next: u8,
    },
    /// Rebel dice of an unrest symbol in progress, then symbol `next`.
    RebelDice {
        next: u8,
    },
    /// A symbol that visits player by player: realm number `visit` of those it visits is
    /// struck, or a choice for it is asked; then the next ones, then symbol `next`.
    SymbolVisit {
        symbol: crate::rulesets::pop::rules::symbols::SymbolVisit,
        next: u8,
        visit: u8,
    },
    Ruler,
    /// Waiting for another player to take or refuse the ruler on the card.
    RulerOffered,
    Done,
}

pub fn event_def(world: &World, card: usize) -> EventDef {
    world.res::<Content>().0.events[card].clone()
}

/// Whether a realm can pay every cost in these effects right now: ducats, monarch power and
/// manpower to exhaust (FACTS 3: "If you cannot pay for one option, you must take the other").
pub fn affordable(mat: &Mat, effects: &[Effect]) -> bool {
    let mut ducats = 0;
    let mut mp = [0; 3];
    let mut any_mp = 0;
    let mut manpower = 0;
    for effect in effects {
        match effect {
            Effect::Ducats(n) if *n < 0 => ducats -= n,
            Effect::Mp(kind, n) if *n < 0 => mp[kind.index()] -= n,
            Effect::AnyMp(n) if *n < 0 => any_mp -= n,
            Effect::Manpower(n) if *n < 0 => manpower -= n,
            _ => {}
        }
    }
    let left: i32 = (0..3).map(|i| mat.mp[i] - mp[i]).sum();
    mat.ducats >= ducats
        && (0..3).all(|i| mat.mp[i] >= mp[i])
        && left >= any_mp
        && mat.manpower >= manpower
}

/// Options of the card a realm may pick: those it can pay for; all of them if it can pay for
/// none (then the costs force loans).
pub fn allowed_options(world: &World, realm: Entity, card: usize) -> Vec<u8> {
    let def = &world.res::<Content>().0.events[card];
    let Some(mat) = world.read::<Mat>(realm) else {
        return (0..def.options.len() as u8).collect();
    };
    let payable: Vec<u8> = def
        .options
        .iter()
        .enumerate()
        .filter(|(_, o)| affordable(mat, &o.effects))
        .map(|(i, _)| i as u8)
        .collect();
    if payable.is_empty() {
        (0..def.options.len() as u8).collect()
    } else {
        payable
    }
}

/// Takes the face-up Event in `slot`: collects its ducats, puts 2 on each other face-up Event,
/// then asks for A or B (or queues the only option).
pub fn take_event(world: &mut World, realm: Entity, slot: usize) {
    let name = key_of(world, realm);
    let taken = world.res_mut::<EventDisplay>().row.remove(slot);
    let def = event_def(world, taken.card);
    write(
        world,
        Note::new(
            ids::EVENT,
            format!("{name} takes the Event \"{}\"", def.name),
        )
        .realm(name),
    );
    if taken.ducats > 0 {
        gain_ducats(world, realm, taken.ducats, ids::EVENT_DUCATS);
    }
    let mut display = world.res_mut::<EventDisplay>();
    let mut others = 0;
    for other in display.row.iter_mut().filter(|s| s.face_up) {
        other.ducats += 2;
        others += 1;
    }
    if others > 0 {
        write(
            world,
            Note::new(
                ids::EVENT_DUCATS,
                format!("2 ducats placed on each of {others} other face-up Events"),
            )
            .amount(2 * others),
        );
    }
    if let Some(mut marker) = world.get_mut::<crate::rulesets::pop::model::RoundMarkers>(realm) {
        marker.took_event = true;
    }
    world.res_mut::<EventInProgress>().0 = Some((realm, taken.card));
    world.insert_resource(EventStage::Effects);
    match def.options.len() {
        0 => {}
        1 => queue_effects(world, realm, def.options[0].effects.clone(), &def.name),
        _ => {
            let chooser = option_chooser(world, realm, &def);
            let who = if chooser == realm {
                String::new()
            } else {
                format!(" ({} chooses for {name}'s Event)", key_of(world, chooser))
            };
            world.res_mut::<Pending>().0 = Some(Decision {
                realm: key_of(world, chooser),
                kind: DecisionKind::EventOption { event: def.id },
                prompt: format!(
                    "{}{who}: choose {}",
                    def.name,
                    def.options
                        .iter()
                        .enumerate()
                        .map(|(i, o)| format!("{}) {}", ['A', 'B', 'C'][i.min(2)], o.label))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            });
        }
    }
}

/// Who makes the A/B choice of an Event `taker` took: the realm the card names as its chooser
/// while a player holds it, else the taker (seed 002: "you" on an Event is "the Active Player
/// or the player required to make an A/B-choice"). The chosen option's effects are the
/// chooser's; the symbols and the ruler stay the Active Player's.
pub fn option_chooser(world: &World, taker: Entity, def: &EventDef) -> Entity {
    def.chooser
        .as_ref()
        .and_then(|id| world.res::<Index>().get(id))
        .filter(|r| {
            world
                .read::<crate::rulesets::pop::model::PlayerRealm>(*r)
                .is_some()
        })
        .unwrap_or(taker)
}

/// The chooser picked option `option` of the Event in progress: its effects are the
/// chooser's (the taker's on most cards).
pub fn choose_option(world: &mut World, option: u8) {
    let Some((taker, card)) = world.res::<EventInProgress>().0 else {
        return;
    };
    let def = event_def(world, card);
    let realm = option_chooser(world, taker, &def);
    let name = key_of(world, realm);
    let chosen = &def.options[usize::from(option)];
    let whose = if realm == taker {
        String::new()
    } else {
        format!(" for {}'s Event", key_of(world, taker))
    };
    write(
        world,
        Note::new(
            ids::EVENT_CHOICE,
            format!("{name} resolves \"{}\"{whose}: {}", def.name, chosen.label),
        )
        .realm(name)
        .amount(i32::from(option)),
    );
    queue_effects(world, realm, chosen.effects.clone(), &def.name);
}

/// What the log says as an event's bottom symbol is resolved (and the client, before).
pub fn symbol_text(symbol: &EventSymbol) -> String {
    match symbol {
        EventSymbol::Mortality(icon) => format!("mortality symbol {icon}"),
        EventSymbol::Unrest => "unrest symbol, every player rolls rebel dice".into(),
        EventSymbol::Attrition => "attrition among the realms at war".into(),
        EventSymbol::LostAtSea => "ships lost at sea".into(),
        EventSymbol::NativeUprising => "native uprising in the colonies".into(),
        EventSymbol::DnprExpansion(tag) => format!("{tag} expands"),
        EventSymbol::DisloyalVassals => "disloyal vassals".into(),
        EventSymbol::SpreadReligion => "religious ideas spread".into(),
        EventSymbol::Pirates => "pirates".into(),
        EventSymbol::SpreadRevolution => "the revolution spreads".into(),
        EventSymbol::PowerStruggle => "the Activate Power Struggle symbol".into(),
        EventSymbol::CardinalDies => "a cardinal dies".into(),
    }
}

/// Whether `kind` is a question of a symbol visiting player by player (answered through
/// `answer_visit`, listed by `visit_candidates`).
pub fn is_visit_question(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::LostAtSea { .. }
            | DecisionKind::DisloyalVassals
            | DecisionKind::NativeUprising { .. }
            | DecisionKind::Pirates
            | DecisionKind::DnprExpansion { .. }
            | DecisionKind::SpreadReligion { .. }
            | DecisionKind::SpreadRevolution { .. }
    )
}

/// An answer to the symbol visiting player by player: it strikes the realm being visited.
pub fn answer_visit(world: &mut World, action: &Action) {
    let (
        Some((realm, _)),
        EventStage::SymbolVisit {
            symbol,
            next,
            visit,
        },
    ) = (world.res::<EventInProgress>().0, *world.res::<EventStage>())
    else {
        return;
    };
    let active = active_player(world, realm);
    if let Some(&who) = symbols::visited_realms(world, symbol, active).get(usize::from(visit)) {
        symbols::visit_resolve(world, symbol, who, active, Some(action));
    }
    world.insert_resource(EventStage::SymbolVisit {
        symbol,
        next,
        visit: visit + 1,
    });
}

/// The answers open to the symbol visiting player by player, for the realm being visited.
pub fn visit_candidates(world: &World) -> Vec<Action> {
    let (Some((realm, _)), EventStage::SymbolVisit { symbol, visit, .. }) =
        (world.res::<EventInProgress>().0, *world.res::<EventStage>())
    else {
        return Vec::new();
    };
    let active = active_player(world, realm);
    symbols::visited_realms(world, symbol, active)
        .get(usize::from(visit))
        .map(|who| symbols::visit_choices(world, symbol, *who, active))
        .unwrap_or_default()
}

/// The Active Player of the Event in progress, `realm` who took it: none on the Event nobody
/// took ("When resolving unpicked Events, no one is considered to be the Active Player", 16.5).
fn active_player(world: &World, realm: Entity) -> Option<Entity> {
    (!world.res::<Leftover>().resolving).then_some(realm)
}

/// Resolves what follows the option: the bottom symbols left to right, then the ruler on the
/// card, then the card goes to the discard and the next card turns face up. Returns `Waiting`
/// while a decision (another player taking the ruler) is pending.
pub fn advance_event(world: &mut World) -> Progress {
    let Some((realm, card)) = world.res::<EventInProgress>().0 else {
        return Progress::Done;
    };
    let def = event_def(world, card);
    loop {
        // A ruler who just died may be replaced at once, before the card goes on.
        if characters::ask_reaction(world) {
            return Progress::Waiting;
        }
        let stage = *world.res::<EventStage>();
        match stage {
            EventStage::Effects => world.insert_resource(EventStage::Symbols { next: 0 }),
            EventStage::Symbols { next } => {
                let Some(symbol) = def.symbols.get(usize::from(next)) else {
                    world.insert_resource(EventStage::Ruler);
                    continue;
                };
                world.insert_resource(EventStage::Symbols { next: next + 1 });
                write(
                    world,
                    Note::new(
                        ids::EVENT_SYMBOLS,
                        format!("\"{}\": {}", def.name, symbol_text(symbol)),
                    ),
                );
                use crate::rulesets::pop::rules::{curia, military, struggle, trade};
                // The last taker who resolves the Event nobody took is spared nothing.
                let active = active_player(world, realm);
                let visits = |symbol| EventStage::SymbolVisit {
                    symbol,
                    next: next + 1,
                    visit: 0,
                };
                match symbol {
                    EventSymbol::Mortality(icon) => characters::mortality(world, *icon),
                    EventSymbol::Unrest => {
                        rebels::start_event_rebel_dice(world, realm, active);
                        world.insert_resource(EventStage::RebelDice { next: next + 1 });
                    }
                    EventSymbol::Attrition => military::attrition(world, active),
                    EventSymbol::LostAtSea => {
                        world.insert_resource(visits(symbols::SymbolVisit::LostAtSea));
                    }
                    EventSymbol::NativeUprising => {
                        world.insert_resource(visits(symbols::SymbolVisit::NativeUprising));
                    }
                    // The Active Player chooses where; the Event nobody took auto-resolves.
                    EventSymbol::DnprExpansion(tag) if active.is_none() => {
                        symbols::dnpr_expansion(world, *tag)
                    }
                    EventSymbol::DnprExpansion(tag) => {
                        if symbols::expanding_dnpr(world, *tag).is_some() {
                            world
                                .insert_resource(visits(symbols::SymbolVisit::DnprExpansion(*tag)));
                        }
                    }
                    EventSymbol::DisloyalVassals => {
                        world.insert_resource(visits(symbols::SymbolVisit::DisloyalVassals));
                    }
                    // The Active Player places the tokens; the Event nobody took auto-resolves.
                    EventSymbol::SpreadReligion if active.is_none() => {
                        symbols::spread_religious_ideas(world)
                    }
                    EventSymbol::SpreadReligion => {
                        symbols::start_faith_spread(world, false);
                        world.insert_resource(visits(symbols::SymbolVisit::SpreadReligion));
                    }
                    // The Active Player places the pirate; the Event nobody took auto-resolves.
                    EventSymbol::Pirates if active.is_none() => trade::place_pirate(world),
                    EventSymbol::Pirates => {
                        world.insert_resource(visits(symbols::SymbolVisit::Pirates));
                    }
                    // The Active Player places the tokens; the Event nobody took auto-resolves.
                    EventSymbol::SpreadRevolution if active.is_none() => {
                        symbols::spread_revolution(world)
                    }
                    EventSymbol::SpreadRevolution => {
                        symbols::start_faith_spread(world, true);
                        world.insert_resource(visits(symbols::SymbolVisit::SpreadRevolution));
                    }
                    EventSymbol::PowerStruggle => struggle::activate(world, &def.name),
                    EventSymbol::CardinalDies => {
                        // The Event nobody took has no Active Player: it auto-resolves.
                        if curia::resolve_cardinal_dies(world, active) {
                            return Progress::Waiting;
                        }
                    }
                }
            }
            EventStage::RebelDice { next } => {
                if rebels::continue_event_rebel_dice(world) == Progress::Waiting {
                    return Progress::Waiting;
                }
                world.insert_resource(EventStage::Symbols { next });
            }
            EventStage::SymbolVisit {
                symbol,
                next,
                visit,
            } => {
                let active = active_player(world, realm);
                let visited = symbols::visited_realms(world, symbol, active);
                let Some(&who) = visited.get(usize::from(visit)) else {
                    if matches!(
                        symbol,
                        symbols::SymbolVisit::SpreadReligion
                            | symbols::SymbolVisit::SpreadRevolution
                    ) {
                        symbols::end_faith_spread(world);
                    }
                    world.insert_resource(EventStage::Symbols { next });
                    continue;
                };
                let choices = symbols::visit_choices(world, symbol, who, active);
                if choices.len() > 1 {
                    let (chooser, kind, prompt) =
                        symbols::visit_question(world, symbol, who, active, &def.name);
                    let chooser = key_of(world, chooser);
                    crate::rulesets::pop::decision::ask(world, chooser, kind, prompt);
                    return Progress::Waiting;
                }
                symbols::visit_resolve(world, symbol, who, active, choices.first());
                world.insert_resource(EventStage::SymbolVisit {
                    symbol,
                    next,
                    visit: visit + 1,
                });
            }
            EventStage::Ruler => {
                world.insert_resource(EventStage::Done);
                let shown: Vec<Entity> = {
                    let index = world.res::<Index>();
                    def.shown_rulers().filter_map(|r| index.get(r)).collect()
                };
                let Some(&first) = shown.first() else {
                    continue;
                };
                let owner = def
                    .realm
                    .as_deref()
                    .or_else(|| {
                        let first = key_of(world, first);
                        world
                            .res::<Content>()
                            .0
                            .characters
                            .iter()
                            .find(|c| c.id == first)
                            .and_then(|c| c.realm.as_deref())
                    })
                    .and_then(|r| world.res::<Index>().get(r));
                let Some(owner) = owner.filter(|o| {
                    world
                        .read::<crate::rulesets::pop::model::PlayerRealm>(*o)
                        .is_some()
                }) else {
                    continue;
                };
                let leftover = world.res::<Leftover>().resolving;
                {
                    let who = either_of(world, &shown);
                    let whose = key_of(world, owner);
                    let text = if shown.len() == 1 {
                        format!("\"{}\" shows {who}, a ruler of {whose}", def.name)
                    } else {
                        format!("\"{}\" shows {who}, rulers of {whose}", def.name)
                    };
                    write(world, Note::new(ids::EVENT_RULER, text).realm(whose));
                }
                let free: Vec<Entity> = shown
                    .iter()
                    .copied()
                    .filter(|r| characters::can_rule(world, *r))
                    .collect();
                let any_dead = shown.iter().any(|r| {
                    world
                        .read::<crate::rulesets::pop::model::Dead>(*r)
                        .is_some()
                });
                if free.is_empty() && any_dead {
                    // Say why nothing is offered: each ruler shown is dead or serves already
                    // (a card showing the ruler who rules is a choice to keep it, said above).
                    let why: Vec<String> = shown
                        .iter()
                        .map(|r| {
                            let state = if world
                                .read::<crate::rulesets::pop::model::Dead>(*r)
                                .is_some()
                            {
                                "dead"
                            } else {
                                "serving"
                            };
                            format!("{} is {state}", key_of(world, *r))
                        })
                        .collect();
                    let whose = key_of(world, owner);
                    write(
                        world,
                        Note::new(
                            ids::EVENT_RULER,
                            format!("No ruler to take from \"{}\": {}", def.name, why.join(", ")),
                        )
                        .realm(whose),
                    );
                }
                if free.is_empty() {
                    continue;
                }
                let adm = world
                    .read::<crate::rulesets::pop::model::Mat>(owner)
                    .map_or(0, |m| m.mp[0]);
                if leftover && (adm < LEFTOVER_RULER_ADM || free.is_empty()) {
                    continue;
                }
                // The Active Player's own Event: the ruler must change, to the one ruler free to
                // rule or to the one it picks among several (seed 002 step 5), unless the card
                // shows the ruler it has: keeping that one is taking "any Ruler on this card".
                let current = characters::ruler_of(world, owner);
                let must =
                    owner == realm && !leftover && !current.is_some_and(|c| shown.contains(&c));
                if must && free.len() <= 1 {
                    if let Some(&ruler) = free.first() {
                        characters::historical_ruler(world, realm, ruler);
                    }
                } else if !free.is_empty() {
                    // The question names the rulers it offers (not those dead or serving).
                    let who = either_of(world, &free);
                    world.insert_resource(EventStage::RulerOffered);
                    let names: Vec<crate::engine::id::Id> =
                        free.iter().map(|r| key_of(world, *r)).collect();
                    let kind = if free.len() == 1 {
                        DecisionKind::HistoricalRuler {
                            character: names[0],
                        }
                    } else {
                        DecisionKind::HistoricalRulers {
                            characters: names,
                            must,
                        }
                    };
                    let prompt = match (leftover, must) {
                        (true, _) if free.len() == 1 => format!(
                            "\"{}\" went untaken: pay 2 adm to make {who} your ruler?",
                            def.name
                        ),
                        (true, _) => format!(
                            "\"{}\" went untaken: pay 2 adm to make one of {who} your ruler?",
                            def.name
                        ),
                        (false, true) => {
                            format!("\"{}\" shows {who}: which becomes your ruler?", def.name)
                        }
                        (false, false) if free.len() == 1 => format!(
                            "\"{}\" shows {who}, a ruler of your realm: take them as your ruler?",
                            def.name
                        ),
                        (false, false) => format!(
                            "\"{}\" shows {who}, rulers of your realm: take one as your ruler?",
                            def.name
                        ),
                    };
                    world.res_mut::<PendingRulerOffer>().0 = Some(RulerOffer {
                        owner,
                        rulers: free,
                        must,
                    });
                    ask(world, key_of(world, owner), kind, prompt);
                    return Progress::Waiting;
                }
            }
            EventStage::RulerOffered => return Progress::Waiting,
            EventStage::Done => break,
        }
    }
    world.res_mut::<EventInProgress>().0 = None;
    world.res_mut::<Leftover>().resolving = false;
    let mut display = world.res_mut::<EventDisplay>();
    display.discard.push(card);
    let turned = display.row.iter_mut().find(|s| !s.face_up).map(|s| {
        s.face_up = true;
        s.card
    });
    if let Some(turned) = turned {
        let name = event_def(world, turned).name;
        write(
            world,
            Note::new(
                ids::EVENT,
                format!("The Event \"{name}\" is turned face up"),
            ),
        );
    }
    Progress::Done
}

/// The answer to the ruler offered on the Event in progress: another player's, the leftover
/// Event's realm's, or the Active Player's pick among the rulers of its own card.
pub fn answer_ruler_offer(world: &mut World, action: &Action) -> bool {
    let Some(offer) = world.res::<PendingRulerOffer>().0.clone() else {
        return false;
    };
    let owner = offer.owner;
    let taken = match action {
        Action::AcceptRuler if offer.rulers.len() == 1 => offer.rulers.first().copied(),
        Action::TakeRuler { character } => {
            let picked = offer
                .rulers
                .iter()
                .copied()
                .find(|r| key_of(world, *r) == *character);
            if picked.is_none() {
                return false;
            }
            picked
        }
        Action::Decline if !offer.must => None,
        _ => return false,
    };
    match taken {
        Some(ruler) => {
            if world.res::<Leftover>().resolving {
                crate::rulesets::pop::rules::economy::change_mp(
                    world,
                    owner,
                    crate::rulesets::pop::content::schema::MpKind::Adm,
                    -LEFTOVER_RULER_ADM,
                    ids::EVENT_LEFTOVER,
                );
            }
            characters::historical_ruler(world, owner, ruler)
        }
        None => {
            let name = key_of(world, owner);
            let who = either_of(world, &offer.rulers);
            write(
                world,
                Note::new(
                    ids::EVENT_RULER,
                    format!("{name} declines {who} as its ruler"),
                )
                .realm(name),
            );
        }
    }
    world.res_mut::<PendingRulerOffer>().0 = None;
    world.insert_resource(EventStage::Done);
    true
}

/// Characters named for a choice among them: "a", "a or b", "a or b or c".
pub fn either_of(world: &World, characters: &[Entity]) -> String {
    characters
        .iter()
        .map(|c| key_of(world, *c).as_str())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// What the realm of a leftover Event pays to take the ruler shown on it.
pub const LEFTOVER_RULER_ADM: i32 = 2;

/// The historical rulers of an Event offered to the realm whose flag it carries: those free to
/// rule, in the card's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulerOffer {
    pub owner: Entity,
    pub rulers: Vec<Entity>,
    /// The Active Player's own Event: one of them must be taken (no Decline).
    pub must: bool,
}

#[derive(Resource, Clone, Debug, Default)]
pub struct PendingRulerOffer(pub Option<RulerOffer>);

/// The Event nobody took this Round: resolved (symbols only) by the last taker.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Leftover {
    /// The Event in progress is the leftover one.
    pub resolving: bool,
    /// The leftover Event of this Round has been resolved.
    pub done: bool,
}

/// Once every player has taken an Event, the last taker auto-resolves the bottom symbols of the
/// card nobody picked (its text has no effect); returns true if one was started.
pub fn start_leftover_event(world: &mut World, last_taker: Entity) -> bool {
    let seats = world.res::<crate::rulesets::pop::state::Seats>().0.clone();
    let all_took = seats.iter().all(|s| {
        world
            .read::<crate::rulesets::pop::model::RoundMarkers>(*s)
            .is_some_and(|m| m.took_event)
    });
    if !all_took || world.res::<Leftover>().done || world.res::<EventDisplay>().row.is_empty() {
        return false;
    }
    let slot = world.res_mut::<EventDisplay>().row.remove(0);
    let def = event_def(world, slot.card);
    let name = key_of(world, last_taker);
    write(
        world,
        Note::new(
            ids::EVENT_LEFTOVER,
            format!(
                "{name}, the last to take an Event, resolves the symbols of \"{}\"",
                def.name
            ),
        )
        .realm(name),
    );
    *world.res_mut::<Leftover>() = Leftover {
        resolving: true,
        done: true,
    };
    world.res_mut::<EventInProgress>().0 = Some((last_taker, slot.card));
    world.insert_resource(EventStage::Symbols { next: 0 });
    true
}

/// True while an Event's option, effects, symbols or ruler are still being resolved, or a
/// card's effects: the queue keeps its realm until `resolve_effects` finds it empty, so a card
/// whose last effect was answered by a choice still ends the turn's main action.
pub fn event_busy(world: &World) -> bool {
    let queue = world.res::<EffectQueue>();
    world.res::<EventInProgress>().0.is_some() || !queue.items.is_empty() || queue.realm.is_some()
}
