//! What each Kingdom action is about (22): its kind, in the order the decision panel lists
//! kinds, and the hex, army or kingdom it concerns; and why some answers ask to be confirmed
//! (23), from the same helpers the rules charge with.

use bevy::prelude::*;

use crate::engine::choices::{Target, Topic};
use crate::rulesets::kingdom::content::schema::Role;
use crate::rulesets::kingdom::decision::{Action, At};
use crate::rulesets::kingdom::rules::edict::{abandon_unrest, abdication_unrest, hex_at};

pub const LEADERSHIP: &str = "Leadership";
pub const EXPLORE: &str = "Explore and claim";
pub const LAND: &str = "Improve the land";
pub const SETTLEMENTS: &str = "Settlements";
pub const ARMIES: &str = "Armies";
pub const EDICTS: &str = "Edicts";
pub const TREASURY: &str = "Treasury and trade";
pub const DONE: &str = "Done";

/// The kinds in the order the panel lists them.
pub const KINDS: &[&str] = &[
    LEADERSHIP,
    EXPLORE,
    LAND,
    SETTLEMENTS,
    ARMIES,
    EDICTS,
    TREASURY,
    DONE,
];

/// A hex as a target: "col,row".
pub fn hex(at: &At) -> Target {
    Target::Province(format!("{},{}", at.0, at.1))
}

/// The kind of `action` and what it is about.
pub fn topic(action: &Action) -> Topic {
    let army = |i: &u8| Target::Force(format!("army {}", i + 1));
    match action {
        Action::Assign { .. }
        | Action::Abdicate { .. }
        | Action::Swap { .. }
        | Action::RulerFocus(_)
        | Action::Enforce => Topic::new(LEADERSHIP),
        Action::Explore(at) | Action::Claim(at) | Action::Abandon(at) | Action::LoseHex(at) => {
            Topic::about(EXPLORE, hex(at))
        }
        Action::Clear { at, .. } => Topic::about(EXPLORE, hex(at)),
        Action::Improve { at, .. } | Action::Prepare(at) => Topic::about(LAND, hex(at)),
        Action::Found(at) | Action::AddDistrict(at) | Action::Build { at, .. } => {
            Topic::about(SETTLEMENTS, hex(at))
        }
        Action::RaiseArmy(at) => Topic::about(ARMIES, hex(at)),
        Action::ExpandArmy(i) | Action::EquipArmy(i) | Action::RepairArmy(i) => {
            Topic::about(ARMIES, army(i))
        }
        Action::SetEdict { edict, .. } => Topic::about(EDICTS, Target::Card(format!("{edict:?}"))),
        Action::Withdraw(_) | Action::Deposit(_) | Action::Sell(_) | Action::Hire(_) => {
            Topic::new(TREASURY)
        }
        Action::Done => Topic::new(DONE),
    }
}

/// Why an answer should be confirmed: giving up a hex or a seat costs Unrest.
pub fn warning(world: &World, action: &Action) -> Option<String> {
    match action {
        Action::Abandon(at) => {
            let settled = hex_at(world, *at).is_some_and(|(_, t)| t.settlement.is_some());
            let (n, _) = abandon_unrest(settled);
            Some(format!(
                "Abandoning hex {},{} raises Unrest by {n}{}.",
                at.0,
                at.1,
                if settled {
                    " (it holds a settlement)"
                } else {
                    ""
                }
            ))
        }
        Action::Abdicate { role, to, .. } if to.is_none() || *role == Role::Ruler => Some(format!(
            "The {role:?} stepping down raises Unrest by {} and calls for a Loyalty check.",
            abdication_unrest(*role)
        )),
        Action::Swap { role, with, .. } if *role == Role::Ruler || *with == Role::Ruler => {
            Some(format!(
                "The Ruler leaving its seat raises Unrest by {} and takes -4 on its Loyalty check; the other leader checks with +4.",
                abdication_unrest(Role::Ruler)
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_of_a_bot_game_is_grouped_once_under_a_listed_kind() {
        let checked = crate::engine::choices::assert_bot_game_grouped::<
            crate::rulesets::kingdom::Kingdom,
        >(crate::rulesets::kingdom::content::default_scenario(), 5, 7);
        assert!(checked > 50, "{checked} decisions checked");
    }

    #[test]
    fn giving_up_a_hex_or_a_seat_asks_for_confirmation_with_the_unrest_it_costs() {
        use crate::rulesets::kingdom::content::schema::Role;
        let game = crate::rulesets::kingdom::Game::new(
            crate::rulesets::kingdom::content::default_scenario(),
            Default::default(),
            1,
        )
        .unwrap();
        let w = game
            .warning(&Action::Abdicate {
                role: Role::Ruler,
                to: None,
                focus: 0,
            })
            .unwrap();
        assert!(
            w.contains("Unrest by 2") && w.contains("Loyalty check"),
            "{w}"
        );
        assert_eq!(game.warning(&Action::Done), None);
        let w = game.warning(&Action::Abandon((0, 0))).unwrap();
        assert!(w.contains("Unrest by 1"), "{w}");
    }
}
