//! Raison d'Etat's rule ids: the `rde.*` ids fixed by `RULE_IDS.md` for seed 003, and this
//! project's own ids for the sequence of play and the end of the game (listed in
//! `docs/raison.md`).

/// Diplomacy phase: each Power's Diplomatic Status for the round, chosen secretly.
pub const DIPLOMACY: &str = "rde.diplomacy";
/// Being in a Coalition: an Ally's consent, no attacks on Allies, no Garrison in an Ally's Home.
pub const COALITION: &str = "rde.coalition";
/// Muster: draw 1 Battle card, discard 1.
pub const MUSTER: &str = "rde.muster";
/// Taxation: Money from Home, Undisputed and unstriped Disputed Territories; doubled for Neutrals.
pub const TAXATION: &str = "rde.taxation";
/// Subsidise: up to 3 Money to Coalition Allies.
pub const SUBSIDISE: &str = "rde.subsidise";
/// Mercenaries: up to 3 Battle cards to Coalition Allies.
pub const MERCENARIES: &str = "rde.mercenaries";
/// Leadership: Generals placed or withdrawn, or 1 Battle card, or 1 Morale.
pub const LEADERSHIP: &str = "rde.leadership";
/// Mobilisation: Units, Fortresses, Battle cards and Morale bought; a card per off-map General.
pub const MOBILISATION: &str = "rde.mobilisation";
/// Corruption: unspent Money returns to the supply after Mobilisation.
pub const CORRUPTION: &str = "rde.corruption";
/// Gain Influence: striped Disputed Territories, other Powers' Homes, the Emperor's 2.
pub const GAIN_INFLUENCE: &str = "rde.gain_influence";
/// Movement: land, sea and strategic moves, in rounds of movement.
pub const MOVEMENT: &str = "rde.movement";
/// The Envoy chosen before the first round of movement, and the rounds it grants.
pub const ENVOY: &str = "rde.envoy";
/// The hand limit of 6 at the end of every action.
pub const HAND_LIMIT: &str = "rde.hand_limit";
/// A battle: the strengths on each side and its result.
pub const BATTLE: &str = "rde.battle";
/// An adjacent Ally's General supports a side in a battle.
pub const BATTLE_SUPPORT: &str = "rde.battle_support";
/// A Battle card committed, revealed or discarded in a battle.
pub const BATTLE_CARD: &str = "rde.battle_card";
/// A drawn battle: the defender stays, the attacker retreats.
pub const BATTLE_DRAW: &str = "rde.battle_draw";
/// A battle's winner: the Garrison, the Influence and the Coalition bonus.
pub const BATTLE_WIN: &str = "rde.battle_win";
/// A battle's loser: Units, Generals, Garrisons and Morale lost.
pub const BATTLE_LOSS: &str = "rde.battle_loss";
/// The Imperial Election before the French Muster action.
pub const IMPERIAL_ELECTION: &str = "rde.imperial_election";
/// A Power reaches the scenario's Influence target and wins at once.
pub const VICTORY: &str = "rde.victory";
/// The secret Morale bids for a Minor Power at its Muster.
pub const MINOR_BIDDING: &str = "rde.minor_bidding";
/// Control of a Minor Power, and what Powers of one player may not do to each other.
pub const MINOR_CONTROL: &str = "rde.minor_control";

/// This project's own ids.
/// A new phase of the round begins.
pub const FLOW_PHASE: &str = "rde.flow.phase";
/// A new action turn begins: what each Power's dial shows.
pub const FLOW_TURN: &str = "rde.flow.turn";
/// The game ends without a victory: the last round is over (most Influence wins).
pub const GAME_END: &str = "rde.game.end";

/// Every id the ruleset writes: the seed's 23 first, in `RULE_IDS.md` order, then ours.
pub const ALL: &[&str] = &[
    DIPLOMACY,
    COALITION,
    MUSTER,
    TAXATION,
    SUBSIDISE,
    MERCENARIES,
    LEADERSHIP,
    MOBILISATION,
    CORRUPTION,
    GAIN_INFLUENCE,
    MOVEMENT,
    ENVOY,
    HAND_LIMIT,
    BATTLE,
    BATTLE_SUPPORT,
    BATTLE_CARD,
    BATTLE_DRAW,
    BATTLE_WIN,
    BATTLE_LOSS,
    IMPERIAL_ELECTION,
    VICTORY,
    MINOR_BIDDING,
    MINOR_CONTROL,
    FLOW_PHASE,
    FLOW_TURN,
    GAME_END,
];
