//! Game-wide resources shared by every ruleset: the game setup, stable ids and content ids of
//! entities, and the index from ids to entities.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::id::{AsId, Id, IdMap};
use crate::engine::reads::Reads;

/// Stable number of every simulation entity, given in spawn order. Snapshots, hashes and the log
/// name entities by it, never by `Entity`, so they compare across runs and machines.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Sid(pub u32);

/// The content id an entity was spawned from (`"paris"`, `"FRA"`).
#[derive(Component, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Key(pub Id);

/// Who plays: the scenario's Player Realms taking part, in clockwise seat order, and the
/// options of its ruleset switched on or off for this game. Saved with the game, so a replay
/// plays by the same rules.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(default, from = "SetupOnDisk")]
pub struct GameSetup {
    /// Realm ids of the Player Realms in play; empty means all of the scenario's.
    pub players: Vec<String>,
    /// The ruleset's options chosen for this game, by the name the ruleset gives them (Price of
    /// Power: `religious_rebels`, `power_struggles`); an option not named keeps the scenario's
    /// setting. The engine does not read them: the ruleset's `configure` does.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub options: std::collections::BTreeMap<String, bool>,
}

impl GameSetup {
    /// The setting chosen for option `name` (`None`: the scenario's own).
    pub fn option(&self, name: &str) -> Option<bool> {
        self.options.get(name).copied()
    }

    /// Chooses `name` on or off for this game.
    pub fn with_option(mut self, name: &str, on: bool) -> Self {
        self.options.insert(name.to_string(), on);
        self
    }
}

/// A setup as saves hold it: saves written before the options were the ruleset's own name
/// Price of Power's two options as fields of their own, read into `options`. These two names
/// are the engine's only mention of a ruleset's options, kept so those saves still open; RON
/// cannot read unknown fields into a map (`serde(flatten)` needs a map, and a save writes a
/// struct), so they are listed.
#[derive(Deserialize, Default)]
#[serde(default)]
struct SetupOnDisk {
    players: Vec<String>,
    options: std::collections::BTreeMap<String, bool>,
    religious_rebels: Option<bool>,
    power_struggles: Option<bool>,
}

impl From<SetupOnDisk> for GameSetup {
    fn from(disk: SetupOnDisk) -> Self {
        let mut options = disk.options;
        for (name, on) in [
            ("religious_rebels", disk.religious_rebels),
            ("power_struggles", disk.power_struggles),
        ] {
            if let Some(on) = on {
                options.entry(name.to_string()).or_insert(on);
            }
        }
        GameSetup {
            players: disk.players,
            options,
        }
    }
}

/// The seats in play, in seat order: those the setup names (each a seat the scenario offers,
/// none twice), or every seat the scenario offers when it names none.
pub fn resolve_seats(
    offered: &[&str],
    setup: &GameSetup,
) -> Result<Vec<String>, crate::engine::game::GameError> {
    use crate::engine::game::GameError;
    if setup.players.is_empty() {
        if offered.is_empty() {
            return Err(GameError::NoPlayers);
        }
        return Ok(offered.iter().map(|s| s.to_string()).collect());
    }
    for (i, p) in setup.players.iter().enumerate() {
        if !offered.contains(&p.as_str()) {
            return Err(GameError::UnknownPlayer(p.clone()));
        }
        if setup.players[..i].contains(p) {
            return Err(GameError::DuplicatePlayer(p.clone()));
        }
    }
    Ok(setup.players.clone())
}

/// Lookup from content ids and stable ids to entities. Never iterated: order comes from `Sid`.
#[derive(Resource, Default, Clone)]
pub struct Index {
    /// Looked up for every action's ids, by the hash interning stored (never iterated, so
    /// order is moot).
    by_key: IdMap<Entity>,
    by_sid: Vec<Entity>,
}

impl Index {
    /// The entity with this content id (an `Id`, or text: text no file named finds nothing).
    pub fn get(&self, key: impl AsId) -> Option<Entity> {
        self.by_key.get(&key.existing_id()?).copied()
    }

    pub fn by_sid(&self, sid: u32) -> Option<Entity> {
        self.by_sid.get(sid as usize).copied()
    }
}

/// Spawns an entity with the next stable id (and content id, if any) and indexes it.
pub fn spawn_sim(world: &mut World, key: Option<&str>, bundle: impl Bundle) -> Entity {
    let sid = world.res::<Index>().by_sid.len() as u32;
    let key = key.map(Id::new);
    let mut entity = world.spawn((Sid(sid), bundle));
    if let Some(key) = key {
        entity.insert(Key(key));
    }
    let id = entity.id();
    let mut index = world.res_mut::<Index>();
    index.by_sid.push(id);
    if let Some(key) = key {
        index.by_key.insert(key, id);
    }
    id
}

/// Content id of an entity, or its stable id as text for runtime entities.
#[inline]
pub fn key_of(world: &World, entity: Entity) -> Id {
    if let Some(key) = world.read::<Key>(entity) {
        return key.0;
    }
    runtime_key(world, entity)
}

/// A runtime entity's stable id as text (`#12`), kept out of line: content ids are the
/// common case, read inline.
#[inline(never)]
fn runtime_key(world: &World, entity: Entity) -> Id {
    world
        .read::<Sid>(entity)
        .map_or_else(|| Id::new("?"), |s| Id::new(&format!("#{}", s.0)))
}

#[inline]
pub fn sid_of(world: &World, entity: Entity) -> u32 {
    world.read::<Sid>(entity).map_or(u32::MAX, |s| s.0)
}

/// Sorts entities by stable id and drops repeats. Repeats are dropped first, comparing the
/// entities themselves, so that each stable id is read once per distinct entity: the lists
/// this is for (the owners of every province of some areas, the neighbours of every area of
/// a realm) repeat an entity many times. An entity has one stable id, so the result is that
/// of sorting by stable id and then dropping repeats, whatever order the repeats were
/// dropped in.
pub fn sort_dedup_by_sid(world: &World, entities: &mut Vec<Entity>) {
    if entities.len() <= SHORT_LIST {
        entities.sort_unstable();
        entities.dedup();
    } else {
        drop_repeats(entities);
    }
    match entities.len() {
        0 | 1 => {}
        n if n <= SHORT_LIST => {
            // Keys beside their entities on the stack: most of these lists (the places of a
            // realm's armies, its areas) are a few entries long, and `sort_by_cached_key`
            // would allocate its list of keys for each.
            let mut keyed = [(0u32, Entity::PLACEHOLDER); SHORT_LIST];
            for (slot, e) in keyed.iter_mut().zip(entities.iter()) {
                *slot = (sid_of(world, *e), *e);
            }
            keyed[..n].sort_by_key(|(sid, _)| *sid);
            for (e, (_, kept)) in entities.iter_mut().zip(keyed.iter()) {
                *e = *kept;
            }
        }
        _ => entities.sort_by_cached_key(|e| sid_of(world, *e)),
    }
}

/// Up to this many entities, sorting finds the repeats as fast as marking them.
const SHORT_LIST: usize = 24;

thread_local! {
    /// Per entity index, 1 + where `drop_repeats` kept the entity of that index; all zero
    /// between calls.
    static KEPT_AT: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps the first of each entity, in one pass: long lists (every province of the Non-Player
/// Realms by area) hold a few hundred entries and a few dozen distinct entities. Each entity
/// index remembers where its entity was kept; two entities with one index (a despawned one and
/// its successor) are told apart by comparing the entity kept there, and then the kept ones
/// are searched.
fn drop_repeats(entities: &mut Vec<Entity>) {
    KEPT_AT.with(|kept_at| {
        let mut kept_at = kept_at.borrow_mut();
        let mut kept = 0;
        for i in 0..entities.len() {
            let e = entities[i];
            let index = e.index_u32() as usize;
            if index >= kept_at.len() {
                kept_at.resize(index + 1, 0);
            }
            let at = kept_at[index] as usize;
            if at > 0 && (entities[at - 1] == e || entities[..kept].contains(&e)) {
                continue;
            }
            entities[kept] = e;
            kept += 1;
            if at == 0 {
                kept_at[index] = kept as u32;
            }
        }
        entities.truncate(kept);
        for e in entities.iter() {
            kept_at[e.index_u32() as usize] = 0;
        }
    });
}

/// Hex BLAKE3 digest of a value's JSON form: the state hash of a ruleset's snapshot.
pub fn hash_of<T: Serialize>(value: &T) -> String {
    let bytes = serde_json::to_vec(value).expect("snapshots always serialize");
    blake3::hash(&bytes).to_hex().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_drop_repeats_as_short_ones_do_even_when_an_index_is_reused() {
        let mut world = World::new();
        world.init_resource::<Index>();
        let mut spawned: Vec<Entity> = (0..40).map(|_| spawn_sim(&mut world, None, ())).collect();
        // An entity with entity 5's index and a later generation (as after a despawn).
        let successor = Entity::from_index_and_generation(
            spawned[5].index(),
            spawned[5].generation().after_versions(1),
        );
        assert_ne!(successor, spawned[5]);
        // A long list: every entity three times, in a scrambled order, with both holders of
        // index 5.
        spawned.push(successor);
        let mut long: Vec<Entity> = (0..3)
            .flat_map(|round| spawned.iter().rev().skip(round).copied())
            .collect();
        long.rotate_left(17);
        assert!(long.len() > SHORT_LIST);
        let mut expected = long.clone();
        expected.sort_unstable();
        expected.dedup();
        let mut kept = long.clone();
        drop_repeats(&mut kept);
        assert_eq!(kept.len(), expected.len());
        let mut sorted = kept.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, expected);
        // The first of each is kept, in the order of first appearance.
        let mut firsts = Vec::new();
        for e in &long {
            if !firsts.contains(e) {
                firsts.push(*e);
            }
        }
        assert_eq!(kept, firsts);
        // And the table is clear again: the same list gives the same answer.
        let mut again = long.clone();
        drop_repeats(&mut again);
        assert_eq!(again, firsts);
        // Sorted by stable id, long or short, the answer is the same.
        long.retain(|e| *e != successor);
        let mut by_sid = long.clone();
        sort_dedup_by_sid(&world, &mut by_sid);
        let mut short_way = long.clone();
        short_way.sort_unstable();
        short_way.dedup();
        short_way.sort_by_key(|e| sid_of(&world, *e));
        assert_eq!(by_sid, short_way);
        assert!(
            by_sid
                .windows(2)
                .all(|w| sid_of(&world, w[0]) < sid_of(&world, w[1]))
        );
    }

    #[test]
    fn a_setup_saved_with_the_old_option_fields_reads_into_options_and_writes_back_as_options() {
        let old: GameSetup = ron::from_str(
            "(players: [\"FRA\"], religious_rebels: Some(true), power_struggles: Some(false))",
        )
        .unwrap();
        assert_eq!(old.players, vec!["FRA".to_string()]);
        assert_eq!(old.option("religious_rebels"), Some(true));
        assert_eq!(old.option("power_struggles"), Some(false));
        assert_eq!(old.option("anything_else"), None);
        let text = ron::to_string(&old).unwrap();
        assert!(!text.contains("religious_rebels: Some"), "{text}");
        assert_eq!(ron::from_str::<GameSetup>(&text).unwrap(), old);
        // Another ruleset's game refuses an option it does not have.
        let kingdom = crate::engine::game::Game::<crate::rulesets::kingdom::Kingdom>::new(
            crate::rulesets::kingdom::content::default_scenario(),
            GameSetup::default().with_option("religious_rebels", true),
            1,
        );
        assert_eq!(
            kingdom.err(),
            Some(crate::engine::game::GameError::UnknownOption {
                name: "religious_rebels".into(),
                known: Vec::new(),
            })
        );
        // No options: nothing written, the scenario's settings kept.
        let plain = GameSetup::default();
        assert!(!ron::to_string(&plain).unwrap().contains("options"));
        assert_eq!(ron::from_str::<GameSetup>("()").unwrap(), plain);
    }
}
