//! What Raison d'Etat asks (`Decision`) and what players, bots and saves answer (`Action`).
//! Every answer names Powers, Generals and Territories by their content ids, so saves read
//! well and survive a reordered scenario file.

use serde::{Deserialize, Serialize};

use crate::rulesets::raison::content::schema::Status;

/// The question the game waits on: which Power it concerns, which seat answers it (a Minor's
/// controller answers for it), and what kind of choice it is.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Decision {
    /// The seat (a Major Power's id) that must answer.
    pub seat: String,
    /// The Power the choice is for (the seat itself, or a Minor it controls).
    pub power: String,
    pub kind: DecisionKind,
}

/// The kinds of choice.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum DecisionKind {
    /// Diplomacy phase: the Diplomatic Status for the next round, secretly.
    Status,
    /// A secret Morale bid for control of a Minor Power at its Muster.
    Bid { minor: String },
    /// The Imperial Election: whom this Power's electors vote for.
    Vote,
    /// Muster: discard one Battle card after drawing one.
    MusterDiscard,
    /// Leadership: which of the options to take.
    Leadership,
    /// Leadership: place off-map Generals, one at a time, then `Done`.
    PlaceGenerals,
    /// Leadership: move on-map Generals off-map, one at a time, then `Done`.
    WithdrawGenerals,
    /// Subsidise & Mercenaries: give Money or Battle cards to Coalition Allies, then `Done`.
    Subsidise,
    /// Mobilisation: buy one thing at a time, then `Done`.
    Mobilise,
    /// Movement: choose the Envoy before the first round of movement.
    Envoy,
    /// Movement: move Generals, then `Done` to end the round of movement.
    Move { round: u8 },
    /// A Coalition Ally is asked to let `mover` into its Territories or across its Sea Lanes.
    Consent { mover: String },
    /// The Envoy is asked to grant `mover` another round of movement.
    Grant { mover: String },
    /// An Ally of a side adjacent to a battle declares support, one General at a time.
    Support { territory: String, attacker: bool },
    /// A Power in a battle commits its next Battle card or passes.
    Commit { territory: String },
    /// The winning attacker may convert one Unit into a Garrison.
    Garrison { territory: String },
    /// A General that lost a battle goes to its capital or off-map.
    Retreat { general: String },
    /// An attacking General whose battle was drawn falls back to the nearest eligible
    /// Territory: asked only when several are equally near.
    DrawRetreat { general: String },
    /// The hand limit: discard down to the limit at the end of an action.
    HandLimit,
}

/// How a General moves.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// To an adjacent Territory.
    Land,
    /// Across a Sea Lane.
    Sea,
    /// Up to the house limit of steps through Territories of its own and its Allies.
    Strategic,
}

/// One card committed in a battle: the pile (a General's id, `None` for the Garrison's) and
/// its place in that pile, from 0.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CardRef {
    pub pile: Option<String>,
    pub card: u8,
}

/// An answer to a decision.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Diplomatic Status for the next round.
    ChooseStatus(Status),
    /// A Morale bid for the Minor being mustered.
    Bid(i32),
    /// A vote for a Major Power in the Imperial Election.
    Vote(String),
    /// Discard a Battle card of this value.
    Discard(u8),
    /// Leadership options.
    PlaceGenerals,
    WithdrawGenerals,
    TakeCard,
    GainMorale,
    Place {
        general: String,
        territory: String,
    },
    Withdraw {
        general: String,
    },
    /// Subsidise: one Money to an Ally; Mercenaries: one Battle card to an Ally.
    GiveMoney {
        to: String,
    },
    GiveCard {
        to: String,
        value: u8,
    },
    /// Mobilisation purchases.
    BuyUnit {
        general: String,
    },
    BuyFortress {
        territory: String,
    },
    BuyCard,
    BuyMorale,
    /// The Envoy for this Movement action.
    ChooseEnvoy(String),
    /// Move a General.
    Move {
        general: String,
        to: String,
        how: MoveKind,
    },
    /// Consent or a granted round of movement; its refusal.
    Agree,
    Refuse,
    /// Support a battle with this adjacent General.
    Support {
        general: String,
    },
    /// Commit a Battle card to the pile of one of your Generals in the battle (`None`: the
    /// Garrison's pile). A 2 or a 3 played face up uses its ability on an opponent's card,
    /// `target` (a 2 reveals it, a 3 discards it), and adds no strength.
    PlayCard {
        value: u8,
        pile: Option<String>,
        target: Option<CardRef>,
    },
    /// Commit no more Battle cards in this battle.
    Pass,
    /// After a win: convert one Unit into a Garrison, or not.
    Garrison,
    NoGarrison,
    /// After a win with several of the mover's Generals in the Territory: which of them
    /// converts one of its Units into the Garrison.
    GarrisonWith {
        general: String,
    },
    /// After a loss: the General goes to its Capital, or off-map.
    ToCapital,
    OffMap,
    /// After a draw: the equally near Territory the attacking General falls back to.
    RetreatTo {
        territory: String,
    },
    /// Finish the current choice (placing, giving, buying, moving, supporting).
    Done,
}
