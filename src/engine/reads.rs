//! Reading a component or a resource without Bevy's look-up of its component id by type: the
//! rules and bots read the World some two million times a game, and `World::get` and
//! `World::resource` find the id in a hash map keyed by `TypeId` every time (a fifth of a bot
//! game of Price of Power). `Reads` keeps the ids it found, per thread, in a small table
//! indexed by bits of the type's id, and checks the full type id and the World's id before it
//! trusts an entry, so a miss or a collision only costs the ordinary look-up.

use std::any::TypeId;
use std::cell::Cell;
use std::hash::BuildHasher;

use bevy::ecs::change_detection::ComponentTickCells;
use bevy::ecs::component::{ComponentId, Mutable, StorageType};
use bevy::ecs::world::WorldId;
use bevy::platform::hash::NoOpHash;
use bevy::prelude::*;
use bevy::ptr::Ptr;

/// Slots in the per-thread table; a power of two. The rules read about 150 types: with 1024
/// slots a dozen of them shared a slot with another and took the slower way through
/// `learn_component_id` on every read (some 60,000 times a game); with 4096 a few do. Only the
/// slots in use are ever touched.
const SLOTS: usize = 4096;

type Entry = Option<(TypeId, WorldId, ComponentId)>;

thread_local! {
    static IDS: [Cell<Entry>; SLOTS] = const { [const { Cell::new(None) }; SLOTS] };
}

/// The 64 bits a type id hashes as (Bevy's `NoOpHash` keeps them as they are: a type id is
/// already a hash), which pick a slot in a per-thread table (here, in `query_cache` and in
/// `memo`).
pub(crate) fn type_id_bits(type_id: TypeId) -> u64 {
    NoOpHash.hash_one(type_id)
}

fn slot_of(type_id: TypeId) -> usize {
    (type_id_bits(type_id) as usize) & (SLOTS - 1)
}

/// The component id of `T` in `world`, from the table when it holds it.
#[inline(always)]
fn component_id<T: 'static>(world: &World) -> Option<ComponentId> {
    let type_id = TypeId::of::<T>();
    let slot = slot_of(type_id);
    let world_id = world.id();
    let kept = IDS.with(|ids| ids[slot].get());
    if let Some((t, w, id)) = kept
        && t == type_id
        && w == world_id
    {
        return Some(id);
    }
    learn_component_id(world, type_id, slot)
}

/// The look-up by type behind a miss of the table, kept out of line: every read inlines the
/// table's hit, and only the first read of a type in a World comes here, or a type whose slot
/// another type holds: it is kept in the next slot, asked here (two types of the rules share
/// a slot, and took turns at it thousands of times a game).
#[cold]
#[inline(never)]
fn learn_component_id(world: &World, type_id: TypeId, slot: usize) -> Option<ComponentId> {
    let world_id = world.id();
    let next = (slot + 1) & (SLOTS - 1);
    if let Some((t, w, id)) = IDS.with(|ids| ids[next].get())
        && t == type_id
        && w == world_id
    {
        return Some(id);
    }
    // Not registered yet: nothing to keep (it may be registered later).
    let id = world.components().get_valid_id(type_id)?;
    let entry = Some((type_id, world_id, id));
    IDS.with(|ids| {
        // The slot of its own when that is free or another World's; else the next one.
        let taken = ids[slot].get().is_some_and(|(_, w, _)| w == world_id);
        ids[if taken { next } else { slot }].set(entry);
    });
    Some(id)
}

/// Reads of the World that skip the look-up of the component id by type. The same answers
/// as `World::get`, `World::resource` and `World::get_resource`.
pub trait Reads {
    /// `entity`'s `T`, as `World::get`.
    fn read<T: Component>(&self, entity: Entity) -> Option<&T>;
    /// The resource `R`, as `World::resource` (panics when it is missing).
    fn res<R: Resource>(&self) -> &R;
    /// The resource `R` if it exists, as `World::get_resource`.
    fn get_res<R: Resource>(&self) -> Option<&R>;
    /// The resource `R` to change, as `World::resource_mut` (panics when it is missing), with
    /// its id found in the same table instead of Bevy's map of types.
    fn res_mut<R: Resource<Mutability = Mutable>>(&mut self) -> Mut<'_, R>;
}

impl Reads for World {
    #[inline]
    fn read<T: Component>(&self, entity: Entity) -> Option<&T> {
        let id = component_id::<T>(self)?;
        let ptr = stored(self, id, T::STORAGE_TYPE, entity)?;
        // SAFETY: `id` was found for `TypeId::of::<T>()` in this very World (the table's entry
        // holds the type id and the World's id, and World ids are never reused), so the
        // pointer is to a `T`; it lives as long as the borrow of `self`.
        Some(unsafe { ptr.deref::<T>() })
    }

    // Inlined into every caller (a few hundred thousand reads a game): the call itself cost
    // as much as the read; the panic stays out of line.
    #[inline(always)]
    #[track_caller]
    fn res<R: Resource>(&self) -> &R {
        match self.get_res::<R>() {
            Some(r) => r,
            None => missing_resource::<R>(),
        }
    }

    #[inline]
    #[track_caller]
    fn res_mut<R: Resource<Mutability = Mutable>>(&mut self) -> Mut<'_, R> {
        let Some(id) = component_id::<R>(self) else {
            missing_resource::<R>()
        };
        stored_resource_mut::<R>(self, id)
    }

    #[inline(always)]
    fn get_res<R: Resource>(&self) -> Option<&R> {
        let id = component_id::<R>(self)?;
        let entity = self.resource_entities().get(id)?;
        let ptr = stored(self, id, R::STORAGE_TYPE, entity)?;
        // SAFETY: as in `read`: the id is `R`'s in this World.
        Some(unsafe { ptr.deref::<R>() })
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn missing_resource<R>() -> ! {
    panic!(
        "resource {} is not in the World",
        std::any::type_name::<R>()
    )
}

/// Where `entity`'s component `id` is stored, as `World::get` finds it, but with the storage
/// type known from the component's type instead of looked up by id.
#[inline(always)]
fn stored(world: &World, id: ComponentId, storage: StorageType, entity: Entity) -> Option<Ptr<'_>> {
    let location = world.entities().get_spawned(entity).ok()?;
    match storage {
        StorageType::Table => {
            let table = world.storages().tables.get(location.table_id)?;
            // SAFETY: the row is the one a spawned entity's location names in its own table.
            // (`Table::get_component` spelled out: its parts inline, the function itself is
            // not inlined across crates without link-time optimisation.)
            table
                .get_column(id)
                .map(|column| unsafe { column.get_data_unchecked(location.table_row) })
        }
        StorageType::SparseSet => world.storages().sparse_sets.get(id)?.get(entity),
    }
}

/// The resource `R` (component id `id` in `world`) to change: `World::get_resource_mut_by_id`
/// spelled out from Bevy's public parts (the resource's entity, its place in its storage, the
/// value and its change ticks), without the checks of an id this table can trust (a tenth of
/// applying a simple answer went to them). The ticks are the World's, as Bevy's: a change is
/// seen by change detection.
#[inline]
fn stored_resource_mut<R: Resource<Mutability = Mutable>>(
    world: &mut World,
    id: ComponentId,
) -> Mut<'_, R> {
    let (last_run, this_run) = (world.last_change_tick(), world.change_tick());
    let cell = world.as_unsafe_world_cell();
    // SAFETY: `cell` comes from `&mut World`, borrowed for as long as the `Mut` returned: no
    // other reference to the World's data can exist meanwhile. `id` is `R`'s in this World
    // (as in `read`), so the value is an `R`; a table's row is the one the spawned entity's
    // location names in that table.
    unsafe {
        let storages = cell.storages();
        let found = cell
            .resource_entities()
            .get(id)
            .and_then(|entity| match R::STORAGE_TYPE {
                StorageType::SparseSet => storages.sparse_sets.get(id)?.get_with_ticks(entity),
                StorageType::Table => {
                    let location = cell.entities().get_spawned(entity).ok()?;
                    let column = storages.tables.get(location.table_id)?.get_column(id)?;
                    let row = location.table_row;
                    Some((
                        column.get_data_unchecked(row),
                        ComponentTickCells {
                            added: column.get_added_tick_unchecked(row),
                            changed: column.get_changed_tick_unchecked(row),
                            changed_by: column.get_changed_by_unchecked(row),
                        },
                    ))
                }
            });
        match found {
            Some((value, ticks)) => Mut::new(
                value.assert_unique().deref_mut::<R>(),
                &mut *ticks.added.get(),
                &mut *ticks.changed.get(),
                last_run,
                this_run,
                ticks.changed_by.map(|by| &mut *by.get()),
            ),
            // Not where it should be: Bevy's own way says so.
            None => match cell.get_resource_mut_by_id(id) {
                Some(value) => value.with_type::<R>(),
                None => missing_resource::<R>(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Component, PartialEq, Debug)]
    struct Apples(u32);

    #[derive(Component, PartialEq, Debug)]
    struct Pears(u32);

    #[derive(Resource, PartialEq, Debug)]
    struct Season(u32);

    #[test]
    fn reads_answer_as_world_get_across_worlds() {
        let mut first = World::new();
        let a = first.spawn(Apples(3)).id();
        let b = first.spawn(Pears(4)).id();
        first.insert_resource(Season(1));
        // A second World registers the types in the other order, so their ids differ.
        let mut second = World::new();
        let c = second.spawn(Pears(7)).id();
        let d = second.spawn(Apples(8)).id();
        assert_eq!(second.get_res::<Season>(), None);
        second.insert_resource(Season(2));
        for _ in 0..2 {
            assert_eq!(first.read::<Apples>(a), Some(&Apples(3)));
            assert_eq!(first.read::<Pears>(a), None);
            assert_eq!(first.read::<Pears>(b), Some(&Pears(4)));
            assert_eq!(second.read::<Apples>(d), Some(&Apples(8)));
            assert_eq!(second.read::<Pears>(c), Some(&Pears(7)));
            assert_eq!(first.res::<Season>(), &Season(1));
            assert_eq!(second.res::<Season>(), &Season(2));
        }
        // A type not registered in a World reads as missing, and reads once it is.
        let e = first.spawn_empty().id();
        #[derive(Component, PartialEq, Debug)]
        struct Plums(u32);
        assert_eq!(first.read::<Plums>(e), None);
        first.entity_mut(e).insert(Plums(5));
        assert_eq!(first.read::<Plums>(e), Some(&Plums(5)));
    }

    #[test]
    fn res_mut_changes_the_resource_of_its_own_world_as_resource_mut_does() {
        let mut first = World::new();
        first.insert_resource(Season(1));
        // A second World registers another type first, so the resource's id differs.
        let mut second = World::new();
        second.spawn(Apples(1));
        second.insert_resource(Season(2));
        first.clear_trackers();
        first.res_mut::<Season>().0 = 10;
        second.res_mut::<Season>().0 += 5;
        assert_eq!(first.resource::<Season>(), &Season(10));
        assert_eq!(second.resource::<Season>(), &Season(7));
        assert!(first.is_resource_changed::<Season>(), "marked changed");
    }

    #[test]
    fn res_mut_only_read_leaves_the_resource_unchanged() {
        let mut world = World::new();
        world.insert_resource(Season(3));
        world.clear_trackers();
        assert_eq!(world.res_mut::<Season>().0, 3);
        assert!(!world.is_resource_changed::<Season>(), "read, not changed");
    }

    #[test]
    fn two_types_of_one_slot_are_both_kept() {
        let mut world = World::new();
        let apples = world.register_component::<Apples>();
        let pears = world.register_component::<Pears>();
        // Both asked for at the same slot (as two types whose ids pick one slot would be).
        let slot = 7;
        assert_eq!(
            learn_component_id(&world, TypeId::of::<Apples>(), slot),
            Some(apples)
        );
        assert_eq!(
            learn_component_id(&world, TypeId::of::<Pears>(), slot),
            Some(pears)
        );
        let held = |at: usize| IDS.with(|ids| ids[at].get()).map(|(t, _, id)| (t, id));
        assert_eq!(held(slot), Some((TypeId::of::<Apples>(), apples)));
        assert_eq!(held(slot + 1), Some((TypeId::of::<Pears>(), pears)));
        assert_eq!(
            learn_component_id(&world, TypeId::of::<Pears>(), slot),
            Some(pears)
        );
    }

    #[test]
    #[should_panic(expected = "is not in the World")]
    fn res_mut_of_a_missing_resource_panics() {
        let mut world = World::new();
        world.res_mut::<Season>();
    }

    #[test]
    #[should_panic(expected = "is not in the World")]
    fn a_missing_resource_panics_as_world_resource_does() {
        let world = World::new();
        world.res::<Season>();
    }
}
