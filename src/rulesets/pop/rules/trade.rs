//! Trade (12 and the Trade action of 5.4e): the Trade Deck, merchants, trade power, income rows, Light Ships protecting trade, pirates, secondary and expanded nodes, gold and slaves.

use std::collections::VecDeque;

use bevy::ecs::entity::{EntityHashMap, EntityHashSet};
use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::{MpKind, TradeCardDef, TradeNodeDef, TradeRequirement};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::colonize::{neighbours, shores};
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige, gain_ducats};
use crate::rulesets::pop::rules::explore::{hostile_sea, light_ships_at};
use crate::rulesets::pop::rules::generic::{Generic, Resume, lookup, mp, owner};
use crate::rulesets::pop::rules::ideas::trade_bonus;
use crate::rulesets::pop::rules::military::{army_places, sail_destinations};
use crate::rulesets::pop::rules::relations::{area_of, capital_area};
use crate::rulesets::pop::rules::scoring::tax_income;
use crate::rulesets::pop::rules::towns::token_provinces;
use crate::rulesets::pop::state::{Content, Index, Seats, key_of, sid_of};

/// Trade Cards revealed by one Trade action (step 1).
pub const REVEAL: usize = 3;
/// Ducats for discarding the revealed cards instead of trading (step 2).
pub const FALLBACK_DUCATS: i32 = 2;
/// The Trade action costs 1 dip.
pub const TRADE_DIP: i32 = 1;
/// Gold inflation paid in monarch power costs 1 adm.
pub const INFLATION_ADM: i32 = 1;

pub struct TradePlugin;

impl Plugin for TradePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TradeBoard>();
    }
}

/// A merchant pawn of a Player Realm (12.4).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Merchant {
    /// The realm's content id.
    pub realm: Id,
    /// The Trade Node (content id) it stands in; `None`: off the board, placed by a Trade action.
    pub node: Option<Id>,
    /// Upright (available) or laid on its side (used this Round).
    pub upright: bool,
}

/// A Trade action under way.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TradeRun {
    pub realm: Id,
    /// The sea zone a Light Ship sailed to in step 3, if one did.
    pub ship: Option<Id>,
    /// Traded with a Gold card above half the tax income: 1 adm or an interest token is owed.
    pub inflation: bool,
}

/// Everything of Trade on the table: the Trade Deck (card indexes into the scenario's
/// `trade_cards`), the merchants, pirates and expanded nodes (node ids), and the action under way.
#[derive(Resource, Serialize, Clone, Debug, Default, PartialEq)]
pub struct TradeBoard {
    /// The draw pile; the top card is the last.
    pub deck: Vec<usize>,
    pub discard: Vec<usize>,
    /// Distant cards not yet shuffled in (12.6).
    pub unused: Vec<usize>,
    /// The starting deck is shuffled at its first draw (its order is hidden until then).
    pub shuffled: bool,
    /// Cards revealed by the Trade action under way.
    pub revealed: Vec<usize>,
    pub merchants: Vec<Merchant>,
    /// One entry per Pirate Ship, by node id.
    pub pirates: Vec<Id>,
    /// Nodes whose income is read from the expanded column.
    pub expanded: Vec<Id>,
    pub run: Option<TradeRun>,
}

impl TradeBoard {
    pub fn pirates_at(&self, node: &str) -> usize {
        self.pirates.iter().filter(|p| *p == node).count()
    }

    pub fn merchant_at(&self, realm: &str, node: &str) -> Option<&Merchant> {
        self.merchants
            .iter()
            .find(|m| m.realm == realm && m.node.as_deref() == Some(node))
    }

    /// Whether the realm has a merchant it may use: upright on the board, or off the board.
    pub fn has_available(&self, realm: &str) -> bool {
        self.merchants
            .iter()
            .any(|m| m.realm == realm && (m.upright || m.node.is_none()))
    }
}

// ---------------------------------------------------------------------------------------------
// Setup, the deck and Phase 5

/// Setup: the starting deck, the distant cards set aside, each Player Realm's merchants on the
/// nodes its scenario lists (the rest off the board), and the nodes expanded from the start.
/// Cards of a continent a realm in play knows at the start begin in the deck (house rule).
pub(crate) fn set_up_trade(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let seats = world.res::<Seats>().0.clone();
    let mut known: Vec<Id> = Vec::new();
    for s in &seats {
        if let Some(d) = world.read::<Discovered>(*s) {
            known.extend(d.0.iter().cloned());
        }
    }
    let mut board = TradeBoard::default();
    for (i, card) in content.trade_cards.iter().enumerate() {
        if card.continents.is_empty() || card.continents.iter().any(|c| known.contains(c)) {
            board.deck.push(i);
        } else {
            board.unused.push(i);
        }
    }
    for s in &seats {
        let realm = key_of(world, *s);
        let Some(def) = content.realms.iter().find(|r| r.id == realm) else {
            continue;
        };
        for node in &def.merchants {
            board.merchants.push(Merchant {
                realm,
                node: Some(*node),
                upright: true,
            });
        }
        let reserve = usize::from(content.options.merchants).saturating_sub(def.merchants.len());
        for _ in 0..reserve {
            board.merchants.push(Merchant {
                realm,
                node: None,
                upright: true,
            });
        }
    }
    board.expanded = content
        .trade_nodes
        .iter()
        .filter(|n| n.expanded)
        .map(|n| n.id)
        .collect();
    let (cards, out, merchants) = (board.deck.len(), board.unused.len(), board.merchants.len());
    world.insert_resource(board);
    let shores = shores(world);
    let ports = ports(world);
    world.insert_resource(TradeMap { shores, ports });
    write(
        world,
        Note::new(
            ids::TRADE_DECK,
            format!(
                "The Trade Deck holds {cards} cards ({out} distant cards set aside); {merchants} merchants are placed"
            ),
        )
        .amount(cards as i32),
    );
}

/// Phase 5 step A: every merchant stands up again.
pub fn stand_merchants_up(world: &mut World) {
    let mut board = world.res_mut::<TradeBoard>();
    let mut count = 0;
    for m in board.merchants.iter_mut().filter(|m| !m.upright) {
        m.upright = true;
        count += 1;
    }
    if count > 0 {
        write(
            world,
            Note::new(ids::MERCHANT, format!("{count} merchants stand up again")).amount(count),
        );
    }
}

/// Draws the top card, reshuffling the discard pile into an empty deck.
fn draw(world: &mut World) -> Option<usize> {
    let mut board = world.res::<TradeBoard>().clone();
    if !board.shuffled {
        world.res_mut::<GameRng>().shuffle(&mut board.deck);
        board.shuffled = true;
    }
    if board.deck.is_empty() && !board.discard.is_empty() {
        let mut pile = std::mem::take(&mut board.discard);
        world.res_mut::<GameRng>().shuffle(&mut pile);
        board.deck = pile;
        write(
            world,
            Note::new(
                ids::TRADE_DECK,
                "The Trade Deck is empty: its discard pile is shuffled into a new deck",
            ),
        );
    }
    let card = board.deck.pop();
    world.insert_resource(board);
    if card.is_some() {
        world.res_mut::<GameRng>().show();
    }
    card
}

/// Explore step 3 and 12.6: the first claim or colony on a distant continent shuffles that
/// continent's unused Trade Cards and the discard pile into the deck. Nothing happens when its
/// cards are already in (or it has none).
pub fn open_continent(world: &mut World, realm: Entity, area: Entity) {
    let Some(continent) = world
        .read::<Area>(area)
        .filter(|a| a.distant)
        .map(|a| a.continent)
    else {
        return;
    };
    let content = world.res::<Content>().0.clone();
    let mut board = world.res::<TradeBoard>().clone();
    let (joining, rest): (Vec<usize>, Vec<usize>) = board
        .unused
        .iter()
        .partition(|c| content.trade_cards[**c].continents.contains(&continent));
    if joining.is_empty() {
        return;
    }
    board.unused = rest;
    let added = joining.len();
    board.deck.extend(joining);
    board.deck.append(&mut board.discard);
    world.res_mut::<GameRng>().shuffle(&mut board.deck);
    board.shuffled = true;
    world.insert_resource(board);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::EXPLORE_FIRST,
            format!(
                "First foothold on {continent}: {added} Trade Cards and the discard pile are shuffled into the Trade Deck"
            ),
        )
        .realm(name)
        .subject(sid_of(world, area))
        .amount(added as i32),
    );
}

// ---------------------------------------------------------------------------------------------
// The map: nodes, connections, protection

pub fn node_def<'a>(
    content: &'a crate::rulesets::pop::content::schema::Scenario,
    id: &str,
) -> Option<&'a TradeNodeDef> {
    content.trade_nodes.iter().find(|n| n.id == id)
}

fn card_index(
    content: &crate::rulesets::pop::content::schema::Scenario,
    id: &str,
) -> Option<usize> {
    content.trade_cards.iter().position(|c| c.id == id)
}

/// The places a node belongs to: its area (inland) or the sea zones it touches (maritime).
fn node_places(world: &World, node: &TradeNodeDef) -> Vec<Entity> {
    let index = world.res::<Index>();
    let ids: Vec<&Id> = if node.maritime {
        node.seas.iter().collect()
    } else {
        node.area.iter().collect()
    };
    ids.into_iter().filter_map(|id| index.get(id)).collect()
}

fn light_ship(world: &World, unit: Entity) -> bool {
    world
        .read::<Unit>(unit)
        .is_some_and(|u| u.kind == UnitKind::LightShip && u.status != UnitStatus::Rebel)
}

/// Places that carry a realm's trade connection (12.2): areas with its towns or vassals (on
/// occupied provinces too) or influence, and sea zones with its Light Ships.
fn carriers(world: &World, realm: Entity) -> EntityHashSet {
    let mut out: EntityHashSet = token_provinces(world, realm, |_| true)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    if let Some(areas) = crate::engine::query_cache::with_query::<&Influence, (), _>(world, |q| {
        q.filter(|i| i.realm == realm && i.count > 0)
            .map(|i| i.area)
            .collect::<Vec<_>>()
    }) {
        out.extend(areas);
    }
    // The Emperor's Imperial Influence connects as its influence does (18.2).
    out.extend(crate::rulesets::pop::rules::empire::imperial_areas_of(
        world, realm,
    ));
    if let Some(forces) = world.read::<Forces>(realm) {
        out.extend(
            forces
                .iter()
                .filter(|u| light_ship(world, *u))
                .filter_map(|u| world.read::<At>(u).map(|a| a.0))
                .filter(|at| world.read::<SeaZone>(*at).is_some()),
        );
    }
    out
}

/// The areas facing each sea zone and the provinces with a port on it, kept from setup on: the
/// map never changes (nor does a province's port), and connections and hostile seas are asked
/// about many times a turn.
#[derive(Resource, Default)]
pub struct TradeMap {
    shores: EntityHashMap<Vec<Entity>>,
    ports: EntityHashMap<Vec<Entity>>,
}

/// The provinces with a port on each sea zone, read off the board.
fn ports(world: &World) -> EntityHashMap<Vec<Entity>> {
    let mut out: EntityHashMap<Vec<Entity>> = EntityHashMap::default();
    crate::engine::query_cache::with_query::<(Entity, &Province), (), _>(world, |q| {
        for (p, province) in q {
            if let Some(sea) = province.port {
                out.entry(sea).or_default().push(p);
            }
        }
    });
    out
}

/// The provinces with a port on `sea` (in no particular order): kept from setup, or read off
/// the board before it.
pub fn ports_facing(world: &World, sea: Entity) -> std::borrow::Cow<'_, [Entity]> {
    match world.get_res::<TradeMap>() {
        Some(map) if !map.shores.is_empty() => {
            std::borrow::Cow::Borrowed(map.ports.get(&sea).map_or(&[][..], Vec::as_slice))
        }
        _ => std::borrow::Cow::Owned(ports(world).remove(&sea).unwrap_or_default()),
    }
}

/// Rebuilds the cached shores after a test edits the coasts of the map.
#[cfg(test)]
pub fn reset_shores_for_tests(world: &mut World) {
    let shores = shores(world);
    let ports = ports(world);
    world.insert_resource(TradeMap { shores, ports });
}

/// The shores of every sea zone: the map cached with the trade board at setup, or built from
/// the coasts before that.
pub fn shores_map(world: &World) -> std::borrow::Cow<'_, EntityHashMap<Vec<Entity>>> {
    match world.get_res::<TradeMap>() {
        Some(map) if !map.shores.is_empty() => std::borrow::Cow::Borrowed(&map.shores),
        _ => std::borrow::Cow::Owned(shores(world)),
    }
}

/// Every place a chain of carriers starting at `start` reaches or touches.
fn touched_from(world: &World, start: Entity, carriers: &EntityHashSet) -> EntityHashSet {
    let shores = shores_map(world);
    let mut touched = EntityHashSet::from_iter([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(place) = queue.pop_front() {
        for n in neighbours(world, place, &shores) {
            if touched.insert(n) && carriers.contains(&n) {
                queue.push_back(n);
            }
        }
    }
    touched
}

/// Whether the realm has a valid connection to the node (12.2): a chain of its carriers from
/// its capital area to the node's area (exempt itself) or, for a maritime node, to one of the
/// sea zones it touches (exempt too: house rule, as the node lies in them).
pub fn connected(world: &World, realm: Entity, node: &TradeNodeDef) -> bool {
    let Some(capital) = capital_area(world, realm) else {
        return false;
    };
    let touched = reached(world, realm, capital, None);
    node_places(world, node)
        .iter()
        .any(|p| touched.0.contains(p))
}

/// The places the realm's chain of carriers reaches from its capital area, with a Light Ship
/// added in `sea` if given, and those carriers: remembered while the World cannot change (a
/// Trade decision checks every node and every sea zone against the same chain).
fn reached(
    world: &World,
    realm: Entity,
    capital: Entity,
    sea: Option<Entity>,
) -> std::rc::Rc<(EntityHashSet, EntityHashSet)> {
    struct Reached;
    crate::engine::memo::cached::<Reached, _, _>(world, (realm, capital, sea), || {
        let mut carriers = carriers(world, realm);
        carriers.extend(sea);
        (touched_from(world, capital, &carriers), carriers)
    })
}

/// Whether a Light Ship sailing to `sea` would let the realm trade in the node (the bots'
/// look-ahead): connected with the ship there, and next to it or through it.
pub fn connected_with_ship(world: &World, realm: Entity, node: &TradeNodeDef, sea: Entity) -> bool {
    let Some(capital) = capital_area(world, realm) else {
        return false;
    };
    let reached = reached(world, realm, capital, Some(sea));
    let (touched, carriers) = (&reached.0, &reached.1);
    node_places(world, node).iter().any(|p| touched.contains(p))
        && ship_chain(world, node, sea, touched, carriers)
}

/// Step 4 after a Light Ship moved to `sea`: the node is next to the ship, or connected to the
/// capital area through a chain that includes it.
fn through_ship(world: &World, realm: Entity, node: &TradeNodeDef, sea: Entity) -> bool {
    let Some(capital) = capital_area(world, realm) else {
        return false;
    };
    let reached = reached(world, realm, capital, None);
    ship_chain(world, node, sea, &reached.0, &reached.1)
}

/// The node touches the ship's sea zone, or the chain from the capital (`touched`) reaches the
/// ship and goes on from it to the node.
fn ship_chain(
    world: &World,
    node: &TradeNodeDef,
    sea: Entity,
    touched: &EntityHashSet,
    carriers: &EntityHashSet,
) -> bool {
    let places = node_places(world, node);
    let next_to = places.contains(&sea)
        || places
            .iter()
            .any(|p| world.read::<Coasts>(*p).is_some_and(|c| c.0.contains(&sea)));
    if next_to {
        return true;
    }
    if !touched.contains(&sea) {
        return false;
    }
    let onward = touched_from(world, sea, carriers);
    places.iter().any(|p| onward.contains(p))
}

/// Light Ships on the Trade Protection slots of a sea zone, in stable-id order.
pub fn protecting_ships(world: &World, sea: Entity) -> Vec<Entity> {
    let Some(mut out) =
        crate::engine::query_cache::with_query::<(Entity, &At), (), _>(world, |q| {
            q.filter(|(e, at)| at.0 == sea && protects(world, *e))
                .map(|(e, _)| e)
                .collect::<Vec<Entity>>()
        })
    else {
        return Vec::new();
    };
    out.sort_by_cached_key(|e| sid_of(world, *e));
    out
}

/// Whether the ship holds a Trade Protection slot in the sea zone it is in. A rebel ship
/// (no realm) holds none.
pub fn protects(world: &World, ship: Entity) -> bool {
    world.read::<Protecting>(ship).is_some() && world.read::<UnitOf>(ship).is_some()
}

fn slots(world: &World, sea: Entity) -> usize {
    let key = key_of(world, sea);
    world
        .res::<Content>()
        .0
        .map
        .sea_zones
        .iter()
        .find(|s| s.id == key)
        .map_or(0, |s| usize::from(s.trade_protection))
}

/// The realm's Light Ships protecting trade in sea zones the maritime node touches.
pub fn protection(world: &World, realm: Entity, node: &TradeNodeDef) -> i32 {
    if !node.maritime {
        return 0;
    }
    node_places(world, node)
        .into_iter()
        .flat_map(|sea| protecting_ships(world, sea))
        .filter(|u| world.read::<UnitOf>(*u).is_some_and(|o| o.0 == realm))
        .count() as i32
}

// ---------------------------------------------------------------------------------------------
// Trade power and income rows

/// A realm's trade power in a node for a card (12.5): 1 for the merchant, 1 for each Key
/// Province of that node it owns plus 1 per '+' (with `keys`), and 1 per Light Ship protecting
/// a sea zone the node touches (maritime nodes).
pub fn trade_power(
    world: &World,
    realm: Entity,
    card: &TradeCardDef,
    node: &TradeNodeDef,
    keys: bool,
) -> i32 {
    let index = world.res::<Index>();
    let key_power: i32 = if keys {
        card.nodes
            .iter()
            .filter(|n| n.node == node.id)
            .flat_map(|n| n.keys.iter())
            .filter(|k| index.get(k.province).and_then(|p| owner(world, p)) == Some(realm))
            .map(|k| 1 + i32::from(k.plus))
            .sum()
    } else {
        0
    };
    1 + key_power + protection(world, realm, node)
}

/// Rows taken by realms listed strongest first (ties already broken): each takes the best row
/// its power qualifies for that nobody stronger took, the rest pushed down; then each pirate
/// pushes everyone one row further. `None`: no income.
pub fn assign_rows(
    rows: &[crate::rulesets::pop::content::schema::TradeRowDef],
    powers: &[i32],
    pirates: usize,
) -> Vec<Option<usize>> {
    let mut taken = vec![false; rows.len()];
    powers
        .iter()
        .map(|power| {
            let best = rows.iter().position(|r| i32::from(r.power) <= *power)?;
            let row = (best..rows.len()).find(|r| !taken[*r])?;
            taken[row] = true;
            let row = row + pirates;
            (row < rows.len()).then_some(row)
        })
        .collect()
}

/// What one realm gets from a trade.
#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    pub realm: Entity,
    pub power: i32,
    pub row: Option<usize>,
    pub ducats: i32,
}

fn expanded(world: &World, node: &str) -> bool {
    world.res::<TradeBoard>().expanded.iter().any(|n| n == node)
}

fn row_ducats(card: &TradeCardDef, row: usize, expanded: bool) -> i32 {
    card.rows
        .get(row)
        .map_or(0, |r| if expanded { r.expanded } else { r.ducats })
}

/// Player Realms other than `active` with a merchant (upright or not) in the node and a valid
/// connection to it, in clockwise order after the active realm (the active player breaks ties:
/// first itself, then clockwise, house rule).
fn rivals(world: &World, active: Entity, node: &TradeNodeDef) -> Vec<Entity> {
    let seats = world.res::<Seats>().0.clone();
    let start = seats.iter().position(|s| *s == active).unwrap_or(0);
    let board = world.res::<TradeBoard>();
    (1..seats.len())
        .map(|k| seats[(start + k) % seats.len()])
        .filter(|r| board.merchant_at(&key_of(world, *r), &node.id).is_some())
        .filter(|r| connected(world, *r, node))
        .collect()
}

/// Whether the realm meets the node's additional requirement on this card (12.1): `Holding`,
/// a town or vassal (a colony is a town) of any realm on one of its Key Provinces, so that
/// there is trade to collect at all; `OwnKey`, one of them owned by the realm itself.
pub fn meets_requirement(world: &World, realm: Entity, card: &TradeCardDef, node: &str) -> bool {
    let Some(on_card) = card.nodes.iter().find(|n| n.node == node) else {
        return true;
    };
    let mut keys = on_card
        .keys
        .iter()
        .filter_map(|k| lookup(world, k.province));
    match on_card.requirement {
        TradeRequirement::None => true,
        TradeRequirement::OwnKey => keys.any(|p| owner(world, p) == Some(realm)),
        TradeRequirement::Holding => keys.any(|p| {
            world
                .read::<Holdings>(p)
                .is_some_and(|h| h.iter().next().is_some())
        }),
    }
}

/// Step 6 at a primary node: the shares of `realms` (in tie-break order) with `pirates` there;
/// `bonus` adds hypothetical trade power to the first realm (the bot's estimate of a ship).
fn shares(
    world: &World,
    realms: &[Entity],
    card: &TradeCardDef,
    node: &TradeNodeDef,
    pirates: usize,
    bonus: i32,
) -> Vec<Share> {
    // A realm that does not meet the node's requirement collects nothing and takes no row.
    let mut powered: Vec<(usize, Entity, i32)> = realms
        .iter()
        .enumerate()
        .filter(|(_, r)| meets_requirement(world, **r, card, &node.id))
        .map(|(i, r)| {
            let extra = if i == 0 { bonus } else { 0 };
            (i, *r, trade_power(world, *r, card, node, true) + extra)
        })
        .collect();
    powered.sort_by_key(|(i, _, p)| (-p, *i));
    let powers: Vec<i32> = powered.iter().map(|(_, _, p)| *p).collect();
    let rows = assign_rows(&card.rows, &powers, pirates);
    let wide = expanded(world, &node.id);
    powered
        .iter()
        .zip(rows)
        .map(|((_, realm, power), row)| Share {
            realm: *realm,
            power: *power,
            row,
            ducats: row.map_or(0, |r| row_ducats(card, r, wide)),
        })
        .collect()
}

/// Whether the realm drives a pirate out of the node as it trades there (house rule): a Light
/// Ship of its own protects a sea zone of the maritime node.
fn hunts_pirates(world: &World, realm: Entity, node: &TradeNodeDef) -> bool {
    protection(world, realm, node) > 0 && world.res::<TradeBoard>().pirates_at(&node.id) > 0
}

/// The primary node a secondary node hangs from on this card, if `node` is a secondary one.
fn primary_of<'a>(card: &'a TradeCardDef, node: &str) -> Option<&'a str> {
    if card.nodes.iter().any(|n| n.node == node) {
        return None;
    }
    card.nodes
        .iter()
        .find(|n| n.secondary.as_deref() == Some(node))
        .map(|n| n.node.as_str())
}

/// Every realm's share if `realm` trades with the card at the node now (primary or secondary).
/// `bonus` is hypothetical trade power for `realm` from a Light Ship it would lay on a slot;
/// `hunt`: count the pirate its protecting ships would drive out first (an estimate; the action
/// itself removes the pirate before it plans).
pub fn plan(
    world: &World,
    realm: Entity,
    card: &TradeCardDef,
    node_id: &str,
    bonus: i32,
    hunt: bool,
) -> Vec<Share> {
    let content = world.res::<Content>().0.clone();
    let Some(node) = node_def(&content, node_id) else {
        return Vec::new();
    };
    let board = world.res::<TradeBoard>();
    match primary_of(card, node_id).and_then(|p| node_def(&content, p)) {
        None => {
            let hunted = hunt && (hunts_pirates(world, realm, node) || bonus > 0 && node.maritime);
            let pirates = board
                .pirates_at(node_id)
                .saturating_sub(usize::from(hunted));
            let mut realms = vec![realm];
            realms.extend(rivals(world, realm, node));
            shares(world, &realms, card, node, pirates, bonus)
        }
        Some(primary) => {
            // The active realm takes the lowest row of the secondary node; the others trade at
            // the primary node as usual.
            let last = card.rows.len().saturating_sub(1);
            let mine = Share {
                realm,
                power: trade_power(world, realm, card, node, false) + bonus,
                row: Some(last),
                ducats: row_ducats(card, last, expanded(world, node_id)),
            };
            let others = rivals(world, realm, primary);
            let mut out = vec![mine];
            out.extend(shares(
                world,
                &others,
                card,
                primary,
                board.pirates_at(&primary.id),
                0,
            ));
            out
        }
    }
}

/// Ducats the realm itself would collect, with its Idea bonus (the bots' estimate).
pub fn income_for(world: &World, realm: Entity, card: usize, node: &str, bonus: i32) -> i32 {
    let content = world.res::<Content>().0.clone();
    let Some(def) = content.trade_cards.get(card) else {
        return 0;
    };
    let mine = plan(world, realm, def, node, bonus, true)
        .into_iter()
        .find(|s| s.realm == realm)
        .map_or(0, |s| s.ducats);
    if mine > 0 {
        mine + trade_bonus(world, realm)
    } else {
        0
    }
}

// ---------------------------------------------------------------------------------------------
// The action and its decisions

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::Trade)
}

pub fn candidates(_world: &World, _realm: Entity) -> Vec<Action> {
    vec![Action::Trade]
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    if *action != Action::Trade {
        return None;
    }
    if mp(world, realm, MpKind::Dip) < TRADE_DIP {
        return Some(Illegal::new(ids::ACT_TRADE, "trading costs 1 dip"));
    }
    (!world
        .res::<TradeBoard>()
        .has_available(&key_of(world, realm)))
    .then(|| {
        Illegal::new(
            ids::MERCHANT,
            "trading needs an upright merchant (they stand up again in Phase 5)",
        )
    })
}

/// Steps 1-2 begin: pay 1 dip and reveal 3 Trade Cards.
pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    if *action != Action::Trade {
        return None;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(ids::ACT_TRADE, format!("{name} trades")).realm(name),
    );
    change_mp(world, realm, MpKind::Dip, -TRADE_DIP, ids::ACT_TRADE);
    let mut revealed = Vec::new();
    for _ in 0..REVEAL {
        match draw(world) {
            Some(card) => revealed.push(card),
            None => break,
        }
    }
    let content = world.res::<Content>().0.clone();
    let names: Vec<&str> = revealed
        .iter()
        .map(|c| content.trade_cards[*c].name.as_str())
        .collect();
    write(
        world,
        Note::new(
            ids::TRADE_DECK,
            format!("{name} reveals the Trade Cards {}", names.join(", ")),
        )
        .realm(name)
        .amount(revealed.len() as i32),
    );
    let mut board = world.res_mut::<TradeBoard>();
    board.revealed = revealed;
    board.run = Some(TradeRun {
        realm: name,
        ship: None,
        inflation: false,
    });
    Some(false)
}

/// Whether a decision kind belongs to Trade.
pub fn owns_decision(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::TradeCards { .. } | DecisionKind::GoldInflation
    )
}

/// Answers worth checking: every card with every node it names (and their secondary nodes)
/// with every merchant that could go, every Light Ship move, and the 2 ducats.
pub fn answers(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    if *kind == DecisionKind::GoldInflation {
        return vec![
            Action::PayInflation { adm: true },
            Action::PayInflation { adm: false },
        ];
    }
    let content = world.res::<Content>().0.clone();
    let board = world.res::<TradeBoard>().clone();
    let name = key_of(world, realm);
    let mut froms: Vec<Option<Id>> = vec![None];
    froms.extend(
        board
            .merchants
            .iter()
            .filter(|m| m.realm == name && m.upright && m.node.is_some())
            .map(|m| m.node),
    );
    froms.dedup();
    let mut all = Vec::new();
    for c in &board.revealed {
        let card = &content.trade_cards[*c];
        for n in &card.nodes {
            for node in std::iter::once(&n.node).chain(n.secondary.iter()) {
                for from in &froms {
                    all.push(Action::ChooseTradeCard {
                        card: card.id,
                        node: *node,
                        merchant: *from,
                    });
                }
            }
        }
    }
    if board.run.as_ref().is_some_and(|r| r.ship.is_none()) {
        for from in army_places(world, realm, false).iter().copied() {
            if light_ships_at(world, realm, from).is_empty() {
                continue;
            }
            for to in sail_destinations(world, realm, from) {
                if world.read::<SeaZone>(to).is_none() {
                    continue;
                }
                for protect in [false, true] {
                    all.push(Action::TradeShip {
                        from: key_of(world, from),
                        to: key_of(world, to),
                        protect,
                    });
                }
            }
        }
    }
    all.push(Action::TakeTradeDucats);
    all
}

/// Why the answer is refused, if it is.
pub fn answer_problem(
    world: &World,
    realm: Entity,
    kind: &DecisionKind,
    action: &Action,
) -> Option<Illegal> {
    let board = world.res::<TradeBoard>();
    let name = key_of(world, realm);
    let Some(run) = board.run.as_ref().filter(|r| r.realm == name) else {
        return Some(Illegal::new(
            ids::ACT_TRADE,
            "no Trade action of yours is under way",
        ));
    };
    if *kind == DecisionKind::GoldInflation {
        return match action {
            Action::PayInflation { adm: true } if mp(world, realm, MpKind::Adm) < INFLATION_ADM => {
                Some(Illegal::new(
                    ids::GOLD_INFLATION,
                    "you have no adm: take an interest token",
                ))
            }
            Action::PayInflation { .. } => None,
            _ => Some(Illegal::new(
                ids::GOLD_INFLATION,
                "pay 1 adm or take an interest token",
            )),
        };
    }
    match action {
        Action::TakeTradeDucats => None,
        Action::TradeShip { from, to, protect } => {
            ship_problem(world, realm, run, from, to, *protect)
        }
        Action::ChooseTradeCard {
            card,
            node,
            merchant,
        } => card_problem(world, realm, run, card, node, merchant.as_deref()),
        _ => Some(Illegal::new(
            ids::ACT_TRADE,
            "pick a revealed card and a node, move a Light Ship, or take 2 ducats",
        )),
    }
}

fn ship_problem(
    world: &World,
    realm: Entity,
    run: &TradeRun,
    from: &str,
    to: &str,
    protect: bool,
) -> Option<Illegal> {
    // Refusals put in words only when someone may read them (`Illegal::explained`).
    let err = |why: &dyn Fn() -> String| Some(Illegal::explained(ids::TRADE_PROTECTION, why));
    if run.ship.is_some() {
        return err(&|| "only 1 Light Ship moves in a Trade action".into());
    }
    let (Some(f), Some(t)) = (lookup(world, from), lookup(world, to)) else {
        return err(&|| "no such place".into());
    };
    if light_ships_at(world, realm, f).is_empty() {
        return err(&|| format!("no Light Ship of yours at {from}"));
    }
    if world.read::<SeaZone>(t).is_none() || !sail_destinations(world, realm, f).contains(&t) {
        return err(&|| format!("a Light Ship at {from} cannot sail to the sea zone {to}"));
    }
    if hostile_sea(world, realm, t) {
        return err(&|| format!("{to} is a hostile sea zone"));
    }
    if protect {
        let held = protecting_ships(world, t);
        let full = held.len() >= slots(world, t);
        let mine = held
            .iter()
            .all(|u| world.read::<UnitOf>(*u).is_some_and(|o| o.0 == realm));
        if slots(world, t) == 0 {
            return err(&|| format!("{to} has no Trade Protection slot"));
        }
        if full && mine {
            return err(&|| format!("your own ships fill every Trade Protection slot of {to}"));
        }
    }
    None
}

fn card_problem(
    world: &World,
    realm: Entity,
    run: &TradeRun,
    card: &str,
    node: &str,
    merchant: Option<&str>,
) -> Option<Illegal> {
    let content = world.res::<Content>().0.clone();
    let board = world.res::<TradeBoard>();
    let name = key_of(world, realm);
    let Some(c) = card_index(&content, card).filter(|c| board.revealed.contains(c)) else {
        return Some(Illegal::explained(ids::TRADE_DECK, || {
            format!("{card} is not a revealed card")
        }));
    };
    let def = &content.trade_cards[c];
    let named = def.nodes.iter().any(|n| n.node == node)
        || def
            .nodes
            .iter()
            .any(|n| n.secondary.as_deref() == Some(node));
    let Some(node_d) = node_def(&content, node).filter(|_| named) else {
        return Some(Illegal::explained(ids::TRADE_ELIGIBLE, || {
            format!("{} does not name the trade node {node}", def.name)
        }));
    };
    if !connected(world, realm, node_d) {
        return Some(Illegal::explained(ids::TRADE_ELIGIBLE, || {
            format!(
                "no chain of your towns, vassals, influence or Light Ships links {} to your capital area",
                node_d.name
            )
        }));
    }
    if !meets_requirement(world, realm, def, node) {
        let need = match def
            .nodes
            .iter()
            .find(|n| n.node == node)
            .map(|n| n.requirement)
        {
            Some(TradeRequirement::OwnKey) => "you must own one of its Key Provinces",
            _ => "you need a town or vassal on one of its Key Provinces",
        };
        return Some(Illegal::explained(ids::TRADE_REQUIREMENT, || {
            format!("to trade {} at {}, {need}", def.name, node_d.name)
        }));
    }
    if let Some(sea) = run.ship.as_deref().and_then(|s| lookup(world, s))
        && !through_ship(world, realm, node_d, sea)
    {
        return Some(Illegal::explained(ids::TRADE_ELIGIBLE, || {
            format!(
                "after moving a Light Ship, the node must be next to it or connected through it; {} is not",
                node_d.name
            )
        }));
    }
    match (board.merchant_at(&name, node), merchant) {
        (Some(m), None) if m.upright => {}
        (Some(_), None) => {
            return Some(Illegal::explained(ids::MERCHANT, || {
                format!(
                    "your merchant in {} is already used this Round",
                    node_d.name
                )
            }));
        }
        (Some(_), Some(_)) => {
            return Some(Illegal::explained(ids::MERCHANT, || {
                format!(
                    "you already have a merchant in {}: only 1 per node",
                    node_d.name
                )
            }));
        }
        (None, None) => {
            if !board
                .merchants
                .iter()
                .any(|m| m.realm == name && m.node.is_none())
            {
                return Some(Illegal::new(
                    ids::MERCHANT,
                    "no merchant of yours waits off the board: name the node one comes from",
                ));
            }
        }
        (None, Some(from)) => {
            if !board.merchant_at(&name, from).is_some_and(|m| m.upright) {
                return Some(Illegal::explained(ids::MERCHANT, || {
                    format!("you have no upright merchant in {from}")
                }));
            }
        }
    }
    if primary_of(def, node).is_some() {
        if board.pirates_at(node) > 0 {
            return Some(Illegal::explained(ids::PIRATES, || {
                format!("a pirate in {} bars it as a secondary node", node_d.name)
            }));
        }
        let mine = trade_power(world, realm, def, node_d, false);
        let stronger = rivals(world, realm, node_d)
            .into_iter()
            .any(|r| trade_power(world, r, def, node_d, false) > mine);
        if stronger {
            return Some(Illegal::explained(ids::SECONDARY_NODE, || {
                format!(
                    "another realm has more trade power than you in the secondary node {}",
                    node_d.name
                )
            }));
        }
    }
    None
}

/// Feeds an answer to a Trade decision.
pub fn answer(world: &mut World, kind: &DecisionKind, action: &Action) {
    let Some(run) = world.res::<TradeBoard>().run.clone() else {
        return;
    };
    let Some(realm) = lookup(world, run.realm) else {
        return;
    };
    if *kind == DecisionKind::GoldInflation {
        pay_inflation(
            world,
            realm,
            matches!(action, Action::PayInflation { adm: true }),
        );
        finish(world);
        return;
    }
    match action {
        Action::TakeTradeDucats => {
            discard_revealed(world);
            write(
                world,
                Note::new(
                    ids::TRADE_DUCATS,
                    format!("{} discards the Trade Cards and takes 2 ducats", run.realm),
                )
                .realm(run.realm),
            );
            gain_ducats(world, realm, FALLBACK_DUCATS, ids::TRADE_DUCATS);
            finish(world);
        }
        Action::TradeShip { from, to, protect } => {
            let (Some(f), Some(t)) = (lookup(world, from), lookup(world, to)) else {
                return;
            };
            move_ship(world, realm, f, t, *protect);
            if let Some(run) = world.res_mut::<TradeBoard>().run.as_mut() {
                run.ship = Some(*to);
            }
        }
        Action::ChooseTradeCard {
            card,
            node,
            merchant,
        } => {
            trade_at(world, realm, card, *node, *merchant);
            let owed = world
                .res::<TradeBoard>()
                .run
                .as_ref()
                .is_some_and(|r| r.inflation);
            if !owed {
                finish(world);
            }
        }
        _ => {}
    }
}

fn finish(world: &mut World) {
    world.res_mut::<TradeBoard>().run = None;
    world.res_mut::<Generic>().finished = true;
}

fn discard_revealed(world: &mut World) {
    let mut board = world.res_mut::<TradeBoard>();
    let cards = std::mem::take(&mut board.revealed);
    board.discard.extend(cards);
}

/// Step 3: one Light Ship sails (by the rules of naval movement); with `protect` it takes a
/// Trade Protection slot, displacing an opponent's ship when all are taken (the one there
/// longest: the lowest stable id, house rule).
fn move_ship(world: &mut World, realm: Entity, from: Entity, to: Entity, protect: bool) {
    let ships = light_ships_at(world, realm, from);
    // A ship not protecting trade goes first, so that no protection is given up needlessly.
    let Some(ship) = ships
        .iter()
        .copied()
        .find(|u| !protects(world, *u))
        .or_else(|| ships.first().copied())
    else {
        return;
    };
    crate::rulesets::pop::rules::military::place_unit(world, ship, to);
    let name = key_of(world, realm);
    let (from_n, to_n) = (key_of(world, from), key_of(world, to));
    write(
        world,
        Note::new(
            ids::TRADE_PROTECTION,
            format!("{name} sails a Light Ship from {from_n} to {to_n} to trade"),
        )
        .realm(name)
        .subject(sid_of(world, to)),
    );
    if !protect {
        return;
    }
    let held = protecting_ships(world, to);
    if held.len() >= slots(world, to) {
        let Some(victim) = held
            .into_iter()
            .find(|u| world.read::<UnitOf>(*u).is_some_and(|o| o.0 != realm))
        else {
            return;
        };
        world.entity_mut(victim).remove::<Protecting>();
        let other = world
            .read::<UnitOf>(victim)
            .map_or_else(|| Id::new("?"), |o| key_of(world, o.0));
        write(
            world,
            Note::new(
                ids::TRADE_PROTECTION,
                format!(
                    "{name} displaces {other}'s Light Ship from a Trade Protection slot in {to_n}"
                ),
            )
            .realm(name)
            .subject(sid_of(world, to)),
        );
    }
    world.entity_mut(ship).insert(Protecting);
    write(
        world,
        Note::new(
            ids::TRADE_PROTECTION,
            format!("{name}'s Light Ship protects trade in {to_n}"),
        )
        .realm(name)
        .subject(sid_of(world, to))
        .amount(1),
    );
}

/// Steps 5-6: the merchant goes to the node and lies down, then every realm there collects
/// its row; slaves and gold follow for the active realm.
fn trade_at(world: &mut World, realm: Entity, card: &str, node: Id, from: Option<Id>) {
    let content = world.res::<Content>().0.clone();
    let name = key_of(world, realm);
    let Some(c) = card_index(&content, card) else {
        return;
    };
    let def = &content.trade_cards[c];
    let Some(node_d) = node_def(&content, &node) else {
        return;
    };
    place_merchant(world, name, node, from, &node_d.name);
    discard_revealed(world);
    if primary_of(def, &node).is_none() && hunts_pirates(world, realm, node_d) {
        let mut board = world.res_mut::<TradeBoard>();
        if let Some(i) = board.pirates.iter().position(|p| *p == node) {
            board.pirates.remove(i);
        }
        write(
            world,
            Note::new(
                ids::PIRATES,
                format!(
                    "{name}'s protecting Light Ships drive a pirate out of {}",
                    node_d.name
                ),
            )
            .realm(name)
            .amount(-1),
        );
    }
    let plan = plan(world, realm, def, &node, 0, false);
    if let Some(primary) = primary_of(def, &node) {
        write(
            world,
            Note::new(
                ids::SECONDARY_NODE,
                format!(
                    "{name} trades {} in the secondary node {} (from {primary})",
                    def.name, node_d.name
                ),
            )
            .realm(name),
        );
    }
    // Rivals with a merchant there who do not meet the node's requirement collect nothing.
    let income_node = primary_of(def, &node).unwrap_or(&node);
    if let Some(income_def) = node_def(&content, income_node) {
        for rival in rivals(world, realm, income_def) {
            if !meets_requirement(world, rival, def, income_node) {
                let who = key_of(world, rival);
                write(
                    world,
                    Note::new(
                        ids::TRADE_REQUIREMENT,
                        format!(
                            "{who} owns no Key Province of {} for {}: no income there",
                            income_def.name, def.name
                        ),
                    )
                    .realm(who),
                );
            }
        }
    }
    let pirates = world.res::<TradeBoard>().pirates_at(income_node);
    let mut mine = 0;
    for share in &plan {
        let who = key_of(world, share.realm);
        let row = share
            .row
            .map_or_else(|| "no row".to_string(), |r| format!("row {}", r + 1));
        write(
            world,
            Note::new(
                ids::TRADE_POWER,
                format!(
                    "{who}: trade power {} in {} for {}: {row}",
                    share.power, node_d.name, def.name
                ),
            )
            .realm(who)
            .amount(share.power),
        );
        let mut ducats = share.ducats;
        if share.realm == realm && ducats > 0 {
            ducats += trade_bonus(world, realm);
        }
        if share.realm == realm {
            mine = ducats;
        }
        if ducats > 0 {
            gain_ducats(world, share.realm, ducats, ids::TRADE_INCOME);
        }
    }
    if pirates > 0 {
        write(
            world,
            Note::new(
                ids::PIRATES,
                format!("{pirates} pirates push every trader one row down per pirate"),
            )
            .realm(name)
            .amount(pirates as i32),
        );
    }
    if def.slaves && world.res::<Flow>().age >= 3 {
        change_prestige(world, realm, -1, ids::SLAVES);
    }
    if def.gold && mine * 2 > tax_income(world, realm) {
        write(
            world,
            Note::new(
                ids::GOLD_INFLATION,
                format!(
                    "{name}'s gold brings {mine} ducats, more than half its tax income: inflation"
                ),
            )
            .realm(name),
        );
        if let Some(run) = world.res_mut::<TradeBoard>().run.as_mut() {
            run.inflation = true;
        }
    }
}

/// Step 5: the realm's merchant in the node, or the one moved there (from `from`, or off the
/// board), lies down.
fn place_merchant(world: &mut World, realm: Id, node: Id, from: Option<Id>, node_name: &str) {
    let mut board = world.res_mut::<TradeBoard>();
    let there = board
        .merchants
        .iter()
        .position(|m| m.realm == realm && m.node == Some(node));
    let moved = there.is_none();
    let index = there.or_else(|| {
        board
            .merchants
            .iter()
            .position(|m| m.realm == realm && m.node == from && (from.is_some() || m.upright))
    });
    let Some(i) = index else {
        return;
    };
    board.merchants[i].node = Some(node);
    board.merchants[i].upright = false;
    let text = match (moved, from) {
        (false, _) => format!("{realm}'s merchant in {node_name} is laid down to trade"),
        (true, Some(f)) => {
            format!("{realm}'s merchant moves from {f} to {node_name} and is laid down")
        }
        (true, None) => format!("{realm} places a merchant in {node_name} and lays it down"),
    };
    write(world, Note::new(ids::MERCHANT, text).realm(realm));
}

/// Gold inflation (12.1): 1 adm, or an interest token with no ducats (it may take the realm
/// above 5 without Bankruptcy).
fn pay_inflation(world: &mut World, realm: Entity, adm: bool) {
    if adm {
        change_mp(
            world,
            realm,
            MpKind::Adm,
            -INFLATION_ADM,
            ids::GOLD_INFLATION,
        );
        return;
    }
    let name = key_of(world, realm);
    let loans = {
        let mut m = world
            .get_mut::<Mat>(realm)
            .expect("only Player Realms trade");
        m.loans += 1;
        m.loans
    };
    write(
        world,
        Note::new(
            ids::GOLD_INFLATION,
            format!("{name} takes an interest token for inflation ({loans} now)"),
        )
        .realm(name)
        .amount(1),
    );
}

/// Carries a Trade action on: asks for the cards or for the inflation.
pub fn resume(world: &mut World) -> Resume {
    let Some(run) = world.res::<TradeBoard>().run.clone() else {
        return Resume::Idle;
    };
    if run.inflation {
        ask(
            world,
            run.realm,
            DecisionKind::GoldInflation,
            "Gold inflation: pay 1 adm, or take an interest token",
        );
        return Resume::Waiting;
    }
    let content = world.res::<Content>().0.clone();
    let cards: Vec<Id> = world
        .res::<TradeBoard>()
        .revealed
        .iter()
        .map(|c| content.trade_cards[*c].id)
        .collect();
    let names: Vec<&str> = world
        .res::<TradeBoard>()
        .revealed
        .iter()
        .map(|c| content.trade_cards[*c].name.as_str())
        .collect();
    let prompt = if cards.is_empty() {
        "The Trade Deck is empty: take 2 ducats".to_string()
    } else {
        format!(
            "Trade: pick a card and a node ({}), move a Light Ship first, or take 2 ducats",
            names.join(", ")
        )
    };
    ask(
        world,
        run.realm,
        DecisionKind::TradeCards {
            cards,
            ship_moved: run.ship.is_some(),
        },
        prompt,
    );
    Resume::Waiting
}

// ---------------------------------------------------------------------------------------------
// Pirates

/// The Pirates event symbol on the Event nobody took, by its auto-resolution (16.5): a pirate
/// goes to the maritime node with the most merchants, then an expanded one, then one drawn at
/// random.
pub fn place_pirate(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let board = world.res::<TradeBoard>().clone();
    let score = |n: &TradeNodeDef| {
        let merchants = board
            .merchants
            .iter()
            .filter(|m| m.node.as_deref() == Some(n.id.as_str()))
            .count();
        (merchants, board.expanded.contains(&n.id))
    };
    let maritime: Vec<&TradeNodeDef> = content.trade_nodes.iter().filter(|n| n.maritime).collect();
    let Some(best) = maritime.iter().map(|n| score(n)).max() else {
        return;
    };
    let tied: Vec<&&TradeNodeDef> = maritime.iter().filter(|n| score(n) == best).collect();
    let pick = if tied.len() > 1 {
        world.res_mut::<GameRng>().below(tied.len() as u32) as usize
    } else {
        0
    };
    pirate_lurks(world, tied[pick].id);
}

/// Where the Active Player may place the Pirates symbol's ship (16.5): "a Maritime Trade Node of
/// your choice. If possible, this must be a node that has at least 1 Merchant in it." In the
/// scenario's order.
pub fn pirate_nodes(world: &World) -> Vec<Id> {
    let content = &world.res::<Content>().0;
    let board = world.res::<TradeBoard>();
    let maritime = content.trade_nodes.iter().filter(|n| n.maritime);
    let with_merchant: Vec<Id> = maritime
        .clone()
        .filter(|n| {
            board
                .merchants
                .iter()
                .any(|m| m.node.as_deref() == Some(n.id.as_str()))
        })
        .map(|n| n.id)
        .collect();
    if with_merchant.is_empty() {
        maritime.map(|n| n.id).collect()
    } else {
        with_merchant
    }
}

/// A pirate ship lurks in `node` (a maritime trade node), logged.
pub fn pirate_lurks(world: &mut World, node: Id) {
    let name = world
        .res::<Content>()
        .0
        .trade_nodes
        .iter()
        .find(|n| n.id == node)
        .map_or_else(|| node.to_string(), |n| n.name.clone());
    world.res_mut::<TradeBoard>().pirates.push(node);
    let count = world.res::<TradeBoard>().pirates_at(&node);
    write(
        world,
        Note::new(
            ids::PIRATES,
            format!("A pirate ship lurks in {name} ({count} there)"),
        )
        .amount(1),
    );
}

/// End of an Age: the pirates sail away (house rule).
pub fn pirates_leave(world: &mut World) {
    let gone = std::mem::take(&mut world.res_mut::<TradeBoard>().pirates).len();
    if gone > 0 {
        write(
            world,
            Note::new(
                ids::PIRATES,
                format!("The Age ends: {gone} pirate ships leave the trade nodes"),
            )
            .amount(-(gone as i32)),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Expanded nodes (12.5): Commercial Growth, Missions and Events

/// Whether the node (by id) reads its income from the expanded column.
pub fn is_expanded(world: &World, node: &str) -> bool {
    expanded(world, node)
}

/// Nodes (ids, in content order) the realm may expand by Commercial Growth (house rule): those
/// not expanded yet where it has a merchant or a valid connection (12.2).
pub fn expandable(world: &World, realm: Entity) -> Vec<Id> {
    let content = &world.res::<Content>().0;
    let board = world.res::<TradeBoard>();
    let name = key_of(world, realm);
    content
        .trade_nodes
        .iter()
        .filter(|n| !board.expanded.contains(&n.id))
        .filter(|n| {
            board
                .merchants
                .iter()
                .any(|m| m.realm == name && m.node.as_deref() == Some(n.id.as_str()))
                || connected(world, realm, n)
        })
        .map(|n| n.id)
        .collect()
}

/// Why `realm` may not expand `node` by Commercial Growth, if so.
pub fn expand_problem(world: &World, realm: Entity, node: &str) -> Option<Illegal> {
    let content = &world.res::<Content>().0;
    let why = if node_def(content, node).is_none() {
        format!("no Trade Node \"{node}\"")
    } else if expanded(world, node) {
        format!("{node} is expanded already")
    } else if !expandable(world, realm).iter().any(|n| n == node) {
        format!("{node} holds no merchant of yours and has no connection to your capital")
    } else {
        return None;
    };
    Some(Illegal::new(ids::TRADE_EXPAND, why))
}

/// Expands the node (by id): its income is read from the expanded column from now on. A node
/// expanded already stays as it is (the log says so). `realm`: who expands it, for the log.
pub fn expand_node(world: &mut World, realm: Entity, node: Id) {
    let who = key_of(world, realm);
    let Some(def) = node_def(&world.res::<Content>().0, &node).cloned() else {
        write(
            world,
            Note::new(
                ids::TRADE_EXPAND,
                format!("{who} cannot expand \"{node}\": no such Trade Node"),
            )
            .realm(who),
        );
        return;
    };
    if expanded(world, &node) {
        write(
            world,
            Note::new(
                ids::TRADE_EXPAND,
                format!("{} is expanded already", def.name),
            )
            .realm(who),
        );
        return;
    }
    world.res_mut::<TradeBoard>().expanded.push(node);
    write(
        world,
        Note::new(
            ids::TRADE_EXPAND,
            format!(
                "{who} expands {}: its income is read from the expanded column",
                def.name
            ),
        )
        .realm(who)
        .amount(1),
    );
}
