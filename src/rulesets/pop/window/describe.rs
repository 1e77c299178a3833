//! Words for people: labels for actions and effects, realm and character names, as the panels
//! show them. Pure reads of the game.

use bevy::prelude::*;

use crate::rulesets::pop::content::schema::{ActionCardDef, Effect, EventDef, MpKind};
use crate::rulesets::pop::decision::{Decision, DecisionKind, Offer, PeaceTerm, Tie};
use crate::rulesets::pop::model::{Court, Role, Title, UnitKind};
use crate::rulesets::pop::rules::economy::LOAN_DUCATS;
use crate::rulesets::pop::rules::events::{EventDisplay, EventInProgress};
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::{Action, Game};

/// "I" to "IV".
pub fn roman(n: u8) -> &'static str {
    match n {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "?",
    }
}

pub fn mp_name(kind: MpKind) -> &'static str {
    match kind {
        MpKind::Adm => "ADM",
        MpKind::Dip => "DIP",
        MpKind::Mil => "MIL",
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn plural(n: i32, one: &str, many: &str) -> String {
    format!("{n} {}", if n.abs() == 1 { one } else { many })
}

/// The shown name of a realm (or any content id), falling back to the id.
pub fn name_of(game: &Game, key: &str) -> String {
    let world = game.world();
    world
        .resource::<Index>()
        .get(key)
        .and_then(|e| world.get::<Title>(e))
        .map_or_else(|| key.to_string(), |t| t.0.clone())
}

/// The realm's ruler, or `None` in an interregnum.
pub fn ruler_of(world: &World, realm: Entity) -> Option<Entity> {
    let court = world.get::<Court>(realm)?;
    court.iter().find(|c| {
        matches!(
            world.get::<Role>(*c),
            Some(Role::Ruler | Role::RulerGeneral)
        )
    })
}

/// One effect in a few words: "+3 ducats", "+2 ADM", "unrest in 1 town".
pub fn effect_text(game: &Game, effect: &Effect) -> String {
    match effect {
        Effect::Ducats(n) => format!("{} ducats", signed(*n)),
        Effect::Mp(kind, n) => format!("{} {}", signed(*n), mp_name(*kind)),
        Effect::AnyMp(n) => format!("{} monarch power of your choice", signed(*n)),
        Effect::Stability(n) => format!("{} stability", signed(*n)),
        Effect::Prestige(n) => format!("{} prestige", signed(*n)),
        Effect::Unrest(n) => format!(
            "unrest in {}",
            plural(i32::from(*n), "town or vassal", "towns or vassals")
        ),
        Effect::TownUnrest(n) => format!("unrest in {}", plural(i32::from(*n), "town", "towns")),
        Effect::UnrestIn(area, n) => format!(
            "unrest in {} in {}",
            plural(i32::from(*n), "town or vassal", "towns or vassals"),
            area_name(game, area)
        ),
        Effect::TownUnrestIn(area, n) => format!(
            "unrest in {} in {}",
            plural(i32::from(*n), "town", "towns"),
            area_name(game, area)
        ),
        Effect::Loan(n) => format!("take {}", plural(i32::from(*n), "loan", "loans")),
        Effect::RulerIllHealth => "ill health for the ruler".to_string(),
        Effect::Manpower(n) => format!("{} manpower", signed(*n)),
        Effect::Claim(area) => format!("a claim on {}", area_name(game, area)),
        Effect::CoreToken(area) => format!(
            "a core token in {}: its provinces become your cores",
            area_name(game, area)
        ),
        Effect::CasusBelli(realm) => format!("a casus belli on {}", name_of(game, realm)),
        Effect::Faith(area, religion) => {
            format!("{area} turns {religion:?}", area = area_name(game, area))
        }
        Effect::ReplaceMilestones => "new Milestones replace those on display".to_string(),
        Effect::ExpandNode(node) => {
            format!("expand the {} trade node", trade_node_name(game, node))
        }
        Effect::ExpandAnyNode => "expand a trade node of your choice".to_string(),
        Effect::IntegrateArea => {
            "Integrate Area: a core token in an area you own whole, of your choice".to_string()
        }
        #[allow(unreachable_patterns)]
        other => format!("{other:?}"),
    }
}

/// The name of an area or a sea zone.
pub fn area_name(game: &Game, id: &str) -> String {
    let map = &game.scenario().map;
    map.areas
        .iter()
        .find(|a| a.id == id)
        .map(|a| a.name.clone())
        .or_else(|| {
            map.sea_zones
                .iter()
                .find(|s| s.id == id)
                .map(|s| s.name.clone())
        })
        .unwrap_or_else(|| id.to_string())
}

fn unit_name(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Infantry => "infantry",
        UnitKind::Cavalry => "cavalry",
        UnitKind::Artillery => "artillery",
        UnitKind::LightShip => "light ship",
        UnitKind::HeavyShip => "heavy ship",
        UnitKind::Galley => "galley",
    }
}

fn peace_text(term: PeaceTerm) -> &'static str {
    match term {
        PeaceTerm::WhitePeace => "White peace: everything held goes back",
        PeaceTerm::KeepBoard => "Keep what you hold (capitals back for 10 ducats)",
        PeaceTerm::Humiliation => "Humiliate them: provinces back, prestige to you",
        PeaceTerm::Vassalize => "Make them your vassal",
        PeaceTerm::Annex => "Annex them",
        PeaceTerm::ForceConversion => "Force them to take your faith",
    }
}

fn offer_text(game: &Game, offer: &Offer) -> String {
    let mut parts = Vec::new();
    if offer.alliance {
        parts.push("an alliance".to_string());
    }
    if let Some(kind) = offer.marriage {
        parts.push(format!("a royal marriage (both draw {})", mp_name(kind)));
    }
    if offer.ducats > 0 {
        parts.push(format!("{} ducats from you", offer.ducats));
    } else if offer.ducats < 0 {
        parts.push(format!("{} ducats to you", -offer.ducats));
    }
    if !offer.provinces.is_empty() {
        let names: Vec<String> = offer
            .provinces
            .iter()
            .map(|p| province_name(game, p))
            .collect();
        parts.push(format!("{} for {} ducats", names.join(", "), offer.price));
    }
    parts.join(", ")
}

fn province_name(game: &Game, id: &str) -> String {
    game.scenario()
        .map
        .provinces
        .iter()
        .find(|p| p.id == id)
        .map_or_else(|| id.to_string(), |p| p.name.clone())
}

pub fn effects_text(game: &Game, effects: &[Effect]) -> String {
    effects
        .iter()
        .map(|e| effect_text(game, e))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The scenario's display names (`Ruleset::display_names`), built once per scenario and kept in
/// `cache` (a system's `Local`): log text, floating labels and warnings read with them.
pub fn scenario_names<'a>(
    cache: &'a mut Option<(usize, crate::engine::log::DisplayNames)>,
    game: &Game,
) -> &'a crate::engine::log::DisplayNames {
    let key = std::sync::Arc::as_ptr(game.scenario()) as usize;
    if cache.as_ref().is_none_or(|(k, _)| *k != key) {
        *cache = Some((
            key,
            <crate::rulesets::pop::PriceOfPower as crate::engine::ruleset::Ruleset>::display_names(
                game.scenario(),
            ),
        ));
    }
    &cache.as_ref().expect("just built").1
}

/// Another seat's pending question as the person at the screen may read it: in the third
/// person, and without what that seat holds in secret (the card it may keep, its hand, its
/// Missions), which the prompt written for that seat names.
pub fn others_question(game: &Game, decision: &Decision) -> String {
    let who = name_of(game, &decision.realm);
    let secret = match &decision.kind {
        DecisionKind::KeepCard { .. } => Some("whether to keep a card it drew"),
        DecisionKind::HandLimit => Some("which cards to discard down to the hand limit"),
        DecisionKind::FocusDiscard { .. } => {
            Some("which cards to discard for a new National Focus")
        }
        DecisionKind::Missions { .. } => Some("which Missions to hold"),
        DecisionKind::AgeEndClaims => Some("which Missions or Milestones to complete"),
        _ => None,
    };
    match secret {
        Some(what) => format!("{who} is deciding {what}"),
        None => format!("{who} is deciding: {}", third_person(&decision.prompt)),
    }
}

/// A prompt written to "you" turned to the third person, word by word.
fn third_person(text: &str) -> String {
    let swap = |word: &str| -> Option<&'static str> {
        Some(match word {
            "you" => "they",
            "You" => "They",
            "your" => "their",
            "Your" => "Their",
            "yours" => "theirs",
            "yourself" => "itself",
            _ => return None,
        })
    };
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once('\0')) {
        if c.is_alphabetic() {
            word.push(c);
            continue;
        }
        out.push_str(swap(&word).unwrap_or(&word));
        word.clear();
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

/// What an Event card does, for its tooltip: its text, each option with its effects in words,
/// and the symbols at its bottom that everyone resolves after the choice.
pub fn event_tooltip(game: &Game, def: &EventDef) -> String {
    let mut lines = vec![def.text.clone()];
    if let Some(chooser) = def.chooser.as_ref().filter(|_| def.options.len() > 1) {
        lines.push(format!(
            "{} chooses A or B and takes its effects (the Active Player, if no player holds it)",
            name_of(game, chooser)
        ));
    }
    for (i, option) in def.options.iter().enumerate() {
        let effects = if option.effects.is_empty() {
            "nothing".to_string()
        } else {
            effects_text(game, &option.effects)
        };
        lines.push(format!(
            "Option {} - {}: {effects}",
            char::from(b'A' + i as u8),
            option.label
        ));
    }
    if !def.symbols.is_empty() {
        let symbols: Vec<String> = def
            .symbols
            .iter()
            .map(crate::rulesets::pop::rules::events::symbol_text)
            .collect();
        lines.push(format!("Then, for everyone: {}", symbols.join("; ")));
    }
    lines.join("\n")
}

/// What an action card does, for its tooltip: its text, its effects in words, its price and
/// when it can be played.
pub fn card_tooltip(game: &Game, def: &ActionCardDef) -> String {
    let price = if def.ducats > 0 {
        format!("{} {} + {} ducats", def.cost, mp_name(def.deck), def.ducats)
    } else {
        format!("{} {}", def.cost, mp_name(def.deck))
    };
    let mut lines = vec![def.text.clone()];
    if !def.effects.is_empty() {
        lines.push(format!("Effect: {}", effects_text(game, &def.effects)));
        lines.push(format!(
            "Play it for {price} as the main action of a turn in Phase 2"
        ));
    }
    if let Some(character) = &def.character {
        lines.push(format!(
            "{} (the character on the card) can be appointed from it",
            name_of(game, character)
        ));
    }
    lines.join("\n")
}

/// A button label for a legal action of the pending decision. Its price is not part of it:
/// the action list shows `Game::legal_actions_with_costs` beside each label.
pub fn action_label(game: &Game, action: &Action) -> String {
    let world = game.world();
    let decision = game.pending();
    match action {
        Action::Pass => "Pass".to_string(),
        Action::TakeEvent { slot } => {
            let display = world.resource::<EventDisplay>();
            match display.row.get(usize::from(*slot)) {
                Some(s) => {
                    let name = &game.scenario().events[s.card].name;
                    if s.ducats > 0 {
                        format!(
                            "Take Event: {name} (+{})",
                            plural(s.ducats, "ducat", "ducats")
                        )
                    } else {
                        format!("Take Event: {name}")
                    }
                }
                None => format!("Take Event in slot {}", slot + 1),
            }
        }
        Action::ChooseOption { option } => {
            let letter = if *option == 0 { "A" } else { "B" };
            let card = world.resource::<EventInProgress>().0.map(|(_, c)| c);
            let def = card
                .and_then(|c| game.scenario().events.get(c))
                .and_then(|e| e.options.get(usize::from(*option)));
            match def {
                Some(o) if o.effects.is_empty() => format!("Option {letter}: {}", o.label),
                Some(o) => format!(
                    "Option {letter}: {} ({})",
                    o.label,
                    effects_text(game, &o.effects)
                ),
                None => format!("Option {letter}"),
            }
        }
        Action::ChooseMp { kind } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::MpType { amount }) if *amount < 0 => {
                format!("Lose {} {}", -amount, mp_name(*kind))
            }
            Some(DecisionKind::MpType { amount }) => format!("Gain {amount} {}", mp_name(*kind)),
            _ => mp_name(*kind).to_string(),
        },
        Action::ChooseProvince { province } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::RebelSiege { .. }) => {
                format!("Rebels besiege {}", province_name(game, province))
            }
            Some(DecisionKind::NativeUprising { spare: true }) => format!(
                "Keep your colonist: unrest in {}",
                province_name(game, province)
            ),
            Some(DecisionKind::DnprExpansion { realm }) => format!(
                "{} expands into {}",
                name_of(game, realm),
                province_name(game, province)
            ),
            Some(DecisionKind::NativeUprising { spare: false }) => {
                format!("Unrest in {}", province_name(game, province))
            }
            _ => province_name(game, province),
        },
        Action::TakeLoan => format!("Take a Loan (+{LOAN_DUCATS} ducats)"),
        // Prices are not restated here: the action list shows the engine's cost beside each.
        Action::RepayLoan => "Repay a Loan".to_string(),
        Action::IncreaseStability => "Increase Stability".to_string(),
        Action::DrawCard { deck } => format!("Draw from the {} action deck", mp_name(*deck)),
        Action::KeepCard { card } => format!("Keep {}", card_name(game, card)),
        Action::DiscardCard { card } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::KeepCard { .. }) => format!("Let {} go", card_name(game, card)),
            _ => format!("Discard {}", card_name(game, card)),
        },
        Action::Appoint { card } => format!("Appoint from {}", card_name(game, card)),
        Action::FireAdvisor { character } => format!("Fire {}", character_name(game, character)),
        Action::DisbandUnit { place, kind, .. }
            if matches!(
                decision.map(|d| &d.kind),
                Some(DecisionKind::RebelExhaust { .. })
            ) =>
        {
            format!(
                "Exhaust a deployed {kind:?} unit in {}",
                area_name(game, place)
            )
        }
        Action::DisbandUnit {
            place,
            kind,
            mercenary,
        } => {
            let unit = format!("{}{kind:?}", if *mercenary { "mercenary " } else { "" });
            match decision {
                // Lost at Sea on the Event you took: you choose for an opponent.
                Some(Decision {
                    kind: DecisionKind::LostAtSea { owner },
                    realm,
                    ..
                }) if realm != owner => format!(
                    "Sink a {unit} of {} in {}",
                    name_of(game, owner),
                    area_name(game, place)
                ),
                Some(Decision {
                    kind: DecisionKind::Exploration { .. },
                    ..
                }) => format!("Fail: lose your {unit} in {}", area_name(game, place)),
                _ => format!("Disband a {unit} unit in {}", area_name(game, place)),
            }
        }
        Action::RecallShips { from, to } => format!(
            "Recall the ships in {} to port in {} (free)",
            area_name(game, from),
            area_name(game, to)
        ),
        Action::AcceptRuler => match decision.map(|d| &d.kind) {
            Some(DecisionKind::HistoricalRuler { character }) => {
                format!("Accept {} as ruler", character_name(game, character))
            }
            _ => "Accept the ruler".to_string(),
        },
        Action::TakeRuler { character } => {
            format!("Take {} as ruler", character_name(game, character))
        }
        Action::PayCorruption { adm } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::Corruption { charge }) if *charge > *adm => {
                "Pay corruption, partly in loan tokens".to_string()
            }
            _ => "Pay corruption in ADM".to_string(),
        },
        Action::DiscardDucats => "Throw ducats away down to 49 instead".to_string(),
        Action::Decline => match decision.map(|d| &d.kind) {
            Some(DecisionKind::CutCosts) => "Done cutting costs".to_string(),
            Some(DecisionKind::NativeUprising { .. }) => {
                "Spare your towns: lose a colonist".to_string()
            }
            Some(DecisionKind::RemoveUnrest) => "Keep the unrest".to_string(),
            Some(DecisionKind::ReplaceDeadRuler) => "No reaction: enter Interregnum".to_string(),
            Some(DecisionKind::Missions { .. }) => "Done with Missions".to_string(),
            Some(DecisionKind::AgeEndClaims) => "Complete nothing more".to_string(),
            Some(DecisionKind::AgeSwap) => "Keep the new Ideas and Milestones".to_string(),
            Some(DecisionKind::SendCalls { .. }) => "Call no more allies".to_string(),
            Some(DecisionKind::MoreWarTargets) => "Declare war on no other realm".to_string(),
            Some(DecisionKind::MarriageDraw { .. }) => "Draw no card".to_string(),
            Some(DecisionKind::ActivateAlly { ally, .. }) => {
                format!("Leave {} a plain ally", name_of(game, ally))
            }
            _ => "Decline".to_string(),
        },
        Action::ChooseRealm { realm } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::ElectionTie { area: Some(area) }) => format!(
                "{}: the vote of {}",
                name_of(game, realm),
                area_name(game, area)
            ),
            Some(DecisionKind::ElectionTie { area: None }) => {
                format!("{} becomes Emperor", name_of(game, realm))
            }
            Some(DecisionKind::AgeMarriages) => {
                format!("End the royal marriage with {}", name_of(game, realm))
            }
            _ => name_of(game, realm),
        },
        Action::RemoveInfluence { area } => {
            format!("Remove 1 influence from {}", area_name(game, area))
        }
        Action::DeclareWar { target } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::MoreWarTargets) => format!(
                "Also declare war on {} (no more mil)",
                name_of(game, target)
            ),
            _ => format!("Declare war on {}", name_of(game, target)),
        },
        Action::Recruit { area } => format!(
            "Recruit in {}, then choose the units",
            area_name(game, area)
        ),
        Action::RecruitUnit { kind, mercenary } => format!(
            "Raise {} {}",
            if *mercenary { "mercenary" } else { "regular" },
            unit_name(*kind)
        ),
        Action::Move { from, to } => format!(
            "March from {} to {}",
            area_name(game, from),
            area_name(game, to)
        ),
        Action::Sail { from, to } => format!(
            "Sail from {} to {}",
            area_name(game, from),
            area_name(game, to)
        ),
        Action::Siege { province } => format!("Besiege {}", province_name(game, province)),
        Action::AppointGeneral {
            card,
            place,
            fleet: true,
        } => format!(
            "Appoint the leader on {} admiral of the fleet in port at {}",
            card_name(game, card),
            area_name(game, place)
        ),
        Action::AppointGeneral { card, place, .. } => format!(
            "Appoint the leader on {} to command at {}",
            card_name(game, card),
            area_name(game, place)
        ),
        Action::CommandArmy { character, place } => format!(
            "{} takes command at {}",
            character_name(game, character),
            area_name(game, place)
        ),
        Action::AppointToEmptyMat { card, fleet } => format!(
            "Appoint the leader on {} {} on a free {} Mat, without units for now",
            card_name(game, card),
            if *fleet { "admiral" } else { "general" },
            if *fleet { "Fleet" } else { "Army" }
        ),
        Action::ToEmptyMat { character } => format!(
            "{} leaves its command for a mat without units (the army stays, without a leader)",
            character_name(game, character)
        ),
        Action::Retreat { to } => format!("Retreat to {} (one more loss)", area_name(game, to)),
        Action::Accept => match decision.map(|d| &d.kind) {
            Some(DecisionKind::RebelExhaust { .. }) => "Exhaust 1 Available manpower".to_string(),
            Some(DecisionKind::CallToArms { .. }) => "Answer the Call to Arms".to_string(),
            Some(DecisionKind::ActivateAlly { ally, units }) => format!(
                "Make {} an Active Ally ({units} allied infantry)",
                name_of(game, ally)
            ),
            Some(DecisionKind::Surrender { .. }) => "Surrender".to_string(),
            Some(DecisionKind::AgeMarriages) => {
                "Pay 2 dip to keep every royal marriage".to_string()
            }
            Some(DecisionKind::MarriageDraw { kind }) => {
                format!("Draw a card from the {} deck", mp_name(*kind))
            }
            _ => "Accept".to_string(),
        },
        Action::Peace { term } => peace_text(*term).to_string(),
        Action::Propose { realm, offer } => {
            format!(
                "Offer {}: {}",
                name_of(game, realm),
                offer_text(game, offer)
            )
        }
        Action::Explore => "Explore".to_string(),
        Action::ExploreWithShip { from, to } => format!(
            "Explore, first sailing a Light Ship from {} to {}",
            area_name(game, from),
            area_name(game, to)
        ),
        Action::Discover { area } => format!("Discover and claim {}", area_name(game, area)),
        Action::Reroll => "Roll the exploration die again".to_string(),
        Action::ChangeFocus { into, from } => match into {
            Some(into) => format!(
                "Change National Focus: 1 from {} into {}",
                from.iter()
                    .map(|k| mp_name(*k))
                    .collect::<Vec<_>>()
                    .join(" and "),
                mp_name(*into)
            ),
            None => "Change National Focus: exchange cards only".to_string(),
        },
        Action::ChangeReligion => "Change State Religion".to_string(),
        Action::AdoptRebelFaith => {
            "Change State Religion to the capital area's faith (the religious rebels')".to_string()
        }
        Action::CounterReformation => "Embrace the Counter-Reformation".to_string(),
        Action::Influence { area } => format!("Influence in {}", area_name(game, area)),
        Action::InfluenceForDucats { area } => {
            format!("Influence in {}, paying ducats", area_name(game, area))
        }
        Action::ForgeAlliance { realm } => {
            format!("Forge an alliance with {}", name_of(game, realm))
        }
        Action::FabricateClaim { area } => {
            format!("Fabricate a claim on {}", area_name(game, area))
        }
        Action::Trade => "Trade: reveal 3 Trade Cards".to_string(),
        Action::TakeTradeDucats => "Discard the Trade Cards and take 2 ducats".to_string(),
        Action::TradeShip { from, to, protect } => format!(
            "Sail a Light Ship from {} to {}{}",
            area_name(game, from),
            area_name(game, to),
            if *protect {
                " to protect trade there"
            } else {
                ""
            }
        ),
        Action::ChooseTradeCard {
            card,
            node,
            merchant,
        } => {
            let merchant = match merchant {
                Some(from) => format!(
                    ", moving your merchant from {}",
                    trade_node_name(game, from)
                ),
                None => String::new(),
            };
            format!(
                "Trade {} in {}{merchant}",
                trade_card_name(game, card),
                trade_node_name(game, node)
            )
        }
        Action::PayInflation { adm: true } => "Pay gold inflation in ADM".to_string(),
        Action::PayInflation { adm: false } => {
            "Take an interest token for gold inflation".to_string()
        }
        Action::IntegrateArea { area } => format!("Integrate {}", area_name(game, area)),
        Action::PayLevy { levy } => match levy {
            crate::rulesets::pop::decision::LevyKind::Manpower => {
                "Exhaust 2 manpower (at most half)".to_string()
            }
            crate::rulesets::pop::decision::LevyKind::Ducats => {
                "Give up 6 ducats (at most half your tax income)".to_string()
            }
            crate::rulesets::pop::decision::LevyKind::Prestige => "Lose 1 prestige".to_string(),
            crate::rulesets::pop::decision::LevyKind::CasusBelli => {
                "Place a casus belli on the aggressor".to_string()
            }
        },
        Action::PlaceInfluence { area } => {
            format!("Place 1 influence in {} (new faith)", area_name(game, area))
        }
        Action::ConvertArea { area } => format!("Convert {}", area_name(game, area)),
        Action::ChooseNode { node } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::Pirates) => {
                format!("A pirate ship lurks in {}", trade_node_name(game, node))
            }
            _ => format!("Expand {}", trade_node_name(game, node)),
        },
        Action::PlaceFaith { area, faith } => {
            format!("A {faith:?} token in {}", area_name(game, area))
        }
        Action::ChooseArea { area } => match decision.map(|d| &d.kind) {
            Some(DecisionKind::RebelDieArea) => {
                format!("Roll your one rebel die in {}", area_name(game, area))
            }
            _ => format!("The vassals in {} waver", area_name(game, area)),
        },
        Action::ChooseCardinal { slot } => {
            let holder = game
                .world()
                .resource::<crate::rulesets::pop::rules::curia::Curia>()
                .cardinals
                .get(usize::from(*slot))
                .cloned();
            let whose = holder.map_or_else(String::new, |h| format!("{}'s ", name_of(game, &h)));
            let verb = match decision.map(|d| &d.kind) {
                Some(DecisionKind::ExcommunicationCardinal) => "Give up",
                _ => "Remove",
            };
            format!("{verb} {whose}cardinal in slot {}", usize::from(*slot) + 1)
        }
        Action::IncreaseAuthority => "Increase Imperial Authority".to_string(),
        Action::Excommunicate { realm } => {
            format!("Excommunicate the ruler of {}", name_of(game, realm))
        }
        Action::CallCrusade { area, war: None } => {
            format!("Call a Crusade on {}", area_name(game, area))
        }
        Action::CallCrusade {
            area,
            war: Some(enemy),
        } => format!(
            "Call a Crusade on {} and declare war on {}",
            area_name(game, area),
            name_of(game, enemy)
        ),
        Action::Colonize {
            province,
            colonists,
        } => format!(
            "Colonize {} with {}",
            province_name(game, province),
            plural(i32::from(*colonists), "colonist", "colonists")
        ),
        Action::PlayCard { card } => format!("Play {}", card_name(game, card)),
        Action::ResearchIdea { idea } => {
            let name = game
                .scenario()
                .ideas
                .iter()
                .find(|i| &i.id == idea)
                .map_or_else(|| idea.to_string(), |i| i.name.clone());
            format!("Research {name}")
        }
        Action::SuppressUnrest { province } => {
            format!("Suppress unrest in {}", province_name(game, province))
        }
        Action::PickMission { mission } => {
            format!("Pick the Mission {}", mission_text(game, mission))
        }
        Action::SwapMission { give, take } => format!(
            "Put back {} and pick {}",
            mission_name(game, give),
            mission_text(game, take)
        ),
        Action::ClaimMission { mission } => {
            format!("Complete the Mission {}", mission_text(game, mission))
        }
        Action::ClaimMilestone { milestone } => {
            format!("Complete the Milestone {}", milestone_text(game, milestone))
        }
        Action::SwapMilestone { old, new } => format!(
            "Replace the Milestone {} with {}",
            milestone_name(game, old),
            milestone_text(game, new)
        ),
        Action::SwapIdea { old, new } => {
            let idea = |id: &str| {
                game.scenario()
                    .ideas
                    .iter()
                    .find(|i| i.id == id)
                    .map_or_else(|| id.to_string(), |i| i.name.clone())
            };
            format!("Replace the Idea {} with {}", idea(old), idea(new))
        }
        Action::CallToArms { ally } => call_to_arms_text(game, ally),
        Action::TakeDiscard { card } => {
            let deck = game
                .scenario()
                .action_cards
                .iter()
                .find(|c| c.id == *card)
                .map_or(MpKind::Adm, |c| c.deck);
            format!(
                "Pick {} from the {} discards",
                card_name(game, card),
                mp_name(deck)
            )
        }
        Action::ReplenishManpower { units } => format!(
            "Replenish {}",
            plural(i32::from(*units), "exhausted unit", "exhausted units")
        ),
        Action::CutTies { tie } => match tie {
            Tie::Influence { area } => {
                format!(
                    "Cut ties: take 1 influence back from {}",
                    area_name(game, area)
                )
            }
            Tie::Claim { area } => {
                format!("Cut ties: give up the claim on {}", area_name(game, area))
            }
            Tie::Alliance { realm } => format!(
                "Cut ties: end the alliance with {} (a truce follows, unless at war)",
                name_of(game, realm)
            ),
        },
    }
}

/// A Call to Arms with its price: Player Realms are called free, a Non-Player Realm ally for
/// its influence.
fn call_to_arms_text(game: &Game, ally: &str) -> String {
    let world = game.world();
    let player = world.resource::<Index>().get(ally).is_some_and(|a| {
        world
            .get::<crate::rulesets::pop::model::PlayerRealm>(a)
            .is_some()
    });
    if player {
        format!("Call {} to arms (they may refuse)", name_of(game, ally))
    } else {
        format!("Call {} to arms", name_of(game, ally))
    }
}

fn mission_name(game: &Game, id: &str) -> String {
    game.scenario()
        .missions
        .iter()
        .find(|m| m.id == id)
        .map_or_else(|| id.to_string(), |m| m.name.clone())
}

/// A Mission with its prestige, requirements and reward.
fn mission_text(game: &Game, id: &str) -> String {
    let Some(m) = game.scenario().missions.iter().find(|m| m.id == id) else {
        return id.to_string();
    };
    let needs =
        crate::rulesets::pop::rules::conditions::describe_all(game.scenario(), &m.conditions);
    if m.reward.is_empty() {
        format!("{} ({} prestige: {needs})", m.name, m.prestige)
    } else {
        format!(
            "{} ({} prestige and {}: {needs})",
            m.name,
            m.prestige,
            effects_text(game, &m.reward)
        )
    }
}

fn milestone_name(game: &Game, id: &str) -> String {
    game.scenario()
        .milestones
        .iter()
        .find(|m| m.id == id)
        .map_or_else(|| id.to_string(), |m| m.name.clone())
}

/// A Milestone with the prestige it would give now, its requirements and reward.
fn milestone_text(game: &Game, id: &str) -> String {
    let Some(m) = game.scenario().milestones.iter().find(|m| m.id == id) else {
        return id.to_string();
    };
    let needs =
        crate::rulesets::pop::rules::conditions::describe_all(game.scenario(), &m.conditions);
    let place =
        crate::rulesets::pop::rules::milestones::milestone_index(game.world(), id).map_or(0, |i| {
            game.world()
                .resource::<crate::rulesets::pop::rules::milestones::Milestones>()
                .completers(i)
                .len()
        });
    let prestige = crate::rulesets::pop::rules::milestones::PLACE_PRESTIGE
        .get(place)
        .copied()
        .unwrap_or(0);
    if m.reward.is_empty() {
        format!("{} (+{prestige} prestige: {needs})", m.name)
    } else {
        format!(
            "{} (+{prestige} prestige and {}: {needs})",
            m.name,
            effects_text(game, &m.reward)
        )
    }
}

fn card_name(game: &Game, id: &str) -> String {
    game.scenario()
        .action_cards
        .iter()
        .find(|c| c.id == id)
        .map_or_else(|| id.to_string(), |c| c.name.clone())
}

fn trade_card_name(game: &Game, id: &str) -> String {
    game.scenario()
        .trade_cards
        .iter()
        .find(|c| c.id == id)
        .map_or_else(|| id.to_string(), |c| c.name.clone())
}

fn trade_node_name(game: &Game, id: &str) -> String {
    game.scenario()
        .trade_nodes
        .iter()
        .find(|n| n.id == id)
        .map_or_else(|| id.to_string(), |n| n.name.clone())
}

fn character_name(game: &Game, id: &str) -> String {
    game.scenario()
        .characters
        .iter()
        .find(|c| c.id == id)
        .map_or_else(|| id.to_string(), |c| c.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::GameSetup;
    use crate::rulesets::pop::content::default_scenario;

    #[test]
    fn every_opening_action_has_a_label_for_people() {
        let game =
            Game::new(default_scenario(), GameSetup::default(), 7).expect("default scenario plays");
        let legal = game.legal_actions();
        assert!(!legal.is_empty());
        for action in &legal {
            let label = action_label(&game, action);
            assert!(
                !label.contains('{') && !label.is_empty(),
                "{action:?} -> {label}"
            );
        }
    }

    #[test]
    fn every_action_of_a_bot_game_has_a_label_for_people() {
        let mut game =
            Game::new(default_scenario(), GameSetup::default(), 3).expect("default scenario plays");
        let mut bot = crate::rulesets::pop::bot::Bot::new(3);
        for _ in 0..4000 {
            if game.is_over() {
                break;
            }
            for action in game.legal_actions() {
                let label = action_label(&game, &action);
                assert!(
                    !label.contains('{') && !label.is_empty(),
                    "{action:?} -> {label}"
                );
            }
            let Some(action) = bot.choose(&game) else {
                break;
            };
            game.apply(action).expect("legal");
        }
    }

    #[test]
    fn effects_read_as_words() {
        let game =
            Game::new(default_scenario(), GameSetup::default(), 7).expect("default scenario plays");
        assert_eq!(effect_text(&game, &Effect::Ducats(3)), "+3 ducats");
        assert_eq!(
            third_person("Your turn: you choose, yours (Youth)"),
            "Their turn: they choose, theirs (Youth)"
        );
        assert_eq!(effect_text(&game, &Effect::Mp(MpKind::Dip, -1)), "-1 DIP");
        assert_eq!(
            effect_text(&game, &Effect::Unrest(1)),
            "unrest in 1 town or vassal"
        );
        assert_eq!(
            effect_text(&game, &Effect::TownUnrest(2)),
            "unrest in 2 towns"
        );
    }
}
