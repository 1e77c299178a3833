//! Treasury, monarch power and stability arithmetic shared by every rule that pays or gains:
//! the MP cap, stability overflow and underflow, loans, forced loans and bankruptcy.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::{Mat, Role, Serves, Unit, UnitOf, UnitStatus};
use crate::rulesets::pop::state::key_of;

/// Most monarch power of one type a realm may store (7.1).
pub const MP_CAP: i32 = 10;
/// A realm with this many interest tokens may not take another Loan (7.4).
pub const MAX_LOANS: u8 = 5;
pub const LOAN_DUCATS: i32 = 5;
pub const REPAY_DUCATS: i32 = 6;

fn mat(world: &mut World, realm: Entity) -> Mut<'_, Mat> {
    world
        .get_mut::<Mat>(realm)
        .expect("only Player Realms have a mat")
}

/// The Increase Stability Basic Action's own price in adm, before the stability surcharge.
pub const INCREASE_STABILITY_ADM: i32 = 5;

/// What increasing stability adds to an action's cost (7.3: "modify that Action's cost according
/// to your current Stability"): the current stability, so +2 adds 2 and -1 takes 1 off. The same
/// for the Increase Stability Basic Action and for an Action Card that increases stability.
pub fn stability_surcharge(stability: i32) -> i32 {
    stability
}

/// Increase Stability costs 5 + current stability in adm (7.3).
pub fn increase_stability_cost(stability: i32) -> i32 {
    INCREASE_STABILITY_ADM + stability_surcharge(stability)
}

/// Whether playing this Action Card increases stability (one of its effects gains stability).
pub fn card_increases_stability(
    def: &crate::rulesets::pop::content::schema::ActionCardDef,
) -> bool {
    def.effects
        .iter()
        .any(|e| matches!(e, crate::rulesets::pop::content::schema::Effect::Stability(n) if *n > 0))
}

/// What playing this Action Card costs the realm in the card's monarch power: the price on the
/// card, plus the stability surcharge when the card increases stability (7.3), never below 0.
pub fn card_mp_cost(
    world: &World,
    realm: Entity,
    def: &crate::rulesets::pop::content::schema::ActionCardDef,
) -> i32 {
    let price = i32::from(def.cost);
    if card_increases_stability(def) {
        let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
        (price + stability_surcharge(stability)).max(0)
    } else {
        price
    }
}

/// What Increase Stability costs this realm: the table less its Ideas' discount and the Papal
/// Controller's 1 adm (19.2), at least 1.
pub fn stability_cost(world: &World, realm: Entity) -> i32 {
    stability_cost_with(
        world,
        realm,
        crate::rulesets::pop::rules::curia::stability_discount(world, realm),
    )
}

/// Adm the Papal Controller's discount really saves on Increase Stability now (the cost never
/// falls below 1): 0 for anyone else.
pub fn papal_stability_saving(world: &World, realm: Entity) -> i32 {
    stability_cost_with(world, realm, 0) - stability_cost(world, realm)
}

fn stability_cost_with(world: &World, realm: Entity, papal: i32) -> i32 {
    let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
    (increase_stability_cost(stability)
        - crate::rulesets::pop::rules::ideas::stability_discount(world, realm)
        - papal)
        .max(1)
}

/// Most interest tokens this realm may hold: 5, plus what its Ideas allow.
pub fn max_loans(world: &World, realm: Entity) -> u8 {
    MAX_LOANS.saturating_add(crate::rulesets::pop::rules::ideas::extra_loans(
        world, realm,
    ))
}

/// Gains or loses monarch power of one type. Gains above the cap are discarded at once.
pub fn change_mp(world: &mut World, realm: Entity, kind: MpKind, amount: i32, rule: &'static str) {
    let name = key_of(world, realm);
    let mut m = mat(world, realm);
    let before = m.mp(kind);
    let raw = before + amount;
    let after = raw.clamp(0, MP_CAP);
    m.mp[kind.index()] = after;
    write(
        world,
        Note::new(rule, format!("{name}: {kind:?} power {before} -> {after}"))
            .realm(name)
            .amount(after - before),
    );
    if raw > MP_CAP {
        write(
            world,
            Note::new(
                ids::MP_CAP,
                format!("{name}: {} {kind:?} power above 10 discarded", raw - MP_CAP),
            )
            .realm(name)
            .amount(raw - MP_CAP),
        );
    }
}

/// Changes stability one step at a time, applying overflow at +3 and underflow at -3.
pub fn change_stability(world: &mut World, realm: Entity, delta: i32, rule: &'static str) {
    let name = key_of(world, realm);
    for _ in 0..delta.unsigned_abs() {
        let stability = mat(world, realm).stability;
        if delta > 0 && stability >= 3 {
            write(
                world,
                Note::new(
                    ids::STABILITY_OVERFLOW,
                    format!("{name} is at +3 stability: 2 adm instead"),
                )
                .realm(name),
            );
            change_mp(world, realm, MpKind::Adm, 2, ids::STABILITY_OVERFLOW);
        } else if delta < 0 && stability <= -3 {
            underflow(world, realm, &name);
        } else {
            let step = delta.signum();
            mat(world, realm).stability += step;
            write(
                world,
                Note::new(
                    rule,
                    format!("{name}: stability {stability} -> {}", stability + step),
                )
                .realm(name)
                .amount(step),
            );
        }
    }
}

/// Losing stability at -3 costs 2 adm; each missing adm costs 1 MP of another type (the realm
/// keeps its larger pool: the engine takes from the fuller of dip and mil); with none, ignored.
fn underflow(world: &mut World, realm: Entity, name: &str) {
    let adm = mat(world, realm).mp(MpKind::Adm);
    let from_adm = adm.min(2);
    let mut missing = 2 - from_adm;
    write(
        world,
        Note::new(
            ids::STABILITY_UNDERFLOW,
            format!("{name} is at -3 stability: loses 2 adm instead"),
        )
        .realm(name),
    );
    if from_adm > 0 {
        change_mp(
            world,
            realm,
            MpKind::Adm,
            -from_adm,
            ids::STABILITY_UNDERFLOW,
        );
    }
    while missing > 0 {
        let m = mat(world, realm);
        let kind = if m.mp(MpKind::Dip) >= m.mp(MpKind::Mil) {
            MpKind::Dip
        } else {
            MpKind::Mil
        };
        if m.mp(kind) == 0 {
            break; // no monarch power at all: the rest is ignored
        }
        change_mp(world, realm, kind, -1, ids::STABILITY_UNDERFLOW);
        missing -= 1;
    }
}

pub fn change_prestige(world: &mut World, realm: Entity, delta: i32, rule: &'static str) {
    let name = key_of(world, realm);
    let mut m = mat(world, realm);
    m.prestige += delta;
    let after = m.prestige;
    write(
        world,
        Note::new(
            rule,
            format!("{name}: prestige {} -> {after}", after - delta),
        )
        .realm(name)
        .amount(delta),
    );
}

pub fn gain_ducats(world: &mut World, realm: Entity, amount: i32, rule: &'static str) {
    let name = key_of(world, realm);
    mat(world, realm).ducats += amount;
    write(
        world,
        Note::new(rule, format!("{name} gains {amount} ducats"))
            .realm(name)
            .amount(amount),
    );
}

/// Pays an optional cost the realm can afford (the caller checked).
pub fn spend(world: &mut World, realm: Entity, amount: i32, rule: &'static str) {
    let name = key_of(world, realm);
    mat(world, realm).ducats -= amount;
    write(
        world,
        Note::new(rule, format!("{name} pays {amount} ducats"))
            .realm(name)
            .amount(-amount),
    );
}

/// Takes a Loan: +5 ducats and an interest token. The caller checked the token limit.
pub fn take_loan(world: &mut World, realm: Entity, rule: &'static str) {
    let name = key_of(world, realm);
    let mut m = mat(world, realm);
    m.ducats += LOAN_DUCATS;
    m.loans += 1;
    let loans = m.loans;
    write(
        world,
        Note::new(
            rule,
            format!("{name} takes a loan: +5 ducats, {loans} interest tokens"),
        )
        .realm(name)
        .amount(LOAN_DUCATS),
    );
}

pub fn repay_loan(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let mut m = mat(world, realm);
    m.ducats -= REPAY_DUCATS;
    m.loans -= 1;
    let loans = m.loans;
    write(
        world,
        Note::new(
            ids::REPAY,
            format!("{name} repays a loan for 6 ducats, {loans} left"),
        )
        .realm(name)
        .amount(-REPAY_DUCATS),
    );
}

/// Pays a mandatory cost: forced Loans while short and allowed, else Bankruptcy.
pub fn pay_mandatory(world: &mut World, realm: Entity, cost: i32, rule: &'static str) {
    let limit = max_loans(world, realm);
    loop {
        let m = mat(world, realm);
        if m.ducats >= cost {
            break;
        }
        if m.loans >= limit {
            bankruptcy(world, realm);
            return;
        }
        take_loan(world, realm, ids::FORCED_LOAN);
    }
    let name = key_of(world, realm);
    mat(world, realm).ducats -= cost;
    write(
        world,
        Note::new(rule, format!("{name} pays {cost} ducats"))
            .realm(name)
            .amount(-cost),
    );
}

/// Bankruptcy (7.4): -3 stability, -5 prestige, all ducats and 3 interest tokens gone,
/// mercenaries disbanded, advisors fired, half of each monarch power lost (at most 3 each).
pub fn bankruptcy(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    write(
        world,
        Note::new(ids::BANKRUPTCY, format!("{name} goes bankrupt")).realm(name),
    );
    change_stability(world, realm, -3, ids::BANKRUPTCY);
    change_prestige(world, realm, -5, ids::BANKRUPTCY);
    {
        let mut m = mat(world, realm);
        m.ducats = 0;
        m.loans = m.loans.saturating_sub(3);
    }
    for kind in MpKind::ALL {
        let pool = mat(world, realm).mp(kind);
        let lost = (pool / 2).min(3);
        if lost > 0 {
            change_mp(world, realm, kind, -lost, ids::BANKRUPTCY);
        }
    }
    let mut mercenaries = world.query::<(Entity, &Unit, &UnitOf)>();
    let doomed: Vec<Entity> = mercenaries
        .iter(world)
        .filter(|(_, u, of)| of.0 == realm && u.status == UnitStatus::Mercenary)
        .map(|(e, _, _)| e)
        .collect();
    for unit in doomed {
        world.despawn(unit);
    }
    // A general or admiral left with no unit leaves its command (7.2).
    crate::rulesets::pop::rules::military::release_idle_commanders(world);
    let mut advisors = world.query::<(Entity, &Role, &Serves)>();
    let fired: Vec<Entity> = advisors
        .iter(world)
        .filter(|(_, role, s)| s.0 == realm && matches!(role, Role::Advisor(_)))
        .map(|(e, _, _)| e)
        .collect();
    for advisor in fired {
        crate::rulesets::pop::rules::characters::leave_play(world, advisor);
    }
}

#[cfg(test)]
mod tests {
    //! Rule arithmetic on a real game world (the mini test scenario).
    use super::*;
    use crate::engine::log::GameLog;
    use crate::rulesets::pop::Game;
    use crate::rulesets::pop::rules::test_support::{count, e, game as mini, mat as mat_of, set};
    use crate::rulesets::pop::state::Index;

    fn game() -> (Game, Entity) {
        let game = mini();
        let realm = e(&game, "AAA");
        (game, realm)
    }

    #[test]
    fn pop_7_1_cap_surplus_discarded_on_every_gain() {
        let (mut game, realm) = game();
        set(&mut game, realm, |m| m.mp = [8, 0, 0]);
        change_mp(game.world_mut(), realm, MpKind::Adm, 5, ids::EFFECT_MP);
        assert_eq!(mat_of(&game, realm).mp[0], 10);
        let cap = game
            .world()
            .resource::<GameLog>()
            .entries
            .iter()
            .rev()
            .find(|e| e.rule == ids::MP_CAP)
            .unwrap()
            .clone();
        assert_eq!(cap.amount, Some(3));
        change_mp(game.world_mut(), realm, MpKind::Dip, -2, ids::EFFECT_MP);
        assert_eq!(mat_of(&game, realm).mp[1], 0, "no negative pools");
    }

    #[test]
    fn pop_7_3_overflow_two_adm_per_step_at_plus_three() {
        let (mut game, realm) = game();
        set(&mut game, realm, |m| {
            m.stability = 2;
            m.mp = [1, 0, 0];
        });
        change_stability(game.world_mut(), realm, 3, ids::EFFECT_STABILITY);
        let m = mat_of(&game, realm);
        assert_eq!((m.stability, m.mp[0]), (3, 1 + 2 + 2));
        assert_eq!(
            count(&game, ids::STABILITY_OVERFLOW),
            4,
            "2 steps, each a note and an MP gain"
        );
    }

    #[test]
    fn pop_7_3_underflow_two_adm_then_other_mp_else_ignored() {
        let (mut game, realm) = game();
        set(&mut game, realm, |m| {
            m.stability = -3;
            m.mp = [3, 1, 0];
        });
        change_stability(game.world_mut(), realm, -1, ids::EFFECT_STABILITY);
        assert_eq!(mat_of(&game, realm).mp, [1, 1, 0]);
        change_stability(game.world_mut(), realm, -1, ids::EFFECT_STABILITY);
        assert_eq!(
            mat_of(&game, realm).mp,
            [0, 0, 0],
            "1 adm, then 1 dip for the missing adm"
        );
        change_stability(game.world_mut(), realm, -1, ids::EFFECT_STABILITY);
        let m = mat_of(&game, realm);
        assert_eq!(
            (m.mp, m.stability),
            ([0, 0, 0], -3),
            "nothing left: ignored"
        );
    }

    #[test]
    fn pop_7_4_forced_loan_when_a_mandatory_cost_cannot_be_paid() {
        let (mut game, realm) = game();
        set(&mut game, realm, |m| m.ducats = 3);
        pay_mandatory(game.world_mut(), realm, 7, ids::EFFECT_DUCATS);
        let m = mat_of(&game, realm);
        assert_eq!((m.ducats, m.loans), (3 + 5 - 7, 1));
        assert_eq!(count(&game, ids::FORCED_LOAN), 1);
    }

    #[test]
    fn pop_7_4_bankruptcy_with_five_tokens_and_an_unpayable_cost() {
        let (mut game, realm) = game();
        set(&mut game, realm, |m| {
            m.ducats = 2;
            m.loans = 5;
            m.stability = 1;
            m.prestige = 4;
            m.mp = [7, 2, 9];
        });
        let advisor = game.world().resource::<Index>().get("adv_a").unwrap();
        assert!(game.world().get::<Serves>(advisor).is_some());
        pay_mandatory(game.world_mut(), realm, 4, ids::EFFECT_DUCATS);
        let m = mat_of(&game, realm);
        assert_eq!(m.stability, -2, "-3 stability");
        assert_eq!(m.prestige, -1, "-5 prestige");
        assert_eq!((m.ducats, m.loans), (0, 2), "all ducats and 3 tokens gone");
        assert_eq!(m.mp, [7 - 3, 2 - 1, 9 - 3], "half of each type, at most 3");
        assert!(
            game.world().get::<Serves>(advisor).is_none(),
            "advisors fired"
        );
        assert!(count(&game, ids::BANKRUPTCY) > 0);
        assert_eq!(count(&game, ids::FORCED_LOAN), 0, "no loan with 5 tokens");
    }

    #[test]
    fn increase_stability_cost_table() {
        assert_eq!(increase_stability_cost(-3), 2);
        assert_eq!(increase_stability_cost(0), 5);
        assert_eq!(increase_stability_cost(1), 6);
        assert_eq!(increase_stability_cost(2), 7);
    }
}
