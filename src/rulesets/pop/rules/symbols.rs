//! Event bottom-row symbols (16.5, FACTS 3) that ask choices: Lost at Sea, Disloyal Vassals and
//! Native Uprising visit player by player; on the Event taken the Active Player places the
//! pirate, the DNPR's marker and the religious tokens. The Event nobody took resolves them by the
//! auto-resolution (here for DNPR Expansion, the Spread of Religious Ideas and of the
//! Revolution).

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::Religion;
use crate::rulesets::pop::decision::{Action, DecisionKind};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::core_owners;
use crate::rulesets::pop::state::{Index, key_of, sid_of, sort_dedup_by_sid};

/// The dynamic Non-Player Realm a DNPR Expansion symbol names, if it expands in this game: a
/// Non-Player Realm in play and no Active Ally (16.5 "which is not currently an Active Ally").
/// Logs why not otherwise.
pub fn expanding_dnpr(world: &mut World, tag: Id) -> Option<Entity> {
    let dnpr = world
        .res::<Index>()
        .get(tag)
        .filter(|r| world.read::<NonPlayerRealm>(*r).is_some());
    let why = match dnpr {
        None => "is not a Non-Player Realm in this game",
        Some(d)
            if crate::rulesets::pop::rules::war::active_allies(world)
                .contains(&sid_of(world, d)) =>
        {
            "is an Active Ally and does not expand"
        }
        Some(d) => return Some(d),
    };
    write(
        world,
        Note::new(
            ids::EFFECT_NO_TARGET,
            format!("DNPR expansion: {tag} {why}"),
        ),
    );
    None
}

/// Where `dnpr` may place its marker (16.5, DNPR Expansion): a province of another realm in one
/// of its areas or an area next to them by land; not a capital (unless the last province of a
/// Non-Player Realm), not occupied, no rebel town, no Player Realm's core, not its ally's and
/// not under its marker already. In the auto-resolution's order: its own areas first, then the
/// owner with the lower tax income, then id.
pub fn dnpr_targets(world: &World, dnpr: Entity) -> Vec<Entity> {
    let own_areas: Vec<Entity> = owned(world, dnpr)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    let mut areas = own_areas.clone();
    areas.extend(
        own_areas
            .iter()
            .filter_map(|a| world.read::<LandBorders>(*a))
            .flat_map(|b| b.0.iter().map(|(n, _)| *n)),
    );
    sort_dedup_by_sid(world, &mut areas);
    let allies = partners::<Alliance>(world, dnpr);
    let eligible = |p: Entity| {
        let Some(owner) = owner(world, p).filter(|o| *o != dnpr) else {
            return false;
        };
        let capital = world.read::<Capital>(owner).is_some_and(|c| c.0 == p);
        let last_of_npr =
            world.read::<NonPlayerRealm>(owner).is_some() && owned(world, owner).len() == 1;
        (!capital || last_of_npr)
            && world.read::<ControlledBy>(p).map(|c| c.0) == Some(owner)
            && world.read::<RebelTown>(p).is_none()
            && !allies.contains(&owner)
            // Its marker already lies under a Player Realm's holding there.
            && world.read::<NprMarker>(p).is_none_or(|m| m.0 != dnpr)
            && !core_owners(world, p)
                .iter()
                .any(|c| world.read::<PlayerRealm>(*c).is_some())
    };
    let mut provinces: Vec<(bool, i32, Id, Entity)> = areas
        .iter()
        .flat_map(|a| provinces_of(world, *a))
        .filter(|p| eligible(*p))
        .map(|p| {
            let near = area_of(world, p).is_some_and(|a| own_areas.contains(&a));
            // "the eligible NPR with the lowest Tax Income": the owner's, all its provinces.
            let income: i32 = owner(world, p).map_or(0, |o| {
                owned(world, o)
                    .iter()
                    .filter_map(|q| world.read::<Province>(*q).map(Province::tax_value))
                    .sum()
            });
            (!near, income, key_of(world, p), p)
        })
        .collect();
    provinces.sort();
    provinces.into_iter().map(|(.., p)| p).collect()
}

/// DNPR Expansion by the auto-resolution (the Event nobody took): the first Non-Player Realm's
/// province of `dnpr_targets`; with none, a Player Realm's holding there (house rule).
pub fn dnpr_expansion(world: &mut World, tag: Id) {
    let Some(dnpr) = expanding_dnpr(world, tag) else {
        return;
    };
    let targets = dnpr_targets(world, dnpr);
    let npr =
        |p: &&Entity| owner(world, **p).is_some_and(|o| world.read::<NonPlayerRealm>(o).is_some());
    match targets.iter().find(npr).or(targets.first()).copied() {
        Some(p) => dnpr_takes(world, dnpr, p),
        None => nothing_to_take(world, tag),
    }
}

fn nothing_to_take(world: &mut World, tag: Id) {
    write(
        world,
        Note::new(
            ids::EFFECT_NO_TARGET,
            format!("DNPR expansion: {tag} has no neighbouring province to take"),
        ),
    );
}

/// `dnpr` places its marker on `province` (16.5): a Non-Player Realm's province is taken over;
/// under a Player Realm's town or vassal the marker makes it the DNPR's core, and the holding
/// gains unrest.
pub fn dnpr_takes(world: &mut World, dnpr: Entity, province: Entity) {
    let Some(holder) = owner(world, province) else {
        return;
    };
    let (tag, place, from) = (
        key_of(world, dnpr),
        key_of(world, province),
        key_of(world, holder),
    );
    let sid = sid_of(world, province);
    world.entity_mut(province).insert(NprMarker(dnpr));
    if world.read::<PlayerRealm>(holder).is_some() {
        write(
            world,
            Note::new(
                ids::DNPR_EXPANSION,
                format!(
                    "{tag} expands under {from}'s holding in {place}: its core now, and unrest"
                ),
            )
            .realm(tag)
            .subject(sid),
        );
        crate::rulesets::pop::rules::effects::add_unrest(world, holder, province);
        return;
    }
    world
        .entity_mut(province)
        .insert((OwnedBy(dnpr), ControlledBy(dnpr)));
    write(
        world,
        Note::new(
            ids::DNPR_EXPANSION,
            format!("{tag} expands: it takes {place} from {from}"),
        )
        .realm(tag)
        .subject(sid),
    );
}

/// Tokens the Spread of Religious Ideas places at most.
pub const RELIGION_TOKENS: usize = 4;

/// The faiths that spread (16.5 "Infectious Faiths"), Protestant first.
const INFECTIOUS: [Religion; 2] = [Religion::Protestant, Religion::CounterReformed];

/// The faiths a spread places: the infectious ones, or the revolution's token alone.
fn spread_faiths(revolution: bool) -> &'static [Religion] {
    if revolution {
        &[Religion::Revolutionary]
    } else {
        &INFECTIOUS
    }
}

/// A Spread of Religious Ideas under way (16.5); present only while its tokens are placed.
#[derive(Resource, Clone, Debug, Default)]
pub struct FaithSpread {
    /// The clusters of each infectious faith as they stood when the symbol resolved.
    pub clusters: Vec<(Religion, Vec<Entity>)>,
    /// The tokens placed so far, in order.
    pub placed: Vec<(Entity, Religion)>,
    /// A Spread of the Revolution: Revolutionary tokens beside clusters of them.
    pub revolution: bool,
}

impl FaithSpread {
    /// The spread as the state hash reads it: areas by id.
    pub fn describe(&self, world: &World) -> String {
        let ids = |areas: &[Entity]| areas.iter().map(|a| key_of(world, *a)).collect::<Vec<_>>();
        let clusters: Vec<_> = self.clusters.iter().map(|(f, c)| (f, ids(c))).collect();
        let placed: Vec<_> = self
            .placed
            .iter()
            .map(|(a, f)| (key_of(world, *a), f))
            .collect();
        format!("clusters {clusters:?}, placed {placed:?}")
    }
}

/// Starts a Spread of Religious Ideas: "A cluster is any body of Areas connected by Land that
/// share the same Religion", for Protestant and Counter-Reformed areas of the main map.
pub fn start_faith_spread(world: &mut World, revolution: bool) {
    let mut clusters: Vec<(Religion, Vec<Entity>)> = Vec::new();
    let mut areas = all_of::<Area>(world);
    sort_dedup_by_sid(world, &mut areas);
    for &faith in spread_faiths(revolution) {
        let of_faith: Vec<Entity> = areas
            .iter()
            .copied()
            .filter(|a| {
                world.read::<Area>(*a).is_some_and(|x| !x.distant)
                    && crate::rulesets::pop::rules::religion::area_faith(world, *a) == Some(faith)
            })
            .collect();
        let mut seen: Vec<Entity> = Vec::new();
        for start in &of_faith {
            if seen.contains(start) {
                continue;
            }
            let mut cluster = vec![*start];
            let mut next = 0;
            while let Some(area) = cluster.get(next).copied() {
                next += 1;
                for (n, _) in world
                    .read::<LandBorders>(area)
                    .map(|b| b.0.clone())
                    .unwrap_or_default()
                {
                    if of_faith.contains(&n) && !cluster.contains(&n) {
                        cluster.push(n);
                    }
                }
            }
            seen.extend(cluster.iter().copied());
            clusters.push((faith, cluster));
        }
    }
    world.insert_resource(FaithSpread {
        clusters,
        placed: Vec::new(),
        revolution,
    });
}

/// The spread is over: its bookkeeping goes.
pub fn end_faith_spread(world: &mut World) {
    world.remove_resource::<FaithSpread>();
}

/// What is next to one cluster: by land, or across a sea zone one of its areas touches
/// ("Adjacency may here be traced across a Sea Zone"). Worked out once per question, as every
/// area of the map is tried against every cluster.
struct Beside<'a> {
    members: &'a [Entity],
    /// The members' land neighbours, sorted.
    land: Vec<Entity>,
    /// The sea zones the members touch, sorted.
    seas: Vec<Entity>,
}

/// The sea zones an area touches.
fn coasts_of(world: &World, area: Entity) -> &[Entity] {
    world
        .read::<Coasts>(area)
        .map_or(&[][..], |c| c.0.as_slice())
}

impl<'a> Beside<'a> {
    /// Gathers the cluster's land neighbours and sea zones.
    fn new(world: &World, members: &'a [Entity]) -> Self {
        let mut land = Vec::new();
        let mut seas = Vec::new();
        for c in members {
            if let Some(borders) = world.read::<LandBorders>(*c) {
                land.extend(borders.0.iter().map(|(n, _)| *n));
            }
            seas.extend_from_slice(coasts_of(world, *c));
        }
        land.sort_unstable();
        land.dedup();
        seas.sort_unstable();
        seas.dedup();
        Beside {
            members,
            land,
            seas,
        }
    }

    /// Whether `area` is next to the cluster through one of its areas other than itself.
    fn holds(&self, world: &World, area: Entity) -> bool {
        if self.members.contains(&area) {
            // A member is next to its cluster only through another member.
            let my_seas = coasts_of(world, area);
            return self.members.iter().any(|c| {
                *c != area
                    && (world
                        .read::<LandBorders>(*c)
                        .is_some_and(|b| b.0.iter().any(|(n, _)| *n == area))
                        || coasts_of(world, *c).iter().any(|s| my_seas.contains(s)))
            });
        }
        self.land.binary_search(&area).is_ok()
            || coasts_of(world, area)
                .iter()
                .any(|s| self.seas.binary_search(s).is_ok())
    }
}

/// What is next to each cluster, in the clusters' order.
fn areas_beside<'a>(world: &World, clusters: &'a [(Religion, Vec<Entity>)]) -> Vec<Beside<'a>> {
    clusters
        .iter()
        .map(|(_, members)| Beside::new(world, members))
        .collect()
}

/// Whether each token can stand for a cluster of its faith beside it (`beside`, from
/// `areas_beside`), no cluster twice ("place a new Q next to another cluster"): the player need
/// not say which cluster a token was for.
fn tokens_fit_clusters(
    world: &World,
    clusters: &[(Religion, Vec<Entity>)],
    beside: &[Beside],
    tokens: &[(Entity, Religion)],
    taken: &mut Vec<bool>,
) -> bool {
    let Some(((area, faith), rest)) = tokens.split_first() else {
        return true;
    };
    for (i, (f, _)) in clusters.iter().enumerate() {
        if taken[i] || f != faith || !beside[i].holds(world, *area) {
            continue;
        }
        taken[i] = true;
        if tokens_fit_clusters(world, clusters, beside, rest, taken) {
            taken[i] = false;
            return true;
        }
        taken[i] = false;
    }
    false
}

/// Where the next token of the spread under way may go, as (area, faith), in area order: next
/// to a cluster of that faith that no earlier token stands for, on a main-map area of another
/// faith that is not Orthodox or Muslim and took no token this turn; with both faiths in play,
/// a third token of one faith is refused ("you must place a Q of the other type").
pub fn faith_spread_choices(world: &World) -> Vec<(Entity, Religion)> {
    let Some(spread) = world.get_res::<FaithSpread>() else {
        return Vec::new();
    };
    if spread.placed.len() >= RELIGION_TOKENS {
        return Vec::new();
    }
    if spread.revolution {
        return revolution_choices(world, spread);
    }
    let both = INFECTIOUS
        .iter()
        .all(|f| spread.clusters.iter().any(|(g, _)| g == f));
    let mut areas = all_of::<Area>(world);
    sort_dedup_by_sid(world, &mut areas);
    let beside = areas_beside(world, &spread.clusters);
    let mut out = Vec::new();
    for faith in INFECTIOUS {
        let placed = spread.placed.iter().filter(|(_, f)| *f == faith).count();
        if both && placed >= 2 {
            continue;
        }
        for area in &areas {
            let religion = crate::rulesets::pop::rules::religion::area_faith(world, *area);
            let open = world.read::<Area>(*area).is_some_and(|a| !a.distant)
                && !religion.is_some_and(|r| r == Religion::Orthodox || r.muslim())
                && religion != Some(faith)
                && !spread.placed.iter().any(|(a, _)| a == area);
            if !open {
                continue;
            }
            let mut tokens = spread.placed.clone();
            tokens.push((*area, faith));
            let mut taken = vec![false; spread.clusters.len()];
            if tokens_fit_clusters(world, &spread.clusters, &beside, &tokens, &mut taken) {
                out.push((*area, faith));
            }
        }
    }
    out
}

/// Where the next Revolutionary token may go (16.5, Spread of the Revolution: "in the same way
/// as the Spread of Religious Ideas ... They may also be placed in Orthodox or Muslim Areas"):
/// with none on the board, 2 tokens in Player Realms' capital areas; beside each cluster one
/// token; with a single cluster, a second token in an area not next to it.
fn revolution_choices(world: &World, spread: &FaithSpread) -> Vec<(Entity, Religion)> {
    let mut areas = all_of::<Area>(world);
    sort_dedup_by_sid(world, &mut areas);
    let open = |a: &Entity| {
        world
            .read::<Area>(*a)
            .is_some_and(|x| !x.distant && !x.revolution)
            && !spread.placed.iter().any(|(p, _)| p == a)
    };
    let with = |areas: Vec<Entity>| -> Vec<(Entity, Religion)> {
        areas
            .into_iter()
            .map(|a| (a, Religion::Revolutionary))
            .collect()
    };
    let placed = spread.placed.len();
    match spread.clusters.as_slice() {
        [] if placed < REVOLUTION_OUTBREAK => {
            let capitals: Vec<Entity> = all_of::<PlayerRealm>(world)
                .into_iter()
                .filter_map(|r| world.read::<Capital>(r).and_then(|c| area_of(world, c.0)))
                .collect();
            with(
                areas
                    .into_iter()
                    .filter(|a| capitals.contains(a) && open(a))
                    .collect(),
            )
        }
        [_, ..] if placed == 0 || spread.clusters.len() > 1 => {
            let beside = areas_beside(world, &spread.clusters);
            let mut out = Vec::new();
            for area in areas.iter().filter(|a| open(a)) {
                let mut tokens = spread.placed.clone();
                tokens.push((*area, Religion::Revolutionary));
                let mut taken = vec![false; spread.clusters.len()];
                if tokens_fit_clusters(world, &spread.clusters, &beside, &tokens, &mut taken) {
                    out.push((*area, Religion::Revolutionary));
                }
            }
            out
        }
        [(_, cluster)] if placed == 1 => {
            let beside = areas_beside(world, &spread.clusters);
            with(
                areas
                    .into_iter()
                    .filter(|a| open(a) && !cluster.contains(a) && !beside[0].holds(world, *a))
                    .collect(),
            )
        }
        _ => Vec::new(),
    }
}

/// Places a token of the spread under way: the area takes the faith.
pub fn place_spread_token(world: &mut World, area: Entity, faith: Religion) {
    if faith == Religion::Revolutionary {
        let name = key_of(world, area);
        let outbreak = world
            .get_res::<FaithSpread>()
            .is_some_and(|s| s.clusters.is_empty());
        let text = if outbreak {
            format!("Revolution breaks out in {name}")
        } else {
            format!("The revolution spreads to {name}")
        };
        write(
            world,
            Note::new(ids::REVOLUTION_SPREAD, text).subject(sid_of(world, area)),
        );
    }
    crate::rulesets::pop::rules::religion::place_faith(world, area, faith);
    if let Some(mut spread) = world.get_resource_mut::<FaithSpread>() {
        spread.placed.push((area, faith));
    }
}

/// The auto-resolution's pick among `choices` (16.5): faiths alternating, Protestant first
/// (the other when the due one has no place), then an area with a town, then the higher tax
/// value, then alphabetical.
pub fn auto_spread_pick(
    world: &World,
    choices: &[(Entity, Religion)],
) -> Option<(Entity, Religion)> {
    let placed = world.get_res::<FaithSpread>().map_or(0, |s| s.placed.len());
    let due = INFECTIOUS[placed % 2];
    let faith = if choices.iter().any(|(_, f)| *f == due) {
        due
    } else {
        choices.first()?.1
    };
    let area = spread_target(world, |a| choices.contains(&(a, faith)))?;
    Some((area, faith))
}

/// Spread of Religious Ideas by the auto-resolution (the Event nobody took, and bots' picks):
/// one token next to each cluster of an infectious faith, at most 4. The Diverse Faiths tokens
/// placed with no cluster on the board are not in the content: then nothing is placed.
pub fn spread_religious_ideas(world: &mut World) {
    start_faith_spread(world, false);
    while let Some((area, faith)) = auto_spread_pick(world, &faith_spread_choices(world)) {
        place_spread_token(world, area, faith);
    }
    end_faith_spread(world);
}

/// Where an infectious faith's token goes among the areas `eligible` accepts: an area holding
/// a Player Realm's town first, then the higher tax value, then alphabetical.
fn spread_target(world: &World, eligible: impl Fn(Entity) -> bool) -> Option<Entity> {
    best_area(world, eligible, |provinces| {
        i32::from(player_tokens(world, provinces, |t| world.read::<Town>(t).is_some()) > 0)
    })
}

/// Player Realm tokens on these provinces that `counts` accepts.
fn player_tokens(world: &World, provinces: &[Entity], counts: impl Fn(Entity) -> bool) -> i32 {
    provinces
        .iter()
        .filter_map(|p| world.read::<Holdings>(*p))
        .flat_map(|h| h.iter())
        .filter(|t| {
            counts(*t)
                && world
                    .read::<TokenOf>(*t)
                    .is_some_and(|o| world.read::<PlayerRealm>(o.0).is_some())
        })
        .count() as i32
}

/// The area `eligible` accepts with the highest `weight` (of its provinces), then the higher
/// tax value, then alphabetical.
fn best_area(
    world: &World,
    eligible: impl Fn(Entity) -> bool,
    weight: impl Fn(&[Entity]) -> i32,
) -> Option<Entity> {
    let mut best: Option<((i32, i32, Id), Entity)> = None;
    for area in all_of::<Area>(world) {
        if !eligible(area) {
            continue;
        }
        let provinces = provinces_of(world, area);
        let tax: i32 = provinces
            .iter()
            .filter_map(|p| world.read::<Province>(*p).map(Province::tax_value))
            .sum();
        // Smallest key wins.
        let key = (-weight(&provinces), -tax, key_of(world, area));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, area));
        }
    }
    best.map(|(_, a)| a)
}

/// Revolutionary tokens a Spread of the Revolution places with none on the board (16.5).
pub const REVOLUTION_OUTBREAK: usize = 2;

/// Spread of the Revolution (Age IV) by the auto-resolution (the Event nobody took): "As above
/// (spread of Q). If no ^ in play, place in the Capital Areas of 2 PRs with lowest stability
/// (decide ties randomly)": ties drawn with the game's seeded RNG.
pub fn spread_revolution(world: &mut World) {
    start_faith_spread(world, true);
    loop {
        let choices = faith_spread_choices(world);
        let outbreak = world.res::<FaithSpread>().clusters.is_empty();
        let pick = if outbreak {
            outbreak_pick(world, &choices)
        } else {
            spread_target(world, |a| choices.contains(&(a, Religion::Revolutionary)))
        };
        let Some(area) = pick else {
            break;
        };
        place_spread_token(world, area, Religion::Revolutionary);
    }
    end_faith_spread(world);
}

/// The outbreak's capital area: its Player Realm with the lowest stability, a tie drawn.
fn outbreak_pick(world: &mut World, choices: &[(Entity, Religion)]) -> Option<Entity> {
    let stability = |world: &World, area: Entity| {
        all_of::<PlayerRealm>(world)
            .into_iter()
            .filter(|r| world.read::<Capital>(*r).and_then(|c| area_of(world, c.0)) == Some(area))
            .filter_map(|r| world.read::<Mat>(r).map(|m| m.stability))
            .min()
            .unwrap_or(i32::MAX)
    };
    let lowest = choices.iter().map(|(a, _)| stability(world, *a)).min()?;
    let tied: Vec<Entity> = choices
        .iter()
        .map(|(a, _)| *a)
        .filter(|a| stability(world, *a) == lowest)
        .collect();
    let pick = if tied.len() > 1 {
        world.res_mut::<GameRng>().below(tied.len() as u32) as usize
    } else {
        0
    };
    tied.get(pick).copied()
}

/// Bottom symbols resolved player by player, each visit with a choice that may be asked (16.5):
/// who is visited, what may be chosen, who chooses and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolVisit {
    /// Each opponent of the Active Player loses a ship far from its ports.
    LostAtSea,
    /// Each Player Realm with wavering vassals: unrest and rebels in one area.
    DisloyalVassals,
    /// Each player loses a colonist and gains unrest in a distant town.
    NativeUprising,
    /// The Active Player alone places a pirate in a maritime trade node of its choice.
    Pirates,
    /// The Active Player alone chooses where the dynamic Non-Player Realm (by id: the stage is
    /// in the state hash) expands.
    DnprExpansion(Id),
    /// The Active Player places the tokens of a Spread of Religious Ideas, one visit each.
    SpreadReligion,
    /// The Active Player places the tokens of a Spread of the Revolution, one visit each.
    SpreadRevolution,
}

/// The realms `symbol` visits, in turn order. `active` is the Active Player (none on the Event
/// nobody took: 16.5 "no one is considered to be the Active Player").
pub fn visited_realms(world: &World, symbol: SymbolVisit, active: Option<Entity>) -> Vec<Entity> {
    match symbol {
        SymbolVisit::LostAtSea => {
            crate::rulesets::pop::rules::military::lost_at_sea_victims(world, active)
        }
        SymbolVisit::DisloyalVassals | SymbolVisit::NativeUprising => {
            crate::rulesets::pop::state::turn_order(world)
        }
        SymbolVisit::Pirates | SymbolVisit::DnprExpansion(_) => active.into_iter().collect(),
        SymbolVisit::SpreadReligion | SymbolVisit::SpreadRevolution => {
            active.map(|a| vec![a; RELIGION_TOKENS]).unwrap_or_default()
        }
    }
}

/// The answers open for `visited`'s visit; none or one: nothing to ask.
pub fn visit_choices(
    world: &World,
    symbol: SymbolVisit,
    visited: Entity,
    active: Option<Entity>,
) -> Vec<Action> {
    match symbol {
        SymbolVisit::LostAtSea => {
            crate::rulesets::pop::rules::military::lost_at_sea_choices(world, visited)
        }
        SymbolVisit::DisloyalVassals => wavering_areas(world, visited)
            .into_iter()
            .map(|a| Action::ChooseArea {
                area: key_of(world, a),
            })
            .collect(),
        SymbolVisit::NativeUprising => crate::rulesets::pop::rules::colonize::uprising_choices(
            world,
            visited,
            active == Some(visited),
        ),
        SymbolVisit::Pirates => crate::rulesets::pop::rules::trade::pirate_nodes(world)
            .into_iter()
            .map(|node| Action::ChooseNode { node })
            .collect(),
        SymbolVisit::DnprExpansion(tag) => world
            .res::<Index>()
            .get(tag)
            .map(|dnpr| dnpr_targets(world, dnpr))
            .unwrap_or_default()
            .into_iter()
            .map(|p| Action::ChooseProvince {
                province: key_of(world, p),
            })
            .collect(),
        SymbolVisit::SpreadReligion | SymbolVisit::SpreadRevolution => faith_spread_choices(world)
            .into_iter()
            .map(|(a, faith)| Action::PlaceFaith {
                area: key_of(world, a),
                faith,
            })
            .collect(),
    }
}

/// Who chooses for `visited`, and the question: the Active Player picks each opponent's ship
/// lost at sea ("You must choose"), else each player answers for itself.
pub fn visit_question(
    world: &World,
    symbol: SymbolVisit,
    visited: Entity,
    active: Option<Entity>,
    event: &str,
) -> (Entity, DecisionKind, String) {
    let name = key_of(world, visited);
    match symbol {
        SymbolVisit::LostAtSea => match active {
            Some(chooser) => (
                chooser,
                DecisionKind::LostAtSea { owner: name },
                format!("\"{event}\": choose the ship of {name} lost at sea"),
            ),
            None => (
                visited,
                DecisionKind::LostAtSea { owner: name },
                format!("\"{event}\": a ship of yours is lost at sea; choose which"),
            ),
        },
        SymbolVisit::DisloyalVassals => (
            visited,
            DecisionKind::DisloyalVassals,
            format!(
                "\"{event}\": your vassals waver; choose the area (one with the most of your vassals \
                 where they waver)"
            ),
        ),
        SymbolVisit::NativeUprising if active == Some(visited) => (
            visited,
            DecisionKind::NativeUprising { spare: true },
            format!(
                "\"{event}\": natives rise; ignore one effect: keep your colonist (unrest in a \
                 distant town of your choice) or spare your towns (lose a colonist)"
            ),
        ),
        SymbolVisit::NativeUprising => (
            visited,
            DecisionKind::NativeUprising { spare: false },
            format!("\"{event}\": natives rise; choose the distant town that gains unrest"),
        ),
        SymbolVisit::DnprExpansion(tag) => (
            visited,
            DecisionKind::DnprExpansion { realm: tag },
            format!(
                "\"{event}\": {tag} expands; choose the province next to it that it takes (or, \
                     under a Player Realm's holding, makes its core and stirs)"
            ),
        ),
        SymbolVisit::SpreadReligion => {
            let placed = world.get_res::<FaithSpread>().map_or(0, |s| s.placed.len());
            (
                visited,
                DecisionKind::SpreadReligion {
                    placed: placed as u8,
                },
                format!(
                    "\"{event}\": religious ideas spread; place token {} of at most \
                     {RELIGION_TOKENS}, next to a cluster of its faith that has none yet",
                    placed + 1
                ),
            )
        }
        SymbolVisit::SpreadRevolution => {
            let placed = world.get_res::<FaithSpread>().map_or(0, |s| s.placed.len());
            (
                visited,
                DecisionKind::SpreadRevolution {
                    placed: placed as u8,
                },
                format!(
                    "\"{event}\": the revolution spreads; place Revolutionary token {}: beside a \
                     cluster of them that has none yet (with none on the board, in a Player \
                     Realm's capital area; with one cluster, the second away from it)",
                    placed + 1
                ),
            )
        }
        SymbolVisit::Pirates => (
            visited,
            DecisionKind::Pirates,
            format!(
                "\"{event}\": choose the maritime trade node where a pirate ship lurks (one with a \
                 merchant while there is one)"
            ),
        ),
    }
}

/// Resolves `visited`'s visit with the answer chosen (`None` where nothing was to choose).
pub fn visit_resolve(
    world: &mut World,
    symbol: SymbolVisit,
    visited: Entity,
    active: Option<Entity>,
    choice: Option<&Action>,
) {
    match symbol {
        SymbolVisit::LostAtSea => {
            if let Some(choice) = choice {
                crate::rulesets::pop::rules::military::lose_ship_at_sea(world, visited, choice);
            }
        }
        SymbolVisit::DisloyalVassals => {
            let area = match choice {
                Some(Action::ChooseArea { area }) => world.res::<Index>().get(area),
                _ => None,
            };
            if let Some(area) = area {
                vassals_waver(world, visited, area, active != Some(visited));
            }
        }
        SymbolVisit::NativeUprising => {
            crate::rulesets::pop::rules::colonize::native_uprising_strikes(
                world,
                visited,
                active == Some(visited),
                choice,
            )
        }
        SymbolVisit::SpreadReligion | SymbolVisit::SpreadRevolution => {
            if let Some(Action::PlaceFaith { area, faith }) = choice
                && let Some(area) = world.res::<Index>().get(area)
            {
                place_spread_token(world, area, *faith);
            }
        }
        SymbolVisit::Pirates => {
            if let Some(Action::ChooseNode { node }) = choice {
                crate::rulesets::pop::rules::trade::pirate_lurks(world, *node);
            }
        }
        SymbolVisit::DnprExpansion(tag) => {
            let index = world.res::<Index>();
            let (dnpr, province) = match choice {
                Some(Action::ChooseProvince { province }) => (index.get(tag), index.get(province)),
                _ => (index.get(tag), None),
            };
            match (dnpr, province) {
                (Some(dnpr), Some(p)) => dnpr_takes(world, dnpr, p),
                _ => nothing_to_take(world, tag),
            }
        }
    }
}

/// Disloyal Vassals (16.5): the areas of `realm`'s vassals that waver, where it has neither
/// influence nor a marriage (a partner's capital there), or less influence than another Player
/// Realm; of those, the ones with the most of its vassals, in id order: it must pick one.
pub fn wavering_areas(world: &World, realm: Entity) -> Vec<Entity> {
    use crate::rulesets::pop::rules::rebels::{realm_areas, vassals_in};
    let wavering: Vec<(Entity, usize)> = realm_areas(world, realm, true)
        .into_iter()
        .filter(|area| {
            let mine = influence_counted(world, realm, *area);
            let married_here = partners::<Marriage>(world, realm).iter().any(|p| {
                world.read::<Capital>(*p).and_then(|c| area_of(world, c.0)) == Some(*area)
            });
            let outbid = all_of::<PlayerRealm>(world)
                .into_iter()
                .any(|o| o != realm && influence_counted(world, o, *area) > mine);
            mine == 0 && !married_here || outbid
        })
        .map(|area| (area, vassals_in(world, realm, area, false).len()))
        .collect();
    let most = wavering.iter().map(|(_, n)| *n).max().unwrap_or(0);
    wavering
        .into_iter()
        .filter(|(_, n)| *n == most)
        .map(|(a, _)| a)
        .collect()
}

/// The rebels the vassals of `realm` in `area` raise when they waver: the tax value of those
/// "with unrest" once every one has it, leaving out those under a rebel town or an occupier,
/// whose unrest "does not count for any purpose" (14.1).
pub fn wavering_tax(world: &World, realm: Entity, area: Entity) -> i32 {
    crate::rulesets::pop::rules::rebels::vassals_in(world, realm, area, false)
        .into_iter()
        .filter(|p| !crate::rulesets::pop::rules::rebels::covered(world, realm, *p))
        .filter_map(|p| world.read::<Province>(p).map(Province::tax_value))
        .sum()
}

/// The vassals of `realm` in `area` waver (16.5): each gains unrest, then rebels as many as the
/// tax value of its vassals with unrest there rise in the area; the Active Player places none
/// (`rebels` false).
pub fn vassals_waver(world: &mut World, realm: Entity, area: Entity, rebels: bool) {
    use crate::rulesets::pop::rules::rebels::vassals_in;
    let rebels = if rebels {
        wavering_tax(world, realm, area).max(0) as usize
    } else {
        0
    };
    let name = key_of(world, realm);
    let area_name = key_of(world, area);
    write(
        world,
        Note::new(
            ids::DISLOYAL_VASSALS,
            match rebels {
                0 => format!("The vassals of {name} in {area_name} waver: unrest, no rebels rise"),
                1 => format!("The vassals of {name} in {area_name} waver: unrest and 1 rebel"),
                n => format!("The vassals of {name} in {area_name} waver: unrest and {n} rebels"),
            },
        )
        .realm(name)
        .subject(sid_of(world, area)),
    );
    for p in vassals_in(world, realm, area, true) {
        crate::rulesets::pop::rules::effects::add_unrest(world, realm, p);
    }
    crate::rulesets::pop::rules::military::raise_units(
        world,
        None,
        area,
        UnitKind::Infantry,
        UnitStatus::Rebel,
        rebels,
    );
}

#[cfg(test)]
mod beside_tests {
    use super::*;

    /// The walk `Beside` replaced: next to the cluster if another of its areas borders `area`
    /// by land or touches a sea zone it touches.
    fn walked(world: &World, area: Entity, cluster: &[Entity]) -> bool {
        let my_seas = coasts_of(world, area);
        cluster.iter().any(|c| {
            *c != area
                && (world
                    .read::<LandBorders>(*c)
                    .is_some_and(|b| b.0.iter().any(|(n, _)| *n == area))
                    || coasts_of(world, *c).iter().any(|s| my_seas.contains(s)))
        })
    }

    #[test]
    fn pop_5_1_event_symbols_spread_what_is_next_to_a_cluster_is_what_the_walk_found() {
        let game = crate::rulesets::pop::Game::new(
            crate::rulesets::pop::content::default_scenario(),
            Default::default(),
            1,
        )
        .expect("1444 plays");
        let world = game.world();
        let mut areas = all_of::<Area>(world);
        sort_dedup_by_sid(world, &mut areas);
        // Clusters of one area, and of an area with each of its land neighbours (the member
        // tried too, which is next only through the other).
        let mut clusters: Vec<Vec<Entity>> = areas.iter().map(|a| vec![*a]).collect();
        for a in &areas {
            if let Some(b) = world.read::<LandBorders>(*a) {
                clusters.extend(b.0.iter().map(|(n, _)| vec![*a, *n]));
            }
        }
        let mut next = 0;
        for cluster in &clusters {
            let beside = Beside::new(world, cluster);
            for area in &areas {
                let walked = walked(world, *area, cluster);
                assert_eq!(
                    beside.holds(world, *area),
                    walked,
                    "{area:?} by {cluster:?}"
                );
                next += usize::from(walked);
            }
        }
        assert!(next > 1000, "the map has neighbours: {next}");
    }
}
