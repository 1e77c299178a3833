//! Words for actions, decisions and buildings, as the panels show them.

use crate::engine::ruleset::Ruleset;
use crate::rulesets::kingdom::content::Scenario;
use crate::rulesets::kingdom::content::schema::{BuildingDef, Mods};
use crate::rulesets::kingdom::decision::{Action, DecisionKind, ItemRef};
use crate::rulesets::kingdom::snapshot::Snapshot;
use crate::rulesets::kingdom::{Game, Kingdom};

/// "Eco +1, Stab +1, Unrest -1".
pub fn mods(m: &Mods) -> String {
    let mut out = Vec::new();
    for (name, v) in [
        ("Economy", m.eco),
        ("Loyalty", m.loy),
        ("Stability", m.stab),
        ("Unrest", m.unrest),
        ("Consumption", m.consumption),
        ("Defense", m.defense),
        ("BP/month", m.bp),
    ] {
        if v != 0 {
            out.push(format!("{name} {v:+}"));
        }
    }
    out.join(", ")
}

pub fn building(b: &BuildingDef) -> String {
    let mut text = format!(
        "{} ({} lot{})",
        b.name,
        b.lots,
        if b.lots == 1 { "" } else { "s" }
    );
    let m = mods(&b.mods);
    if !m.is_empty() {
        text += &format!(": {m}");
    }
    let slots = b.items.minor + b.items.medium + b.items.major;
    if slots > 0 {
        text += &format!(", {slots} item slot(s)");
    }
    text
}

pub fn step(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Enforcer => "Upkeep: use the Royal Enforcer?",
        DecisionKind::LoseHex => "Upkeep: Unrest 11+, choose a hex to lose",
        DecisionKind::Leadership => "Edict 1: leadership",
        DecisionKind::Claims => "Edict 2: explore, clear, claim, abandon",
        DecisionKind::Terrain => "Edict 3: terrain improvements",
        DecisionKind::Settlements => "Edict 4: settlements and buildings",
        DecisionKind::Armies => "Edict 5: army units",
        DecisionKind::Edicts => "Edict 6: edicts",
        DecisionKind::Withdraw => "Income 1: withdrawals",
        DecisionKind::Deposit => "Income 2: deposits",
        DecisionKind::Sell => "Income 3: sell valuable items",
        DecisionKind::Hire => "Event: hire adventurers for the check?",
    }
}

/// An action in words, with its cost.
pub fn action(game: &Game, view: &Snapshot, s: &Scenario, a: &Action) -> String {
    let text = match a {
        Action::Done => "Done with this step".to_string(),
        Action::Enforce => "Use the Royal Enforcer (Unrest -1, Loyalty check)".into(),
        Action::LoseHex(at) => format!("Lose hex {at:?}"),
        Action::Assign {
            role,
            leader,
            focus,
        } => {
            let name = leader_name(game, view, *leader);
            format!("{name} becomes {role:?}{}", focus_names(*focus))
        }
        Action::Abdicate { role, to: None, .. } => format!("The {role:?} steps down"),
        Action::Abdicate {
            role,
            to: Some(to),
            focus,
        } => format!("The {role:?} moves to {to:?}{}", focus_names(*focus)),
        Action::Swap {
            role,
            with,
            focus,
            with_focus,
        } => {
            let seat = |to: &crate::rulesets::kingdom::content::schema::Role, bits: u8| {
                let names = focus_names(bits);
                if names.is_empty() {
                    names
                } else {
                    format!(", as {to:?}{names}")
                }
            };
            format!(
                "The {role:?} and the {with:?} exchange seats{}{}",
                seat(with, *focus),
                seat(role, *with_focus)
            )
        }
        Action::RulerFocus(focus) => format!(
            "Widen the Ruler's bonus, as the kingdom has grown{}",
            focus_names(*focus)
        ),
        Action::Explore(at) => format!("Explore hex {at:?}"),
        Action::Clear { at, army: None } => format!("Expedition to clear the lair at {at:?}"),
        Action::Clear { at, army: Some(i) } => format!("Army unit {i} clears the lair at {at:?}"),
        Action::Claim(at) => format!("Claim hex {at:?}"),
        Action::Abandon(at) => format!("Abandon hex {at:?}"),
        Action::Improve { at, improvement } => {
            let name = s
                .improvements
                .iter()
                .find(|i| &i.id == improvement)
                .map_or(improvement.as_str(), |i| i.name.as_str());
            format!("{name} in hex {at:?}")
        }
        Action::Prepare(at) => format!("Prepare a settlement site in {at:?}"),
        Action::Found(at) => format!("Found a settlement in {at:?}"),
        Action::AddDistrict(at) => format!("Add a district to the settlement at {at:?}"),
        Action::Build {
            building,
            cell,
            wide,
            ..
        } => {
            let b = s.buildings.iter().find(|b| &b.id == building);
            let lay = if b.is_some_and(|b| b.lots == 2) {
                if *wide { ", across" } else { ", down" }
            } else {
                ""
            };
            format!(
                "{} on lot {cell}{lay}",
                b.map_or(building.clone(), self::building)
            )
        }
        Action::RaiseArmy(at) => format!("Raise an army unit at {at:?}"),
        Action::ExpandArmy(i) => format!("Expand army unit {i}"),
        Action::EquipArmy(i) => format!("Equip army unit {i}"),
        Action::RepairArmy(i) => format!("Repair army unit {i}"),
        Action::SetEdict { edict, level } => {
            let def = s.edicts.iter().find(|e| e.kind == *edict);
            let l = def.and_then(|d| d.levels.get(usize::from(*level)));
            format!(
                "{edict:?}: {} ({})",
                l.map_or("?", |l| l.name.as_str()),
                l.map_or(String::new(), |l| mods(&l.mods))
            )
        }
        Action::Withdraw(bp) => format!("Withdraw {bp} BP ({} gp)", u32::from(*bp) * 2_000),
        Action::Deposit(gp) => format!("Deposit {gp} gp (+{} BP)", gp / 4_000),
        Action::Sell(item_ref) => {
            let offer = game.pending().and_then(|d| {
                crate::rulesets::kingdom::rules::income::sale_offer(
                    game.world(),
                    &d.kingdom,
                    *item_ref,
                )
            });
            let what = match (item_ref, offer) {
                (ItemRef::Leaders(_), Some((_, price, _))) => {
                    format!("the leaders' item worth {price} gp")
                }
                (ItemRef::Leaders(i), None) => format!("the leaders' item {i}"),
                (ItemRef::Slot { at, .. }, Some((Some(t), _, _))) => format!(
                    "a {} item from the settlement at {at:?}",
                    ["minor", "medium", "major"][usize::from(t).min(2)]
                ),
                (ItemRef::Slot { at, .. }, _) => format!("an item from the settlement at {at:?}"),
            };
            match offer {
                // Half of an item under 8,000 gp is under 4,000: the sale brings nothing.
                Some((_, _, 0)) => format!("Sell {what} (Economy check; it would bring 0 BP)"),
                Some((_, _, bp)) => format!("Sell {what} (Economy check; +{bp} BP if it sells)"),
                None => format!("Sell {what}"),
            }
        }
        Action::Hire(t) => {
            let (bp, bonus) = crate::rulesets::kingdom::rules::event::HIRE
                [usize::from(t.saturating_sub(1)).min(2)];
            format!("Hire adventurers: +{bonus} for {bp} BP")
        }
    };
    let cost = Kingdom::describe_cost(&game.action_cost(a));
    if cost.is_empty() || matches!(a, Action::Withdraw(_)) {
        text
    } else {
        format!("{text} - {cost}")
    }
}

fn leader_name(game: &Game, view: &Snapshot, index: u8) -> String {
    let Some(d) = game.pending() else {
        return format!("leader {index}");
    };
    view.kingdoms
        .iter()
        .find(|k| k.kingdom.id == d.kingdom)
        .and_then(|k| k.leaders.get(usize::from(index)))
        .map_or(format!("leader {index}"), |l| l.name.clone())
}

/// " (bonus to Economy, Loyalty)" for the attributes a seat's `focus` bits name; "" for none.
fn focus_names(focus: u8) -> String {
    if focus == 0 {
        return String::new();
    }
    let attrs: Vec<&str> = [(1, "Economy"), (2, "Loyalty"), (4, "Stability")]
        .iter()
        .filter(|(b, _)| focus & b != 0)
        .map(|(_, n)| *n)
        .collect();
    format!(" (bonus to {})", attrs.join(", "))
}
