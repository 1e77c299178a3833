//! The ECS model of the board: realms, areas, provinces, sea zones, towns, vassals, units,
//! characters and the markers, with their relations queryable in both directions.
//!
//! Relations are Bevy relationships: the source side (`InArea`, `OwnedBy`, ...) is what rules
//! write; the target side (`AreaProvinces`, `Owns`, ...) is kept in step by Bevy and read by
//! rules that go the other way ("the provinces of this area").

use crate::engine::id::Id;
use bevy::prelude::*;
use serde::Serialize;

/// Brings `.iter()` on the target side of relations (`AreaProvinces`, `Owns`, ...) into scope.
pub use bevy::ecs::relationship::RelationshipTarget;

pub use crate::rulesets::pop::content::schema::{
    CharacterKind, Holding, MpKind, ProvinceSize, Religion, Terrain,
};

pub use crate::engine::state::{Key, Sid};

/// The name shown to players.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Title(pub String);

// ---------------------------------------------------------------------------------------------
// Realms

/// A realm, player or not.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Realm {
    pub religion: Religion,
    pub colour: (u8, u8, u8),
}

/// A Player Realm in play, with its seat in clockwise turn order.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct PlayerRealm {
    pub seat: u8,
}

/// A Non-Player Realm (also a scenario Player Realm nobody plays in this game).
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct NonPlayerRealm {
    pub dynamic: bool,
}

/// What sits on a Player Mat.
#[derive(Component, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Mat {
    pub ducats: i32,
    /// Interest (loan) tokens.
    pub loans: u8,
    /// Monarch power pools, indexed by `MpKind`.
    pub mp: [i32; 3],
    pub stability: i32,
    pub prestige: i32,
    pub manpower: i32,
    pub exhausted_manpower: i32,
    /// The colonist pool (0-4), filled by colonial claims in Phase 5 step A.
    pub colonists: u8,
}

impl Mat {
    pub fn mp(&self, kind: MpKind) -> i32 {
        self.mp[kind.index()]
    }
}

/// Per-Round turn markers of a Player Realm.
#[derive(Component, Clone, Debug, Default, Serialize, PartialEq)]
pub struct RoundMarkers {
    pub passed: bool,
    /// Position among those who passed this Round (1 = first).
    pub pass_order: Option<u8>,
    pub took_event: bool,
    /// Turns taken after the passing money ran out (the last-action rule).
    pub last_turns: u8,
}

/// The realm has no ruler: a regency council of skill 1 governs.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct Interregnum;

/// The realm's capital province.
#[derive(Component, Clone, Copy, Debug)]
pub struct Capital(pub Entity);

/// Continents this realm has discovered (Europe always).
#[derive(Component, Clone, Debug, Default, Serialize)]
pub struct Discovered(pub Vec<Id>);

// ---------------------------------------------------------------------------------------------
// Map

#[derive(Component, Clone, Debug, Serialize)]
pub struct Area {
    pub continent: Id,
    pub distant: bool,
    /// The religion token of the area (printed or placed).
    pub religion: Religion,
    /// A Revolutionary token lies on top of the religion token (15.0): the area counts as
    /// Revolutionary until it is removed, and then its own religion shows again.
    pub revolution: bool,
}

/// Land neighbours of an area; `true` marks a mountain border.
#[derive(Component, Clone, Debug, Default)]
pub struct LandBorders(pub Vec<(Entity, bool)>);

/// Sea zones an area touches.
#[derive(Component, Clone, Debug, Default)]
pub struct Coasts(pub Vec<Entity>);

#[derive(Component, Clone, Debug)]
pub struct Province {
    pub size: ProvinceSize,
    pub terrain: Terrain,
    pub religion: Religion,
    pub port: Option<Entity>,
    pub large_port: bool,
    pub island: bool,
}

impl Province {
    pub fn tax_value(&self) -> i32 {
        self.size.tax_value()
    }
}

/// Realms whose flag is printed on the province.
#[derive(Component, Clone, Debug, Default)]
pub struct PrintedCores(pub Vec<Entity>);

/// An NPR province marker: the province belongs to (and is a core of) that realm only.
#[derive(Component, Clone, Copy, Debug)]
pub struct NprMarker(pub Entity);

/// The province is some realm's capital.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct IsCapital;

/// A Rebel Town stands on the province.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct RebelTown;

#[derive(Component, Clone, Debug, Serialize)]
pub struct SeaZone {
    pub galleys: bool,
    pub distant: bool,
}

#[derive(Component, Clone, Debug, Default)]
pub struct SeaNeighbours(pub Vec<Entity>);

/// Province belongs to an area.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = AreaProvinces)]
pub struct InArea(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = InArea)]
pub struct AreaProvinces(Vec<Entity>);

impl AreaProvinces {
    /// In the order the provinces joined the area: their spawn order, which is stable-id order
    /// (a province is spawned with its area and never moves).
    pub fn as_slice(&self) -> &[Entity] {
        &self.0
    }
}

/// Lawful owner of a province.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Owns)]
pub struct OwnedBy(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = OwnedBy)]
pub struct Owns(Vec<Entity>);

/// Who holds the province now (an occupier, or the owner).
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Controls)]
pub struct ControlledBy(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = ControlledBy)]
pub struct Controls(Vec<Entity>);

// ---------------------------------------------------------------------------------------------
// Towns and vassals

/// A town token of a realm on a province (a large town on a large province, else small).
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct Town {
    pub large: bool,
}

/// A vassal token.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct Vassal;

/// The town or vassal shows its unrest side.
#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct Unrest;

/// Which realm's token it is.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = RealmTokens)]
pub struct TokenOf(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = TokenOf)]
pub struct RealmTokens(Vec<Entity>);

/// Where a town or vassal stands.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Holdings)]
pub struct OnProvince(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = OnProvince)]
pub struct Holdings(Vec<Entity>);

// ---------------------------------------------------------------------------------------------
// Units

#[derive(
    Clone, Copy, Debug, Serialize, serde::Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Artillery,
    LightShip,
    HeavyShip,
    Galley,
}

#[derive(Clone, Copy, Debug, Serialize, serde::Deserialize, PartialEq, Eq, Hash)]
pub enum UnitStatus {
    Regular,
    Mercenary,
    Allied,
    Rebel,
}

#[derive(Component, Clone, Copy, Debug, Serialize)]
pub struct Unit {
    pub kind: UnitKind,
    pub status: UnitStatus,
    /// A heavy ship that took one hit.
    pub damaged: bool,
}

impl UnitKind {
    /// Infantry, cavalry and artillery fight on land; the rest are ships.
    pub fn is_land(self) -> bool {
        matches!(
            self,
            UnitKind::Infantry | UnitKind::Cavalry | UnitKind::Artillery
        )
    }

    /// How dear a ship is to lose, for bots: a galley, then a light ship, then a heavy one.
    pub fn ship_value(self) -> u8 {
        match self {
            UnitKind::Galley => 0,
            UnitKind::LightShip => 1,
            _ => 2,
        }
    }
}

/// A Light Ship laid on a Trade Protection slot of the sea zone it is in (12.3). Every move
/// (`military::place_unit`) takes it off, so sailing away gives the slot up.
#[derive(Component, Clone, Copy, Debug)]
pub struct Protecting;

/// A general or admiral (or the Ruler General) commanding the army or fleet in this area or
/// sea zone.
#[derive(Component, Clone, Copy, Debug)]
pub struct InCommand(pub Entity);

/// The realm a unit fights for (rebels have none).
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Forces)]
pub struct UnitOf(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = UnitOf)]
pub struct Forces(Vec<Entity>);

/// The area or sea zone a unit is in.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Present)]
pub struct At(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = At)]
pub struct Present(Vec<Entity>);

// ---------------------------------------------------------------------------------------------
// Characters

#[derive(Component, Clone, Debug, Serialize)]
pub struct Character {
    pub kind: CharacterKind,
    pub skills: [u8; 3],
    pub dice: u8,
    pub cost: u8,
    pub mortality: Option<u8>,
}

impl Character {
    pub fn skill(&self, kind: MpKind) -> i32 {
        i32::from(self.skills[kind.index()])
    }
}

/// Ill-health tokens; the second one kills.
#[derive(Component, Clone, Copy, Debug, Default, Serialize)]
pub struct IllHealth(pub u8);

/// A character who has died ("Dead characters are discarded", 7.2). A ruler shown on an Event
/// is not offered while dead; only an Action card showing the character brings it back: drawn
/// again, the card appoints it afresh and the mark goes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Dead;

/// The post a character holds in its realm.
#[derive(Component, Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Role {
    Ruler,
    /// Also commanding an army (the Ruler General token).
    RulerGeneral,
    General,
    Admiral,
    Advisor(MpKind),
}

/// A character serving a realm.
#[derive(Component, Clone, Copy, Debug)]
#[relationship(relationship_target = Court)]
pub struct Serves(pub Entity);

#[derive(Component, Clone, Debug, Default)]
#[relationship_target(relationship = Serves)]
pub struct Court(Vec<Entity>);

// ---------------------------------------------------------------------------------------------
// Markers between realms and on areas

/// A claim of a realm in an area.
#[derive(Component, Clone, Copy, Debug)]
pub struct Claim {
    pub realm: Entity,
    pub area: Entity,
}

/// A core token: every province of the area is a core of this realm (and no other).
#[derive(Component, Clone, Copy, Debug)]
pub struct CoreToken {
    pub realm: Entity,
    pub area: Entity,
}

/// Influence cubes of a realm in an area.
#[derive(Component, Clone, Copy, Debug)]
pub struct Influence {
    pub realm: Entity,
    pub area: Entity,
    pub count: u8,
}

/// A CB token of `holder` placed on `target`'s capital.
#[derive(Component, Clone, Copy, Debug)]
pub struct CasusBelli {
    pub holder: Entity,
    pub target: Entity,
}

#[derive(Component, Clone, Copy, Debug)]
pub struct Truce {
    pub a: Entity,
    pub b: Entity,
}

#[derive(Component, Clone, Copy, Debug)]
pub struct Alliance {
    pub a: Entity,
    pub b: Entity,
}

/// A royal marriage. Each Player Realm side has its marriage token on the other realm (an NPR
/// places none); `disputed_a` says the token on `a` shows its Disputed Succession side (`a` had
/// no ruler at Phase 3 F), `disputed_b` the same for the token on `b`.
#[derive(Component, Clone, Copy, Debug)]
pub struct Marriage {
    pub a: Entity,
    pub b: Entity,
    pub disputed_a: bool,
    pub disputed_b: bool,
}

impl Marriage {
    /// A marriage with no token turned.
    pub fn new(a: Entity, b: Entity) -> Self {
        Marriage {
            a,
            b,
            disputed_a: false,
            disputed_b: false,
        }
    }

    /// Whether the token on `realm` (placed by its partner) shows the Disputed Succession side.
    pub fn disputed_on(&self, realm: Entity) -> bool {
        (self.a == realm && self.disputed_a) || (self.b == realm && self.disputed_b)
    }

    /// Whether either token shows the Disputed Succession side.
    pub fn disputed(&self) -> bool {
        self.disputed_a || self.disputed_b
    }
}

/// Two realms at war (attacker side first).
#[derive(Component, Clone, Copy, Debug)]
pub struct War {
    pub attacker: Entity,
    pub defender: Entity,
}

/// A marker between two realms (war, alliance, truce, marriage).
/// Kinds of `Pairing` (wars, truces, alliances, marriages).
pub const PAIRING_KINDS: usize = 4;

pub trait Pairing {
    /// Which kind of pairing this is (0 to `PAIRING_KINDS - 1`): where its answers are kept
    /// (`relations::sides_of`).
    const KIND: usize;

    fn sides(&self) -> (Entity, Entity);

    /// Whether the marker joins these two realms, in either order.
    fn between(&self, x: Entity, y: Entity) -> bool {
        let (a, b) = self.sides();
        (a == x && b == y) || (a == y && b == x)
    }

    /// The other side, if `realm` is one side.
    fn other(&self, realm: Entity) -> Option<Entity> {
        match self.sides() {
            (a, b) if a == realm => Some(b),
            (a, b) if b == realm => Some(a),
            _ => None,
        }
    }
}

impl Pairing for War {
    const KIND: usize = 0;

    fn sides(&self) -> (Entity, Entity) {
        (self.attacker, self.defender)
    }
}

impl Pairing for Truce {
    const KIND: usize = 1;

    fn sides(&self) -> (Entity, Entity) {
        (self.a, self.b)
    }
}

impl Pairing for Alliance {
    const KIND: usize = 2;

    fn sides(&self) -> (Entity, Entity) {
        (self.a, self.b)
    }
}

impl Pairing for Marriage {
    const KIND: usize = 3;

    fn sides(&self) -> (Entity, Entity) {
        (self.a, self.b)
    }
}
