//! Answers to read-only questions remembered while the World cannot change: a bot weighing its
//! choices or `legal_actions` checking hundreds of candidates asks the same questions (where
//! may this army march, who is at war with whom) again for every candidate. Inside
//! [`scope`], [`cached`] works an answer out once and hands the same answer back after.
//!
//! Why this is safe: `scope` borrows the World for as long as it runs, so nothing can change
//! the World while an answer is remembered; each scope has its own generation, and answers of
//! an ended scope are never handed out (a table is cleared when a later scope first uses it,
//! which keeps its memory for the next decision). Outside a scope (every `apply`, every
//! system) `cached` simply works the answer out. Answers are keyed by the question's type, its
//! arguments and the scope, which names its World, so a question about another World (a
//! test's second game) is never answered from this one.

use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::hash::Hash;
use std::rc::Rc;

use bevy::ecs::world::WorldId;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// Slots in the per-thread table of questions; a power of two. The rules ask a few dozen
/// kinds of question.
const SLOTS: usize = 256;

/// One question's answers (`HashMap<K, Rc<V>>` behind `Any`), valid for the scope whose
/// generation it carries: the tables outlive a scope and are cleared when a later scope first
/// uses them, so their memory is reused from one decision to the next.
struct Table {
    question: TypeId,
    generation: u64,
    answers: Box<dyn Any>,
}

thread_local! {
    /// The World answers are remembered for now, and the scope's generation (never reused).
    static SCOPE: Cell<Option<(WorldId, u64)>> = const { Cell::new(None) };
    static NEXT_GENERATION: Cell<u64> = const { Cell::new(0) };
    /// Each question's table in a slot chosen by bits of its type id: found without a search.
    static TABLES: [RefCell<Option<Table>>; SLOTS] =
        const { [const { RefCell::new(None) }; SLOTS] };
    /// Tables whose slot another question holds, searched by type id.
    static OVERFLOW: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
}

fn new_generation() -> u64 {
    NEXT_GENERATION.with(|n| {
        let g = n.get();
        n.set(g + 1);
        g
    })
}

/// Runs `f` with answers about `world` remembered until it returns. A scope inside a scope on
/// the same World shares the outer memo; one on another World keeps its own, and the outer
/// memo comes back after it.
pub fn scope<R>(world: &World, f: impl FnOnce() -> R) -> R {
    let outer = SCOPE.with(|s| s.get());
    if outer.is_some_and(|(w, _)| w == world.id()) {
        return f();
    }
    // Inside a scope on another World (rare: a test's second game), that scope's tables are
    // put aside while this one runs.
    let put_aside = outer.map(|_| {
        let tables: Vec<Option<Table>> = TABLES.with(|t| t.iter().map(|c| c.take()).collect());
        let overflow = OVERFLOW.with(|o| std::mem::take(&mut *o.borrow_mut()));
        (tables, overflow)
    });
    SCOPE.with(|s| s.set(Some((world.id(), new_generation()))));
    // Restores the outer scope and its tables even when `f` panics: a panic caught by a fuzz
    // harness or a test must not leave a stale scope behind for the next game on this thread.
    struct Restore {
        outer: Option<(WorldId, u64)>,
        put_aside: Option<(Vec<Option<Table>>, Vec<Table>)>,
    }
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some((tables, overflow)) = self.put_aside.take() {
                TABLES.with(|t| {
                    for (cell, table) in t.iter().zip(tables) {
                        *cell.borrow_mut() = table;
                    }
                });
                OVERFLOW.with(|o| *o.borrow_mut() = overflow);
            }
            SCOPE.with(|s| s.set(self.outer));
        }
    }
    let _restore = Restore { outer, put_aside };
    f()
}

/// The generation of the scope remembering answers about `world`, if one is: unique to that
/// scope on this thread (never reused), so an answer kept with it elsewhere is known to be of
/// this scope.
pub fn generation(world: &World) -> Option<u64> {
    SCOPE
        .with(|s| s.get())
        .filter(|(w, _)| *w == world.id())
        .map(|(_, g)| g)
}

/// Whether answers about `world` are being remembered now.
pub fn active(world: &World) -> bool {
    generation(world).is_some()
}

/// Runs `f` on question `question`'s table (in its slot or the overflow), if there is one.
fn with_table<R>(question: TypeId, slot: usize, f: impl FnOnce(&mut Table) -> R) -> Option<R> {
    TABLES.with(|t| {
        let mut held = t[slot].borrow_mut();
        match held.as_mut() {
            Some(table) if table.question == question => Some(f(table)),
            Some(_) => OVERFLOW.with(|o| {
                let mut o = o.borrow_mut();
                o.iter_mut().find(|t| t.question == question).map(f)
            }),
            None => None,
        }
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
    let Some(generation) = generation(world) else {
        return Rc::new(compute());
    };
    let question = TypeId::of::<(Q, K, V)>();
    let slot = (crate::engine::reads::type_id_bits(question) as usize) & (SLOTS - 1);
    let known = with_table(question, slot, |table| {
        if table.generation != generation {
            return None;
        }
        table
            .answers
            .downcast_ref::<HashMap<K, Rc<V>>>()
            .and_then(|t| t.get(&key).cloned())
    })
    .flatten();
    if let Some(answer) = known {
        return answer;
    }
    // Worked out with the tables released: the question may ask others of its own.
    let answer = Rc::new(compute());
    let mut key = Some(key);
    let stored = with_table(question, slot, |table| {
        if let Some(answers) = table.answers.downcast_mut::<HashMap<K, Rc<V>>>() {
            if table.generation != generation {
                answers.clear();
                table.generation = generation;
            }
            if let Some(key) = key.take() {
                answers.insert(key, answer.clone());
            }
        }
    });
    if stored.is_none()
        && let Some(key) = key
    {
        let mut answers = HashMap::<K, Rc<V>>::default();
        answers.insert(key, answer.clone());
        let table = Table {
            question,
            generation,
            answers: Box::new(answers),
        };
        TABLES.with(|t| {
            let mut held = t[slot].borrow_mut();
            if held.is_none() {
                *held = Some(table);
            } else {
                OVERFLOW.with(|o| o.borrow_mut().push(table));
            }
        });
    }
    answer
}

/// An answer kept from one question to the next, beyond a [`scope`], until the World changes
/// in a way it depends on: a resource of the ruleset holds it, and observers added by
/// [`forget_on_change`] forget it on every insert or removal of a component it reads
/// (despawns included). For answers asked on every turn that change a few times a game; what
/// it reads must never be changed in place.
pub struct Remembered<V>(std::sync::Mutex<Option<V>>);

impl<V> Default for Remembered<V> {
    fn default() -> Self {
        Self(std::sync::Mutex::new(None))
    }
}

impl<V: Clone> Remembered<V> {
    /// The remembered answer, worked out by `compute` when there is none (`compute` must not
    /// ask for this same answer).
    pub fn get_or(&self, compute: impl FnOnce() -> V) -> V {
        self.0
            .lock()
            .expect("never poisoned")
            .get_or_insert_with(compute)
            .clone()
    }

    pub fn forget(&self) {
        *self.0.lock().expect("never poisoned") = None;
    }
}

/// A resource holding a [`Remembered`] answer.
pub trait Remembers: Resource {
    fn forget(&self);
}

/// Adds `W` to the World and observers that forget its answer on any insert or removal of a
/// component of `B` (call after the scenario is spawned).
pub fn forget_on_change<W: Remembers + Default, B: Bundle>(world: &mut World) {
    world.init_resource::<W>();
    world.add_observer(|_: On<Insert, B>, watch: Res<W>| watch.forget());
    world.add_observer(|_: On<Discard, B>, watch: Res<W>| watch.forget());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[derive(Component)]
    struct Marked;

    #[derive(Resource, Default)]
    struct MarkedCount(Remembered<usize>);

    impl Remembers for MarkedCount {
        fn forget(&self) {
            self.0.forget();
        }
    }

    #[test]
    fn a_remembered_answer_is_forgotten_on_every_insert_and_removal() {
        let mut world = World::new();
        forget_on_change::<MarkedCount, Marked>(&mut world);
        let a = world.spawn(Marked).id();
        let b = world.spawn_empty().id();
        let count = |world: &World| {
            world.resource::<MarkedCount>().0.get_or(|| {
                [a, b]
                    .iter()
                    .filter(|e| world.get::<Marked>(**e).is_some())
                    .count()
            })
        };
        assert_eq!(count(&world), 1);
        world.entity_mut(b).insert(Marked);
        assert_eq!(count(&world), 2, "an insert is seen");
        world.entity_mut(a).remove::<Marked>();
        assert_eq!(count(&world), 1, "a removal is seen");
        world.despawn(b);
        assert_eq!(count(&world), 0, "a despawn is seen");
        // Kept while nothing it reads changes.
        world.spawn_empty();
        assert_eq!(count(&world), 0);
    }

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
        // A later scope on the same World never hands out an ended scope's answers (the World
        // may have changed in between).
        scope(&world, || {
            assert_eq!(doubled(&world, 3, &calls), 6);
            assert_eq!(doubled(&world, 3, &calls), 6);
        });
        assert_eq!(calls.get(), 6);
    }
}
