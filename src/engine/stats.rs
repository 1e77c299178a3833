//! Each seat's figures over a game (19), for the Stats window of every ruleset: the ruleset
//! names its figures (`Ruleset::figure_names`) and reads them (`Ruleset::figures`); the series
//! come from replaying the game's actions from the start, read at the start of every Round (a
//! Kingdom's month, a Raison d'Etat round), so a loaded save charts its whole history.

use crate::engine::game::Game;
use crate::engine::ruleset::Ruleset;

/// Every seat's figures at one moment: the start of a Round, or now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The moment in the ruleset's calendar ("Year 1 Month 3"), or "now".
    pub label: String,
    /// Each seat's figures, in the order of `Ruleset::figure_names`.
    pub seats: Vec<(String, Vec<i32>)>,
}

fn sample<R: Ruleset>(game: &Game<R>) -> Sample {
    let flow = game.flow();
    Sample {
        label: R::time_label(flow.age, flow.round_in_age)
            .trim()
            .to_string(),
        seats: R::figures(game.world()),
    }
}

/// The figures at the start of every Round the game reached, then now. Fails only when the
/// game's own actions do not replay (a broken save), with why.
pub fn by_round<R: Ruleset>(game: &Game<R>) -> Result<Vec<Sample>, String> {
    // The scenario as loaded: `new` applies the setup's options to it again.
    let mut replay = Game::<R>::new(
        game.base_scenario().clone(),
        game.setup().clone(),
        game.seed(),
    )
    .map_err(|e| e.to_string())?;
    let mut out = vec![sample(&replay)];
    let mut round = replay.flow().round;
    for (i, action) in game.history().iter().enumerate() {
        replay
            .apply(action.clone())
            .map_err(|e| format!("action {} does not replay: {e}", i + 1))?;
        if replay.flow().round != round {
            round = replay.flow().round;
            out.push(sample(&replay));
        }
    }
    let mut now = sample(game);
    now.label = "now".into();
    out.push(now);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::SeatBot;

    fn check<R: Ruleset>(scenario: std::sync::Arc<R::Content>, actions: usize) {
        let mut game = Game::<R>::new(scenario, Default::default(), 4).unwrap();
        let mut bot = R::Bot::seeded(4);
        for _ in 0..actions {
            let Some(a) = bot.choose(&game) else { break };
            game.apply(a).unwrap();
        }
        let samples = by_round(&game).unwrap();
        assert!(samples.len() >= 3, "{} samples", samples.len());
        let names = R::figure_names().len();
        assert!(names >= 3);
        for s in &samples {
            assert_eq!(s.seats.len(), game.setup().players.len().max(s.seats.len()));
            assert!(s.seats.iter().all(|(_, f)| f.len() == names));
        }
        // The last sample is the game as it stands; the replay read the same figures.
        assert_eq!(samples.last().unwrap().seats, R::figures(game.world()));
        assert_eq!(samples.last().unwrap().label, "now");
    }

    #[test]
    fn kingdom_and_raison_figures_are_charted_round_by_round() {
        check::<crate::rulesets::kingdom::Kingdom>(
            crate::rulesets::kingdom::content::default_scenario(),
            200,
        );
        check::<crate::rulesets::raison::RaisonDEtat>(
            crate::rulesets::raison::content::default_scenario(),
            300,
        );
    }
}
