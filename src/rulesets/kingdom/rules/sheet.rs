//! The kingdom sheet: Economy, Loyalty and Stability with every modifier behind them,
//! Consumption, Size, districts and Command DC, computed from the kingdom's own indexes (its
//! claimed hexes, settlements, leaders and armies); and the kingdom check (d20 + attribute -
//! Unrest against a DC, natural 1 and 20, every modifier logged).

use std::fmt::Write;

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::kingdom::content::Scenario;
use crate::rulesets::kingdom::content::schema::{
    Alignment, Attr, EdictKind, Forbid, LimitRow, Mods, Role, RoleDef, Special,
};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Army, Content, HexTile, Kingdom, Leader, Settlement};

/// One modifier behind a figure.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Line {
    pub label: String,
    pub value: i32,
}

/// A figure of the sheet and the modifiers it sums.
#[derive(Serialize, Clone, Debug, Default, PartialEq)]
pub struct Figure {
    pub total: i32,
    pub lines: Vec<Line>,
    /// What is kept beside the total.
    #[serde(skip)]
    keep: Keep,
    /// The explanation, written as the modifiers come (`Keep::Text`).
    #[serde(skip)]
    text: String,
}

/// What a figure keeps of the modifiers behind it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Keep {
    /// Every modifier as a `Line` (the sheet a person looks at).
    #[default]
    Lines,
    /// Only the explanation's text (a logged check): no `Line` made.
    Text,
    /// Only the total (`totals`): no label written at all.
    Total,
}

/// A modifier's label, written only when the sheet keeps it.
pub trait Label {
    fn write_to(self, out: &mut String);
}

impl Label for &str {
    fn write_to(self, out: &mut String) {
        out.push_str(self);
    }
}

/// Pieces written one after another (`[role, " vacant"]`): a label without the formatting
/// machinery, for the ones every sheet writes many times (a line per building).
impl<const N: usize> Label for [&str; N] {
    fn write_to(self, out: &mut String) {
        for piece in self {
            out.push_str(piece);
        }
    }
}

impl<F: FnOnce(&mut String)> Label for F {
    fn write_to(self, out: &mut String) {
        self(out)
    }
}

/// A label formatted straight into the explanation: `label!("{} x{n}", def.name)`.
macro_rules! label {
    ($($format:tt)*) => {
        |out: &mut String| {
            // Writing to a String cannot fail.
            let _ = write!(out, $($format)*);
        }
    };
}

impl Figure {
    #[inline(always)]
    fn add(&mut self, label: impl Label, value: i32) {
        if value == 0 {
            return;
        }
        self.total += value;
        if self.keep != Keep::Total {
            self.keep_label(label, value);
        }
    }

    fn keep_label(&mut self, label: impl Label, value: i32) {
        match self.keep {
            Keep::Total => {}
            Keep::Lines => {
                let mut text = String::new();
                label.write_to(&mut text);
                self.lines.push(Line { label: text, value });
            }
            Keep::Text => {
                // The same words `explain` makes from lines ("2 (a) + 3 (b) - 1 (c)"), written
                // by hand: a kingdom check writes a dozen of them.
                if self.text.is_empty() {
                    if value < 0 {
                        self.text.push('-');
                    }
                } else {
                    self.text.push_str(if value < 0 { " - " } else { " + " });
                }
                self.text
                    .push_str(itoa::Buffer::new().format(value.unsigned_abs()));
                self.text.push_str(" (");
                label.write_to(&mut self.text);
                self.text.push(')');
            }
        }
    }

    /// "2 (alignment) + 3 (Ruler) - 1 (Taxation)".
    pub fn explain(&self) -> String {
        if self.keep == Keep::Text {
            return if self.text.is_empty() {
                "0".into()
            } else {
                self.text.clone()
            };
        }
        if self.lines.is_empty() {
            return "0".into();
        }
        let mut out = String::new();
        for (i, l) in self.lines.iter().enumerate() {
            let sign = if l.value < 0 { "-" } else { "+" };
            // Writing to a String cannot fail.
            let _ = if i == 0 {
                write!(out, "{} ({})", l.value, l.label)
            } else {
                write!(out, " {sign} {} ({})", l.value.abs(), l.label)
            };
        }
        out
    }
}

/// The kingdom sheet.
#[derive(Serialize, Clone, Debug, Default, PartialEq)]
pub struct Sheet {
    pub economy: Figure,
    pub loyalty: Figure,
    pub stability: Figure,
    pub consumption: Figure,
    pub command_dc: Figure,
    pub size: u32,
    pub districts: u32,
    pub buildings: u32,
    pub defense: i32,
    pub fame: i32,
    /// BP the kingdom's Mines, Quarries, Sawmills and buildings add to taxes.
    pub bp_income: i32,
    pub unrest: i32,
    pub treasury: i32,
    /// Roles without a leader (or whose new leader is still settling in).
    pub vacant: Vec<Role>,
}

impl Sheet {
    pub fn attr(&self, attr: Attr) -> &Figure {
        match attr {
            Attr::Economy => &self.economy,
            Attr::Loyalty => &self.loyalty,
            Attr::Stability => &self.stability,
        }
    }

    fn attr_mut(&mut self, attr: Attr) -> &mut Figure {
        match attr {
            Attr::Economy => &mut self.economy,
            Attr::Loyalty => &mut self.loyalty,
            Attr::Stability => &mut self.stability,
        }
    }

    fn add_mods(&mut self, label: impl Label + Copy, mods: &Mods, times: i32) {
        self.economy.add(label, mods.eco * times);
        self.loyalty.add(label, mods.loy * times);
        self.stability.add(label, mods.stab * times);
        self.consumption.add(label, mods.consumption * times);
        self.defense += mods.defense * times;
        self.fame += mods.fame * times;
        self.bp_income += mods.bp * times;
    }
}

/// An ability score's modifier: (score - 10) / 2, rounded down.
pub fn ability_modifier(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// What a leader adds in a role: the best modifier of the role's abilities, halved (rounded
/// down) for a role that takes half.
pub fn role_bonus(role: &RoleDef, leader: &Leader) -> i32 {
    let best = role
        .abilities
        .iter()
        .map(|a| ability_modifier(leader.abilities[*a as usize]))
        .max()
        .unwrap_or(0);
    if role.half { best.div_euclid(2) } else { best }
}

/// How many attributes the Ruler's bonus goes to at this Size.
pub fn ruler_attributes(size: u32) -> u32 {
    match size {
        0..=25 => 1,
        26..=100 => 2,
        _ => 3,
    }
}

/// The improvement limits row for a Size.
pub fn limits(s: &Scenario, size: u32) -> &LimitRow {
    s.limits
        .iter()
        .find(|row| row.max_size.is_none_or(|max| size <= max))
        .or(s.limits.last())
        .expect("validated: at least one limits row")
}

/// The leader holding a role, if any.
pub fn holder(k: &Kingdom, role: Role) -> Option<Entity> {
    let i = k.roles.iter().position(|r| *r == Some(role))?;
    k.leaders.get(i).copied()
}

/// Whether a role's vacancy penalty applies: nobody holds it, or its new leader is settling in.
pub fn is_vacant(k: &Kingdom, role: Role) -> bool {
    k.transition.contains(&role) || holder(k, role).is_none()
}

/// Whether a vacant role stops the kingdom from doing this.
pub fn forbidden(s: &Scenario, k: &Kingdom, what: Forbid) -> Option<Role> {
    s.roles
        .iter()
        .find(|r| r.vacancy_forbids.contains(&what) && is_vacant(k, r.role))
        .map(|r| r.role)
}

/// Whether any building of the kingdom has each of these special powers (one walk over the
/// buildings for all of them).
fn has_specials<const N: usize>(
    world: &World,
    s: &Scenario,
    k: &Kingdom,
    specials: [Special; N],
) -> [bool; N] {
    let mut found = [false; N];
    for st in k
        .settlements
        .iter()
        .filter_map(|e| world.read::<Settlement>(*e))
    {
        for p in st.districts.iter().flat_map(|d| &d.placed) {
            for (i, special) in specials.iter().enumerate() {
                found[i] |= s.buildings[p.building].special.contains(special);
            }
        }
    }
    found
}

/// The whole sheet of a kingdom, every figure with the modifiers behind it.
pub fn sheet(world: &World, kingdom: Entity) -> Sheet {
    build_sheet(world, kingdom, Detail::All)
}

/// The sheet's totals alone, without the lines behind them: for the bots and the rules'
/// own questions, which ask often and read only the numbers.
pub fn totals(world: &World, kingdom: Entity) -> Sheet {
    build_sheet(world, kingdom, Detail::Totals)
}

/// The Command DC's base, before Size and districts (seed 004).
const COMMAND_DC_BASE: i32 = 20;

/// The Command DC alone, as the sheet sums it (20 + Size + districts): the DC of most kingdom
/// checks, asked before each, without working out the rest of the sheet.
pub fn command_dc(world: &World, kingdom: Entity) -> i32 {
    let k = world.read::<Kingdom>(kingdom).expect("a kingdom");
    let districts: usize = k
        .settlements
        .iter()
        .filter_map(|st| world.read::<Settlement>(*st))
        .map(|st| st.districts.len())
        .sum();
    COMMAND_DC_BASE + k.claimed.len() as i32 + districts as i32
}

/// The sheet with the lines behind one figure only (the one a check or a payment explains).
pub fn explaining(world: &World, kingdom: Entity, figure: Detail) -> Sheet {
    build_sheet(world, kingdom, figure)
}

/// Which figures of a sheet keep the lines behind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    All,
    Totals,
    Attr(Attr),
    Consumption,
}

/// What buildings give the terrain improvements near them (`BuildingDef::boosts`, a Stockyard's
/// Farms): for each of the kingdom's hexes in or next to a settlement's hex holding such a
/// building, once per improvement and kind of building, however many of that kind stand near.
fn add_boosts(world: &World, s: &Scenario, k: &Kingdom, sheet: &mut Sheet) {
    if s.buildings.iter().all(|b| b.boosts.is_empty()) {
        return;
    }
    // (hex, building kind) for every hex a boosting building reaches.
    let mut reach: Vec<(Entity, usize)> = Vec::new();
    for st in &k.settlements {
        let Some(settlement) = world.read::<Settlement>(*st) else {
            continue;
        };
        let Some(tile) = world.read::<HexTile>(settlement.hex) else {
            continue;
        };
        let near: Vec<Entity> = std::iter::once(settlement.hex)
            .chain(crate::rulesets::kingdom::rules::edict::neighbours(
                world, tile,
            ))
            .collect();
        for placed in settlement.districts.iter().flat_map(|d| &d.placed) {
            if s.buildings[placed.building].boosts.is_empty() {
                continue;
            }
            for hex in &near {
                if !reach.contains(&(*hex, placed.building)) {
                    reach.push((*hex, placed.building));
                }
            }
        }
    }
    for hex in &k.claimed {
        let Some(tile) = world.read::<HexTile>(*hex) else {
            continue;
        };
        for (_, b) in reach.iter().filter(|(h, _)| h == hex) {
            let building = &s.buildings[*b];
            for (improvement, mods) in &building.boosts {
                let Some(i) = s.improvements.iter().position(|d| &d.id == improvement) else {
                    continue;
                };
                if tile.improvements.contains(&i) {
                    let name = s.improvements[i].name.as_str();
                    sheet.add_mods(label!("{name} next to a {}", building.name), mods, 1);
                }
            }
        }
    }
}

fn build_sheet(world: &World, kingdom: Entity, detail: Detail) -> Sheet {
    let s = &world.res::<Content>().0;
    let k = world.read::<Kingdom>(kingdom).expect("a kingdom");
    // A check explains one figure in its log line; the sheet a person opens keeps every line.
    let figure = |shown: bool| Figure {
        keep: match (detail, shown) {
            (Detail::All, _) => Keep::Lines,
            (_, true) => Keep::Text,
            (_, false) => Keep::Total,
        },
        ..Default::default()
    };
    let mut sheet = Sheet {
        size: k.claimed.len() as u32,
        unrest: k.unrest,
        treasury: k.treasury,
        economy: figure(detail == Detail::Attr(Attr::Economy)),
        loyalty: figure(detail == Detail::Attr(Attr::Loyalty)),
        stability: figure(detail == Detail::Attr(Attr::Stability)),
        consumption: figure(detail == Detail::Consumption),
        command_dc: figure(false),
        ..Default::default()
    };

    // Alignment.
    let (eco, loy, stab) = match k.alignment {
        Alignment::LawfulGood => (2, 2, 0),
        Alignment::NeutralGood => (0, 2, 2),
        Alignment::ChaoticGood => (0, 4, 0),
        Alignment::LawfulNeutral => (2, 0, 2),
        Alignment::Neutral => (0, 0, 4),
        Alignment::ChaoticNeutral => (0, 2, 2),
        Alignment::LawfulEvil => (4, 0, 0),
        Alignment::NeutralEvil => (2, 0, 2),
        Alignment::ChaoticEvil => (2, 2, 0),
    };
    sheet.economy.add("alignment", eco);
    sheet.loyalty.add("alignment", loy);
    sheet.stability.add("alignment", stab);

    // Leaders and vacancies: who holds each role, read once.
    let holders: Vec<(Role, &Leader)> = k
        .roles
        .iter()
        .zip(&k.leaders)
        .filter_map(|(r, l)| Some(((*r)?, world.read::<Leader>(*l)?)))
        .collect();
    for role in &s.roles {
        let held = holders
            .iter()
            .find(|(r, _)| *r == role.role)
            .map(|(_, l)| *l);
        let vacant = held.is_none() || k.transition.contains(&role.role);
        if vacant {
            if role.vacancy != Mods::default()
                || role.vacancy_unrest != 0
                || !role.vacancy_forbids.is_empty()
            {
                sheet.vacant.push(role.role);
            }
            sheet.add_mods([role.name.as_str(), " vacant"], &role.vacancy, 1);
            continue;
        }
        let Some(leader) = held else {
            continue;
        };
        let bonus = role_bonus(role, leader);
        let label = [role.name.as_str(), " ", leader.name.as_str()];
        match role.attribute {
            Some(attr) => sheet.attr_mut(attr).add(label, bonus),
            None => {
                let (focus, most) = match role.role {
                    Role::Ruler => (k.ruler_focus, ruler_attributes(sheet.size)),
                    _ => (k.spymaster_focus, 1),
                };
                let mut given = 0;
                for attr in Attr::ALL {
                    if focus & attr.bit() != 0 && given < most {
                        sheet.attr_mut(attr).add(label, bonus);
                        given += 1;
                    }
                }
            }
        }
    }
    if k.enforcer_penalty {
        sheet.loyalty.add("Royal Enforcer's failed check", -1);
    }

    // Edicts. (A role is vacant as `is_vacant` says, read from the holders found above.)
    let no_holiday_benefit = s.roles.iter().any(|r| {
        r.vacancy_forbids.contains(&Forbid::HolidayBenefit)
            && (k.transition.contains(&r.role) || !holders.iter().any(|(h, _)| *h == r.role))
    });
    let [halve_promotion, halve_taxation] = has_specials(
        world,
        s,
        k,
        [
            Special::HalvePromotionConsumption,
            Special::HalveTaxationLoyalty,
        ],
    );
    for edict in &s.edicts {
        let level = usize::from(k.edicts[edict.kind as usize]).min(edict.levels.len() - 1);
        let l = &edict.levels[level];
        let label = label!("{:?}: {}", edict.kind, l.name);
        let mut mods = l.mods;
        match edict.kind {
            EdictKind::Holidays if no_holiday_benefit && mods.loy > 0 => mods.loy = 0,
            EdictKind::Promotion if halve_promotion && mods.consumption > 0 => {
                mods.consumption /= 2;
            }
            EdictKind::Taxation if halve_taxation && mods.loy < 0 => mods.loy /= 2,
            _ => {}
        }
        sheet.add_mods(label, &mods, 1);
    }

    // Size and terrain improvements.
    sheet.consumption.add("Size", sheet.size as i32);
    let mut counts = vec![0u32; s.improvements.len()];
    for hex in &k.claimed {
        let Some(tile) = world.read::<HexTile>(*hex) else {
            continue;
        };
        for imp in &tile.improvements {
            counts[*imp] += 1;
            if tile.resource.is_some() {
                let def = &s.improvements[*imp];
                sheet.add_mods(
                    [def.name.as_str(), " on a resource"],
                    &def.resource_bonus,
                    1,
                );
            }
        }
    }
    add_boosts(world, s, k, &mut sheet);
    for (i, n) in counts.iter().enumerate() {
        if *n == 0 {
            continue;
        }
        let def = &s.improvements[i];
        sheet.add_mods(label!("{} x{n}", def.name), &def.mods, *n as i32);
        for every in &def.every {
            let times = (*n / every.count) as i32;
            sheet.add_mods(
                label!("{} per {}", def.name, every.count),
                &every.mods,
                times,
            );
        }
    }

    // Settlements and buildings.
    for st in &k.settlements {
        let Some(settlement) = world.read::<Settlement>(*st) else {
            continue;
        };
        sheet.districts += settlement.districts.len() as u32;
        for d in &settlement.districts {
            for p in &d.placed {
                let def = &s.buildings[p.building];
                sheet.buildings += 1;
                sheet.add_mods(def.name.as_str(), &def.mods, 1);
            }
        }
    }

    // Armies eat too.
    let army_food: i32 = k
        .armies
        .iter()
        .filter_map(|a| world.read::<Army>(*a))
        .map(|a| i32::from(a.size))
        .sum();
    sheet.consumption.add("army units", army_food);

    // Events' lasting effects.
    for t in &k.temp {
        if let Some(attr) = t.attr {
            sheet.attr_mut(attr).add(t.source.as_str(), t.amount);
        }
    }
    let percent: i32 = k
        .temp
        .iter()
        .filter(|t| t.attr.is_none())
        .map(|t| t.consumption_percent)
        .sum();
    if percent != 0 {
        let base = sheet.consumption.total.max(0);
        sheet
            .consumption
            .add(label!("events {percent:+}%"), base * percent / 100);
    }
    if sheet.consumption.total < 0 {
        let floor = -sheet.consumption.total;
        sheet.consumption.add("never below 0", floor);
    }

    sheet.command_dc.add("base", COMMAND_DC_BASE);
    sheet.command_dc.add("Size", sheet.size as i32);
    sheet.command_dc.add("districts", sheet.districts as i32);
    sheet
}

/// The outcome of a kingdom check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckRoll {
    pub natural: i32,
    pub total: i32,
    pub dc: i32,
    pub success: bool,
}

impl CheckRoll {
    /// By how much the check failed (0 on a success).
    pub fn failed_by(&self) -> i32 {
        if self.success {
            0
        } else {
            (self.dc - self.total).max(1)
        }
    }
}

/// Rolls a d20.
pub fn d20(world: &mut World) -> i32 {
    world.res_mut::<GameRng>().below(20) as i32 + 1
}

/// A kingdom check: d20 + attribute - Unrest (+ `extra`) against `dc`. A natural 1 fails and a
/// natural 20 succeeds; in Anarchy the result counts as 0. Logged with every modifier.
pub fn kingdom_check(
    world: &mut World,
    kingdom: Entity,
    attr: Attr,
    dc: i32,
    dc_text: &str,
    extra: &[(String, i32)],
    purpose: &str,
) -> CheckRoll {
    let sheet = explaining(world, kingdom, Detail::Attr(attr));
    let natural = d20(world);
    let (id, anarchy, unrest) = {
        let k = world.read::<Kingdom>(kingdom).expect("kingdom");
        (k.id.clone(), k.anarchy, k.unrest)
    };
    let figure = sheet.attr(attr);
    let extra_sum: i32 = extra.iter().map(|(_, v)| v).sum();
    let total = if anarchy {
        0
    } else {
        natural + figure.total - unrest + extra_sum
    };
    let success = !anarchy && natural != 1 && (natural == 20 || total >= dc);
    let mut text = format!(
        "{attr:?} check ({purpose}): d20 {natural} + {attr:?} {} [{}] - Unrest {unrest}",
        figure.total,
        figure.explain()
    );
    for (label, v) in extra {
        text += &format!(" {} {} ({label})", if *v < 0 { "-" } else { "+" }, v.abs());
    }
    text += &format!(" = {total} against {dc_text} {dc}");
    if anarchy {
        text += ": in Anarchy every result counts as 0";
    }
    let roll = CheckRoll {
        natural,
        total,
        dc,
        success,
    };
    text += &match (success, natural) {
        (true, 20) => ": a natural 20 succeeds".to_string(),
        (true, _) => ": success".to_string(),
        (false, 1) if !anarchy => ": a natural 1 fails".to_string(),
        (false, _) => format!(": failed by {}", roll.failed_by()),
    };
    write(world, Note::new(ids::CHECK, text).realm(id).amount(total));
    roll
}
