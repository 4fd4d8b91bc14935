//! The window's look from the settings (issue 19, "accessibility and comfort"): the dark or light
//! theme and the interface size, handed to egui only when they change.

use super::App;
use crate::app::canvas::paint::ColourMap;
use crate::app::state::UI_SCALE_RANGE;

/// The theme and interface size applied to egui.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    light: bool,
    scale: f32,
}

/// How much Larger or Smaller interface changes the size.
pub const UI_SCALE_STEP: f32 = 0.125;

impl App {
    /// Applies the theme and interface size of the settings if they changed since last frame.
    pub(super) fn apply_look(&mut self, ctx: &egui::Context) {
        let s = &self.ws.settings;
        let look = Look {
            light: s.light_theme,
            scale: s.ui_scale.clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1),
        };
        if self.applied_look == Some(look) {
            return;
        }
        ctx.set_theme(if look.light {
            egui::Theme::Light
        } else {
            egui::Theme::Dark
        });
        ctx.set_zoom_factor(look.scale);
        self.applied_look = Some(look);
    }

    /// Changes the interface size by `steps` steps (0 goes back to normal).
    pub(super) fn scale_ui(&mut self, steps: i32) {
        let s = &mut self.ws.settings;
        s.ui_scale = if steps == 0 {
            1.0
        } else {
            (s.ui_scale + steps as f32 * UI_SCALE_STEP).clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1)
        };
    }

    /// How the boards' colours are drawn: the colour-blind-safe set if chosen.
    pub(super) fn colour_map(&self) -> ColourMap {
        ColourMap {
            colour_blind_safe: self.ws.settings.colour_blind_safe,
            ..ColourMap::default()
        }
    }
}
