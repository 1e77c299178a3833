//! Power Struggles (17.4, an advanced rule): a deck defined by the scenario whose top card is the
//! face-up Upcoming Power Struggle. The "Activate Power Struggle" event symbol moves it to the
//! Active space and reveals the next one; every Active Power Struggle is scored in Phase 4 E
//! (Battleground Areas, then the card's additional criteria) and discarded. Fabricate Claim
//! costs 1 dip instead of 2 in a Battleground Area of the Active or Upcoming Power Struggle.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::PowerStruggleDef;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::conditions::all_met;
use crate::rulesets::pop::rules::economy::change_prestige;
use crate::rulesets::pop::rules::generic::markers;
use crate::rulesets::pop::rules::military::controller;
use crate::rulesets::pop::rules::relations::{area_of, partners, provinces_of};
use crate::rulesets::pop::state::{Content, Index, key_of, turn_order};

pub struct StrugglePlugin;

impl Plugin for StrugglePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PowerStruggles>();
    }
}

/// The Power Struggle cards on the table (indexes into the scenario's `power_struggles`).
#[derive(Resource, Serialize, Clone, Debug, Default, PartialEq)]
pub struct PowerStruggles {
    /// The deck; its top card, the last, is the face-up Upcoming Power Struggle.
    pub deck: Vec<usize>,
    /// Active Power Struggles in the order they were activated: all are scored in Phase 4 E
    /// (house rule: a second activation before the scoring joins the first).
    pub active: Vec<usize>,
    pub discard: Vec<usize>,
}

impl PowerStruggles {
    pub fn upcoming(&self) -> Option<usize> {
        self.deck.last().copied()
    }
}

/// Whether the game is played with Power Struggles (the scenario's option, or the game's).
fn power_struggles_on(world: &World) -> bool {
    world.res::<Content>().0.options.power_struggles
}

fn def(world: &World, card: usize) -> &PowerStruggleDef {
    &world.res::<Content>().0.power_struggles[card]
}

/// Setup: the deck in the scenario's order (the first listed on top), or shuffled.
pub(crate) fn set_up_power_struggles(world: &mut World) {
    if !power_struggles_on(world) {
        return;
    }
    let content = world.res::<Content>().0.clone();
    let mut deck: Vec<usize> = (0..content.power_struggles.len()).rev().collect();
    if content.options.shuffle_power_struggles {
        world.res_mut::<GameRng>().shuffle(&mut deck);
    }
    world.res_mut::<PowerStruggles>().deck = deck;
    let text = match world.res::<PowerStruggles>().upcoming() {
        Some(card) => format!(
            "The Power Struggle deck holds {} cards; upcoming: \"{}\"",
            content.power_struggles.len(),
            content.power_struggles[card].name
        ),
        None => "The scenario has no Power Struggle cards".to_string(),
    };
    write(
        world,
        Note::new(ids::STRUGGLE_SETUP, text).amount(content.power_struggles.len() as i32),
    );
}

/// The "Activate Power Struggle" symbol: the Upcoming card becomes Active and the next one is
/// revealed. Nothing happens without the rule (a note says so) or with the deck used up.
pub fn activate(world: &mut World, source: &str) {
    if !power_struggles_on(world) {
        write(
            world,
            Note::new(
                ids::STRUGGLE_ACTIVATE,
                format!("\"{source}\": Power Struggles are not in play"),
            ),
        );
        return;
    }
    let Some(card) = world.res_mut::<PowerStruggles>().deck.pop() else {
        write(
            world,
            Note::new(
                ids::STRUGGLE_ACTIVATE,
                format!("\"{source}\": the Power Struggle deck is used up"),
            ),
        );
        return;
    };
    world.res_mut::<PowerStruggles>().active.push(card);
    // The next card of a shuffled deck is shown as the upcoming one (a deck in the scenario's
    // order shows nothing that was not known).
    let shuffled = world
        .res::<crate::rulesets::pop::state::Content>()
        .0
        .options
        .shuffle_power_struggles;
    if shuffled && world.res::<PowerStruggles>().upcoming().is_some() {
        world.res_mut::<crate::engine::rng::GameRng>().show();
    }
    let name = def(world, card).name.clone();
    let next = world.res::<PowerStruggles>().upcoming().map_or_else(
        || "none".to_string(),
        |n| format!("\"{}\"", def(world, n).name),
    );
    write(
        world,
        Note::new(
            ids::STRUGGLE_ACTIVATE,
            format!("\"{source}\": the Power Struggle \"{name}\" becomes active; upcoming: {next}"),
        ),
    );
}

/// Battleground Areas of the Active and Upcoming Power Struggles (entities, stable order).
fn battleground_areas(world: &World) -> Vec<Entity> {
    if !power_struggles_on(world) {
        return Vec::new();
    }
    let board = world.res::<PowerStruggles>();
    let content = &world.res::<Content>().0;
    let index = world.res::<Index>();
    let mut out: Vec<Entity> = board
        .active
        .iter()
        .chain(board.upcoming().iter())
        .flat_map(|c| content.power_struggles[*c].battlegrounds.iter())
        .filter_map(|a| index.get(a))
        .collect();
    out.sort_by_cached_key(|a| crate::rulesets::pop::state::sid_of(world, *a));
    out.dedup();
    out
}

/// Whether an area is a Battleground Area of the Active or Upcoming Power Struggle.
pub fn is_battleground(world: &World, area: Entity) -> bool {
    battleground_areas(world).contains(&area)
}

/// What one realm scores in one Battleground Area: tax value it controls there in halves
/// (a province under its vassal counts half), whether it is the only Player Realm with towns or
/// vassals there (main map only), and whether it has an alliance or marriage there (a partner
/// whose capital lies in the area).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct AreaScore {
    tax_halves: i32,
    alone: bool,
    ties: bool,
}

/// Whether the realm has a town or vassal token in the area.
fn present(world: &World, realm: Entity, area: Entity) -> bool {
    crate::rulesets::pop::rules::towns::token_provinces(world, realm, |_| true)
        .into_iter()
        .any(|p| area_of(world, p) == Some(area))
}

fn area_score(world: &World, realm: Entity, area: Entity) -> AreaScore {
    let mut tax_halves = 0;
    let vassals = crate::rulesets::pop::rules::rebels::vassals_in(world, realm, area, false);
    for p in provinces_of(world, area) {
        if controller(world, p) != Some(realm) || world.read::<RebelTown>(p).is_some() {
            continue;
        }
        let tax = world.read::<Province>(p).map_or(0, Province::tax_value);
        tax_halves += if vassals.contains(&p) { tax } else { 2 * tax };
    }
    let main_map = world.read::<Area>(area).is_some_and(|a| !a.distant);
    let seats = &world.res::<crate::rulesets::pop::state::Seats>().0;
    let alone = main_map
        && present(world, realm, area)
        && seats
            .iter()
            .all(|o| *o == realm || !present(world, *o, area));
    let capital_here = |partner: Entity| {
        crate::rulesets::pop::rules::relations::capital_area(world, partner) == Some(area)
    };
    let allied_here = partners::<Alliance>(world, realm)
        .into_iter()
        .any(capital_here);
    let married_here = markers::<Marriage>(world)
        .iter()
        .filter(|(_, m)| !m.disputed())
        .filter_map(|(_, m)| m.other(realm))
        .any(capital_here);
    AreaScore {
        tax_halves,
        alone,
        ties: allied_here || married_here,
    }
}

/// Prestige a realm scores for the Battleground Areas of a card: the controlled tax value
/// (halves added up over the card's areas, then rounded down as tax income is), +1 per area held
/// alone, +1 per area with an alliance or marriage.
pub fn battleground_prestige(world: &World, realm: Entity, card: usize) -> (i32, Vec<String>) {
    let index = world.res::<Index>();
    let mut halves = 0;
    let mut bonus = 0;
    let mut parts = Vec::new();
    for id in &world.res::<Content>().0.power_struggles[card].battlegrounds {
        let Some(area) = index.get(id) else { continue };
        let s = area_score(world, realm, area);
        halves += s.tax_halves;
        bonus += i32::from(s.alone) + i32::from(s.ties);
        if s.tax_halves > 0 || s.alone || s.ties {
            let mut what = Vec::new();
            if s.tax_halves > 0 {
                let half = if s.tax_halves % 2 == 1 { ".5" } else { "" };
                what.push(format!("tax {}{half}", s.tax_halves / 2));
            }
            if s.alone {
                what.push("alone".to_string());
            }
            if s.ties {
                what.push("alliance or marriage".to_string());
            }
            parts.push(format!("{id}: {}", what.join(", ")));
        }
    }
    (halves / 2 + bonus, parts)
}

/// Phase 4 E: each Active Power Struggle is scored, then discarded.
pub fn score_power_struggles(world: &mut World) {
    let active = std::mem::take(&mut world.res_mut::<PowerStruggles>().active);
    for card in active {
        score_card(world, card);
        world.res_mut::<PowerStruggles>().discard.push(card);
        let name = def(world, card).name.clone();
        write(
            world,
            Note::new(
                ids::STRUGGLE_DISCARD,
                format!("The Power Struggle \"{name}\" is scored and discarded"),
            ),
        );
    }
}

fn score_card(world: &mut World, card: usize) {
    // One clone of the card for the scoring, which writes to the world while reading it.
    let def = def(world, card).clone();
    let realms = turn_order(world);
    for realm in &realms {
        let (prestige, parts) = battleground_prestige(world, *realm, card);
        if prestige == 0 {
            continue;
        }
        let name = key_of(world, *realm);
        write(
            world,
            Note::new(
                ids::STRUGGLE_BATTLEGROUND,
                format!(
                    "{name} scores {prestige} prestige in the battlegrounds of \"{}\" ({})",
                    def.name,
                    parts.join("; ")
                ),
            )
            .realm(name),
        );
        change_prestige(world, *realm, prestige, ids::STRUGGLE_BATTLEGROUND);
    }
    for criterion in &def.criteria {
        for realm in &realms {
            let name = key_of(world, *realm);
            if !criterion.realms.is_empty() && !criterion.realms.contains(&name) {
                continue;
            }
            let met = all_met(world, *realm, &criterion.conditions);
            let prestige = if met { criterion.met } else { criterion.failed };
            if prestige == 0 {
                continue;
            }
            let verb = if met { "meets" } else { "fails" };
            write(
                world,
                Note::new(
                    ids::STRUGGLE_CRITERIA,
                    format!(
                        "{name} {verb} \"{}\" of \"{}\": {prestige:+} prestige",
                        criterion.text, def.name
                    ),
                )
                .realm(name),
            );
            change_prestige(world, *realm, prestige, ids::STRUGGLE_CRITERIA);
        }
    }
}
