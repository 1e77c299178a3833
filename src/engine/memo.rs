//! Answers to read-only questions remembered while the World cannot change: a bot weighing its
//! choices or `legal_actions` checking hundreds of candidates asks the same questions (where
//! may this army march, who is at war with whom) again for every candidate. Inside
//! [`scope`], [`cached`] works an answer out once and hands the same answer back after.
//!
//! Why this is safe: `scope` borrows the World for as long as the memo lives, so nothing can
//! change the World while an answer is remembered; the memo is dropped when the scope ends.
//! Outside a scope (every `apply`, every system) `cached` simply works the answer out.
//! Answers are keyed by the question's type, its arguments and the World's id, so a question
//! about another World (a test's second game) is never answered from this one.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::hash::Hash;
use std::rc::Rc;

use bevy::ecs::world::WorldId;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

struct Memo {
    world: WorldId,
    /// One table per question type: `HashMap<K, Rc<V>>` behind `Any`.
    tables: Vec<(TypeId, Box<dyn Any>)>,
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// Runs `f` with answers about `world` remembered until it returns. A scope inside a scope on
/// the same World shares the outer memo; one on another World keeps its own, and the outer
/// memo comes back after it.
pub fn scope<R>(world: &World, f: impl FnOnce() -> R) -> R {
    let outer = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.as_ref().is_some_and(|memo| memo.world == world.id()) {
            return None;
        }
        Some(m.replace(Memo {
            world: world.id(),
            tables: Vec::new(),
        }))
    });
    // Restores the outer memo even when `f` panics (a panic caught by a fuzz harness or a
    // test must not leave a stale memo behind for the next game on this thread).
    struct Restore(Option<Option<Memo>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                MEMO.with(|m| *m.borrow_mut() = outer);
            }
        }
    }
    let _restore = Restore(outer);
    f()
}

/// Whether answers about `world` are being remembered now.
pub fn active(world: &World) -> bool {
    MEMO.with(|m| {
        m.borrow()
            .as_ref()
            .is_some_and(|memo| memo.world == world.id())
    })
}

/// The answer to question `Q` with arguments `key` about `world`: remembered inside a
/// [`scope`] on that World, worked out by `compute` every time outside one. `Q` is a marker
/// type naming the question, so that two questions with the same argument types never mix.
pub fn cached<Q, K, V>(world: &World, key: K, compute: impl FnOnce() -> V) -> Rc<V>
where
    Q: 'static,
    K: Eq + Hash + 'static,
    V: 'static,
{
    if !active(world) {
        return Rc::new(compute());
    }
    let question = TypeId::of::<(Q, K, V)>();
    let known = MEMO.with(|m| {
        let m = m.borrow();
        let memo = m.as_ref()?;
        let (_, table) = memo.tables.iter().find(|(t, _)| *t == question)?;
        table
            .downcast_ref::<HashMap<K, Rc<V>>>()
            .and_then(|t| t.get(&key).cloned())
    });
    if let Some(answer) = known {
        return answer;
    }
    // Worked out with the memo released: the question may ask others of its own.
    let answer = Rc::new(compute());
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let Some(memo) = m.as_mut().filter(|memo| memo.world == world.id()) else {
            return;
        };
        let at = match memo.tables.iter().position(|(t, _)| *t == question) {
            Some(at) => at,
            None => {
                memo.tables
                    .push((question, Box::new(HashMap::<K, Rc<V>>::new())));
                memo.tables.len() - 1
            }
        };
        if let Some(table) = memo.tables[at].1.downcast_mut::<HashMap<K, Rc<V>>>() {
            table.insert(key, answer.clone());
        }
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct Doubled;

    fn doubled(world: &World, n: u32, calls: &Cell<u32>) -> u32 {
        *cached::<Doubled, _, _>(world, n, || {
            calls.set(calls.get() + 1);
            n * 2
        })
    }

    #[test]
    fn answers_are_remembered_only_inside_a_scope_and_only_for_its_world() {
        let world = World::new();
        let other = World::new();
        let calls = Cell::new(0);
        assert_eq!(doubled(&world, 3, &calls), 6);
        assert_eq!(doubled(&world, 3, &calls), 6);
        assert_eq!(
            calls.get(),
            2,
            "outside a scope every question is worked out"
        );
        calls.set(0);
        scope(&world, || {
            assert_eq!(doubled(&world, 3, &calls), 6);
            assert_eq!(doubled(&world, 3, &calls), 6);
            assert_eq!(doubled(&world, 4, &calls), 8);
            assert_eq!(calls.get(), 2, "the same question is worked out once");
            // Another World is never answered from this one's memo.
            assert_eq!(doubled(&other, 3, &calls), 6);
            assert_eq!(calls.get(), 3);
            // A nested scope on another World keeps its own memo and gives the outer one back.
            scope(&other, || {
                assert_eq!(doubled(&other, 3, &calls), 6);
                assert_eq!(doubled(&other, 3, &calls), 6);
            });
            assert_eq!(calls.get(), 4);
            assert_eq!(doubled(&world, 3, &calls), 6);
            assert_eq!(calls.get(), 4);
        });
        assert!(!active(&world), "the memo ends with its scope");
        assert_eq!(doubled(&world, 3, &calls), 6);
        assert_eq!(calls.get(), 5);
    }
}
