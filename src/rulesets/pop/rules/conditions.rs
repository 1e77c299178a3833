//! The conditions printed on Missions and Milestones, checked against the board: whether a
//! realm meets them now, how near it is (for bots weighing which Missions to keep), and how
//! to say them in words.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Condition, MpKind};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::characters::advisors;
use crate::rulesets::pop::rules::generic::{
    alliances_of, has_claim, markers, marriages_of, owned_any_order,
};
use crate::rulesets::pop::rules::missions::Victories;
use crate::rulesets::pop::rules::relations::{
    allied, area_of, area_provinces, at_war, influence_counted, married,
};
use crate::rulesets::pop::rules::scoring::tax_income;
use crate::rulesets::pop::state::{Content, Index, sid_of};

/// Where a realm stands on one condition: met when `have` reaches `need`; `floor` is the
/// worst it can be, so that `fraction` says how far along the way it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    pub have: i32,
    pub need: i32,
    pub floor: i32,
}

impl Measure {
    fn count(have: usize, need: u8) -> Self {
        Self {
            have: have as i32,
            need: i32::from(need),
            floor: 0,
        }
    }

    fn yes(met: bool) -> Self {
        Self {
            have: i32::from(met),
            need: 1,
            floor: 0,
        }
    }

    pub fn met(&self) -> bool {
        self.have >= self.need
    }

    /// 0 at the floor, 1 once met.
    pub fn fraction(&self) -> f32 {
        if self.met() {
            return 1.0;
        }
        let span = (self.need - self.floor).max(1) as f32;
        ((self.have - self.floor) as f32 / span).clamp(0.0, 1.0)
    }
}

fn entity(world: &World, id: impl crate::engine::id::AsId) -> Option<Entity> {
    world.res::<Index>().get(id)
}

fn owned_in(world: &World, realm: Entity, areas: &[Entity]) -> usize {
    // Read off the areas' few provinces, not every province the realm owns (an area named
    // twice counts once).
    areas
        .iter()
        .enumerate()
        .filter(|(i, a)| !areas[..*i].contains(a))
        .map(|(_, a)| {
            area_provinces(world, *a)
                .iter()
                .filter(|p| world.read::<OwnedBy>(**p).is_some_and(|o| o.0 == realm))
                .count()
        })
        .sum()
}

fn tokens<T: Component>(world: &World, realm: Entity) -> usize {
    world.read::<RealmTokens>(realm).map_or(0, |t| {
        t.iter()
            .filter(|e| world.read::<T>(*e).is_some() && world.read::<OnProvince>(*e).is_some())
            .count()
    })
}

fn ideas(world: &World, realm: Entity, kind: Option<MpKind>) -> usize {
    let content = &world.res::<Content>().0;
    crate::rulesets::pop::rules::ideas::ideas_of(world, realm)
        .iter()
        .filter(|id| kind.is_none_or(|k| content.ideas.iter().any(|i| &i.id == *id && i.kind == k)))
        .count()
}

fn units(world: &World, realm: Entity, land: bool) -> usize {
    world.read::<Forces>(realm).map_or(0, |f| {
        f.iter()
            .filter_map(|u| world.read::<Unit>(u))
            .filter(|u| u.kind.is_land() == land)
            .filter(|u| matches!(u.status, UnitStatus::Regular | UnitStatus::Mercenary))
            .count()
    })
}

/// Tokens of the realm showing unrest that counts, and Rebel Towns on its provinces. Unrest
/// covered by a Rebel Town or by a Player Realm occupant's town "does not count for any purpose"
/// (14.1): a token under a Rebel Town counts as that Rebel Town only, and one under an
/// occupant's town not at all.
fn unrest(world: &World, realm: Entity) -> usize {
    let tokens = world.read::<RealmTokens>(realm).map_or(0, |t| {
        t.iter()
            .filter(|e| world.read::<Unrest>(*e).is_some())
            .filter_map(|e| world.read::<OnProvince>(e).map(|p| p.0))
            .filter(|p| !crate::rulesets::pop::rules::rebels::covered(world, realm, *p))
            .count()
    });
    let rebel_towns = owned_any_order(world, realm)
        .filter(|p| world.read::<RebelTown>(*p).is_some())
        .count();
    tokens + rebel_towns
}

fn wars_won(world: &World, realm: Entity, against: Option<Entity>) -> usize {
    let (me, them) = (sid_of(world, realm), against.map(|a| sid_of(world, a)));
    world
        .res::<Victories>()
        .0
        .iter()
        .filter(|(w, l)| *w == me && them.is_none_or(|t| t == *l))
        .count()
}

/// Where `realm` stands on `condition` now.
pub fn measure(world: &World, realm: Entity, condition: &Condition) -> Measure {
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let area = |id: &str| entity(world, id);
    match condition {
        Condition::Province(p) => Measure::yes(
            entity(world, p)
                .and_then(|p| world.read::<OwnedBy>(p))
                .is_some_and(|o| o.0 == realm),
        ),
        Condition::ProvincesIn(a, n) => {
            let areas: Vec<Entity> = area(a).into_iter().collect();
            Measure::count(owned_in(world, realm, &areas), *n)
        }
        Condition::WholeArea(a) => {
            let Some(a) = area(a) else {
                return Measure::yes(false);
            };
            let total = area_provinces(world, a).len();
            Measure::count(owned_in(world, realm, &[a]), total.min(255) as u8)
        }
        Condition::ProvincesInAreas(list, n) => {
            let areas: Vec<Entity> = list.iter().filter_map(|a| area(a)).collect();
            Measure::count(owned_in(world, realm, &areas), *n)
        }
        Condition::Provinces(n) => Measure::count(owned_any_order(world, realm).count(), *n),
        Condition::DistantProvinces(n) => {
            let distant = owned_any_order(world, realm)
                .filter(|p| {
                    area_of(world, *p)
                        .and_then(|a| world.read::<Area>(a))
                        .is_some_and(|a| a.distant)
                })
                .count();
            Measure::count(distant, *n)
        }
        Condition::TaxIncome(n) => Measure::count(tax_income(world, realm).max(0) as usize, *n),
        Condition::Towns(n) => Measure::count(tokens::<Town>(world, realm), *n),
        Condition::Vassals(n) => Measure::count(tokens::<Vassal>(world, realm), *n),
        Condition::CoreTokens(n) => Measure::count(
            markers::<CoreToken>(world)
                .iter()
                .filter(|(_, c)| c.realm == realm)
                .count(),
            *n,
        ),
        // "Each F in play counts as a G in its Area" (7.6): an area with the realm's claim or
        // core token (or both) is one claim.
        Condition::Claims(n) => {
            let mut areas: Vec<Entity> = markers::<Claim>(world)
                .iter()
                .filter(|(_, c)| c.realm == realm)
                .map(|(_, c)| c.area)
                .chain(
                    markers::<CoreToken>(world)
                        .iter()
                        .filter(|(_, c)| c.realm == realm)
                        .map(|(_, c)| c.area),
                )
                .collect();
            areas.sort_unstable();
            areas.dedup();
            Measure::count(areas.len(), *n)
        }
        Condition::ClaimOn(a) => Measure::yes(area(a).is_some_and(|a| has_claim(world, realm, a))),
        Condition::Alliances(n) => Measure::count(alliances_of(world, realm), *n),
        Condition::Marriages(n) => Measure::count(marriages_of(world, realm), *n),
        Condition::AlliedWith(r) => {
            Measure::yes(entity(world, r).is_some_and(|r| allied(world, realm, r)))
        }
        Condition::MarriedTo(r) => {
            Measure::yes(entity(world, r).is_some_and(|r| married(world, realm, r)))
        }
        Condition::InfluenceIn(a, n) => Measure::count(
            area(a).map_or(0, |a| usize::from(influence_counted(world, realm, a))),
            *n,
        ),
        Condition::Ideas(n) => Measure::count(ideas(world, realm, None), *n),
        Condition::IdeasOf(kind, n) => Measure::count(ideas(world, realm, Some(*kind)), *n),
        Condition::Idea(id) => Measure::yes(
            crate::rulesets::pop::rules::ideas::ideas_of(world, realm)
                .iter()
                .any(|i| i == id),
        ),
        Condition::Stability(n) => Measure {
            have: mat.stability,
            need: *n,
            floor: -3,
        },
        Condition::Treasury(n) => Measure {
            have: mat.ducats,
            need: *n,
            floor: 0,
        },
        Condition::NoLoans => Measure {
            have: -i32::from(mat.loans),
            need: 0,
            floor: -5,
        },
        Condition::Prestige(n) => Measure {
            have: mat.prestige,
            need: *n,
            floor: 0,
        },
        Condition::MonarchPower(kind, n) => Measure {
            have: mat.mp(*kind),
            need: i32::from(*n),
            floor: 0,
        },
        Condition::NoUnrest => Measure {
            have: -(unrest(world, realm) as i32),
            need: 0,
            floor: -4,
        },
        Condition::AtPeace => Measure::yes(!at_war(world, realm)),
        Condition::WonWarAgainst(r) => {
            let against = entity(world, r);
            Measure::yes(against.is_some() && wars_won(world, realm, against) > 0)
        }
        Condition::WarsWon(n) => Measure::count(wars_won(world, realm, None), *n),
        Condition::Army(n) => Measure::count(units(world, realm, true), *n),
        Condition::Fleet(n) => Measure::count(units(world, realm, false), *n),
        Condition::Discovered(continent) => Measure::yes(
            continent == "europe"
                || world
                    .read::<Discovered>(realm)
                    .is_some_and(|d| d.0.contains(continent)),
        ),
        Condition::Religion(religion) => Measure::yes(
            world
                .read::<Realm>(realm)
                .is_some_and(|r| r.religion == *religion),
        ),
        Condition::Advisors(n) => Measure::count(advisors(world, realm).len(), *n),
        Condition::AnyOf(options) => options
            .iter()
            .map(|c| measure(world, realm, c))
            .max_by(|a, b| a.fraction().total_cmp(&b.fraction()))
            .unwrap_or(Measure::yes(false)),
    }
}

/// Whether every condition holds now.
pub fn all_met(world: &World, realm: Entity, conditions: &[Condition]) -> bool {
    conditions.iter().all(|c| measure(world, realm, c).met())
}

/// The first condition that does not hold, if any.
pub fn first_unmet<'a>(
    world: &World,
    realm: Entity,
    conditions: &'a [Condition],
) -> Option<&'a Condition> {
    conditions.iter().find(|c| !measure(world, realm, c).met())
}

/// How far along the realm is, 0 to 1: the mean over the conditions.
pub fn progress(world: &World, realm: Entity, conditions: &[Condition]) -> f32 {
    if conditions.is_empty() {
        return 1.0;
    }
    conditions
        .iter()
        .map(|c| measure(world, realm, c).fraction())
        .sum::<f32>()
        / conditions.len() as f32
}

/// A condition in words, with names from the scenario.
pub fn describe(
    content: &crate::rulesets::pop::content::Scenario,
    condition: &Condition,
) -> String {
    let area = |id: &str| {
        content
            .map
            .areas
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    };
    let province = |id: &str| {
        content
            .map
            .provinces
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    };
    let realm = |id: &str| {
        content
            .realms
            .iter()
            .find(|r| r.id == id)
            .map_or_else(|| id.to_string(), |r| r.name.clone())
    };
    match condition {
        Condition::Province(p) => format!("own {}", province(p)),
        Condition::ProvincesIn(a, n) => format!("own {n} provinces in {}", area(a)),
        Condition::WholeArea(a) => format!("own all of {}", area(a)),
        Condition::ProvincesInAreas(list, n) => format!(
            "own {n} provinces in {}",
            list.iter().map(|a| area(a)).collect::<Vec<_>>().join(", ")
        ),
        Condition::Provinces(n) => format!("own {n} provinces"),
        Condition::DistantProvinces(n) => format!("own {n} provinces on distant continents"),
        Condition::TaxIncome(n) => format!("tax income of {n}"),
        Condition::Towns(n) => format!("{n} towns on the board"),
        Condition::Vassals(n) => format!("{n} vassals"),
        Condition::CoreTokens(n) => format!("{n} core tokens"),
        Condition::Claims(n) => format!("{n} claims"),
        Condition::ClaimOn(a) => format!("a claim on {}", area(a)),
        Condition::Alliances(n) => format!("{n} alliances"),
        Condition::Marriages(n) => format!("{n} royal marriages"),
        Condition::AlliedWith(r) => format!("an alliance with {}", realm(r)),
        Condition::MarriedTo(r) => format!("a royal marriage with {}", realm(r)),
        Condition::InfluenceIn(a, n) => format!("{n} influence in {}", area(a)),
        Condition::Ideas(n) => format!("{n} Ideas"),
        Condition::IdeasOf(kind, n) => format!("{n} {kind:?} Ideas"),
        Condition::Idea(id) => format!(
            "the Idea {}",
            content
                .ideas
                .iter()
                .find(|i| &i.id == id)
                .map_or(id.as_str(), |i| i.name.as_str())
        ),
        Condition::Stability(n) => format!("stability {n:+} or more"),
        Condition::Treasury(n) => format!("{n} ducats in the treasury"),
        Condition::NoLoans => "no loans".to_string(),
        Condition::Prestige(n) => format!("{n} prestige"),
        Condition::MonarchPower(kind, n) => format!("{n} {kind:?} in the pool"),
        Condition::NoUnrest => "no unrest".to_string(),
        Condition::AtPeace => "at peace".to_string(),
        Condition::WonWarAgainst(r) => format!("a war won against {}", realm(r)),
        Condition::WarsWon(n) => format!("{n} wars won"),
        Condition::Army(n) => format!("{n} land units"),
        Condition::Fleet(n) => format!("{n} ships"),
        Condition::Discovered(c) => format!("{} discovered", c.replace('_', " ")),
        Condition::Religion(r) => format!("{r:?} state religion"),
        Condition::Advisors(n) => format!("{n} advisors"),
        Condition::AnyOf(options) => options
            .iter()
            .map(|c| describe(content, c))
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

/// All conditions in words, joined.
pub fn describe_all(
    content: &crate::rulesets::pop::content::Scenario,
    conditions: &[Condition],
) -> String {
    conditions
        .iter()
        .map(|c| describe(content, c))
        .collect::<Vec<_>>()
        .join(", ")
}
