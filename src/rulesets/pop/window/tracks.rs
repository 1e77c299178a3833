//! The shared tracks shown under the Player Mat: the Papal Curia (cardinals, Roma, the Papal
//! Controller and the Papal Action tokens), the Holy Roman Empire (the Emperor, Imperial
//! Authority, the Elector Areas counting, areas that left) and the Power Struggles (the Upcoming
//! card and the Active ones with their Battleground Areas and criteria).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::pop::Game;
use crate::rulesets::pop::model::Realm;
use crate::rulesets::pop::rules::curia::{self, Curia};
use crate::rulesets::pop::rules::struggle::PowerStruggles;
use crate::rulesets::pop::state::{Index, key_of};
use crate::rulesets::pop::window::describe::{area_name, name_of};
use crate::rulesets::pop::window::palette;

/// A slot of the Curia track: a square in its realm's colour, empty when no cardinal sits there.
fn slot(ui: &mut egui::Ui, game: &Game, realm: Option<&str>, tip: String) {
    let world = game.world();
    let colour = realm
        .and_then(|r| world.resource::<Index>().get(r))
        .and_then(|e| world.get::<Realm>(e))
        .map(|r| palette::egui_colour(palette::realm_colour(r.colour, true)));
    let (rect, response) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let painter = ui.painter();
    match colour {
        Some(c) => {
            painter.rect_filled(rect, 3.0, c);
        }
        None => {
            painter.rect_stroke(
                rect,
                3.0,
                egui::Stroke::new(1.0, egui::Color32::from_gray(120)),
                egui::StrokeKind::Inside,
            );
        }
    }
    response.on_hover_text(tip);
}

/// The Papal Curia, when the scenario plays with one (a Papal States realm is named).
pub fn curia_section(ui: &mut egui::Ui, game: &Game) {
    let world = game.world();
    let track = world.resource::<Curia>();
    if curia::papal_states(world).is_none() && track.cardinals.is_empty() {
        return;
    }
    let realm_name = |e: Entity| name_of(game, &key_of(world, e));
    ui.strong("Papal Curia");
    ui.horizontal_wrapped(|ui| {
        let roma = curia::roma_holder(world).map(|e| key_of(world, e));
        let tip = match &roma {
            Some(r) => format!("Roma: {} holds the Roma cardinal", name_of(game, r)),
            None => "Roma: no Player Realm holds Roma".to_string(),
        };
        ui.label("Roma");
        slot(ui, game, roma.as_deref(), tip);
        ui.separator();
        for i in 0..curia::regular_slots(world) {
            let holder = track.cardinals.get(i);
            let tip = match holder {
                Some(r) => format!("Cardinal {} of {}", i + 1, name_of(game, r)),
                None => format!("Cardinal slot {}: empty", i + 1),
            };
            slot(ui, game, holder.map(|h| h.as_str()), tip);
        }
    });
    let controller = match (curia::controller(world), curia::uncontested(world)) {
        (Some(c), Some(u)) if c == u => format!("{} (uncontested)", realm_name(c)),
        (Some(c), _) => realm_name(c),
        (None, _) => "nobody".to_string(),
    };
    ui.label(format!("Papal Controller: {controller}"))
        .on_hover_text(
            "The most cardinals, ties to the leftmost: +1 diplomatic power each Round, 1 ducat \
             less per advisor, 1 administrative power less to raise stability (rule pop.19).",
        );
    if let Some(realm) = &track.excommunicated {
        ui.label(format!("Excommunicated: {}", name_of(game, realm)));
    }
    if let Some(area) = &track.crusade {
        let committed: Vec<String> = track.committed.iter().map(|r| name_of(game, r)).collect();
        let by = if committed.is_empty() {
            "nobody committed yet".to_string()
        } else {
            format!("committed: {}", committed.join(", "))
        };
        ui.label(format!("Crusade against {} ({by})", area_name(game, area)));
    }
}

/// The Holy Roman Empire, when the scenario has one (an Emperor is named).
pub fn empire_section(ui: &mut egui::Ui, game: &Game) {
    use crate::rulesets::pop::rules::empire::{self, Empire};
    let world = game.world();
    let state = world.resource::<Empire>();
    let Some(emperor) = &state.emperor else {
        if state.dissolved {
            ui.strong("Holy Roman Empire");
            ui.label("Dissolved: it is gone for the rest of the game (rules pop.18).");
        }
        return;
    };
    ui.strong("Holy Roman Empire");
    ui.label(format!("Emperor: {}", name_of(game, emperor)));
    let authority = state.authority;
    let cap = empire::max_authority(world);
    ui.horizontal(|ui| {
        ui.label("Imperial Authority");
        for i in 1..=6 {
            // Gold for the authority held, grey up to the cap, dark above it.
            let fill = if i <= authority {
                egui::Color32::from_rgb(212, 175, 55)
            } else if i <= cap {
                egui::Color32::from_gray(150)
            } else {
                egui::Color32::from_gray(60)
            };
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, fill);
            response.on_hover_text(if i <= cap {
                format!("Imperial Authority {authority} of at most {cap} now")
            } else {
                format!("Above the cap of {cap}: 1 + the Elector Areas counting")
            });
        }
        ui.label(format!("{authority}/{cap}"));
    })
    .response
    .on_hover_text(
        "The Emperor gains that many ducats in Phase 4 B, 1 dip at 2-3, 1 dip and 1 mil at          4-5, 2 dip and 1 mil at 6 (Phase 4 D), 1 prestige a Round at 6, and that many prestige          at the end (rules pop.18).",
    );
    let electors: Vec<String> = state.electors.iter().map(|a| area_name(game, a)).collect();
    ui.label(format!(
        "Elector Areas counting: {}",
        if electors.is_empty() {
            "none".to_string()
        } else {
            electors.join(", ")
        }
    ));
    if !state.left.is_empty() {
        let left: Vec<String> = state.left.iter().map(|a| area_name(game, a)).collect();
        ui.label(format!("Left the Empire: {}", left.join(", ")));
    }
    ui.label(match state.faith {
        empire::HreFaith::Catholic => "Official religion: Catholic".to_string(),
        empire::HreFaith::Protestant => "Official religion: Protestant".to_string(),
        empire::HreFaith::Diverse => "Official religion: none (diverse faiths)".to_string(),
    })
    .on_hover_text(
        "From Age III the Empire follows its Elector Areas' faith at the end of every Round; only a realm of its religion may be elected (rule pop.18.33.faith).",
    );
    if !state.imperial_influence.is_empty() {
        let cubes: Vec<String> = state
            .imperial_influence
            .iter()
            .map(|(a, n)| format!("{} {n}", area_name(game, a)))
            .collect();
        ui.label(format!("Imperial Influence: {}", cubes.join(", ")))
            .on_hover_text("E grey cubes, placed again every Phase 5 B; they count as the Emperor's influence in the votes (rule pop.18.34.imperial_influence).");
    }
    if state.defending {
        ui.label(
            "Defending the HRE: free military access in the Empire while the Emperor is at war",
        );
    }
}

/// The Power Struggles, when the game plays with them.
pub fn power_struggles_section(ui: &mut egui::Ui, game: &Game) {
    if !game.scenario().options.power_struggles {
        return;
    }
    let world = game.world();
    let board = world.resource::<PowerStruggles>();
    ui.strong("Power Struggles");
    let card_line = |ui: &mut egui::Ui, label: &str, card: usize| {
        let Some(def) = game.scenario().power_struggles.get(card) else {
            return;
        };
        let areas: Vec<String> = def
            .battlegrounds
            .iter()
            .map(|a| area_name(game, a))
            .collect();
        let criteria: Vec<String> = def
            .criteria
            .iter()
            .map(|c| format!("- {} ({:+} met, {:+} failed)", c.text, c.met, c.failed))
            .collect();
        let tip = if criteria.is_empty() {
            def.text.clone()
        } else {
            format!("{}\n{}", def.text, criteria.join("\n"))
        };
        ui.label(format!("{label}: {}", def.name))
            .on_hover_text(tip);
        ui.label(egui::RichText::new(format!("Battlegrounds: {}", areas.join(", "))).weak());
    };
    match board.upcoming() {
        Some(card) => card_line(ui, "Upcoming", card),
        None => {
            ui.label(egui::RichText::new("Upcoming: the deck is empty").weak());
        }
    }
    for card in &board.active {
        card_line(ui, "Active", *card);
    }
}
