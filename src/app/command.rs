//! Everything the user can ask of the window, in one place: each action's label, tooltip and
//! shortcut (read by the buttons, the key handling and the tests), and the commands panels return.

use egui::{Key, KeyboardShortcut, Modifiers};

/// A user action with a label and, for most, a keyboard shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Zoom and centre so the whole board fits the canvas.
    FitView,
    ZoomIn,
    ZoomOut,
    ToggleGrid,
}

impl Action {
    pub const ALL: [Action; 4] = [
        Action::FitView,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::ToggleGrid,
    ];

    /// The button text, which is also the button's accessible name.
    pub fn text(self) -> &'static str {
        match self {
            Action::FitView => "Fit",
            Action::ZoomIn => "Zoom in",
            Action::ZoomOut => "Zoom out",
            Action::ToggleGrid => "Grid",
        }
    }

    pub fn tooltip(self) -> &'static str {
        match self {
            Action::FitView => "Zoom and centre so the whole board is in view",
            Action::ZoomIn => "Zoom in about the middle of the board view",
            Action::ZoomOut => "Zoom out about the middle of the board view",
            Action::ToggleGrid => "Show or hide the lines between squares",
        }
    }

    /// The shortcuts, primary first. `Modifiers::COMMAND` is Cmd on a Mac and Ctrl elsewhere.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const FIT: [KeyboardShortcut; 1] = [KeyboardShortcut::new(Modifiers::COMMAND, Key::Num0)];
        // `+` is Shift+`=` on many keyboards, so Ctrl+`=` zooms in too, as in browsers.
        const ZOOM_IN: [KeyboardShortcut; 2] = [
            KeyboardShortcut::new(Modifiers::COMMAND, Key::Plus),
            KeyboardShortcut::new(Modifiers::COMMAND, Key::Equals),
        ];
        const ZOOM_OUT: [KeyboardShortcut; 1] =
            [KeyboardShortcut::new(Modifiers::COMMAND, Key::Minus)];
        const GRID: [KeyboardShortcut; 1] = [KeyboardShortcut::new(Modifiers::NONE, Key::G)];
        match self {
            Action::FitView => &FIT,
            Action::ZoomIn => &ZOOM_IN,
            Action::ZoomOut => &ZOOM_OUT,
            Action::ToggleGrid => &GRID,
        }
    }

    /// The tooltip with the primary shortcut, as buttons show it.
    pub fn tooltip_with_shortcut(self, ctx: &egui::Context) -> String {
        match self.shortcuts().first() {
            Some(s) => format!("{} ({})", self.tooltip(), ctx.format_shortcut(s)),
            None => self.tooltip().to_string(),
        }
    }

    /// The action whose shortcut was pressed this frame, consuming the key press. Shortcuts with
    /// more modifiers are tried first, so a plain-key shortcut never fires on a chord.
    pub fn consume_pressed(ctx: &egui::Context) -> Option<Action> {
        // A text field keeps its keys: typing a "g" must not toggle the grid.
        if ctx.egui_wants_keyboard_input() {
            return None;
        }
        let mut all: Vec<(Action, KeyboardShortcut)> = Action::ALL
            .iter()
            .flat_map(|a| a.shortcuts().iter().map(move |s| (*a, *s)))
            .collect();
        all.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
        all.into_iter()
            .find(|(_, s)| ctx.input_mut(|i| i.consume_shortcut(s)))
            .map(|(a, _)| a)
    }
}

fn modifier_count(m: Modifiers) -> u32 {
    u32::from(m.alt) + u32::from(m.ctrl) + u32::from(m.shift) + u32::from(m.mac_cmd || m.command)
}

/// Which library entry to show: an index into the library's courses or tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Course(usize),
    Tile(usize),
}

/// What a panel asks the app to do, run once the frame's panels are drawn.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Show(Entry),
    Action(Action),
    DismissErrors,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_actions_share_a_shortcut() {
        let all: Vec<(Action, KeyboardShortcut)> = Action::ALL
            .iter()
            .flat_map(|a| a.shortcuts().iter().map(move |s| (*a, *s)))
            .collect();
        for (i, (a, s)) in all.iter().enumerate() {
            for (b, t) in &all[i + 1..] {
                assert!(s != t, "{a:?} and {b:?} share {s:?}");
            }
        }
    }

    #[test]
    fn every_action_has_a_label_and_a_tooltip() {
        for a in Action::ALL {
            assert!(!a.text().is_empty(), "{a:?}");
            assert!(!a.tooltip().is_empty(), "{a:?}");
        }
    }
}
