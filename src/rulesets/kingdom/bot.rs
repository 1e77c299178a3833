//! Kingdom's bot: founds a kingdom on its start hex, explores outward, clears lairs it can beat,
//! claims good land while it keeps a reserve for Consumption, prepares a site and builds a
//! settlement up, and sets its edicts to keep Unrest down. It only looks at hexes its own
//! leaders have explored, and every answer it gives is one the rules accept (`check`).

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::ruleset::SeatBot;
use crate::rulesets::kingdom::content::schema::Forbid;
use crate::rulesets::kingdom::content::schema::{Attr, EdictKind, Role};
use crate::rulesets::kingdom::decision::{Action, DecisionKind, ItemRef};
use crate::rulesets::kingdom::model::{
    Army, Board, Content, DISTRICT_CELLS, HexTile, Kingdom, Leader, Settlement,
};
use crate::rulesets::kingdom::rules::edict::{CLAIM_BP, Why, cells_for, improvement_cost};
use crate::rulesets::kingdom::rules::sheet::{forbidden, holder, limits, role_bonus, totals};
use crate::rulesets::kingdom::rules::{check_as, deciding};
use crate::rulesets::kingdom::{Game, Kingdom as KingdomRuleset};

/// How a bot's leaders govern; each seat gets one from the bot's seed, so that simulations see
/// every kind of kingdom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temperament {
    /// Grows only while its checks stay likely to pass.
    Steady,
    /// Claims land at worse odds and gives hexes up when Unrest climbs.
    Ambitious,
    /// Its leaders draw on the Treasury for themselves when it is full.
    Greedy,
    /// Reshuffles its council twice a year.
    Restless,
    /// Taxes without mercy and feasts on the Treasury: how a kingdom falls into Anarchy.
    Tyrant,
}

pub struct Bot {
    rng: GameRng,
    seed: u64,
    /// (seat, month) of council reshuffles begun, so that each happens once.
    reshuffles: Vec<(u8, u32)>,
    /// Whether the rules' check passed the last answer given (`SeatBot::checked_answer`).
    checked: bool,
}

impl Bot {
    pub fn temperament(&self, seat: u8) -> Temperament {
        match (self.seed.wrapping_add(u64::from(seat) * 3)) % 10 {
            0..=2 => Temperament::Steady,
            3 | 4 => Temperament::Ambitious,
            5 | 6 => Temperament::Greedy,
            7 | 8 => Temperament::Restless,
            _ => Temperament::Tyrant,
        }
    }
}

impl SeatBot<KingdomRuleset> for Bot {
    fn seeded(seed: u64) -> Self {
        Bot {
            rng: GameRng::new(seed ^ 0x6b69_6e67),
            seed,
            reshuffles: Vec::new(),
            checked: false,
        }
    }

    fn choose(&mut self, game: &Game) -> Option<Action> {
        let world = game.world();
        let (k, kind) = deciding(world)?;
        let answer = self
            .pick(world, k, kind)
            .filter(|a| legal_for(world, (k, kind), a));
        self.checked = answer.is_some();
        Some(answer.unwrap_or(Action::Done))
    }

    fn checked_answer(&self) -> bool {
        self.checked
    }
}

/// Whether the rules accept `a` from the kingdom deciding now (the pending decision is the
/// one the bot was asked, so it is not looked up again for every answer weighed).
fn legal_for(world: &World, (k, kind): (Entity, DecisionKind), a: &Action) -> bool {
    check_as(world, k, kind, a, Why::Quiet).is_ok()
}

impl Bot {
    fn pick(&mut self, world: &World, k: Entity, kind: DecisionKind) -> Option<Action> {
        let s = &world.res::<Content>().0;
        let kingdom = world.read::<Kingdom>(k)?;
        let legal = |a: &Action| legal_for(world, (k, kind), a);
        // The sheet's totals, worked out only for the answers that weigh them.
        let sheet = std::cell::OnceCell::new();
        let sh = || sheet.get_or_init(|| totals(world, k));
        let temper = self.temperament(kingdom.seat);
        let month = world.res::<crate::engine::flow::Flow>().round;
        // Keep enough for two months of Consumption before spending.
        let spare = || kingdom.treasury - (2 * sh().consumption.total.max(1) + 2);
        let known = |t: &HexTile| t.explored & (1 << kingdom.seat) != 0;
        let board = world.res::<Board>();
        // The whole map, in board order, read only when a step looks beyond the kingdom's own
        // hexes (and only once per decision).
        let all_tiles = std::cell::OnceCell::new();
        let tiles = || -> &Vec<&HexTile> { all_tiles.get_or_init(|| board.tiles(world)) };
        let home = || {
            kingdom
                .claimed
                .first()
                .and_then(|h| world.read::<HexTile>(*h))
                .map(|t| t.hex)
                .or_else(|| tiles().iter().find(|t| known(t)).map(|t| t.hex))
                .unwrap_or(hexx::Hex::ZERO)
        };
        // What this month's limits by Size still allow: an answer a spent limit forbids is
        // not weighed at all (the rules would refuse every one of them).
        let limit = limits(s, crate::rulesets::kingdom::model::limit_size(kingdom));
        let used = &kingdom.used;
        match kind {
            DecisionKind::Enforcer => {
                (kingdom.unrest > 0 && temper != Temperament::Tyrant).then_some(Action::Enforce)
            }
            DecisionKind::LoseHex => kingdom
                .claimed
                .iter()
                .rev()
                .filter_map(|h| world.read::<HexTile>(*h))
                .min_by_key(|t| (t.settlement.is_some(), t.improvements.len()))
                .map(|t| Action::LoseHex((t.col, t.row))),
            DecisionKind::Leadership => {
                if temper == Temperament::Restless
                    && month.is_multiple_of(6)
                    && !self.reshuffles.contains(&(kingdom.seat, month))
                {
                    // The Councilor steps down; the Consort moves into the seat, and the old
                    // Councilor becomes Consort.
                    let councilor = holder(kingdom, Role::Councilor);
                    let consort = holder(kingdom, Role::Consort);
                    if councilor.is_some() && consort.is_some() {
                        self.reshuffles.push((kingdom.seat, month));
                        return Some(Action::Abdicate {
                            role: Role::Councilor,
                            to: None,
                            focus: 0,
                        });
                    }
                }
                // The kingdom grew: the Ruler's bonus reaches its weakest attributes too.
                if let Some(more) = crate::rulesets::kingdom::rules::edict::ruler_focus_grows(
                    kingdom,
                    kingdom.claimed.len() as u32,
                ) {
                    let mut attrs: Vec<Attr> = Attr::ALL
                        .iter()
                        .copied()
                        .filter(|a| kingdom.ruler_focus & a.bit() == 0)
                        .collect();
                    attrs.sort_by_key(|a| sh().attr(*a).total);
                    let wanted = (more - kingdom.ruler_focus.count_ones()) as usize;
                    let focus = attrs
                        .iter()
                        .take(wanted)
                        .fold(kingdom.ruler_focus, |f, a| f | a.bit());
                    let a = Action::RulerFocus(focus);
                    if legal(&a) {
                        return Some(a);
                    }
                }
                if holder(kingdom, Role::Councilor).is_none()
                    && holder(kingdom, Role::Consort).is_some()
                {
                    return Some(Action::Abdicate {
                        role: Role::Consort,
                        to: Some(Role::Councilor),
                        focus: 0,
                    });
                }
                for role in &s.roles {
                    if holder(kingdom, role.role).is_some() {
                        continue;
                    }
                    let free = kingdom.leaders.iter().enumerate().filter_map(|(i, l)| {
                        let leader = world.read::<Leader>(*l)?;
                        leader.role.is_none().then(|| (role_bonus(role, leader), i))
                    });
                    let Some((_, i)) = free.max() else { continue };
                    let focus = match (role.attribute, role.role) {
                        (Some(_), _) => 0,
                        (None, Role::Ruler) => {
                            let n = crate::rulesets::kingdom::rules::sheet::ruler_attributes(
                                kingdom.claimed.len() as u32,
                            )
                            .min(3);
                            let mut attrs = Attr::ALL.to_vec();
                            attrs.sort_by_key(|a| sh().attr(*a).total);
                            attrs.iter().take(n as usize).fold(0, |f, a| f | a.bit())
                        }
                        (None, _) => Attr::ALL
                            .iter()
                            .min_by_key(|a| sh().attr(**a).total)
                            .map_or(1, |a| a.bit()),
                    };
                    let a = Action::Assign {
                        role: role.role,
                        leader: i as u8,
                        focus,
                    };
                    if legal(&a) {
                        return Some(a);
                    }
                }
                None
            }
            DecisionKind::Claims => {
                if kingdom.claimed.is_empty() {
                    let start = tiles().iter().find(|t| known(t) && t.lair.is_none())?;
                    return Some(Action::Claim((start.col, start.row)));
                }
                // Explore the nearest unknown hexes.
                let home = home();
                let may_explore = used.explored < u32::from(s.house.explorations_per_month);
                // Only the nearest dozen matter.
                let frontier = if may_explore {
                    board.nearest_unexplored(kingdom.seat, home, 12)
                } else {
                    Vec::new()
                };
                for at in frontier {
                    let a = Action::Explore(at);
                    if legal(&a) {
                        return Some(a);
                    }
                }
                // Clear a lair next to the kingdom when an army can likely beat it (one
                // expedition a month).
                let lairs = if used.expeditions < 1 {
                    &board.lairs[..]
                } else {
                    &[]
                };
                let lairs = lairs.iter().filter_map(|h| world.read::<HexTile>(*h));
                for t in lairs.filter(|t| known(t) && t.lair.is_some()) {
                    let dc = t.lair.as_ref().map_or(99, |l| l.dc);
                    for (i, a) in kingdom.armies.iter().enumerate() {
                        let Some(army) = world.read::<Army>(*a) else {
                            continue;
                        };
                        if 11 + 2 * army.strength() + 2 >= dc && army.hp * 2 > army.max_hp() {
                            let act = Action::Clear {
                                at: (t.col, t.row),
                                army: Some(i as u8),
                            };
                            if legal(&act) {
                                return Some(act);
                            }
                        }
                    }
                    if dc <= 12 {
                        let act = Action::Clear {
                            at: (t.col, t.row),
                            army: None,
                        };
                        if legal(&act) {
                            return Some(act);
                        }
                    }
                }
                // Every hex raises Command DC: grow only while the checks stay likely to pass.
                let margin = Attr::ALL
                    .iter()
                    .map(|a| sh().attr(*a).total - kingdom.unrest - sh().command_dc.total)
                    .min()
                    .unwrap_or(0);
                let (most_unrest, worst_margin) = if temper == Temperament::Ambitious {
                    (4, -10)
                } else {
                    (1, -6)
                };
                if temper == Temperament::Ambitious
                    && kingdom.unrest >= 8
                    && kingdom.claimed.len() >= 3
                {
                    // Too big to hold: give up the newest hex without a settlement while the
                    // +1 Unrest of abandoning it still leaves the kingdom short of 11, where
                    // Upkeep takes a hex of its own.
                    if let Some(t) = kingdom
                        .claimed
                        .iter()
                        .rev()
                        .filter_map(|h| world.read::<HexTile>(*h))
                        .find(|t| t.settlement.is_none())
                    {
                        return Some(Action::Abandon((t.col, t.row)));
                    }
                }
                if spare() < 1 || kingdom.unrest > most_unrest || margin < worst_margin {
                    return None;
                }
                if used.claims >= limit.claims
                    || kingdom.treasury < CLAIM_BP
                    || forbidden(s, kingdom, Forbid::Claims).is_some()
                {
                    return None;
                }
                // A new claim touches the kingdom: only the hexes next to it are weighed.
                let mut options: Vec<&HexTile> = Vec::new();
                for h in &kingdom.claimed {
                    let Some(claimed) = world.read::<HexTile>(*h) else {
                        continue;
                    };
                    for n in claimed.hex.all_neighbors() {
                        let (col, row) = crate::rulesets::kingdom::content::spawn::offset(n);
                        let Some(t) = board.at(col, row).and_then(|e| world.read::<HexTile>(e))
                        else {
                            continue;
                        };
                        if known(t)
                            && t.owner.is_none()
                            && t.lair.is_none()
                            && !options.iter().any(|o| o.hex == t.hex)
                        {
                            options.push(t);
                        }
                    }
                }
                options.sort_by_cached_key(|t| {
                    let terrain = &s.terrains[t.terrain];
                    let value = i32::from(terrain.farm.is_some()) * 3
                        + i32::from(t.resource.is_some()) * 2
                        + i32::from(t.river);
                    (-value, t.hex.unsigned_distance_to(home), t.row, t.col)
                });
                options
                    .into_iter()
                    .map(|t| Action::Claim((t.col, t.row)))
                    .find(|a| legal(a))
            }
            DecisionKind::Terrain => {
                if used.terrain >= limit.terrain {
                    return None;
                }
                let has_site = kingdom
                    .claimed
                    .iter()
                    .filter_map(|h| world.read::<HexTile>(*h))
                    .any(|t| t.prepared.is_some() || t.settlement.is_some());
                let wants_second = kingdom.settlements.len() < s.goals.settlements as usize
                    && kingdom.claimed.len() >= 4 + 3 * kingdom.settlements.len();
                let preparing = kingdom
                    .claimed
                    .iter()
                    .filter_map(|h| world.read::<HexTile>(*h))
                    .any(|t| t.prepared.is_some() && t.settlement.is_none());
                if (!has_site || (wants_second && !preparing)) && spare() >= 1 {
                    let mut sites: Vec<&HexTile> = kingdom
                        .claimed
                        .iter()
                        .filter_map(|h| world.read::<HexTile>(*h))
                        .filter(|t| t.settlement.is_none() && t.prepared.is_none())
                        .filter(|t| {
                            !kingdom.settlements.iter().any(|st| {
                                world
                                    .read::<Settlement>(*st)
                                    .and_then(|x| world.read::<HexTile>(x.hex))
                                    .is_some_and(|o| o.hex.unsigned_distance_to(t.hex) < 2)
                            })
                        })
                        .collect();
                    sites.sort_by_key(|t| {
                        (
                            s.terrains[t.terrain].preparation.unwrap_or(99),
                            t.row,
                            t.col,
                        )
                    });
                    if let Some(t) = sites.first() {
                        let a = Action::Prepare((t.col, t.row));
                        if legal(&a) && s.terrains[t.terrain].preparation.unwrap_or(99) <= spare() {
                            return Some(a);
                        }
                    }
                }
                if spare() < 4 {
                    return None;
                }
                let order = ["farm", "mine", "sawmill", "quarry", "road", "fishery"];
                for imp in order {
                    if imp == "road" && kingdom.claimed.len() < 4 {
                        continue;
                    }
                    if imp == "farm" && sh().consumption.total <= 1 {
                        continue;
                    }
                    // The rules refuse an improvement the scenario lacks, one the hex has
                    // already, and one its terrain cannot take: those hexes are not weighed.
                    let Some(i) = s.improvements.iter().position(|d| d.id == imp) else {
                        continue;
                    };
                    let def = &s.improvements[i];
                    for h in &kingdom.claimed {
                        let t = world.read::<HexTile>(*h)?;
                        if matches!(imp, "mine" | "sawmill" | "quarry")
                            && t.resource.is_none()
                            && spare() < 15
                        {
                            continue;
                        }
                        let cost = improvement_cost(s, i, t);
                        let wrong_terrain = !def.terrains.is_empty()
                            && !def.terrains.contains(&s.terrains[t.terrain].id);
                        if t.improvements.contains(&i) || cost.is_none() || wrong_terrain {
                            continue;
                        }
                        let a = Action::Improve {
                            at: (t.col, t.row),
                            improvement: imp.to_string(),
                        };
                        if legal(&a) && cost.unwrap_or(99) <= spare() {
                            return Some(a);
                        }
                    }
                }
                None
            }
            DecisionKind::Settlements => {
                for h in &kingdom.claimed {
                    let t = world.read::<HexTile>(*h)?;
                    let a = Action::Found((t.col, t.row));
                    if t.settlement.is_none() && t.prepared == Some(0) && legal(&a) {
                        return Some(a);
                    }
                }
                if spare() < 1 {
                    return None;
                }
                // The most useful building the Treasury allows, on the first lot that takes it.
                // The weakest attribute (against Command DC) is worth most; Unrest relief only
                // counts while there is Unrest to relieve; nothing that adds Unrest.
                let weakest = Attr::ALL
                    .iter()
                    .copied()
                    .min_by_key(|a| sh().attr(*a).total)
                    .unwrap_or(Attr::Stability);
                // How many of each the kingdom has: variety pays (and fills item slots).
                let mut owned = vec![0i32; s.buildings.len()];
                for st in &kingdom.settlements {
                    if let Some(settlement) = world.read::<Settlement>(*st) {
                        for d in &settlement.districts {
                            for p in &d.placed {
                                owned[p.building] += 1;
                            }
                        }
                    }
                }
                let worth = |i: usize| {
                    let b = &s.buildings[i];
                    let m = &b.mods;
                    if m.unrest > 0 {
                        return -1;
                    }
                    let items = i32::from(b.items.minor + 2 * b.items.medium + 3 * b.items.major);
                    let mut v =
                        3 * (m.eco + m.loy + m.stab) + 3 * m.get(weakest) + 2 * m.bp + 4 * items;
                    if kingdom.unrest > 0 {
                        v -= 5 * m.unrest.max(-kingdom.unrest);
                    }
                    if b.free_first && !kingdom.used.free_house {
                        v += 12;
                    }
                    if b.lots == 0 {
                        v -= 2;
                    }
                    (v * 100) / (b.cost.max(1) + 4) / (1 + owned[i])
                };
                // The 25 wishes after a jitter of up to 2: only the best 27 are ordered (each
                // key ends in the building's own index, so no two are equal).
                let jitter = self.rng.below(3) as usize;
                let mut wishes: Vec<(i32, usize)> =
                    (0..s.buildings.len()).map(|i| (-worth(i), i)).collect();
                if wishes.len() > 27 {
                    wishes.select_nth_unstable(26);
                    wishes.truncate(27);
                }
                wishes.sort_unstable();
                let wishes: Vec<usize> = wishes.into_iter().map(|(_, i)| i).collect();
                for st in &kingdom.settlements {
                    let settlement = world.read::<Settlement>(*st)?;
                    let t = world.read::<HexTile>(settlement.hex)?;
                    let at = (t.col, t.row);
                    for b in wishes.iter().skip(jitter).take(25) {
                        let def = &s.buildings[*b];
                        if def.cost > spare() || worth(*b) <= 0 {
                            continue;
                        }
                        let free = def.free_first && !used.free_house;
                        if !free && limit.buildings.is_some_and(|most| used.buildings >= most) {
                            continue;
                        }
                        for (di, d) in settlement.districts.iter().enumerate() {
                            for cell in 0..DISTRICT_CELLS {
                                for wide in [true, false] {
                                    // Only a two-lot building is laid across or down.
                                    if def.lots != 2 && wide {
                                        continue;
                                    }
                                    // Built-on lots take only an upgrade.
                                    let taken = cells_for(def.lots, cell, wide).is_none_or(|c| {
                                        def.upgrade_from.is_none()
                                            && c.iter().any(|c| d.at(*c).is_some())
                                    });
                                    if taken {
                                        continue;
                                    }
                                    let a = Action::Build {
                                        at,
                                        district: di as u8,
                                        cell,
                                        wide,
                                        building: def.id.clone(),
                                    };
                                    if legal(&a) {
                                        return Some(a);
                                    }
                                }
                            }
                        }
                    }
                    let a = Action::AddDistrict(at);
                    if spare() > 10 && legal(&a) {
                        return Some(a);
                    }
                }
                None
            }
            DecisionKind::Armies => {
                let lair_near = || {
                    let home = home();
                    board
                        .lairs
                        .iter()
                        .filter_map(|h| world.read::<HexTile>(*h))
                        .any(|t| {
                            known(t) && t.lair.is_some() && t.hex.unsigned_distance_to(home) <= 4
                        })
                };
                if kingdom.armies.is_empty()
                    && spare() >= s.house.army_cost + 4
                    && lair_near()
                    && let Some(st) = kingdom
                        .settlements
                        .first()
                        .and_then(|e| world.read::<Settlement>(*e))
                {
                    let t = world.read::<HexTile>(st.hex)?;
                    return Some(Action::RaiseArmy((t.col, t.row)));
                }
                for (i, a) in kingdom.armies.iter().enumerate() {
                    let army = world.read::<Army>(*a)?;
                    if army.hp < army.max_hp() && spare() >= 3 {
                        return Some(Action::RepairArmy(i as u8));
                    }
                    if !army.equipped && spare() >= 6 {
                        return Some(Action::EquipArmy(i as u8));
                    }
                    if army.size < 3 && spare() >= 12 && lair_near() {
                        return Some(Action::ExpandArmy(i as u8));
                    }
                }
                None
            }
            DecisionKind::Edicts => {
                let level = |e: EdictKind| kingdom.edicts[e as usize];
                let (holidays, promotion, taxation) = if temper == Temperament::Tyrant {
                    (0, 0, 4)
                } else if kingdom.unrest >= 4 || sh().loyalty.total < 0 {
                    (1, 1, 1)
                } else if kingdom.treasury < 8 {
                    (0, 1, 2)
                } else {
                    (1, 1, 2)
                };
                for (e, want) in [
                    (EdictKind::Holidays, holidays),
                    (EdictKind::Promotion, promotion),
                    (EdictKind::Taxation, taxation),
                ] {
                    if level(e) != want {
                        return Some(Action::SetEdict {
                            edict: e,
                            level: want,
                        });
                    }
                }
                None
            }
            DecisionKind::Withdraw => match temper {
                Temperament::Greedy => {
                    (kingdom.withdrawn == 0 && kingdom.treasury >= 25 && kingdom.unrest <= 1)
                        .then_some(Action::Withdraw(2))
                }
                Temperament::Tyrant => (kingdom.withdrawn == 0 && kingdom.treasury >= 10)
                    .then_some(Action::Withdraw(3)),
                _ => None,
            },
            DecisionKind::Deposit => (kingdom.purse_gp >= 4_000)
                .then(|| Action::Deposit(kingdom.purse_gp / 4_000 * 4_000)),
            DecisionKind::Sell => {
                if let Some(i) = kingdom.items.iter().position(|gp| *gp > 4_000) {
                    return Some(Action::Sell(ItemRef::Leaders(i as u8)));
                }
                for st in &kingdom.settlements {
                    let settlement = world.read::<Settlement>(*st)?;
                    let t = world.read::<HexTile>(settlement.hex)?;
                    for (di, d) in settlement.districts.iter().enumerate() {
                        for (bi, p) in d.placed.iter().enumerate() {
                            for (si, slot) in p.slots.iter().enumerate() {
                                if slot.1 {
                                    let a = Action::Sell(ItemRef::Slot {
                                        at: (t.col, t.row),
                                        district: di as u8,
                                        building: bi as u8,
                                        slot: si as u8,
                                    });
                                    if legal(&a) {
                                        return Some(a);
                                    }
                                }
                            }
                        }
                    }
                }
                None
            }
            DecisionKind::Hire => (spare() >= 12).then_some(Action::Hire(1)),
        }
    }
}

#[cfg(test)]
mod blind_tests {
    //! The bot decides from what its own seat may see (14): of a hex its leaders have not
    //! explored (and it does not claim) it knows only that it is there, so changing what such
    //! a hex holds must never change the bot's choice.

    use super::*;
    use crate::engine::ruleset::SeatBot;
    use crate::rulesets::kingdom::model::{Content, HexTile, Kingdom as KingdomSeat};

    /// Changes every hex `seat` has not explored: its terrain, river, resource, lair and ruin.
    fn scramble(world: &mut World, seat: u8) {
        let terrains = world.res::<Content>().0.terrains.len();
        let mut tiles = world.query::<&mut HexTile>();
        for mut t in tiles.iter_mut(world) {
            if t.explored & (1 << seat) != 0 || t.owner == Some(seat) {
                continue;
            }
            t.terrain = (t.terrain + 1) % terrains.max(1);
            t.river = !t.river;
            t.resource = match t.resource {
                Some(_) => None,
                None => Some("hidden gold".into()),
            };
            t.lair = None;
            t.ruin = None;
        }
    }

    #[test]
    fn kingdom_bots_choose_the_same_whatever_lies_in_hexes_they_have_not_explored() {
        let mut compared = 0;
        let mut scrambled = 0;
        for seed in [1u64, 2] {
            let mut game = Game::new(
                crate::rulesets::kingdom::content::default_scenario(),
                Default::default(),
                seed,
            )
            .unwrap();
            let mut bot = Bot::seeded(seed);
            for step in 0..3000usize {
                if game.is_over() {
                    break;
                }
                if step % 2 == 0 {
                    let (k, _) = deciding(game.world()).unwrap();
                    let seat = game.world().get::<KingdomSeat>(k).unwrap().seat;
                    let seeing = Bot::seeded(seed ^ step as u64).choose(&game);
                    let mut blind_game = game.replayed_to(game.history().len()).unwrap();
                    scramble(blind_game.world_mut(), seat);
                    if blind_game.state_hash() != game.state_hash() {
                        scrambled += 1;
                    }
                    let blind = Bot::seeded(seed ^ step as u64).choose(&blind_game);
                    assert_eq!(
                        seeing,
                        blind,
                        "seed {seed}, decision {step} ({:?}): the bot's choice changed with what its leaders have not explored",
                        game.pending()
                    );
                    compared += 1;
                }
                let action = bot.choose(&game).unwrap();
                game.apply(action).unwrap();
            }
        }
        assert!(compared > 300, "only {compared} decisions compared");
        assert!(
            scrambled * 2 > compared,
            "{scrambled} of {compared} had anything hidden"
        );
    }
}
