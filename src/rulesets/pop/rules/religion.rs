//! Change State Religion (5.1, Age II on): Catholic to Protestant or back, with its price in
//! prestige, stability, a marriage, influence, unrest and rebel dice; or, for Catholics, the
//! Counter-Reformation for 3 adm once a Counter-Reformed token is on the board; Convert Area
//! (2 adm + 3 D) with its unrest and rebel dice; and Revolutionary Ideology (Age IV), whose
//! tokens lie on top of an area's religion token.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::{Action, Illegal};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige, change_stability, spend};
use crate::rulesets::pop::rules::effects::{Progress, add_unrest, calm_holdings};
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::rebels::{
    EventRebelDice, RebelRoll, continue_event_rebel_dice, counting_unrest,
};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::token_provinces;
use crate::rulesets::pop::state::{Content, key_of, sid_of};

pub const CHANGE_PRESTIGE: i32 = 2;
pub const CHANGE_STABILITY: i32 = 1;
pub const CHANGE_MARRIAGES: usize = 1;
pub const CHANGE_INFLUENCE: i32 = 5;
pub const COUNTER_REFORMATION_ADM: i32 = 3;
/// The first Age in which a realm may change its State Religion.
pub const CHANGE_FROM_AGE: u8 = 2;
/// Convert Area (FACTS 4, Administrative): 2 adm and 3 ducats; Protestant realms pay 1 adm
/// less (15.0, Protestant ability).
pub const CONVERT_ADM: i32 = 2;
pub const CONVERT_DUCATS: i32 = 3;
pub const PROTESTANT_CONVERT_DISCOUNT: i32 = 1;

/// The State Religion an area's faith gives a realm that adopts it: a Counter-Reformed area
/// is Catholic (realms are Catholic, their areas may be Counter-Reformed).
pub fn state_religion_of(faith: Religion) -> Religion {
    match faith {
        Religion::CounterReformed => Religion::Catholic,
        other => other,
    }
}

/// Counter-Reformed areas are Catholic: no dissent between the two.
pub fn same_faith(a: Option<Religion>, b: Option<Religion>) -> bool {
    let norm = |r: Option<Religion>| r.map(state_religion_of);
    norm(a) == norm(b)
}

pub fn owns(action: &Action) -> bool {
    matches!(
        action,
        Action::ChangeReligion | Action::CounterReformation | Action::ConvertArea { .. }
    )
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = vec![Action::ChangeReligion, Action::CounterReformation];
    // Convert Area: any area where the realm owns a province; the check sorts out the rest.
    all.extend(
        owned_areas(world, realm)
            .into_iter()
            .map(|a| Action::ConvertArea {
                area: key_of(world, a),
            }),
    );
    all
}

pub fn religion_of(world: &World, realm: Entity) -> Option<Religion> {
    world.get::<Realm>(realm).map(|r| r.religion)
}

/// What Convert Area costs this realm in adm.
pub fn convert_adm(world: &World, realm: Entity) -> i32 {
    if religion_of(world, realm) == Some(Religion::Protestant) {
        CONVERT_ADM - PROTESTANT_CONVERT_DISCOUNT
    } else {
        CONVERT_ADM
    }
}

/// A Counter-Reformed token somewhere on the board.
pub fn counter_reformed_on_board(world: &World) -> bool {
    all_of::<Area>(world).into_iter().any(|a| {
        world
            .get::<Area>(a)
            .is_some_and(|a| a.religion == Religion::CounterReformed)
    })
}

/// Optional rule 5 (religious rebels) is switched on in the scenario options.
pub fn religious_rebels_on(world: &World) -> bool {
    world.resource::<Content>().0.options.religious_rebels
}

/// With optional rule 5: the realm's provinces held by religious rebels, i.e. its rebel towns in
/// areas of another faith (those towns show the pentagram side).
pub fn religious_rebel_towns(world: &World, realm: Entity) -> Vec<Entity> {
    if !religious_rebels_on(world) {
        return Vec::new();
    }
    let religion = religion_of(world, realm);
    owned(world, realm)
        .into_iter()
        .filter(|p| world.get::<RebelTown>(*p).is_some())
        .filter(|p| {
            !same_faith(
                area_of(world, *p).and_then(|a| area_faith(world, a)),
                religion,
            )
        })
        .collect()
}

/// Optional rule 5's way out: religious rebels hold the capital and at least 2 more provinces,
/// so the realm may adopt its capital area's faith by Change State Religion.
pub fn rebels_force_conversion(world: &World, realm: Entity) -> bool {
    let held = religious_rebel_towns(world, realm);
    let capital = world.get::<Capital>(realm).map(|c| c.0);
    capital.is_some_and(|c| held.contains(&c)) && held.len() >= 3
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        Action::ConvertArea { area } => convert_problem(world, realm, area),
        Action::ChangeReligion if rebels_force_conversion(world, realm) => None,
        Action::ChangeReligion => {
            let why = if world.resource::<Flow>().age < CHANGE_FROM_AGE {
                "the State Religion may be changed from Age II on"
            } else if !matches!(
                religion_of(world, realm),
                Some(Religion::Catholic | Religion::Protestant)
            ) {
                "only a Catholic or Protestant realm changes its State Religion by this action"
            } else {
                return None;
            };
            Some(Illegal::new(ids::CHANGE_RELIGION, why))
        }
        Action::CounterReformation => {
            let why = if religion_of(world, realm) != Some(Religion::Catholic) {
                "only Catholic realms embrace the Counter-Reformation"
            } else if !counter_reformed_on_board(world) {
                "there is no Counter-Reformed token on the board yet"
            } else if capital_area(world, realm)
                .and_then(|a| world.get::<Area>(a))
                .is_none_or(|a| a.religion == Religion::CounterReformed)
            {
                "your capital area is already Counter-Reformed"
            } else if mp(world, realm, MpKind::Adm) < COUNTER_REFORMATION_ADM {
                "the Counter-Reformation costs 3 adm"
            } else {
                return None;
            };
            Some(Illegal::new(ids::COUNTER_REFORMATION, why))
        }
        _ => None,
    }
}

/// Places a religion token: the area now belongs to that faith. A religion token replaces a
/// Revolutionary token there too; a Revolutionary token lies on top of the religion token.
pub fn place_faith(world: &mut World, area: Entity, religion: Religion) {
    if let Some(mut a) = world.get_mut::<Area>(area) {
        if religion == Religion::Revolutionary {
            a.revolution = true;
        } else {
            a.religion = religion;
            a.revolution = false;
        }
    }
    let name = key_of(world, area);
    write(
        world,
        Note::new(
            ids::EFFECT_FAITH,
            format!("A {religion:?} token is placed in {name}"),
        )
        .subject(sid_of(world, area)),
    );
}

/// Takes the Revolutionary token off an area: its own religion shows again.
pub fn remove_revolution(world: &mut World, area: Entity) {
    let had = world.get::<Area>(area).is_some_and(|a| a.revolution);
    if !had {
        return;
    }
    if let Some(mut a) = world.get_mut::<Area>(area) {
        a.revolution = false;
    }
    let name = key_of(world, area);
    let shown = world.get::<Area>(area).map(|a| a.religion);
    write(
        world,
        Note::new(
            ids::EFFECT_FAITH,
            format!(
                "The Revolutionary token leaves {name}; it is {} again",
                shown.map_or_else(String::new, |r| format!("{r:?}"))
            ),
        )
        .subject(sid_of(world, area)),
    );
}

/// The faith an area counts as: Revolutionary while a Revolutionary token lies there,
/// otherwise its religion token.
pub fn area_faith(world: &World, area: Entity) -> Option<Religion> {
    world.get::<Area>(area).map(|a| {
        if a.revolution {
            Religion::Revolutionary
        } else {
            a.religion
        }
    })
}

/// Any Revolutionary token on the board.
pub fn revolution_on_board(world: &World) -> bool {
    all_of::<Area>(world)
        .into_iter()
        .any(|a| world.get::<Area>(a).is_some_and(|x| x.revolution))
}

/// Convert Area (5.3c): the area must be of another faith, and the realm must own a province
/// there with every other province owned by itself or by realms of its State Religion.
fn convert_problem(world: &World, realm: Entity, area: &str) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::ACT_CONVERT_AREA, why));
    let Some(area) = world
        .resource::<crate::rulesets::pop::state::Index>()
        .get(area)
        .filter(|a| world.get::<Area>(*a).is_some())
    else {
        return err("no such area".into());
    };
    if world.get::<Area>(area).is_some_and(|a| a.distant) {
        return err("the religions of the Distant Continents are outside the game".into());
    }
    let mine = religion_of(world, realm);
    if same_faith(area_faith(world, area), mine) {
        return err("the area already shares your State Religion".into());
    }
    let provinces = provinces_of(world, area);
    if !provinces.iter().any(|p| owner(world, *p) == Some(realm)) {
        return err("you must own a province in the area".into());
    }
    let foreign = provinces.iter().any(|p| {
        owner(world, *p).is_none_or(|o| o != realm && !same_faith(religion_of(world, o), mine))
    });
    if foreign {
        return err(
            "every other province there must belong to a realm of your State Religion".into(),
        );
    }
    let adm = convert_adm(world, realm);
    if mp(world, realm, MpKind::Adm) < adm {
        return err(format!("converting an area costs {adm} adm"));
    }
    if world
        .get::<Mat>(realm)
        .is_none_or(|m| m.ducats < CONVERT_DUCATS)
    {
        return err(format!("converting an area costs {CONVERT_DUCATS} ducats"));
    }
    None
}

/// Convert Area: the realm's faith token goes on the area, one of its towns there turns to
/// unrest and it rolls rebel dice for all its unrest in the area.
fn convert_area(world: &mut World, realm: Entity, area: &str) -> Option<bool> {
    let area = world
        .resource::<crate::rulesets::pop::state::Index>()
        .get(area)?;
    let religion = religion_of(world, realm)?;
    let name = key_of(world, realm);
    let adm = convert_adm(world, realm);
    change_mp(world, realm, MpKind::Adm, -adm, ids::ACT_CONVERT_AREA);
    spend(world, realm, CONVERT_DUCATS, ids::ACT_CONVERT_AREA);
    let old = area_faith(world, area);
    let area_name = key_of(world, area);
    write(
        world,
        Note::new(
            ids::ACT_CONVERT_AREA,
            format!(
                "{name} converts {area_name} from {} to {religion:?}",
                old.map_or_else(String::new, |r| format!("{r:?}"))
            ),
        )
        .realm(&name)
        .subject(sid_of(world, area)),
    );
    place_faith(world, area, religion);
    // The unrest goes on one of the realm's towns there (5.3c), a vassal only when it has none.
    let calm = calm_holdings(world, realm, Some(area));
    let town = calm.iter().find(|p| {
        world.get::<Holdings>(**p).is_some_and(|h| {
            h.iter().any(|t| {
                world.get::<Town>(t).is_some()
                    && world.get::<TokenOf>(t).is_some_and(|o| o.0 == realm)
            })
        })
    });
    if let Some(p) = town.or(calm.first()) {
        add_unrest(world, realm, *p);
    }
    if counting_unrest(world, realm, Some(area)).is_empty() {
        return Some(true);
    }
    start_religion_dice(world, realm, vec![area]);
    Some(false)
}

/// Rebel dice in these areas of the realm, rolled with the machinery of an Event's unrest
/// symbol; `resume` finishes them.
fn start_religion_dice(world: &mut World, realm: Entity, areas: Vec<Entity>) {
    let me = sid_of(world, realm);
    *world.resource_mut::<RebelRoll>() = RebelRoll {
        realm: Some(me),
        areas: areas.iter().map(|a| sid_of(world, *a)).collect(),
        active: Some(me),
        ..Default::default()
    };
    world.insert_resource(EventRebelDice {
        order: vec![me],
        index: 0,
        visits: 1,
        active: Some(me),
    });
    world.resource_mut::<Generic>().religion_dice = Some(realm);
}

/// Sets a realm's State Religion (Change State Religion, Revolutionary Regime and its end).
/// Marriages the new faith forbids (11.2: across Christian, Muslim or Revolutionary lines) end
/// at once (house rule: the sources say only that such marriages may not be entered).
pub fn set_state_religion(world: &mut World, realm: Entity, new: Religion) {
    if let Some(mut r) = world.get_mut::<Realm>(realm) {
        r.religion = new;
    }
    let forbidden: Vec<(Entity, Marriage)> = markers::<Marriage>(world)
        .into_iter()
        .filter(|(_, m)| m.a == realm || m.b == realm)
        .filter(|(_, m)| {
            crate::rulesets::pop::rules::diplomacy::marriage_faith_problem(world, m.a, m.b)
                .is_some()
        })
        .collect();
    for (e, m) in forbidden {
        world.despawn(e);
        let (a, b) = (key_of(world, m.a), key_of(world, m.b));
        write(
            world,
            Note::new(
                ids::MARRIAGE,
                format!("The marriage of {a} and {b} ends: their faiths may no longer marry"),
            )
            .realm(&key_of(world, realm)),
        );
    }
}

/// Researching the Revolutionary Regime government form: the realm's State Religion becomes
/// Revolutionary and a Revolutionary token goes on its capital area (house rule: the regime
/// begins at home).
pub fn become_revolutionary(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let old = religion_of(world, realm);
    set_state_religion(world, realm, Religion::Revolutionary);
    write(
        world,
        Note::new(
            ids::REVOLUTIONARY_REGIME,
            format!(
                "{name} proclaims a Revolutionary Regime: its State Religion was {} and is now Revolutionary",
                old.map_or_else(String::new, |r| format!("{r:?}"))
            ),
        )
        .realm(&name),
    );
    if let Some(area) = capital_area(world, realm)
        && !world.get::<Area>(area).is_some_and(|a| a.revolution)
    {
        place_faith(world, area, Religion::Revolutionary);
    }
}

/// A Revolutionary realm researching another government form (15.0): the Revolutionary token
/// leaves its capital area and it takes that area's religion as its State Religion.
pub fn end_revolutionary_regime(world: &mut World, realm: Entity) {
    if religion_of(world, realm) != Some(Religion::Revolutionary) {
        return;
    }
    let Some(area) = capital_area(world, realm) else {
        return;
    };
    remove_revolution(world, area);
    let Some(new) = area_faith(world, area).map(state_religion_of) else {
        return;
    };
    set_state_religion(world, realm, new);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::REVOLUTIONARY_REGIME,
            format!(
                "{name} ends its Revolutionary Regime and adopts {new:?} as its State Religion"
            ),
        )
        .realm(&name),
    );
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let name = key_of(world, realm);
    match action {
        Action::ConvertArea { area } => convert_area(world, realm, area),
        Action::CounterReformation => {
            let area = capital_area(world, realm)?;
            change_mp(
                world,
                realm,
                MpKind::Adm,
                -COUNTER_REFORMATION_ADM,
                ids::COUNTER_REFORMATION,
            );
            place_faith(world, area, Religion::CounterReformed);
            let area_name = key_of(world, area);
            write(
                world,
                Note::new(
                    ids::COUNTER_REFORMATION,
                    format!("{name} embraces the Counter-Reformation: a Counter-Reformed token in {area_name}"),
                )
                .realm(&name)
                .subject(sid_of(world, area)),
            );
            Some(true)
        }
        Action::ChangeReligion => {
            let old = religion_of(world, realm)?;
            let escape = rebels_force_conversion(world, realm);
            let new = if escape {
                state_religion_of(capital_area(world, realm).and_then(|a| area_faith(world, a))?)
            } else if old == Religion::Catholic {
                Religion::Protestant
            } else {
                Religion::Catholic
            };
            write(
                world,
                Note::new(
                    ids::CHANGE_RELIGION,
                    format!("{name} changes its State Religion from {old:?} to {new:?}"),
                )
                .realm(&name),
            );
            set_state_religion(world, realm, new);
            change_prestige(world, realm, -CHANGE_PRESTIGE, ids::CHANGE_RELIGION);
            change_stability(world, realm, -CHANGE_STABILITY, ids::CHANGE_RELIGION);
            drop_marriage(world, realm, old);
            move_influence(world, realm, old, new);
            if escape {
                make_peace_with_the_faithful(world, realm, new);
            }
            let areas = unrest_in_old_faith(world, realm, old);
            if areas.is_empty() {
                return Some(true);
            }
            start_religion_dice(world, realm, areas);
            Some(false)
        }
        _ => None,
    }
}

/// Optional rule 5: after adopting the rebels' faith, every rebel unit and rebel town in the
/// realm's areas of that faith is removed.
fn make_peace_with_the_faithful(world: &mut World, realm: Entity, new: Religion) {
    let name = key_of(world, realm);
    let mut areas: Vec<Entity> = owned(world, realm)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .filter(|a| same_faith(area_faith(world, *a), Some(new)))
        .collect();
    areas.sort_by_key(|a| sid_of(world, *a));
    areas.dedup();
    for area in areas {
        let towns: Vec<Entity> = provinces_of(world, area)
            .into_iter()
            .filter(|p| owner(world, *p) == Some(realm) && world.get::<RebelTown>(*p).is_some())
            .collect();
        let rebels: Vec<Entity> = world
            .get::<Present>(area)
            .map(|p| {
                p.iter()
                    .filter(|u| {
                        world
                            .get::<Unit>(*u)
                            .is_some_and(|x| x.status == UnitStatus::Rebel)
                    })
                    .collect()
            })
            .unwrap_or_default();
        for p in &towns {
            world.entity_mut(*p).remove::<RebelTown>();
            crate::rulesets::pop::rules::military::clear_unrest(world, realm, *p);
        }
        for u in &rebels {
            world.despawn(*u);
        }
        if towns.is_empty() && rebels.is_empty() {
            continue;
        }
        let area_name = key_of(world, area);
        write(
            world,
            Note::new(
                ids::RELIGIOUS_REBELS,
                format!(
                    "{name} shares their faith now: {} rebel towns and {} rebel units leave {area_name}",
                    towns.len(),
                    rebels.len()
                ),
            )
            .realm(&name)
            .subject(sid_of(world, area)),
        );
    }
}

/// Removes one marriage whose token lies in an area of the abandoned faith (the partner's
/// capital area); the first by stable id.
fn drop_marriage(world: &mut World, realm: Entity, old: Religion) {
    let marriage = markers::<Marriage>(world).into_iter().find(|(_, m)| {
        let partner = if m.a == realm {
            Some(m.b)
        } else if m.b == realm {
            Some(m.a)
        } else {
            None
        };
        partner
            .and_then(|p| capital_area(world, p))
            .is_some_and(|a| same_faith(area_faith(world, a), Some(old)))
    });
    if let Some((e, m)) = marriage.into_iter().take(CHANGE_MARRIAGES).next() {
        world.despawn(e);
        let (a, b) = (key_of(world, m.a), key_of(world, m.b));
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::CHANGE_RELIGION,
                format!("The marriage of {a} and {b} ends over the change of faith"),
            )
            .realm(&name),
        );
    }
}

/// Discards up to `n` of the realm's influence cubes from areas whose faith (`area_faith`, so a
/// Revolutionary token counts) passes `faith`, in stable-id order. Returns how many went.
pub fn discard_influence_of_faith(
    world: &mut World,
    realm: Entity,
    faith: impl Fn(Option<Religion>) -> bool,
    n: i32,
) -> i32 {
    let mut removed = 0;
    for (_, inf) in markers::<Influence>(world) {
        if removed >= n {
            break;
        }
        if inf.realm != realm || !faith(area_faith(world, inf.area)) {
            continue;
        }
        let take = i32::from(inf.count).min(n - removed);
        add_influence(world, realm, inf.area, -take);
        removed += take;
    }
    removed
}

/// Removes 5 influence in all from areas of the abandoned faith (in stable-id order) and puts
/// it in areas of the new faith with a Non-Player Realm's province, up to 5 in each; what does
/// not fit goes back to the supply.
fn move_influence(world: &mut World, realm: Entity, old: Religion, new: Religion) {
    let removed =
        discard_influence_of_faith(world, realm, |f| same_faith(f, Some(old)), CHANGE_INFLUENCE);
    if removed == 0 {
        return;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::CHANGE_RELIGION,
            format!("{name} removes {removed} influence from areas of its old faith"),
        )
        .realm(&name)
        .amount(-removed),
    );
    let targets: Vec<Entity> = all_of::<Area>(world)
        .into_iter()
        .filter(|a| area_faith(world, *a) == Some(new))
        .filter(|a| {
            provinces_of(world, *a)
                .iter()
                .any(|p| owner(world, *p).is_some_and(|o| world.get::<NonPlayerRealm>(o).is_some()))
        })
        .collect();
    let mut placed = 0;
    for area in targets {
        while placed < removed && influence_in(world, realm, area) < 5 {
            add_influence(world, realm, area, 1);
            placed += 1;
        }
    }
    if placed > 0 {
        write(
            world,
            Note::new(
                ids::CHANGE_RELIGION,
                format!("{name} places {placed} influence in areas of its new faith"),
            )
            .realm(&name)
            .amount(placed),
        );
    }
}

/// One unrest in each of the realm's areas of the abandoned faith; returns those of them where
/// it has counting unrest, for the rebel dice.
fn unrest_in_old_faith(world: &mut World, realm: Entity, old: Religion) -> Vec<Entity> {
    let mut areas: Vec<Entity> = token_provinces(world, realm, |_| true)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .filter(|a| same_faith(area_faith(world, *a), Some(old)))
        .collect();
    areas.sort_by_key(|a| key_of(world, *a));
    areas.dedup();
    for area in &areas {
        if let Some(p) = calm_holdings(world, realm, Some(*area)).first() {
            add_unrest(world, realm, *p);
        }
    }
    areas
        .into_iter()
        .filter(|a| !counting_unrest(world, realm, Some(*a)).is_empty())
        .collect()
}

pub fn resume(world: &mut World) -> Resume {
    if world.resource::<Generic>().religion_dice.is_none() {
        return Resume::Idle;
    }
    if continue_event_rebel_dice(world) == Progress::Waiting {
        return Resume::Waiting;
    }
    world.insert_resource(EventRebelDice::default());
    world.resource_mut::<Generic>().religion_dice = None;
    Resume::Finished
}
