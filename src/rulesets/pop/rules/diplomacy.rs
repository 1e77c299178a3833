//! Diplomacy: Player-to-Player Diplomacy (5.1: alliances, royal marriages, monetary support,
//! buying and selling provinces, answered by the other player) and the basic diplomatic actions
//! of FACTS 4 (Influence, Forge Alliance, Fabricate Claim; Trade lives in `trade`).

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::memo::{Remembered, Remembers, forget_on_change};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, Offer, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::cards::draw_to_hand;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige, gain_ducats, spend};
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::ideas::{extra_alliances, extra_influence};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::{is_core, place_town, remove_tokens};
use crate::rulesets::pop::state::{Seats, key_of, sid_of, sort_dedup_by_sid, spawn_sim};

/// Most alliances and most marriages a realm may have (FACTS 4).
pub const MAX_ALLIANCES: usize = 3;
pub const MAX_MARRIAGES: usize = 3;
/// Monetary Support: 1 dip per this many ducats, rounded up.
pub const DUCATS_PER_DIP: i32 = 10;
/// A province sale costs the buyer and the seller 1 adm each.
pub const SALE_ADM: i32 = 1;
/// Influence: each cube placed for dip costs this much.
pub const INFLUENCE_DIP: i32 = 1;
/// Price of one province sold: 3 to 15 ducats.
pub const MIN_PRICE: i32 = 3;
pub const MAX_PRICE: i32 = 15;
/// Ducat amounts the candidate offers list (any other amount may be proposed too).
pub const SUPPORT_SIZES: [i32; 3] = [5, 10, 20];
/// Prices per province the candidate offers list (any price from 3 to 15 may be proposed).
pub const PRICE_SIZES: [i32; 4] = [3, 6, 10, 15];
/// Influence: a first cube for 1 dip, more for 1 dip or 3 ducats each.
pub const INFLUENCE_DUCATS: i32 = 3;
pub const INFLUENCE_PER_TURN: u8 = 2;
pub const INFLUENCE_MAX: u8 = 5;
/// Forge Alliance needs this much influence in the NPR's areas.
pub const FORGE_INFLUENCE: u8 = 2;
pub const FABRICATE_DIP: i32 = 2;
/// Fabricate Claim in a Battleground Area of the Active or Upcoming Power Struggle (17.4).
pub const FABRICATE_BATTLEGROUND_DIP: i32 = 1;

/// What a claim fabricated in this area costs in dip: 1 in a Battleground Area of the Active or
/// Upcoming Power Struggle, else 2. The check, the charge and the cost list all ask this.
pub fn fabricate_dip(world: &World, area: Entity) -> i32 {
    if crate::rulesets::pop::rules::struggle::is_battleground(world, area) {
        FABRICATE_BATTLEGROUND_DIP
    } else {
        FABRICATE_DIP
    }
}

pub fn owns(action: &Action) -> bool {
    matches!(
        action,
        Action::Propose { .. }
            | Action::Influence { .. }
            | Action::ForgeAlliance { .. }
            | Action::FabricateClaim { .. }
    )
}

fn other_players(world: &World, realm: Entity) -> Vec<Entity> {
    world
        .res::<Seats>()
        .0
        .iter()
        .copied()
        .filter(|s| *s != realm)
        .collect()
}

/// The offers a realm may make to each other player: an alliance, a marriage (with the card
/// type), both, monetary support of a few sizes either way, and one province bought or sold
/// at a few prices.
pub fn offers(world: &World, realm: Entity, other: Entity) -> Vec<Offer> {
    // Offers that cannot be legal for a reason common to all of their kind are left out here,
    // once, rather than refused one by one.
    let dip = mp(world, realm, MpKind::Dip);
    let war = at_war(world, realm) || at_war(world, other);
    let alliances = markers::<Alliance>(world);
    let marriages = markers::<Marriage>(world);
    let count_a = |r: Entity| {
        alliances
            .iter()
            .filter(|(_, a)| a.a == r || a.b == r)
            .count()
    };
    let count_m = |r: Entity| {
        marriages
            .iter()
            .filter(|(_, m)| m.a == r || m.b == r)
            .count()
    };
    let can_ally = dip >= 1
        && !war
        && !alliances.iter().any(|(_, a)| a.between(realm, other))
        && count_a(realm) < alliance_cap(world, realm)
        && count_a(other) < alliance_cap(world, other);
    let can_marry = dip >= 1
        && !war
        && !marriages.iter().any(|(_, m)| m.between(realm, other))
        && count_m(realm) < marriage_cap(world, realm)
        && count_m(other) < marriage_cap(world, other);
    let mut all = Vec::new();
    if can_ally {
        all.push(Offer {
            alliance: true,
            ..Default::default()
        });
    }
    for kind in MpKind::ALL {
        if can_marry {
            all.push(Offer {
                marriage: Some(kind),
                ..Default::default()
            });
        }
        if can_marry && can_ally {
            all.push(Offer {
                alliance: true,
                marriage: Some(kind),
                ..Default::default()
            });
        }
    }
    let (mine, theirs) = (mat(world, realm).ducats, mat(world, other).ducats);
    for d in SUPPORT_SIZES {
        if dip < support_dip(d) {
            continue;
        }
        if mine >= d {
            all.push(Offer {
                ducats: d,
                ..Default::default()
            });
        }
        if theirs >= d {
            all.push(Offer {
                ducats: -d,
                ..Default::default()
            });
        }
    }
    if war || mp(world, realm, MpKind::Adm) < 1 || mp(world, other, MpKind::Adm) < 1 {
        return all;
    }
    // One province: bought from the other where the buyer has a claim, or sold to them.
    let (mine, theirs) = (claim_areas(world, realm), claim_areas(world, other));
    let mut for_sale: Vec<Entity> = owned(world, other)
        .into_iter()
        .filter(|p| area_of(world, *p).is_some_and(|a| mine.contains(&a)))
        .collect();
    for_sale.extend(
        owned(world, realm)
            .into_iter()
            .filter(|p| area_of(world, *p).is_some_and(|a| theirs.contains(&a))),
    );
    for p in for_sale {
        for price in PRICE_SIZES {
            all.push(Offer {
                provinces: vec![key_of(world, p)],
                price,
                ..Default::default()
            });
        }
    }
    debug_assert!(all.iter().all(listed_shape));
    all
}

/// Areas where a realm has a claim or a core token.
fn claim_areas(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = markers::<Claim>(world)
        .iter()
        .copied()
        .filter(|(_, c)| c.realm == realm)
        .map(|(_, c)| c.area)
        .collect();
    areas.extend(
        markers::<CoreToken>(world)
            .iter()
            .copied()
            .filter(|(_, c)| c.realm == realm)
            .map(|(_, c)| c.area),
    );
    areas
}

/// Whether influence may go to an area: one with a Non-Player Realm's province (house rule).
fn influence_area(world: &World, area: Entity) -> bool {
    world.read::<AreaProvinces>(area).is_some_and(|ps| {
        ps.iter()
            .any(|p| owner(world, p).is_some_and(|o| world.read::<NonPlayerRealm>(o).is_some()))
    })
}

/// The areas where Influence may go (those holding a Non-Player Realm's province), remembered
/// from one question to the next until a province changes owner or a realm stops or starts
/// being a Non-Player Realm: every turn's candidates and every extra cube ask it, and it
/// changes a few times a game. Forgotten on any insert or removal of an owner, a Non-Player
/// Realm or an area (`watch_npr_lands`).
#[derive(Resource, Default)]
pub struct NprLandsWatch(Remembered<Vec<Entity>>);

impl Remembers for NprLandsWatch {
    fn forget(&self) {
        self.0.forget();
    }
}

/// Starts remembering the influence areas (after the scenario is spawned).
pub fn watch_npr_lands(world: &mut World) {
    forget_on_change::<NprLandsWatch, (OwnedBy, NonPlayerRealm, InArea)>(world);
}

fn influence_areas(world: &World) -> Vec<Entity> {
    match world.get_res::<NprLandsWatch>() {
        Some(watch) => watch.0.get_or(|| influence_areas_now(world)),
        None => influence_areas_now(world),
    }
}

/// The areas where influence may go, in stable-id order: found in one pass over the
/// Non-Player Realms' provinces instead of by asking each area of the map whether one of its
/// provinces has a Non-Player owner.
fn influence_areas_now(world: &World) -> Vec<Entity> {
    let mut areas: Vec<Entity> =
        crate::engine::query_cache::with_query::<&Owns, With<NonPlayerRealm>, _>(world, |q| {
            q.flat_map(|owns| owns.iter())
                .filter_map(|p| area_of(world, p))
                .collect()
        })
        .unwrap_or_default();
    sort_dedup_by_sid(world, &mut areas);
    areas
}

/// Proposals to the other players (`actions::TurnPart::Proposals`). Every offer costs the
/// active realm 1 dip, or (a sale) 1 adm: without either, none is legal.
pub fn proposal_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    if mp(world, realm, MpKind::Dip) < 1 && mp(world, realm, MpKind::Adm) < 1 {
        return all;
    }
    for other in other_players(world, realm) {
        let name = key_of(world, other);
        all.extend(
            offers(world, realm, other)
                .into_iter()
                .map(|offer| Action::Propose { realm: name, offer }),
        );
    }
    all
}

/// Influence actions worth checking (`TurnPart::Influence`); influence costs dip.
pub fn influence_candidates(world: &World, realm: Entity) -> Vec<Action> {
    if mp(world, realm, MpKind::Dip) < 1 {
        return Vec::new();
    }
    influence_areas(world)
        .into_iter()
        .map(|a| Action::Influence {
            area: key_of(world, a),
        })
        .collect()
}

/// Alliances with Non-Player Realms worth checking (`TurnPart::Alliances`): Forge Alliance
/// costs dip and needs influence in the NPR's areas, so only those NPRs are listed.
pub fn alliance_candidates(world: &World, realm: Entity) -> Vec<Action> {
    if mp(world, realm, MpKind::Dip) < 1 {
        return Vec::new();
    }
    let mut partners: Vec<Entity> = markers::<Influence>(world)
        .iter()
        .copied()
        .filter(|(_, i)| i.realm == realm)
        .map(|(_, i)| i.area)
        .chain(crate::rulesets::pop::rules::empire::imperial_areas_of(
            world, realm,
        ))
        .flat_map(|a| provinces_of(world, a))
        .filter_map(|p| owner(world, p))
        .filter(|o| world.read::<NonPlayerRealm>(*o).is_some())
        .collect();
    sort_dedup_by_sid(world, &mut partners);
    partners
        .into_iter()
        .map(|r| Action::ForgeAlliance {
            realm: key_of(world, r),
        })
        .collect()
}

/// Claims worth checking (`TurnPart::Claims`); fabricating one costs dip.
pub fn claim_candidates(world: &World, realm: Entity) -> Vec<Action> {
    if mp(world, realm, MpKind::Dip) < 1 {
        return Vec::new();
    }
    claimable_areas(world, realm)
        .into_iter()
        .map(|a| Action::FabricateClaim {
            area: key_of(world, a),
        })
        .collect()
}

/// Areas next to the realm (its own or a land neighbour of one where it is present) with a
/// province it does not own: where a claim may be fabricated (house rule on "next to").
fn claimable_areas(world: &World, realm: Entity) -> Vec<Entity> {
    struct Claimable;
    crate::engine::memo::cached::<Claimable, _, _>(world, realm, || {
        claimable_areas_now(world, realm)
    })
    .as_ref()
    .clone()
}

fn claimable_areas_now(world: &World, realm: Entity) -> Vec<Entity> {
    let presence = presence_areas(world, realm);
    let mut areas = presence.clone();
    for a in &presence {
        if let Some(b) = world.read::<LandBorders>(*a) {
            areas.extend(b.0.iter().map(|(n, _)| *n));
        }
    }
    sort_dedup_by_sid(world, &mut areas);
    areas
        .into_iter()
        .filter(|a| {
            provinces_of(world, *a)
                .iter()
                .any(|p| owner(world, *p) != Some(realm))
        })
        .collect()
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        Action::Propose { realm: to, offer } => {
            let Some(other) =
                lookup(world, to).filter(|o| *o != realm && world.res::<Seats>().0.contains(o))
            else {
                return Some(Illegal::new(
                    ids::PROPOSAL,
                    format!("{to} is not another player in this game"),
                ));
            };
            // Any combination the seed allows is legal (5.1: "all other combinations are
            // possible"); the listed shapes only keep the list of candidate offers short.
            offer_problem(world, realm, other, offer)
        }
        Action::Influence { area } => {
            let Some(area) = lookup(world, area).filter(|a| world.read::<Area>(*a).is_some())
            else {
                return Some(Illegal::new(ids::ACT_INFLUENCE, "no such area"));
            };
            influence_problem(world, realm, area, 0, false).or_else(|| {
                (mp(world, realm, MpKind::Dip) < INFLUENCE_DIP)
                    .then(|| Illegal::new(ids::ACT_INFLUENCE, "the first influence costs 1 dip"))
            })
        }
        Action::ForgeAlliance { realm: npr } => {
            let Some(npr) = lookup(world, npr) else {
                return Some(Illegal::new(ids::ACT_FORGE_ALLIANCE, "no such realm"));
            };
            forge_problem(world, realm, npr)
        }
        Action::FabricateClaim { area } => {
            let Some(area) = lookup(world, area).filter(|a| world.read::<Area>(*a).is_some())
            else {
                return Some(Illegal::new(ids::ACT_FABRICATE_CLAIM, "no such area"));
            };
            let why = if at_war(world, realm) {
                "fabricating a claim needs peace"
            } else if has_claim(world, realm, area) {
                "you already have a claim there"
            } else if !claimable_areas(world, realm).contains(&area) {
                "only in an area next to your realm with a province that is not yours"
            } else if mp(world, realm, MpKind::Dip) < fabricate_dip(world, area) {
                if fabricate_dip(world, area) < FABRICATE_DIP {
                    "fabricating a claim in a Power Struggle battleground costs 1 dip"
                } else {
                    "fabricating a claim costs 2 dip"
                }
            } else {
                return None;
            };
            Some(Illegal::new(ids::ACT_FABRICATE_CLAIM, why))
        }
        _ => None,
    }
}

/// Whether an offer has one of the shapes `offers` lists as candidates. Only the list keeps to
/// these shapes: a proposal of any other shape the seed allows is legal too.
pub fn listed_shape(offer: &Offer) -> bool {
    let friendly = offer.alliance || offer.marriage.is_some();
    if offer.ducats != 0 {
        !friendly
            && offer.provinces.is_empty()
            && offer.price == 0
            && SUPPORT_SIZES.contains(&offer.ducats.abs())
    } else if !offer.provinces.is_empty() {
        !friendly && offer.provinces.len() == 1 && PRICE_SIZES.contains(&offer.price)
    } else {
        friendly && offer.price == 0
    }
}

/// Dip the active realm pays for an offer.
pub fn offer_dip(offer: &Offer) -> i32 {
    i32::from(offer.alliance) + i32::from(offer.marriage.is_some()) + support_dip(offer.ducats)
}

/// Dip Monetary Support of this many ducats (either way) costs: 1 per 10, rounded up.
pub fn support_dip(ducats: i32) -> i32 {
    (ducats.abs() + DUCATS_PER_DIP - 1) / DUCATS_PER_DIP
}

/// Why the deal cannot be made as offered, if it cannot.
pub fn offer_problem(
    world: &World,
    realm: Entity,
    other: Entity,
    offer: &Offer,
) -> Option<Illegal> {
    let err = |rule, why: String| Some(Illegal::new(rule, why));
    if !offer.alliance
        && offer.marriage.is_none()
        && offer.ducats == 0
        && offer.provinces.is_empty()
    {
        return err(ids::PROPOSAL, "an offer must contain something".into());
    }
    if offer.ducats != 0 && !offer.provinces.is_empty() {
        return err(
            ids::MONETARY_SUPPORT,
            "Monetary Support and Buy/Sell Provinces may not go in the same turn".into(),
        );
    }
    let dip = offer_dip(offer);
    if mp(world, realm, MpKind::Dip) < dip {
        let rule = if offer.ducats != 0 {
            ids::MONETARY_SUPPORT
        } else if offer.marriage.is_some() {
            ids::MARRIAGE
        } else {
            ids::ALLIANCE
        };
        return err(rule, format!("this deal costs you {dip} dip"));
    }
    let war = at_war(world, realm) || at_war(world, other);
    let only_money = "while either realm is at war, Monetary Support is the only transaction";
    if offer.alliance {
        if war {
            return err(ids::ALLIANCE, only_money.into());
        }
        if allied(world, realm, other) {
            return err(ids::ALLIANCE, "you are already allied".into());
        }
        if alliances_of(world, realm) >= alliance_cap(world, realm)
            || alliances_of(world, other) >= alliance_cap(world, other)
        {
            return err(
                ids::ALLIANCE,
                "a realm has at most 3 alliances (4 with the Cabinet Idea)".into(),
            );
        }
    }
    if offer.marriage.is_some() {
        if war {
            return err(ids::MARRIAGE, only_money.into());
        }
        if world.read::<Interregnum>(realm).is_some() || world.read::<Interregnum>(other).is_some()
        {
            return err(
                ids::INTERREGNUM_RESTRICTIONS,
                "no new Royal Marriage during an Interregnum".into(),
            );
        }
        if married(world, realm, other) {
            return err(ids::MARRIAGE, "your houses are already married".into());
        }
        if let Some(why) = marriage_faith_problem(world, realm, other) {
            return err(ids::MARRIAGE, why.into());
        }
        if marriages_of(world, realm) >= marriage_cap(world, realm)
            || marriages_of(world, other) >= marriage_cap(world, other)
        {
            return err(
                ids::MARRIAGE,
                "a realm has at most 3 marriages (4 with the Cabinet Idea)".into(),
            );
        }
    }
    if offer.ducats != 0 {
        let (giver, amount) = if offer.ducats > 0 {
            (realm, offer.ducats)
        } else {
            (other, -offer.ducats)
        };
        if mat(world, giver).ducats < amount {
            return err(
                ids::MONETARY_SUPPORT,
                format!("{} does not have {amount} ducats", key_of(world, giver)),
            );
        }
    }
    if !offer.provinces.is_empty() {
        if war {
            return err(ids::PROVINCE_SALE, only_money.into());
        }
        if let Some(p) = sale_problem(world, realm, other, offer) {
            return Some(p);
        }
    }
    None
}

/// The buyer and the seller of the provinces an offer names: `None` when they belong to
/// neither realm.
pub fn sale_sides(
    world: &World,
    realm: Entity,
    other: Entity,
    offer: &Offer,
) -> Option<(Entity, Entity)> {
    let first = offer.provinces.first().and_then(|p| lookup(world, p))?;
    match owner(world, first) {
        Some(o) if o == realm => Some((other, realm)),
        Some(o) if o == other => Some((realm, other)),
        _ => None,
    }
}

fn sale_problem(world: &World, realm: Entity, other: Entity, offer: &Offer) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::PROVINCE_SALE, why));
    let Some((buyer, seller)) = sale_sides(world, realm, other, offer) else {
        return err("the provinces must belong to one of the two realms".into());
    };
    let mut seen = Vec::new();
    for key in &offer.provinces {
        let Some(p) = lookup(world, key).filter(|p| world.read::<Province>(*p).is_some()) else {
            return err(format!("no province {key}"));
        };
        if seen.contains(&p) {
            return err(format!("{key} is named twice"));
        }
        seen.push(p);
        if owner(world, p) != Some(seller) {
            return err("all provinces sold must belong to the same realm".into());
        }
        if world.read::<IsCapital>(p).is_some() {
            return err(format!("{key} is a capital and not for sale"));
        }
        if world.read::<ControlledBy>(p).is_some_and(|c| c.0 != seller)
            || world.read::<RebelTown>(p).is_some()
        {
            return err(format!("{key} is occupied"));
        }
        let vassal = world.read::<Holdings>(p).is_some_and(|h| {
            h.iter().any(|t| {
                world.read::<Vassal>(t).is_some()
                    && world.read::<TokenOf>(t).is_some_and(|o| o.0 == seller)
            })
        });
        if vassal {
            return err(format!(
                "{key} is a vassal province: vassals cannot be sold"
            ));
        }
        if !area_of(world, p).is_some_and(|a| has_claim(world, buyer, a)) {
            return err(format!(
                "{} needs a claim in the area of {key}",
                key_of(world, buyer)
            ));
        }
    }
    let n = offer.provinces.len() as i32;
    if offer.price < MIN_PRICE * n || offer.price > MAX_PRICE * n {
        return err("each province costs 3 to 15 ducats".into());
    }
    if mat(world, buyer).ducats < offer.price {
        return err(format!(
            "{} cannot pay {} ducats",
            key_of(world, buyer),
            offer.price
        ));
    }
    if mp(world, buyer, MpKind::Adm) < 1 || mp(world, seller, MpKind::Adm) < 1 {
        return err("buyer and seller each pay 1 adm".into());
    }
    None
}

/// Prestige the seller loses: twice the tax value of its core provinces sold.
pub fn sale_prestige(world: &World, seller: Entity, provinces: &[Entity]) -> i32 {
    provinces
        .iter()
        .filter(|p| is_core(world, **p, seller))
        .filter_map(|p| world.read::<Province>(*p).map(Province::tax_value))
        .sum::<i32>()
        * 2
}

fn influence_problem(
    world: &World,
    realm: Entity,
    area: Entity,
    placed_now: u8,
    _more: bool,
) -> Option<Illegal> {
    let why = if !discovered(world, realm, area) {
        "that area is on a continent you have not discovered"
    } else if world.read::<Area>(area).is_some_and(|a| a.distant) {
        "no influence goes to a distant area (colonists count as influence there instead)"
    } else if !influence_area(world, area) {
        "influence goes to areas with a Non-Player Realm's province"
    } else if influence_counted(world, realm, area) >= INFLUENCE_MAX {
        "at most 5 influence in an area"
    } else if placed_now >= INFLUENCE_PER_TURN + extra_influence(world, realm) {
        "at most 2 influence in an area per turn (more with Ideas)"
    } else {
        return None;
    };
    Some(Illegal::new(ids::ACT_INFLUENCE, why))
}

/// Forge Alliance costs dip equal to half the NPR's tax income (rounded up), at least 1, at
/// most 3.
pub fn forge_cost(world: &World, npr: Entity) -> i32 {
    ((province_tax(world, npr) + 1) / 2).clamp(1, 3)
}

/// Influence of a realm in the areas of an NPR's provinces.
pub fn influence_with(world: &World, realm: Entity, npr: Entity) -> u8 {
    let mut areas: Vec<Entity> = owned(world, npr)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    sort_dedup_by_sid(world, &mut areas);
    areas
        .iter()
        .map(|a| influence_counted(world, realm, *a))
        .sum()
}

/// Influence that counts for Forge Alliance: the cubes in the NPR's areas, and with a Distant
/// Realm the colonists in the pool as well (11.1 Influence on Distant Continents).
pub fn influence_for_alliance(world: &World, realm: Entity, npr: Entity) -> u8 {
    let cubes = influence_with(world, realm, npr);
    if crate::rulesets::pop::rules::war::distant_realm(world, npr) {
        let colonists = world.read::<Mat>(realm).map_or(0, |m| m.colonists);
        cubes.saturating_add(colonists)
    } else {
        cubes
    }
}

fn forge_problem(world: &World, realm: Entity, npr: Entity) -> Option<Illegal> {
    if alliances_of(world, realm) >= alliance_cap(world, realm) {
        return Some(Illegal::new(
            ids::ACT_FORGE_ALLIANCE,
            "a realm has at most 3 alliances (4 with the Cabinet Idea)",
        ));
    }
    forge_problem_but_cap(world, realm, npr)
}

/// Why `realm` could not forge an alliance with `npr` even with a free alliance slot.
pub fn forge_problem_but_cap(world: &World, realm: Entity, npr: Entity) -> Option<Illegal> {
    let why = if world.read::<NonPlayerRealm>(npr).is_none() || owned(world, npr).is_empty() {
        "only a Non-Player Realm on the board".to_string()
    } else if mp(world, realm, MpKind::Dip) < forge_cost(world, npr) {
        format!("an alliance with it costs {} dip", forge_cost(world, npr))
    } else if allied(world, realm, npr) {
        "you are already allied".to_string()
    } else if seats_allied_to(world, npr) {
        "it is allied to another player".to_string()
    } else if at_war_between(world, realm, npr) {
        "you are at war with it".to_string()
    } else if influence_for_alliance(world, realm, npr) < FORGE_INFLUENCE {
        if crate::rulesets::pop::rules::war::distant_realm(world, npr) {
            "you need at least 2 colonists in your pool (they count as influence with a distant realm)"
                .to_string()
        } else {
            "you need at least 2 influence in its areas".to_string()
        }
    } else {
        return None;
    };
    Some(Illegal::new(ids::ACT_FORGE_ALLIANCE, why))
}

/// An NPR allied to any Player Realm (house rule: one PR ally at a time).
fn seats_allied_to(world: &World, npr: Entity) -> bool {
    world
        .res::<Seats>()
        .0
        .iter()
        .any(|s| allied(world, *s, npr))
}

/// Alliances a realm may hold: 3, more with Ideas (the "Cabinet" of FACTS 4).
pub fn alliance_cap(world: &World, realm: Entity) -> usize {
    MAX_ALLIANCES + extra_alliances(world, realm)
}

/// Royal Marriages across faiths (11.2 Eligible Marriage Partners): never between a Christian and a non-Christian realm,
/// a Muslim and a non-Muslim realm, or with a Revolutionary realm.
pub fn marriage_faith_problem(world: &World, a: Entity, b: Entity) -> Option<&'static str> {
    use crate::rulesets::pop::rules::religion::religion_of;
    let (Some(fa), Some(fb)) = (religion_of(world, a), religion_of(world, b)) else {
        return None;
    };
    if fa == Religion::Revolutionary || fb == Religion::Revolutionary {
        Some("a Revolutionary realm enters no Royal Marriage")
    } else if fa.christian() != fb.christian() {
        Some("a Christian and a non-Christian realm may not marry")
    } else if fa.muslim() != fb.muslim() {
        Some("a Muslim and a non-Muslim realm may not marry")
    } else {
        None
    }
}

/// Royal Marriages a realm may hold: 3, more with Ideas (the "Cabinet" of 11.2).
pub fn marriage_cap(world: &World, realm: Entity) -> usize {
    MAX_MARRIAGES + extra_alliances(world, realm)
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let name = key_of(world, realm);
    match action {
        Action::Propose { realm: to, offer } => {
            let other = lookup(world, to)?;
            write(
                world,
                Note::new(
                    ids::PROPOSAL,
                    format!("{name} offers {to} a deal: {}", offer_text(offer)),
                )
                .realm(name),
            );
            world.res_mut::<Generic>().deal = Some(Deal {
                from: realm,
                to: other,
                offer: offer.clone(),
            });
            Some(false)
        }
        Action::Influence { area } => {
            let area = lookup(world, area)?;
            change_mp(
                world,
                realm,
                MpKind::Dip,
                -INFLUENCE_DIP,
                ids::ACT_INFLUENCE,
            );
            place_influence(world, realm, area);
            world.res_mut::<Generic>().influence = Some(InfluenceRun {
                realm,
                placed: vec![(area, 1)],
            });
            Some(false)
        }
        Action::ForgeAlliance { realm: npr } => {
            let npr = lookup(world, npr)?;
            let cost = forge_cost(world, npr);
            change_mp(world, realm, MpKind::Dip, -cost, ids::ACT_FORGE_ALLIANCE);
            spawn_sim(world, None, Alliance { a: realm, b: npr });
            let other = key_of(world, npr);
            write(
                world,
                Note::new(
                    ids::ACT_FORGE_ALLIANCE,
                    format!("{name} forges an alliance with {other} for {cost} dip"),
                )
                .realm(name)
                .subject(sid_of(world, npr)),
            );
            Some(true)
        }
        Action::FabricateClaim { area } => {
            let area_e = lookup(world, area)?;
            let dip = fabricate_dip(world, area_e);
            if dip < FABRICATE_DIP {
                write(
                    world,
                    Note::new(
                        ids::STRUGGLE_FABRICATE_DISCOUNT,
                        format!(
                            "{area} is a Power Struggle battleground: the claim costs {dip} dip"
                        ),
                    )
                    .realm(name)
                    .subject(sid_of(world, area_e)),
                );
            }
            change_mp(world, realm, MpKind::Dip, -dip, ids::ACT_FABRICATE_CLAIM);
            spawn_sim(
                world,
                None,
                Claim {
                    realm,
                    area: area_e,
                },
            );
            write(
                world,
                Note::new(
                    ids::ACT_FABRICATE_CLAIM,
                    format!("{name} fabricates a claim in {area}"),
                )
                .realm(name)
                .subject(sid_of(world, area_e)),
            );
            crate::rulesets::pop::rules::trade::open_continent(world, realm, area_e);
            Some(true)
        }
        _ => None,
    }
}

fn place_influence(world: &mut World, realm: Entity, area: Entity) {
    add_influence(world, realm, area, 1);
    let name = key_of(world, realm);
    let count = influence_in(world, realm, area);
    let area_name = key_of(world, area);
    write(
        world,
        Note::new(
            ids::ACT_INFLUENCE,
            format!("{name} places influence in {area_name} ({count} there)"),
        )
        .realm(name)
        .subject(sid_of(world, area))
        .amount(1),
    );
}

/// A few words for an offer.
pub fn offer_text(offer: &Offer) -> String {
    let mut parts = Vec::new();
    if offer.alliance {
        parts.push("an alliance".to_string());
    }
    if let Some(kind) = offer.marriage {
        parts.push(format!("a royal marriage ({kind:?} cards)"));
    }
    if offer.ducats > 0 {
        parts.push(format!("{} ducats given", offer.ducats));
    } else if offer.ducats < 0 {
        parts.push(format!("{} ducats asked", -offer.ducats));
    }
    if !offer.provinces.is_empty() {
        parts.push(format!(
            "{} for {} ducats",
            crate::engine::id::join_ids(&offer.provinces, ", "),
            offer.price
        ));
    }
    parts.join(", ")
}

pub fn answer_problem(world: &World, action: &Action) -> Option<Illegal> {
    match action {
        Action::Decline => None,
        Action::Accept => {
            let deal = world.res::<Generic>().deal.clone()?;
            offer_problem(world, deal.from, deal.to, &deal.offer)
        }
        _ => Some(Illegal::new(ids::PROPOSAL, "accept or decline the offer")),
    }
}

pub fn answer(world: &mut World, action: &Action) {
    let Some(deal) = world.res_mut::<Generic>().deal.take() else {
        return;
    };
    world.res_mut::<Generic>().finished = true;
    let (from, to) = (key_of(world, deal.from), key_of(world, deal.to));
    if *action != Action::Accept {
        write(
            world,
            Note::new(ids::PROPOSAL, format!("{to} declines {from}'s offer")).realm(to),
        );
        return;
    }
    write(
        world,
        Note::new(ids::PROPOSAL, format!("{to} accepts {from}'s offer")).realm(to),
    );
    make_deal(world, &deal);
}

/// A realm's answer to the draw a Royal Marriage offers it: `Accept` draws the card.
pub fn answer_marriage_draw(world: &mut World, action: &Action) {
    if world.res::<Generic>().marriage_draws.is_empty() {
        return;
    }
    let (realm, kind) = world.res_mut::<Generic>().marriage_draws.remove(0);
    if *action == Action::Accept {
        draw_to_hand(world, realm, kind, ids::MARRIAGE);
    } else {
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::MARRIAGE,
                format!("{name} draws no card for the marriage"),
            )
            .realm(name),
        );
    }
    if world.res::<Generic>().marriage_draws.is_empty() {
        world.res_mut::<Generic>().finished = true;
    }
}

/// Carries out an accepted deal.
fn make_deal(world: &mut World, deal: &Deal) {
    let (a, b, offer) = (deal.from, deal.to, &deal.offer);
    let (an, bn) = (key_of(world, a), key_of(world, b));
    if offer.alliance {
        change_mp(world, a, MpKind::Dip, -1, ids::ALLIANCE);
        spawn_sim(world, None, Alliance { a, b });
        write(
            world,
            Note::new(
                ids::ALLIANCE,
                format!("{an} and {bn} enter into an alliance"),
            )
            .realm(an),
        );
    }
    if let Some(kind) = offer.marriage {
        change_mp(world, a, MpKind::Dip, -1, ids::MARRIAGE);
        spawn_sim(world, None, Marriage::new(a, b));
        write(
            world,
            Note::new(
                ids::MARRIAGE,
                format!("A royal marriage joins the houses of {an} and {bn}"),
            )
            .realm(an),
        );
        // "both players may draw an Action Card of a type chosen by the Active Player": each is
        // asked, the Active Player first.
        world.res_mut::<Generic>().marriage_draws = vec![(a, kind), (b, kind)];
    }
    if offer.ducats != 0 {
        let dip = support_dip(offer.ducats);
        change_mp(world, a, MpKind::Dip, -dip, ids::MONETARY_SUPPORT);
        let (giver, taker) = if offer.ducats > 0 { (a, b) } else { (b, a) };
        let amount = offer.ducats.abs();
        spend(world, giver, amount, ids::MONETARY_SUPPORT);
        gain_ducats(world, taker, amount, ids::MONETARY_SUPPORT);
    }
    if !offer.provinces.is_empty() {
        let Some((buyer, seller)) = sale_sides(world, a, b, offer) else {
            return;
        };
        let provinces: Vec<Entity> = offer
            .provinces
            .iter()
            .filter_map(|p| lookup(world, p))
            .collect();
        change_mp(world, buyer, MpKind::Adm, -SALE_ADM, ids::PROVINCE_SALE);
        change_mp(world, seller, MpKind::Adm, -SALE_ADM, ids::PROVINCE_SALE);
        spend(world, buyer, offer.price, ids::PROVINCE_SALE);
        gain_ducats(world, seller, offer.price, ids::PROVINCE_SALE);
        let lost = sale_prestige(world, seller, &provinces);
        if lost > 0 {
            change_prestige(world, seller, -lost, ids::PROVINCE_SALE);
        }
        let (buyer_n, seller_n) = (key_of(world, buyer), key_of(world, seller));
        for p in provinces {
            remove_tokens(world, seller, p);
            world
                .entity_mut(p)
                .insert((OwnedBy(buyer), ControlledBy(buyer)));
            place_town(world, buyer, p);
            let place = key_of(world, p);
            write(
                world,
                Note::new(
                    ids::PROVINCE_SALE,
                    format!("{seller_n} sells {place} to {buyer_n}"),
                )
                .realm(buyer_n)
                .subject(sid_of(world, p)),
            );
        }
    }
}

/// Answers for another Influence cube.
pub fn influence_answers(world: &World, _realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    for a in influence_areas(world) {
        let area = key_of(world, a);
        all.push(Action::Influence { area });
        all.push(Action::InfluenceForDucats { area });
    }
    all.push(Action::Decline);
    all
}

pub fn influence_answer_problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let (area, ducats) = match action {
        Action::Decline => return None,
        Action::Influence { area } => (area, false),
        Action::InfluenceForDucats { area } => (area, true),
        _ => {
            return Some(Illegal::new(
                ids::ACT_INFLUENCE,
                "place more influence, or stop",
            ));
        }
    };
    let Some(area) = lookup(world, area).filter(|a| world.read::<Area>(*a).is_some()) else {
        return Some(Illegal::new(ids::ACT_INFLUENCE, "no such area"));
    };
    let placed = world
        .res::<Generic>()
        .influence
        .as_ref()
        .and_then(|run| run.placed.iter().find(|(a, _)| *a == area).map(|(_, n)| *n))
        .unwrap_or(0);
    influence_problem(world, realm, area, placed, true).or_else(|| {
        if ducats && mat(world, realm).ducats < INFLUENCE_DUCATS {
            Some(Illegal::new(ids::ACT_INFLUENCE, "influence costs 3 ducats"))
        } else if !ducats && mp(world, realm, MpKind::Dip) < INFLUENCE_DIP {
            Some(Illegal::new(ids::ACT_INFLUENCE, "influence costs 1 dip"))
        } else {
            None
        }
    })
}

pub fn influence_answer(world: &mut World, action: &Action) {
    let Some(mut run) = world.res_mut::<Generic>().influence.take() else {
        return;
    };
    let (area, ducats) = match action {
        Action::Influence { area } => (area, false),
        Action::InfluenceForDucats { area } => (area, true),
        _ => {
            world.res_mut::<Generic>().finished = true;
            return;
        }
    };
    let Some(area) = lookup(world, area) else {
        return;
    };
    if ducats {
        spend(world, run.realm, INFLUENCE_DUCATS, ids::ACT_INFLUENCE);
    } else {
        change_mp(
            world,
            run.realm,
            MpKind::Dip,
            -INFLUENCE_DIP,
            ids::ACT_INFLUENCE,
        );
    }
    place_influence(world, run.realm, area);
    match run.placed.iter_mut().find(|(a, _)| *a == area) {
        Some((_, n)) => *n += 1,
        None => run.placed.push((area, 1)),
    }
    world.res_mut::<Generic>().influence = Some(run);
}

pub fn resume(world: &mut World) -> Resume {
    let g = world.res::<Generic>().clone();
    if let Some((realm, kind)) = g.marriage_draws.first().copied() {
        let name = key_of(world, realm);
        ask(
            world,
            name,
            DecisionKind::MarriageDraw { kind },
            format!(
                "The royal marriage is made: draw an Action Card from the {} deck, or not",
                kind.name()
            ),
        );
        return Resume::Waiting;
    }
    if let Some(deal) = g.deal {
        let (from, to) = (key_of(world, deal.from), key_of(world, deal.to));
        let text = offer_text(&deal.offer);
        ask(
            world,
            to,
            DecisionKind::Proposal {
                from,
                offer: deal.offer.clone(),
            },
            format!("{from} offers {text}: accept or decline"),
        );
        return Resume::Waiting;
    }
    if let Some(run) = g.influence {
        let more = influence_answers(world, run.realm).iter().any(|a| {
            *a != Action::Decline && influence_answer_problem(world, run.realm, a).is_none()
        });
        if more {
            let name = key_of(world, run.realm);
            ask(
                world,
                name,
                DecisionKind::InfluenceMore,
                "Place more influence (1 dip or 3 ducats each, 2 per area this turn), or stop",
            );
            return Resume::Waiting;
        }
        let mut g = world.res_mut::<Generic>();
        g.influence = None;
        g.finished = true;
    }
    Resume::Idle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::rules::test_support::game;

    #[test]
    fn the_influence_areas_remembered_follow_every_change_of_owner_and_of_non_player_realms() {
        let mut game = game();
        let first = influence_areas(game.world());
        assert!(!first.is_empty());
        assert_eq!(first, influence_areas_now(game.world()));
        let world = game.world_mut();
        let player = world
            .query_filtered::<Entity, With<PlayerRealm>>()
            .iter(world)
            .next()
            .expect("a Player Realm");
        // Every Non-Player province of the first area goes to a Player Realm: the area leaves.
        let area = first[0];
        let npr_provinces: Vec<Entity> = area_provinces(world, area)
            .iter()
            .copied()
            .filter(|p| owner(world, *p).is_some_and(|o| world.get::<NonPlayerRealm>(o).is_some()))
            .collect();
        for p in npr_provinces {
            world.entity_mut(p).insert(OwnedBy(player));
        }
        let after_sale = influence_areas(game.world());
        assert!(!after_sale.contains(&area));
        assert_eq!(after_sale, influence_areas_now(game.world()));
        // The Player Realm turns Non-Player: its areas come in; and back again.
        game.world_mut()
            .entity_mut(player)
            .insert(NonPlayerRealm { dynamic: false });
        let as_npr = influence_areas(game.world());
        assert!(as_npr.contains(&area));
        assert_eq!(as_npr, influence_areas_now(game.world()));
        game.world_mut()
            .entity_mut(player)
            .remove::<NonPlayerRealm>();
        assert_eq!(influence_areas(game.world()), after_sale);
    }
}
