//! The bot's word that the rules' own check passed its answer (`SeatBot::checked_answer`):
//! `play_out` applies such an answer without checking it a second time, so the word must hold.

use crate::engine::ruleset::SeatBot;
use crate::rulesets::pop::bot::Bot;
use crate::rulesets::pop::content::default_scenario;
use crate::rulesets::pop::{Game, GameSetup};

#[test]
fn every_answer_the_bot_vouches_for_is_one_the_rules_accept() {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 5).unwrap();
    let mut bot = Bot::new(5);
    let (mut vouched, mut answers) = (0usize, 0usize);
    while !game.is_over() && answers < 1500 {
        let action = bot.choose(&game).expect("a decision is pending");
        answers += 1;
        if SeatBot::checked_answer(&bot) {
            vouched += 1;
            if let Err(illegal) = game.check(&action) {
                panic!("answer {answers}: the bot vouched for {action:?}, refused: {illegal}");
            }
        }
        game.apply(action).unwrap();
    }
    // Nearly every answer comes from the bot's checked candidates; a heuristic's fallback
    // outside them is the exception.
    assert!(answers >= 1500, "the game ended after {answers} answers");
    assert!(
        vouched * 20 >= answers * 19,
        "only {vouched} of {answers} answers vouched for"
    );
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "which the rules refuse")]
fn a_vouched_answer_the_rules_refuse_stops_a_debug_build() {
    use crate::rulesets::pop::Action;
    let mut game = Game::new(default_scenario(), GameSetup::default(), 5).unwrap();
    let refused = [
        Action::IncreaseAuthority,
        Action::RepayLoan,
        Action::Explore,
        Action::CounterReformation,
    ]
    .into_iter()
    .find(|a| game.check(a).is_err())
    .expect("one of these is refused at the first decision");
    game.apply_checked(refused);
}
