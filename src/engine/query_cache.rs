//! Query states kept between calls for the read-only questions the rules ask many times per
//! action (who is at war with whom, which markers lie on the board). Building a Bevy query state
//! from scratch on every question was most of the time of a bot game; a kept state only needs
//! to learn about archetypes created since its last use.

use std::any::{Any, TypeId};
use std::cell::RefCell;

use bevy::ecs::query::{QueryFilter, QueryIter, QueryState, ReadOnlyQueryData};
use bevy::ecs::world::WorldId;
use bevy::prelude::*;

thread_local! {
    /// One state per query type, for the world it was built on (world ids are never reused).
    /// A short list searched by type id: a handful of query types, cheaper than hashing.
    static STATES: RefCell<Vec<(TypeId, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
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
    // Taken out while in use, so a nested call of the same query builds its own.
    let kept = STATES.with(|s| {
        let mut states = s.borrow_mut();
        let at = states.iter().position(|(k, _)| *k == key)?;
        Some(states.swap_remove(at).1)
    });
    // Kept in its box: a query state is a few hundred bytes, not worth moving out and back.
    let kept = kept
        .and_then(|b| b.downcast::<(WorldId, QueryState<D, F>)>().ok())
        .filter(|b| b.0 == world.id());
    let mut state = match kept {
        Some(b) => b,
        None => Box::new((world.id(), QueryState::<D, F>::try_new(world)?)),
    };
    state.1.update_archetypes(world);
    let out = f(state.1.iter_manual(world));
    STATES.with(|s| s.borrow_mut().push((key, state)));
    Some(out)
}
