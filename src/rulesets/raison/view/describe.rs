//! Raison d'Etat's choices in words for the window: the question asked, and each answer with
//! the names of the Powers, Generals and Territories it concerns.

use crate::rulesets::raison::content::Scenario;
use crate::rulesets::raison::content::schema::{Side, Status};
use crate::rulesets::raison::decision::{Action, DecisionKind, MoveKind};

fn territory<'a>(s: &'a Scenario, id: &'a str) -> &'a str {
    s.territories
        .iter()
        .find(|t| t.id == id)
        .map_or(id, |t| t.name.as_str())
}

fn general<'a>(s: &'a Scenario, id: &'a str) -> &'a str {
    s.powers
        .iter()
        .flat_map(|p| &p.generals)
        .find(|g| g.id == id)
        .map_or(id, |g| g.name.as_str())
}

pub fn power<'a>(s: &'a Scenario, id: &'a str) -> &'a str {
    s.powers
        .iter()
        .find(|p| p.id == id)
        .map_or(id, |p| p.name.as_str())
}

fn pile(s: &Scenario, pile: &Option<String>) -> String {
    match pile {
        Some(g) => format!("{}'s pile", general(s, g)),
        None => "the Garrison's pile".into(),
    }
}

pub fn status(s: &Scenario, st: Status) -> String {
    match st {
        Status::Coalition(Side::A) => format!("Coalition: {}", s.coalitions.0),
        Status::Coalition(Side::B) => format!("Coalition: {}", s.coalitions.1),
        Status::Neutral => "Neutral".into(),
        Status::Expansionist => "Expansionist".into(),
    }
}

/// The question, in a sentence.
pub fn question(s: &Scenario, kind: &DecisionKind) -> String {
    match kind {
        DecisionKind::Status => {
            "Choose your Diplomatic Status for this round (secret until all have chosen)".into()
        }
        DecisionKind::Bid { minor } => {
            format!("Bid Morale, in secret, for control of {}", power(s, minor))
        }
        DecisionKind::Vote => "Cast your electors' votes for the Holy Roman Emperor".into(),
        DecisionKind::MusterDiscard => "Muster: discard one Battle card".into(),
        DecisionKind::Leadership => "Leadership: choose one option".into(),
        DecisionKind::PlaceGenerals => {
            "Place off-map Generals in Territories you control, then Done".into()
        }
        DecisionKind::WithdrawGenerals => "Take Generals off the map, then Done".into(),
        DecisionKind::Subsidise => {
            "Subsidise & Mercenaries: give up to 3 Money or 3 Battle cards to Coalition Allies"
                .into()
        }
        DecisionKind::Mobilise => "Mobilisation: buy, then Done (unspent Money is lost)".into(),
        DecisionKind::Envoy => {
            "Movement: choose your Envoy (it may grant more rounds of movement)".into()
        }
        DecisionKind::Move { round } => {
            format!("Movement, round {round}: move your Generals, then Done")
        }
        DecisionKind::Consent { mover } => format!(
            "{} asks to pass through your Territories and Sea Lanes",
            power(s, mover)
        ),
        DecisionKind::Grant { mover } => format!(
            "As Envoy: grant {} another round of movement?",
            power(s, mover)
        ),
        DecisionKind::Support {
            territory: t,
            attacker,
        } => format!(
            "Support the {} in the battle of {} with an adjacent General?",
            if *attacker { "attacker" } else { "defender" },
            territory(s, t)
        ),
        DecisionKind::Commit { territory: t } => format!(
            "Battle of {}: commit a Battle card or pass",
            territory(s, t)
        ),
        DecisionKind::Garrison { territory: t } => format!(
            "Convert a Unit into a Garrison to take control of {}?",
            territory(s, t)
        ),
        DecisionKind::Retreat { general: g } => {
            format!("{} lost: to the capital, or off the map?", general(s, g))
        }
        DecisionKind::DrawRetreat { general: g } => format!(
            "Draw: {} falls back. Which of the equally near Territories?",
            general(s, g)
        ),
        DecisionKind::HandLimit => "Hand limit: discard down to the limit".into(),
    }
}

/// An answer, in a few words.
pub fn action(s: &Scenario, a: &Action) -> String {
    match a {
        Action::ChooseStatus(st) => status(s, *st),
        Action::Bid(n) => format!("Bid {n} Morale"),
        Action::Vote(p) => format!("Vote for {}", power(s, p)),
        Action::Discard(v) => format!("Discard a {v}"),
        Action::PlaceGenerals => "Place Generals on the map".into(),
        Action::WithdrawGenerals => "Take Generals off the map".into(),
        Action::TakeCard => "Take 1 Battle card".into(),
        Action::GainMorale => "Gain 1 Morale".into(),
        Action::Place {
            general: g,
            territory: t,
        } => format!("{} to {}", general(s, g), territory(s, t)),
        Action::Withdraw { general: g } => format!("{} off the map", general(s, g)),
        Action::GiveMoney { to } => format!("Give 1 Money to {}", power(s, to)),
        Action::GiveCard { to, value } => format!("Give a {value} to {}", power(s, to)),
        Action::BuyUnit { general: g } => format!("A Unit for {}", general(s, g)),
        Action::BuyFortress { territory: t } => format!("A Fortress in {}", territory(s, t)),
        Action::BuyCard => "A Battle card".into(),
        Action::BuyMorale => "1 Morale".into(),
        Action::ChooseEnvoy(p) => format!("Envoy: {}", power(s, p)),
        Action::Move {
            general: g,
            to,
            how,
        } => format!(
            "{} {} {}",
            general(s, g),
            match how {
                MoveKind::Land => "advances to",
                MoveKind::Sea => "sails to",
                MoveKind::Strategic => "marches (strategic) to",
            },
            territory(s, to)
        ),
        Action::Agree => "Agree".into(),
        Action::Refuse => "Refuse".into(),
        Action::Support { general: g } => format!("Support with {}", general(s, g)),
        Action::PlayCard {
            value,
            pile: p,
            target: None,
        } => format!("Commit a {value} face down to {}", pile(s, p)),
        Action::PlayCard {
            value,
            target: Some(t),
            ..
        } => format!(
            "Play the {value} face up: {} card {} of {}",
            if *value == 2 { "reveal" } else { "discard" },
            t.card + 1,
            pile(s, &t.pile)
        ),
        Action::Pass => "Pass (commit no more cards)".into(),
        Action::Garrison => "Convert a Unit into a Garrison".into(),
        Action::NoGarrison => "No Garrison".into(),
        Action::GarrisonWith { general: g } => {
            format!("A Unit of {} becomes the Garrison", general(s, g))
        }
        Action::RetreatTo { territory: t } => format!("Fall back to {}", territory(s, t)),
        Action::ToCapital => "To the capital".into(),
        Action::OffMap => "Off the map".into(),
        Action::Done => "Done".into(),
    }
}

/// The Territories an answer is about, for filtering by the selected Territory.
pub fn places(a: &Action) -> Vec<&str> {
    match a {
        Action::Place { territory, .. } | Action::BuyFortress { territory } => vec![territory],
        Action::Move { to, .. } | Action::RetreatTo { territory: to } => vec![to],
        _ => Vec::new(),
    }
}
