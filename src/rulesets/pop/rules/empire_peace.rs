//! Peace while the Emperor Defends the HRE (18.4, Peace Resolution): a Player Realm at war with
//! the Emperor imposes no peace on an Imperial Subject until it has beaten the Emperor; the
//! Emperor makes the peace for its Non-Player subjects, as a realm does for its Active Allies
//! (10.3).
//!
//! Wars are pairwise in this engine (`War { attacker, defender }`), so "negotiated with the
//! Emperor" works on pairs: the war of a Player Realm with a subject waits in Phase 3 D while the
//! Player Realm's war with the Emperor is open and unwon; the peace of that war with the Emperor
//! then ends the Non-Player subjects' wars with it (the Emperor won, or a white peace) or lets
//! the waiting wars be settled on their own (the Player Realm won).

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::PeaceTerm;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::empire::{self, Empire};
use crate::rulesets::pop::rules::relations::at_war_between;
use crate::rulesets::pop::rules::war::{self, WarState};
use crate::rulesets::pop::state::{key_of, sid_of};

fn is_player(world: &World, realm: Entity) -> bool {
    world.read::<PlayerRealm>(realm).is_some()
}

/// The Player Realm Emperor while it is Defending the HRE.
fn defending_emperor(world: &World) -> Option<Entity> {
    let emp = empire::emperor(world)?;
    (world.res::<Empire>().defending && is_player(world, emp)).then_some(emp)
}

/// `(player, subject, emperor)` when the war pairs a Player Realm at war with the defending
/// Emperor and one of the Emperor's Imperial Subjects.
fn pr_against_subject(world: &World, war: &War) -> Option<(Entity, Entity, Entity)> {
    let emp = defending_emperor(world)?;
    [(war.attacker, war.defender), (war.defender, war.attacker)]
        .into_iter()
        .find(|(pr, subject)| {
            *pr != emp
                && is_player(world, *pr)
                && empire::is_subject(world, *subject)
                && at_war_between(world, *pr, emp)
        })
        .map(|(pr, subject)| (pr, subject, emp))
}

/// Whether `pr` has achieved a Victory over the Emperor in their war (10.2: total or partial).
fn beats_the_emperor(world: &World, pr: Entity, emp: Entity) -> bool {
    war::total_victory(world, pr, emp) || war::partial_victory(world, pr, emp)
}

/// Whether this war's peace waits for the peace with the Emperor (18.4). A Non-Player subject's
/// war always does: the Emperor makes its peace. A Player Realm subject makes its own peace, but
/// only where no victor's terms would fall on it (nothing held either way, or it is the victor).
pub fn waits_for_the_emperor(world: &World, war: &War) -> bool {
    let Some((pr, subject, emp)) = pr_against_subject(world, war) else {
        return false;
    };
    if beats_the_emperor(world, pr, emp) {
        return false;
    }
    if !is_player(world, subject) {
        return true;
    }
    let nothing_held = war::occupied_by(world, pr, subject).is_empty()
        && war::occupied_by(world, subject, pr).is_empty();
    let subject_wins = war::outcome(world, war.attacker, war.defender)
        .is_some_and(|(winner, _, _)| winner == subject);
    !(nothing_held || subject_wins)
}

/// Puts a war aside until the peace with the Emperor, and logs why (18.4).
pub fn wait_for_the_emperor(world: &mut World, war_sid: u32, war: &War) {
    let Some((pr, subject, emp)) = pr_against_subject(world, war) else {
        return;
    };
    world
        .res_mut::<WarState>()
        .waiting_for_emperor
        .push(war_sid);
    let (p, s, e) = (
        key_of(world, pr),
        key_of(world, subject),
        key_of(world, emp),
    );
    write(
        world,
        Note::new(
            ids::EMPIRE_PEACE,
            format!(
                "{p} may not impose peace on {s}, an Imperial Subject, while {e} Defends the HRE unbeaten: their war waits for the peace with {e}"
            ),
        )
        .realm(p),
    );
}

/// The wars of `pr` with the Emperor's Non-Player subjects, by sid: those whose peace the
/// Emperor makes.
fn npr_subject_wars(world: &World, pr: Entity) -> Vec<(u32, Entity, War)> {
    subject_wars(world, pr)
        .into_iter()
        .filter(|(_, _, w)| {
            let other = if w.attacker == pr {
                w.defender
            } else {
                w.attacker
            };
            !is_player(world, other)
        })
        .collect()
}

/// Every war of `pr` with an Imperial Subject, by sid.
fn subject_wars(world: &World, pr: Entity) -> Vec<(u32, Entity, War)> {
    let mut wars: Vec<(u32, Entity, War)> = world
        .try_query::<(Entity, &War)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(_, w)| {
                    let other = if w.attacker == pr {
                        w.defender
                    } else if w.defender == pr {
                        w.attacker
                    } else {
                        return false;
                    };
                    empire::is_subject(world, other)
                })
                .map(|(e, w)| (sid_of(world, e), e, *w))
                .collect()
        })
        .unwrap_or_default();
    wars.sort_by_key(|(s, _, _)| *s);
    wars
}

/// `(emperor, player)` when this war pairs the defending Emperor with another Player Realm.
fn emperor_and_player(world: &World, a: Entity, d: Entity) -> Option<(Entity, Entity)> {
    let emp = defending_emperor(world)?;
    let pr = if a == emp {
        d
    } else if d == emp {
        a
    } else {
        return None;
    };
    is_player(world, pr).then_some((emp, pr))
}

/// Provinces held across the war between `a` and `d`, counting, in a war of a Player Realm with
/// the defending Emperor, the Emperor's Non-Player subjects as part of the Emperor's side (10.3:
/// Active Allies count as part of their ally's realm): what `a` holds of the other side, and
/// what the other side holds of `a`.
pub fn holdings_across(world: &World, a: Entity, d: Entity) -> (usize, usize) {
    let mut a_holds = war::occupied_by(world, a, d).len();
    let mut d_holds = war::occupied_by(world, d, a).len();
    if let Some((emp, pr)) = emperor_and_player(world, a, d) {
        for (_, _, w) in npr_subject_wars(world, pr) {
            let subject = if w.attacker == pr {
                w.defender
            } else {
                w.attacker
            };
            let (pr_holds, subject_holds) = (
                war::occupied_by(world, pr, subject).len(),
                war::occupied_by(world, subject, pr).len(),
            );
            if a == emp {
                a_holds += subject_holds;
                d_holds += pr_holds;
            } else {
                a_holds += pr_holds;
                d_holds += subject_holds;
            }
        }
    }
    (a_holds, d_holds)
}

/// After the peace between the defending Emperor and a Player Realm (18.4): if the Emperor won,
/// or the war ended in a white peace, the Emperor's peace covers its Non-Player subjects at war
/// with that realm: their wars end too, every occupied province going back to its owner, with no
/// prestige won or lost and no truce (10.3, 10.4: truces are not placed on Active Allies). If the
/// Player Realm won, it has beaten the Emperor and settles with each subject on its own. Either
/// way, a war that waited in this Phase 3 D is looked at again.
pub fn after_peace_with_the_emperor(
    world: &mut World,
    winner: Entity,
    loser: Entity,
    term: PeaceTerm,
) {
    let Some((emp, pr)) = emperor_and_player(world, winner, loser) else {
        return;
    };
    if winner == emp || term == PeaceTerm::WhitePeace {
        for (sid, entity, w) in npr_subject_wars(world, pr) {
            let subject = if w.attacker == pr {
                w.defender
            } else {
                w.attacker
            };
            let mut returned = 0;
            for p in war::occupied_by(world, pr, subject) {
                war::give_back(world, p);
                returned += 1;
            }
            for p in war::occupied_by(world, subject, pr) {
                war::give_back(world, p);
            }
            world.despawn(entity);
            world
                .res_mut::<WarState>()
                .waiting_for_emperor
                .retain(|s| *s != sid);
            let (p, s, e) = (
                key_of(world, pr),
                key_of(world, subject),
                key_of(world, emp),
            );
            write(
                world,
                Note::new(
                    ids::EMPIRE_PEACE,
                    format!(
                        "{e}'s peace with {p} covers {s}, an Imperial Subject: their war ends, {returned} occupied province{} going back",
                        if returned == 1 { "" } else { "s" }
                    ),
                )
                .realm(e)
                .amount(returned),
            );
            war::aftermath(world, subject);
            war::aftermath(world, pr);
        }
    }
    let waiting: Vec<u32> = subject_wars(world, pr)
        .into_iter()
        .map(|(s, _, _)| s)
        .filter(|s| world.res::<WarState>().waiting_for_emperor.contains(s))
        .collect();
    let mut state = world.res_mut::<WarState>();
    state.waiting_for_emperor.retain(|s| !waiting.contains(s));
    state.peace_done.retain(|s| !waiting.contains(s));
}
