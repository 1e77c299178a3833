//! Price of Power's scenario is loaded as a Bevy asset through bevy_asset_loader while
//! `AppState::Loading`, by the shell's loading (`client::shell::loading`) with Price of Power's
//! reader; a broken file fails the load with every `file:line:col: message`, and the state moves
//! on to `AppState::Failed` instead of waiting forever. The names here are Price of Power's for
//! the shell's generic ones.

use std::marker::PhantomData;

use crate::client::shell::loading::{ContentAsset, ContentAssets, LoadingPlugin};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::window::AppState;

pub use crate::client::shell::loading::{ScenarioOrigin, register_scenario_source};

/// Price of Power's parsed and validated scenario.
pub type ScenarioAsset = ContentAsset<PriceOfPower>;
/// The loaded scenario's handle, once loading succeeded.
pub type ScenarioAssets = ContentAssets<PriceOfPower>;

/// The shell's loading in Price of Power's states.
pub fn loading_plugin() -> LoadingPlugin<PriceOfPower, AppState> {
    LoadingPlugin {
        loading: AppState::Loading,
        loaded: AppState::NewGame,
        failed: AppState::Failed,
        ruleset: PhantomData,
    }
}

#[cfg(test)]
mod tests {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;

    use super::*;
    use crate::rulesets::pop::content::DEFAULT_SCENARIO_RON;
    use crate::rulesets::pop::window::failed::{FailedScreenPlugin, FailureReport};

    fn loading_app(origin: ScenarioOrigin) -> App {
        let mut app = App::new();
        register_scenario_source(&mut app, &origin);
        app.insert_resource(origin)
            .add_plugins((MinimalPlugins, AssetPlugin::default(), StatesPlugin))
            .init_state::<AppState>()
            .add_plugins((loading_plugin(), FailedScreenPlugin));
        app
    }

    /// Updates until the loading state is left (or gives up after a few seconds).
    fn settle(app: &mut App) -> AppState {
        for _ in 0..1000 {
            app.update();
            let state = *app.world().resource::<State<AppState>>().get();
            if state != AppState::Loading {
                return state;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        AppState::Loading
    }

    #[test]
    fn the_embedded_scenario_loads_from_any_folder() {
        let mut app = loading_app(ScenarioOrigin::from_cli::<PriceOfPower>(None));
        assert_eq!(settle(&mut app), AppState::NewGame);
        let assets = app.world().resource::<ScenarioAssets>();
        let scenario = assets
            .get(app.world().resource::<Assets<ScenarioAsset>>())
            .expect("loaded");
        assert!(!scenario.map.provinces.is_empty());
    }

    #[test]
    fn a_broken_scenario_file_ends_on_the_failure_screen_with_its_errors() {
        let dir =
            std::env::temp_dir().join(format!("regnum-client-loading-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("broken.ron");
        std::fs::write(
            &file,
            &DEFAULT_SCENARIO_RON[..DEFAULT_SCENARIO_RON.len() / 3],
        )
        .unwrap();
        let mut app = loading_app(ScenarioOrigin::from_cli::<PriceOfPower>(Some(file.clone())));
        assert_eq!(settle(&mut app), AppState::Failed);
        app.update();
        let report = &app.world().resource::<FailureReport>().0;
        let shown = file.display().to_string();
        assert!(!report.is_empty());
        assert!(
            report
                .iter()
                .all(|line| line.starts_with(&format!("{shown}:"))),
            "{report:?}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_missing_scenario_file_is_reported_not_waited_for() {
        let file = std::env::temp_dir().join("regnum-client-no-such-dir/none.ron");
        let mut app = loading_app(ScenarioOrigin::from_cli::<PriceOfPower>(Some(file)));
        assert_eq!(settle(&mut app), AppState::Failed);
    }
}
