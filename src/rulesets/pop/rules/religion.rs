//! Change State Religion (5.1, Age II on): Catholic to Protestant or back, with its price in
//! prestige, stability, a marriage, influence, unrest and rebel dice; or, for Catholics, the
//! Counter-Reformation for 3 adm once a Counter-Reformed token is on the board; Convert Area
//! (2 adm + 3 D) with its unrest and rebel dice; and Revolutionary Ideology (Age IV), whose
//! tokens lie on top of an area's religion token.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige, change_stability, spend};
use crate::rulesets::pop::rules::effects::{Progress, add_unrest, unrest_places};
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::rebels::{
    EventRebelDice, RebelRoll, continue_event_rebel_dice, counting_unrest,
};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::token_provinces;
use crate::rulesets::pop::state::{Content, key_of, sid_of, sort_dedup_by_sid};

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
        Action::ChangeReligion
            | Action::AdoptRebelFaith
            | Action::CounterReformation
            | Action::ConvertArea { .. }
    )
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = vec![Action::ChangeReligion, Action::CounterReformation];
    // Optional rule 5's way out, listed only while it is open (the option is off by default).
    if rebels_force_conversion(world, realm) {
        all.push(Action::AdoptRebelFaith);
    }
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
    world.read::<Realm>(realm).map(|r| r.religion)
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
            .read::<Area>(a)
            .is_some_and(|a| a.religion == Religion::CounterReformed)
    })
}

/// Optional rule 5 (religious rebels) is switched on in the scenario options.
pub fn religious_rebels_on(world: &World) -> bool {
    world.res::<Content>().0.options.religious_rebels
}

/// With optional rule 5: the realm's provinces held by religious rebels, i.e. its rebel towns in
/// areas of another faith (those towns show the pentagram side). Not on a Distant Continent,
/// whose religions are outside the game (EUP-W 15.0).
pub fn religious_rebel_towns(world: &World, realm: Entity) -> Vec<Entity> {
    if !religious_rebels_on(world) {
        return Vec::new();
    }
    let religion = religion_of(world, realm);
    owned(world, realm)
        .into_iter()
        .filter(|p| world.read::<RebelTown>(*p).is_some())
        .filter(|p| {
            area_of(world, *p).is_some_and(|a| {
                world.read::<Area>(a).is_some_and(|x| !x.distant)
                    && !same_faith(area_faith(world, a), religion)
            })
        })
        .collect()
}

/// Optional rule 5's way out: religious rebels hold the capital and at least 2 more provinces,
/// so the realm may adopt its capital area's faith by Change State Religion.
pub fn rebels_force_conversion(world: &World, realm: Entity) -> bool {
    let held = religious_rebel_towns(world, realm);
    let capital = world.read::<Capital>(realm).map(|c| c.0);
    capital.is_some_and(|c| held.contains(&c)) && held.len() >= 3
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        Action::ConvertArea { area } => convert_problem(world, realm, area),
        // Optional rule 5: "you may take the Change State Religion Action to adopt the Religion
        // of your Capital Area", whatever the Age or the faiths; a second way to use the
        // action, the ordinary change staying open beside it.
        Action::AdoptRebelFaith if rebels_force_conversion(world, realm) => None,
        Action::AdoptRebelFaith => Some(Illegal::new(
            ids::RELIGIOUS_REBELS,
            if religious_rebels_on(world) {
                "religious rebels must hold your capital and at least 2 more of your provinces"
            } else {
                "optional rule 5 (religious rebels) is not in play"
            },
        )),
        Action::ChangeReligion => {
            let why = if world.res::<Flow>().age < CHANGE_FROM_AGE {
                "the State Religion may be changed from Age II on"
            } else if !matches!(
                religion_of(world, realm),
                Some(Religion::Catholic | Religion::Protestant)
            ) {
                "only a Catholic or Protestant realm changes its State Religion by this action"
            } else if let Some(why) =
                crate::rulesets::pop::rules::empire::change_religion_problem(world, realm)
            {
                return Some(Illegal::new(ids::EMPIRE_FAITH, why));
            } else {
                return None;
            };
            Some(Illegal::new(ids::CHANGE_RELIGION, why))
        }
        Action::CounterReformation => {
            // The Counter-Reformation is the Change State Religion action's alternative; what
            // opens it is a Counter-Reformed token on the board (5.1), not the Age: "Starting
            // with Age II" is said of changing between Catholic and Protestant, which a
            // Catholic realm turning Counter-Reformed does not do. (The tokens first come with
            // Age II's Events, so in play the two agree.)
            let why = if religion_of(world, realm) != Some(Religion::Catholic) {
                "only Catholic realms embrace the Counter-Reformation"
            } else if !counter_reformed_on_board(world) {
                "there is no Counter-Reformed token on the board yet"
            } else if capital_area(world, realm)
                .and_then(|a| world.read::<Area>(a))
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
    let had = world.read::<Area>(area).is_some_and(|a| a.revolution);
    if !had {
        return;
    }
    if let Some(mut a) = world.get_mut::<Area>(area) {
        a.revolution = false;
    }
    let name = key_of(world, area);
    let shown = world.read::<Area>(area).map(|a| a.religion);
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
    world.read::<Area>(area).map(|a| {
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
        .any(|a| world.read::<Area>(a).is_some_and(|x| x.revolution))
}

/// Convert Area (5.3c): the area must be of another faith, and the realm must own a province
/// there with every other province owned by itself or by realms of its State Religion.
fn convert_problem(world: &World, realm: Entity, area: &str) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::ACT_CONVERT_AREA, why));
    let Some(area) = world
        .res::<crate::rulesets::pop::state::Index>()
        .get(area)
        .filter(|a| world.read::<Area>(*a).is_some())
    else {
        return err("no such area".into());
    };
    if world.read::<Area>(area).is_some_and(|a| a.distant) {
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
        .read::<Mat>(realm)
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
        .res::<crate::rulesets::pop::state::Index>()
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
        .realm(name)
        .subject(sid_of(world, area)),
    );
    place_faith(world, area, religion);
    // The unrest goes on one of the realm's towns there (5.3c), a vassal only when it has none,
    // and where it counts when it can (`unrest_places`).
    let calm = unrest_places(world, realm, Some(area));
    let town = calm.iter().find(|p| {
        world.read::<Holdings>(**p).is_some_and(|h| {
            h.iter().any(|t| {
                world.read::<Town>(t).is_some()
                    && world.read::<TokenOf>(t).is_some_and(|o| o.0 == realm)
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
    *world.res_mut::<RebelRoll>() = RebelRoll {
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
    world.res_mut::<Generic>().religion_dice = Some(realm);
}

/// Sets a realm's State Religion (Change State Religion, Revolutionary Regime and its end).
/// Marriages the new faith forbids (11.2: across Christian, Muslim or Revolutionary lines) end
/// at once (house rule: the sources say only that such marriages may not be entered).
pub fn set_state_religion(world: &mut World, realm: Entity, new: Religion) {
    if let Some(mut r) = world.get_mut::<Realm>(realm) {
        r.religion = new;
    }
    let forbidden: Vec<(Entity, Marriage)> = markers::<Marriage>(world)
        .iter()
        .copied()
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
            .realm(key_of(world, realm)),
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
        .realm(name),
    );
    if let Some(area) = capital_area(world, realm)
        && !world.read::<Area>(area).is_some_and(|a| a.revolution)
    {
        place_faith(world, area, Religion::Revolutionary);
    }
    if crate::rulesets::pop::rules::empire::is_emperor(world, realm) {
        crate::rulesets::pop::rules::empire::dissolve(
            world,
            ids::REVOLUTIONARY_REGIME,
            &format!("its Emperor {name} adopts Revolutionary Ideology (18.7)"),
        );
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
        .realm(name),
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
                .realm(name)
                .subject(sid_of(world, area)),
            );
            Some(true)
        }
        Action::ChangeReligion | Action::AdoptRebelFaith => {
            let old = religion_of(world, realm)?;
            let escape = *action == Action::AdoptRebelFaith;
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
                .realm(name),
            );
            set_state_religion(world, realm, new);
            change_prestige(world, realm, -CHANGE_PRESTIGE, ids::CHANGE_RELIGION);
            change_stability(world, realm, -CHANGE_STABILITY, ids::CHANGE_RELIGION);
            // The realm's choices (which marriage, which influence goes, where it goes) follow
            // one by one through `resume`, then the unrest and the rebel dice.
            let to_remove = old_faith_influence(world, realm, old)
                .iter()
                .map(|(_, n)| *n)
                .sum::<i32>()
                .min(CHANGE_INFLUENCE);
            world.res_mut::<Generic>().religion_change = Some(ReligionChange {
                realm,
                old,
                new,
                escape,
                marriage_done: false,
                to_remove: to_remove as u8,
                removed: 0,
                to_place: 0,
            });
            Some(false)
        }
        _ => None,
    }
}

/// Optional rule 5: after adopting the rebels' faith, every rebel unit and rebel town in the
/// realm's areas of that faith is removed ("remove all ? and R from your Areas"). Only those
/// pieces go: the unrest under a removed rebel town stays and counts again (the seed says so
/// for a stormed rebel town, 14.4, and not here).
fn make_peace_with_the_faithful(world: &mut World, realm: Entity, new: Religion) {
    let name = key_of(world, realm);
    let mut areas: Vec<Entity> = owned(world, realm)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .filter(|a| same_faith(area_faith(world, *a), Some(new)))
        .collect();
    sort_dedup_by_sid(world, &mut areas);
    for area in areas {
        let towns: Vec<Entity> = area_provinces(world, area)
            .iter()
            .copied()
            .filter(|p| world.read::<RebelTown>(*p).is_some())
            .collect();
        let rebels: Vec<Entity> = world
            .read::<Present>(area)
            .map(|p| {
                p.iter()
                    .filter(|u| {
                        world
                            .read::<Unit>(*u)
                            .is_some_and(|x| x.status == UnitStatus::Rebel)
                    })
                    .collect()
            })
            .unwrap_or_default();
        for p in &towns {
            world.entity_mut(*p).remove::<RebelTown>();
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
            .realm(name)
            .subject(sid_of(world, area)),
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
    for &(_, inf) in markers::<Influence>(world).iter() {
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

/// A Change State Religion in progress: the choices of its price still to make (5.1).
#[derive(Clone, Debug)]
pub struct ReligionChange {
    pub realm: Entity,
    pub old: Religion,
    pub new: Religion,
    /// Adopting the faith of religious rebels (optional rule 5).
    pub escape: bool,
    /// The marriage token (if any) has been removed.
    pub marriage_done: bool,
    /// Influence still to remove from areas of the abandoned faith (5 in all, or what there is).
    pub to_remove: u8,
    /// Influence removed so far (for the log line).
    pub removed: u8,
    /// Removed influence still to place in areas of the new faith.
    pub to_place: u8,
}

impl ReligionChange {
    pub fn describe(&self, world: &World) -> String {
        format!(
            "{} {:?}->{:?} escape {} marriage done {} remove {} removed {} place {}",
            key_of(world, self.realm),
            self.old,
            self.new,
            self.escape,
            self.marriage_done,
            self.to_remove,
            self.removed,
            self.to_place
        )
    }
}

/// The realm's influence in areas of `faith` (a Revolutionary token counts, as `area_faith`),
/// by area in stable-id order.
fn old_faith_influence(world: &World, realm: Entity, faith: Religion) -> Vec<(Entity, i32)> {
    let mut out: Vec<(Entity, i32)> = markers::<Influence>(world)
        .iter()
        .copied()
        .filter(|(_, i)| i.realm == realm && i.count > 0)
        .filter(|(_, i)| same_faith(area_faith(world, i.area), Some(faith)))
        .map(|(_, i)| (i.area, i32::from(i.count)))
        .collect();
    out.sort_by_cached_key(|(a, _)| sid_of(world, *a));
    out
}

/// The realms married to `realm` whose marriage token lies in an area of the abandoned faith
/// (the token sits in the partner's capital area), in stable-id order.
pub fn partners_of_old_faith(world: &World, realm: Entity, old: Religion) -> Vec<Entity> {
    let mut out: Vec<Entity> = markers::<Marriage>(world)
        .iter()
        .copied()
        .filter_map(|(_, m)| {
            if m.a == realm {
                Some(m.b)
            } else if m.b == realm {
                Some(m.a)
            } else {
                None
            }
        })
        .filter(|p| {
            capital_area(world, *p).is_some_and(|a| same_faith(area_faith(world, a), Some(old)))
        })
        .collect();
    sort_dedup_by_sid(world, &mut out);
    out
}

/// Areas of the new faith where the moved influence may go ("Areas with the same faith as your
/// new State Religion": a Counter-Reformed area is of the Catholic faith): a Non-Player Realm's
/// province there (where influence is placed, 5.4b) and fewer than 5 of the realm's cubes, in
/// stable-id order.
pub fn new_faith_targets(world: &World, realm: Entity, new: Religion) -> Vec<Entity> {
    all_of::<Area>(world)
        .into_iter()
        .filter(|a| same_faith(area_faith(world, *a), Some(new)))
        .filter(|a| {
            provinces_of(world, *a).iter().any(|p| {
                owner(world, *p).is_some_and(|o| world.read::<NonPlayerRealm>(o).is_some())
            })
        })
        .filter(|a| influence_counted(world, realm, *a) < 5)
        .collect()
}

fn end_marriage_with(world: &mut World, realm: Entity, partner: Entity) {
    if !crate::rulesets::pop::rules::generic::remove_marriage(world, realm, partner) {
        return;
    }
    let (a, b) = (key_of(world, realm), key_of(world, partner));
    write(
        world,
        Note::new(
            ids::CHANGE_RELIGION,
            format!("The marriage of {a} and {b} ends over the change of faith"),
        )
        .realm(a),
    );
}

fn change_mut(world: &mut World) -> Mut<'_, ReligionChange> {
    Mut::map_unchanged(world.res_mut::<Generic>(), |g| {
        g.religion_change
            .as_mut()
            .expect("a change of religion in progress")
    })
}

/// Takes one cube of the realm's influence from `area` as part of the price.
fn remove_one(world: &mut World, realm: Entity, area: Entity, n: i32) {
    add_influence(world, realm, area, -n);
    let mut c = change_mut(world);
    c.to_remove -= n as u8;
    c.removed += n as u8;
    c.to_place += n as u8;
}

fn place_one(world: &mut World, realm: Entity, area: Entity, n: i32) {
    add_influence(world, realm, area, n);
    let name = key_of(world, realm);
    let area_name = key_of(world, area);
    write(
        world,
        Note::new(
            ids::CHANGE_RELIGION,
            format!("{name} places {n} influence in {area_name}, of its new faith"),
        )
        .realm(name)
        .subject(sid_of(world, area))
        .amount(n),
    );
    change_mut(world).to_place -= n as u8;
}

fn note_removed(world: &mut World, realm: Entity) {
    let removed = i32::from(change_mut(world).removed);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::CHANGE_RELIGION,
            format!("{name} removes {removed} influence from areas of its old faith"),
        )
        .realm(name)
        .amount(-removed),
    );
}

/// Carries a Change State Religion on through its price (5.1): one marriage token in an area
/// of the abandoned faith goes, then 5 influence in all from such areas, placed again in areas
/// of the new faith; where more than one way is open the realm chooses, one token at a time.
/// Then the unrest in the realm's areas of the old faith and their rebel dice. Returns
/// `Waiting` while a choice is asked.
fn continue_change(world: &mut World) -> Progress {
    loop {
        let Some(c) = world.res::<Generic>().religion_change.clone() else {
            return Progress::Done;
        };
        let realm = c.realm;
        let name = key_of(world, realm);
        if !c.marriage_done {
            match partners_of_old_faith(world, realm, c.old).as_slice() {
                [] => {}
                [only] => end_marriage_with(world, realm, *only),
                _ => {
                    ask(
                        world,
                        name,
                        DecisionKind::ReligionMarriage,
                        "Change State Religion: choose the marriage, in an area of your old faith, that ends".to_string(),
                    );
                    return Progress::Waiting;
                }
            }
            change_mut(world).marriage_done = true;
            continue;
        }
        if c.to_remove > 0 {
            let held = old_faith_influence(world, realm, c.old);
            let total: i32 = held.iter().map(|(_, n)| *n).sum();
            if held.is_empty() {
                change_mut(world).to_remove = 0;
            } else if held.len() == 1 || total <= i32::from(c.to_remove) {
                // No choice: it all goes, or it all comes from one area.
                let mut left = i32::from(c.to_remove);
                for (area, n) in held {
                    let take = n.min(left);
                    remove_one(world, realm, area, take);
                    left -= take;
                }
                change_mut(world).to_remove = 0;
            } else {
                ask(
                    world,
                    name,
                    DecisionKind::ReligionInfluenceOut { left: c.to_remove },
                    format!(
                        "Change State Religion: remove {} more influence from an area of your old faith",
                        c.to_remove
                    ),
                );
                return Progress::Waiting;
            }
            if change_mut(world).removed > 0 {
                note_removed(world, realm);
            }
            continue;
        }
        if c.to_place > 0 {
            match new_faith_targets(world, realm, c.new).as_slice() {
                [] => {
                    write(
                        world,
                        Note::new(
                            ids::CHANGE_RELIGION,
                            format!(
                                "{name} has no area of its new faith for {} influence: it goes back to the supply",
                                c.to_place
                            ),
                        )
                        .realm(name),
                    );
                    change_mut(world).to_place = 0;
                }
                [only] => {
                    let room = (5 - i32::from(influence_counted(world, realm, *only)))
                        .min(i32::from(c.to_place));
                    place_one(world, realm, *only, room);
                }
                _ => {
                    ask(
                        world,
                        name,
                        DecisionKind::ReligionInfluenceIn { left: c.to_place },
                        format!(
                            "Change State Religion: place {} more influence in an area of your new faith",
                            c.to_place
                        ),
                    );
                    return Progress::Waiting;
                }
            }
            continue;
        }
        world.res_mut::<Generic>().religion_change = None;
        if c.escape {
            make_peace_with_the_faithful(world, realm, c.new);
        }
        let areas = unrest_in_old_faith(world, realm, c.old);
        if !areas.is_empty() {
            start_religion_dice(world, realm, areas);
        } else {
            world.res_mut::<Generic>().finished = true;
        }
        return Progress::Done;
    }
}

/// Answers worth checking for the choices of a Change State Religion.
pub fn answers(world: &World, kind: &DecisionKind) -> Vec<Action> {
    let Some(c) = world.res::<Generic>().religion_change.clone() else {
        return Vec::new();
    };
    match kind {
        DecisionKind::ReligionMarriage => partners_of_old_faith(world, c.realm, c.old)
            .into_iter()
            .map(|p| Action::ChooseRealm {
                realm: key_of(world, p),
            })
            .collect(),
        DecisionKind::ReligionInfluenceOut { .. } => old_faith_influence(world, c.realm, c.old)
            .into_iter()
            .map(|(a, _)| Action::RemoveInfluence {
                area: key_of(world, a),
            })
            .collect(),
        DecisionKind::ReligionInfluenceIn { .. } => new_faith_targets(world, c.realm, c.new)
            .into_iter()
            .map(|a| Action::PlaceInfluence {
                area: key_of(world, a),
            })
            .collect(),
        _ => Vec::new(),
    }
}

pub fn answer_problem(world: &World, kind: &DecisionKind, action: &Action) -> Option<Illegal> {
    if answers(world, kind).contains(action) {
        return None;
    }
    let why = match kind {
        DecisionKind::ReligionMarriage => {
            "choose a realm married to you whose capital area is of your old faith"
        }
        DecisionKind::ReligionInfluenceOut { .. } => {
            "choose an area of your old faith where you have influence"
        }
        _ => {
            "choose an area of your new faith with a Non-Player Realm's province and room for your influence"
        }
    };
    Some(Illegal::new(ids::CHANGE_RELIGION, why))
}

/// Feeds one choice of a Change State Religion; `resume` goes on from there.
pub fn answer(world: &mut World, action: &Action) {
    let Some(c) = world.res::<Generic>().religion_change.clone() else {
        return;
    };
    let index = world.res::<crate::rulesets::pop::state::Index>();
    let target = match action {
        Action::ChooseRealm { realm: key }
        | Action::RemoveInfluence { area: key }
        | Action::PlaceInfluence { area: key } => index.get(key),
        _ => None,
    };
    let Some(target) = target else { return };
    match action {
        Action::ChooseRealm { .. } => {
            end_marriage_with(world, c.realm, target);
            change_mut(world).marriage_done = true;
        }
        Action::RemoveInfluence { .. } => {
            remove_one(world, c.realm, target, 1);
            if change_mut(world).to_remove == 0 {
                note_removed(world, c.realm);
            }
        }
        _ => place_one(world, c.realm, target, 1),
    }
}

/// One unrest in each of the realm's areas of the abandoned faith, on a town where it counts
/// when there is one; returns those of the areas where it has counting unrest, for the rebel
/// dice. "Your Areas" are those where the realm owns a province (its town or vassal): a town it
/// holds only as an occupier is on a province "neither part of the Occupant's Realm" (2.0).
fn unrest_in_old_faith(world: &mut World, realm: Entity, old: Religion) -> Vec<Entity> {
    let owned_here = |t: Entity| {
        world
            .read::<OnProvince>(t)
            .and_then(|p| world.read::<OwnedBy>(p.0))
            .is_some_and(|o| o.0 == realm)
    };
    let mut areas: Vec<Entity> = token_provinces(world, realm, owned_here)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .filter(|a| same_faith(area_faith(world, *a), Some(old)))
        .collect();
    areas.sort_by_key(|a| key_of(world, *a));
    areas.dedup();
    for area in &areas {
        // A town whose unrest counts before one covered by a rebel town or an occupier's town
        // (14.1: covered unrest "does not count for any purpose", so it would dodge the dice).
        if let Some(p) = unrest_places(world, realm, Some(*area)).first() {
            add_unrest(world, realm, *p);
        }
    }
    areas
        .into_iter()
        .filter(|a| !counting_unrest(world, realm, Some(*a)).is_empty())
        .collect()
}

pub fn resume(world: &mut World) -> Resume {
    if world.res::<Generic>().religion_change.is_some()
        && continue_change(world) == Progress::Waiting
    {
        return Resume::Waiting;
    }
    if world.res::<Generic>().religion_dice.is_none() {
        return Resume::Idle;
    }
    if continue_event_rebel_dice(world) == Progress::Waiting {
        return Resume::Waiting;
    }
    world.insert_resource(EventRebelDice::default());
    world.res_mut::<Generic>().religion_dice = None;
    Resume::Finished
}
