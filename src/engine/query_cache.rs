//! Query states kept between calls for the read-only questions the rules ask many times per
//! action (who is at war with whom, which markers lie on the board). Building a Bevy query state
//! from scratch on every question was most of the time of a bot game; a kept state only needs
//! to learn about archetypes created since its last use.

use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};

use bevy::ecs::query::{QueryFilter, QueryIter, QueryState, ReadOnlyQueryData};
use bevy::ecs::world::WorldId;
use bevy::prelude::*;

/// Slots in the per-thread table of kept states; a power of two. The rules use a few dozen
/// query types.
const SLOTS: usize = 256;

type Kept = Option<(TypeId, Box<dyn Any>)>;

thread_local! {
    /// One state per query type, for the world it was built on (world ids are never reused),
    /// in a slot chosen by bits of the query type's id: found without a search.
    static STATES: [Cell<Kept>; SLOTS] = const { [const { Cell::new(None) }; SLOTS] };
    /// States whose slot another query type holds (rare: a collision, or a nested call of the
    /// same query), searched by type id.
    static OVERFLOW: RefCell<Vec<(TypeId, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// The slot of a query type: bits of its type id.
fn slot_of(key: TypeId) -> usize {
    (crate::engine::reads::type_id_bits(key) as usize) & (SLOTS - 1)
}

/// Takes the kept state of query type `key` out of the tables, if any.
fn take_kept(key: TypeId, slot: usize) -> Option<Box<dyn Any>> {
    let held = STATES.with(|s| s[slot].take());
    match held {
        Some((k, b)) if k == key => Some(b),
        other => {
            STATES.with(|s| s[slot].set(other));
            OVERFLOW.with(|o| {
                let mut o = o.borrow_mut();
                let at = o.iter().position(|(k, _)| *k == key)?;
                Some(o.swap_remove(at).1)
            })
        }
    }
}

/// Puts a state back: in its slot when the slot is free, else with the overflow.
fn keep(key: TypeId, slot: usize, state: Box<dyn Any>) {
    let held = STATES.with(|s| s[slot].take());
    match held {
        None => STATES.with(|s| s[slot].set(Some((key, state)))),
        Some(other) => {
            STATES.with(|s| s[slot].set(Some(other)));
            OVERFLOW.with(|o| o.borrow_mut().push((key, state)));
        }
    }
}

/// Runs `f` over the query `D` filtered by `F` on `world`, reusing the state of the last call
/// of the same query on the same world. `None` when a component of the query was never
/// registered (so no entity can match). Iteration order is the same as a fresh query's.
pub fn with_query<D, F, R>(
    world: &World,
    f: impl for<'w, 's> FnOnce(QueryIter<'w, 's, D, F>) -> R,
) -> Option<R>
where
    D: ReadOnlyQueryData + 'static,
    F: QueryFilter + 'static,
{
    let key = TypeId::of::<(D, F)>();
    let slot = slot_of(key);
    // Taken out while in use, so a nested call of the same query builds its own. Kept in its
    // box: a query state is a few hundred bytes, not worth moving out and back.
    let kept = take_kept(key, slot)
        .and_then(|b| b.downcast::<(WorldId, QueryState<D, F>)>().ok())
        .filter(|b| b.0 == world.id());
    let mut state = match kept {
        Some(b) => b,
        None => Box::new((world.id(), QueryState::<D, F>::try_new(world)?)),
    };
    state.1.update_archetypes(world);
    let out = f(state.1.iter_manual(world));
    keep(key, slot, state);
    Some(out)
}
