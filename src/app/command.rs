//! Everything the user can ask of the window, in one place: each action's label, tooltip and
//! shortcut (read by the menus, the key handling, the F1 help, the command palette and the tests),
//! and the commands panels return. The list of all actions is the type itself (`Action::iter()`).

use crate::model::ElementKind;
use egui::{Key, KeyboardShortcut, Modifiers};
use std::path::PathBuf;
use strum::IntoEnumIterator;

/// A user action with a label and, for most, a keyboard shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumIter)]
pub enum Action {
    NewTile,
    NewCourse,
    Open,
    Save,
    SaveAs,
    /// Bring in a board drawn in Tiled as a new, unsaved course (issue 9).
    ImportTiled,
    /// Draw the board to a PNG file, the same picture as the canvas.
    ExportPng,
    /// Write the course with every tile it places embedded: one file to share (issue 20).
    SaveForSharing,
    /// Find the file of a tile the open course places but no library has.
    LocateTile,
    /// Give the open tile another id; open courses that place it follow.
    RenameTileId,
    /// Add a folder of tiles to the library, now and in later runs.
    AddLibraryFolder,
    Undo,
    Redo,
    /// Turn the element or tile under the pointer, or the brush, a quarter clockwise.
    RotateCw,
    RotateCcw,
    /// Remove the placed tile or flag under the pointer.
    Delete,
    ToolPaint,
    ToolErase,
    ToolFill,
    ToolPick,
    ToolSelect,
    Copy,
    Cut,
    /// Paste the copied squares with their north-west corner under the pointer.
    Paste,
    /// Mirror the selection east to west.
    FlipSelection,
    /// Zoom and centre so the whole board fits the canvas.
    FitView,
    ZoomIn,
    ZoomOut,
    ToggleGrid,
    Help,
    /// Open the tile placed under the pointer in the tile editor, the course staying open beside it.
    EditPlacedTile,
    /// Back from a placed tile to the course it was opened from.
    BackToCourse,
    /// Draw the solver's best line on the course.
    ToggleBestLine,
    /// Show or hide the library list on the left.
    ToggleLibrary,
    /// Show or hide the side panel on the right (palette, inspector, composer, problems).
    ToggleSidePanel,
    /// Open the play view on the course (preview games and test drives), or go back.
    PlayView,
    /// Find any action by typing part of its label, and run it.
    CommandPalette,
    /// Close the window (after the unsaved-changes prompt).
    Quit,
    /// Fill the screen with the window, or go back.
    FullScreen,
    /// Switch between the dark and the light theme.
    ToggleTheme,
    /// Draw lasers, belts and flags in colours told apart with any colour vision.
    ToggleColourBlind,
    /// Make the whole interface larger or smaller, or back to its normal size.
    UiLarger,
    UiSmaller,
    UiNormal,
}

/// The menu an action sits in, in the order the menu bar shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumIter)]
pub enum Menu {
    File,
    Edit,
    Tools,
    View,
    Help,
}

impl Menu {
    pub fn text(self) -> &'static str {
        match self {
            Menu::File => "File",
            Menu::Edit => "Edit",
            Menu::Tools => "Tools",
            Menu::View => "View",
            Menu::Help => "Help",
        }
    }
}

impl Action {
    /// The button text, which is also the button's accessible name.
    pub fn text(self) -> &'static str {
        match self {
            Action::NewTile => "New tile",
            Action::NewCourse => "New course",
            Action::Open => "Open...",
            Action::Save => "Save",
            Action::SaveAs => "Save As...",
            Action::ImportTiled => "Import Tiled map...",
            Action::ExportPng => "Export (PNG, SVG, PDF, course sheet)...",
            Action::SaveForSharing => "Save for sharing...",
            Action::LocateTile => "Locate missing tile...",
            Action::RenameTileId => "Rename tile id...",
            Action::AddLibraryFolder => "Add library folder...",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::RotateCw => "Rotate clockwise",
            Action::RotateCcw => "Rotate counter-clockwise",
            Action::Delete => "Delete",
            Action::ToolPaint => "Paint",
            Action::ToolErase => "Erase",
            Action::ToolFill => "Fill",
            Action::ToolPick => "Pick",
            Action::ToolSelect => "Select",
            Action::Copy => "Copy",
            Action::Cut => "Cut",
            Action::Paste => "Paste",
            Action::FlipSelection => "Flip selection",
            Action::FitView => "Fit",
            Action::ZoomIn => "Zoom in",
            Action::ZoomOut => "Zoom out",
            Action::ToggleGrid => "Grid",
            Action::Help => "Keyboard shortcuts",
            Action::EditPlacedTile => "Edit placed tile",
            Action::BackToCourse => "Back to the course",
            Action::ToggleBestLine => "Show the best line",
            Action::ToggleLibrary => "Library panel",
            Action::ToggleSidePanel => "Side panel",
            Action::PlayView => "Play and test drive",
            Action::CommandPalette => "Command palette",
            Action::Quit => "Quit",
            Action::FullScreen => "Full screen",
            Action::ToggleTheme => "Light theme",
            Action::ToggleColourBlind => "Colour-blind-safe colours",
            Action::UiLarger => "Larger interface",
            Action::UiSmaller => "Smaller interface",
            Action::UiNormal => "Normal interface size",
        }
    }

    pub fn tooltip(self) -> &'static str {
        match self {
            Action::NewTile => "Start a new empty 12 x 12 tile",
            Action::NewCourse => "Start a new course with no tiles",
            Action::Open => "Open a tile or course file",
            Action::Save => "Save the document to its file",
            Action::SaveAs => "Save the document to a new file",
            Action::ImportTiled => {
                "Open a board drawn in Tiled (.json, .tmj or .tmx) as a new course; squares it cannot map are listed"
            }
            Action::ExportPng => {
                "Draw the tile or course to PNG, SVG or PDF (at real size over pages), or make its course sheet"
            }
            Action::SaveForSharing => {
                "Save the course with every tile it uses inside it: one file that opens on any machine, with no library"
            }
            Action::LocateTile => {
                "Find the file of a tile the open course places but no library has; the course shows a gap until then"
            }
            Action::RenameTileId => {
                "Give the open tile another id; every open course that places it follows"
            }
            Action::AddLibraryFolder => {
                "Add a folder of tiles to the library; it is read again at every start"
            }
            Action::Undo => "Undo the last edit",
            Action::Redo => "Redo the edit undone last",
            Action::RotateCw => {
                "Turn the element (or the placed tile) under the pointer a quarter clockwise, or else the element about to be placed"
            }
            Action::RotateCcw => {
                "Turn the element (or the placed tile) under the pointer a quarter counter-clockwise, or else the element about to be placed"
            }
            Action::Delete => "Remove the placed tile or the flag under the pointer",
            Action::ToolPaint => {
                "Paint the chosen element: on squares, on the nearest edge for walls and mounts, along the drag for belts"
            }
            Action::ToolErase => {
                "Erase the square, or the edge under the pointer when it is near one (the right button erases with any tool)"
            }
            Action::ToolFill => "Fill the connected squares that hold the same as the clicked one",
            Action::ToolPick => "Pick the element under the pointer as the one to paint",
            Action::ToolSelect => {
                "Drag out a rectangle of squares to copy, cut, turn (R) or flip (X)"
            }
            Action::Copy => "Copy the selected squares and their walls",
            Action::Cut => "Copy the selected squares and their walls, then clear them",
            Action::Paste => {
                "Paste the copied squares with their north-west corner under the pointer"
            }
            Action::FlipSelection => "Mirror the selected squares east to west",
            Action::FitView => "Zoom and centre so the whole board is in view",
            Action::ZoomIn => "Zoom in about the middle of the board view",
            Action::ZoomOut => "Zoom out about the middle of the board view",
            Action::ToggleGrid => "Show or hide the lines between squares",
            Action::Help => "List every command and its shortcut",
            Action::EditPlacedTile => {
                "Open the tile placed under the pointer in the tile editor; the course stays open and shows the edits at once (also: double-click it, or its context menu)"
            }
            Action::BackToCourse => "Close the tile and show the course it was opened from again",
            Action::ToggleBestLine => {
                "Draw the solver's best line on the course: the start, then where each register phase ends"
            }
            Action::ToggleLibrary => "Show or hide the library list",
            Action::ToggleSidePanel => {
                "Show or hide the side panel (palette and inspector, or composer and problems)"
            }
            Action::PlayView => {
                "Race robots on the course: play a game step by step, or test-drive it with many bot games (again to go back to the editor)"
            }
            Action::CommandPalette => {
                "Find any command by typing part of its name; Up and Down choose, Enter runs it, Escape closes"
            }
            Action::Quit => "Close the window, asking first about unsaved changes",
            Action::FullScreen => "Fill the screen with the window, or go back to a window",
            Action::ToggleTheme => "Switch between the dark and the light theme",
            Action::ToggleColourBlind => {
                "Draw lasers, belts and flags in the Okabe-Ito colours, told apart with any colour vision"
            }
            Action::UiLarger => "Make text and controls larger (the board keeps its own zoom)",
            Action::UiSmaller => "Make text and controls smaller (the board keeps its own zoom)",
            Action::UiNormal => "Text and controls at their normal size",
        }
    }

    pub fn menu(self) -> Menu {
        match self {
            Action::NewTile
            | Action::NewCourse
            | Action::Open
            | Action::Save
            | Action::SaveAs
            | Action::ImportTiled
            | Action::ExportPng
            | Action::SaveForSharing
            | Action::LocateTile
            | Action::AddLibraryFolder
            | Action::Quit => Menu::File,
            Action::RenameTileId => Menu::Edit,
            Action::Undo
            | Action::Redo
            | Action::RotateCw
            | Action::RotateCcw
            | Action::Delete
            | Action::Copy
            | Action::Cut
            | Action::Paste
            | Action::FlipSelection => Menu::Edit,
            Action::ToolPaint
            | Action::ToolErase
            | Action::ToolFill
            | Action::ToolPick
            | Action::ToolSelect => Menu::Tools,
            Action::EditPlacedTile | Action::BackToCourse => Menu::Edit,
            Action::FitView
            | Action::ZoomIn
            | Action::ZoomOut
            | Action::ToggleGrid
            | Action::ToggleBestLine
            | Action::ToggleLibrary
            | Action::ToggleSidePanel => Menu::View,
            Action::Help => Menu::Help,
            Action::PlayView
            | Action::CommandPalette
            | Action::FullScreen
            | Action::ToggleTheme
            | Action::ToggleColourBlind
            | Action::UiLarger
            | Action::UiSmaller
            | Action::UiNormal => Menu::View,
        }
    }

    /// The shortcuts, primary first. `Modifiers::COMMAND` is Cmd on a Mac and Ctrl elsewhere.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const fn one(modifiers: Modifiers, key: Key) -> [KeyboardShortcut; 1] {
            [KeyboardShortcut::new(modifiers, key)]
        }
        const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        const NEW_TILE: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::N);
        const NEW_COURSE: [KeyboardShortcut; 1] = one(CMD_SHIFT, Key::N);
        const OPEN: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::O);
        const SAVE: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::S);
        const SAVE_AS: [KeyboardShortcut; 1] = one(CMD_SHIFT, Key::S);
        const EXPORT: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::E);
        const UNDO: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::Z);
        // Ctrl+Shift+Z as in most editors, Ctrl+Y as on Windows and in LDtk (EDITOR.md).
        const REDO: [KeyboardShortcut; 2] = [
            KeyboardShortcut::new(CMD_SHIFT, Key::Z),
            KeyboardShortcut::new(Modifiers::COMMAND, Key::Y),
        ];
        const ROTATE_CW: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::R);
        const ROTATE_CCW: [KeyboardShortcut; 1] = one(Modifiers::SHIFT, Key::R);
        const DELETE: [KeyboardShortcut; 2] = [
            KeyboardShortcut::new(Modifiers::NONE, Key::Delete),
            KeyboardShortcut::new(Modifiers::NONE, Key::Backspace),
        ];
        const PAINT: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::B);
        const ERASE: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::E);
        const FILL: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::F);
        const PICK: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::I);
        const SELECT: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::S);
        const COPY: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::C);
        const CUT: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::X);
        const PASTE: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::V);
        const FLIP: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::X);
        const FIT: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::Num0);
        // `+` is Shift+`=` on many keyboards, so Ctrl+`=` zooms in too, as in browsers.
        const ZOOM_IN: [KeyboardShortcut; 2] = [
            KeyboardShortcut::new(Modifiers::COMMAND, Key::Plus),
            KeyboardShortcut::new(Modifiers::COMMAND, Key::Equals),
        ];
        const ZOOM_OUT: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::Minus);
        const GRID: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::G);
        const HELP: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::F1);
        const EDIT_TILE: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::T);
        const BEST_LINE: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::L);
        const PLAY: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::F5);
        // Ctrl+Shift+P as in VS Code and Sublime Text.
        const PALETTE: [KeyboardShortcut; 1] = one(CMD_SHIFT, Key::P);
        const QUIT: [KeyboardShortcut; 1] = one(Modifiers::COMMAND, Key::Q);
        // F11 as in browsers and the egui demo.
        const FULL_SCREEN: [KeyboardShortcut; 1] = one(Modifiers::NONE, Key::F11);
        match self {
            Action::NewTile => &NEW_TILE,
            Action::NewCourse => &NEW_COURSE,
            Action::Open => &OPEN,
            Action::Save => &SAVE,
            Action::SaveAs => &SAVE_AS,
            Action::ImportTiled
            | Action::SaveForSharing
            | Action::LocateTile
            | Action::RenameTileId
            | Action::AddLibraryFolder => &[],
            Action::ExportPng => &EXPORT,
            Action::Undo => &UNDO,
            Action::Redo => &REDO,
            Action::RotateCw => &ROTATE_CW,
            Action::RotateCcw => &ROTATE_CCW,
            Action::Delete => &DELETE,
            Action::ToolPaint => &PAINT,
            Action::ToolErase => &ERASE,
            Action::ToolFill => &FILL,
            Action::ToolPick => &PICK,
            Action::ToolSelect => &SELECT,
            Action::Copy => &COPY,
            Action::Cut => &CUT,
            Action::Paste => &PASTE,
            Action::FlipSelection => &FLIP,
            Action::FitView => &FIT,
            Action::ZoomIn => &ZOOM_IN,
            Action::ZoomOut => &ZOOM_OUT,
            Action::ToggleGrid => &GRID,
            Action::Help => &HELP,
            Action::EditPlacedTile => &EDIT_TILE,
            Action::BackToCourse | Action::ToggleLibrary | Action::ToggleSidePanel => &[],
            Action::ToggleBestLine => &BEST_LINE,
            Action::PlayView => &PLAY,
            Action::CommandPalette => &PALETTE,
            Action::Quit => &QUIT,
            Action::FullScreen => &FULL_SCREEN,
            Action::ToggleTheme
            | Action::ToggleColourBlind
            | Action::UiLarger
            | Action::UiSmaller
            | Action::UiNormal => &[],
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
        let mut all: Vec<(Action, KeyboardShortcut)> = Action::iter()
            .flat_map(|a| a.shortcuts().iter().map(move |s| (a, *s)))
            .collect();
        // The windowing layer turns Ctrl+C, Ctrl+X and Ctrl+V into clipboard events, not keys.
        let clipboard = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Copy => Some(Action::Copy),
                egui::Event::Cut => Some(Action::Cut),
                egui::Event::Paste(_) => Some(Action::Paste),
                _ => None,
            })
        });
        if clipboard.is_some() {
            return clipboard;
        }
        all.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
        all.into_iter()
            .find(|(_, s)| ctx.input_mut(|i| i.consume_shortcut(s)))
            .map(|(a, _)| a)
    }

    /// The actions the command palette offers for `query`: those whose label holds it, ignoring
    /// case, in menu order. The palette itself is left out: it is already open.
    pub fn matching(query: &str) -> Vec<Action> {
        let query = query.trim().to_lowercase();
        Menu::iter()
            .flat_map(|menu| Action::iter().filter(move |a| a.menu() == menu))
            .filter(|a| *a != Action::CommandPalette)
            .filter(|a| a.text().to_lowercase().contains(&query))
            .collect()
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
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Open a copy of a library entry for editing.
    Show(Entry),
    Action(Action),
    DismissErrors,
    /// Open this file (what Open does once the dialog has given a path; tests give it directly).
    OpenPath(PathBuf),
    /// Import this Tiled map (what Import does once the dialog has given a path).
    ImportPath(PathBuf),
    /// Save to this file (Save As once the dialog has given a path).
    SaveTo(PathBuf),
    /// Export the board to this PNG file (Export PNG once the dialog has given a path).
    ExportTo(PathBuf),
    /// The answer to the unsaved-changes prompt.
    Prompt(PromptAnswer),
    /// Choose the tile tool.
    Tool(Tool),
    /// Choose the element about to be placed.
    Brush(ElementKind),
    /// Choose a library tile to place on the course with the next click.
    PlaceTile(String),
    /// Choose what a click on the course does.
    CourseTool(CourseTool),
    /// Highlight the squares of a validation diagnostic (by index) and centre the view there.
    ShowDiagnostic(usize),
    /// Open the tile of this placement (index into the course's placements) in the tile editor.
    EditPlacedTile(usize),
}

/// The buttons of the unsaved-changes prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptAnswer {
    Save,
    DontSave,
    Cancel,
}

/// Which tool the primary button uses on the tile. (A command names it, so it lives here with the
/// commands; the tile editor's tools themselves are in `tile_editor::tools`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumIter)]
pub enum Tool {
    /// Paints the brush element: on squares, on the nearest edge for walls and wall mounts, and as
    /// a path for belts, currents and rivers.
    Paint,
    Erase,
    Fill,
    /// Picks the element under the pointer into the brush.
    Pick,
    /// Drags out a rectangle to copy, cut, turn or mirror.
    Select,
}

impl Tool {
    pub fn text(self) -> &'static str {
        match self {
            Tool::Paint => "Paint",
            Tool::Erase => "Erase",
            Tool::Fill => "Fill",
            Tool::Pick => "Pick",
            Tool::Select => "Select",
        }
    }

    /// The action that chooses this tool (its shortcut and tooltip).
    pub fn action(self) -> Action {
        match self {
            Tool::Paint => Action::ToolPaint,
            Tool::Erase => Action::ToolErase,
            Tool::Fill => Action::ToolFill,
            Tool::Pick => Action::ToolPick,
            Tool::Select => Action::ToolSelect,
        }
    }
}

/// What a click on a course does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CourseTool {
    /// Drag placed tiles and flags to move them.
    #[default]
    Move,
    /// Place this library tile at the clicked square.
    Place(String),
    /// Put the next numbered flag on the clicked square.
    Flag,
    /// Make the clicked square the 1994 archive start.
    Start,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_actions_share_a_shortcut() {
        let all: Vec<(Action, KeyboardShortcut)> = Action::iter()
            .flat_map(|a| a.shortcuts().iter().map(move |s| (a, *s)))
            .collect();
        for (i, (a, s)) in all.iter().enumerate() {
            for (b, t) in &all[i + 1..] {
                assert!(s != t, "{a:?} and {b:?} share {s:?}");
            }
        }
    }

    #[test]
    fn every_action_has_a_label_and_a_tooltip() {
        for a in Action::iter() {
            assert!(!a.text().is_empty(), "{a:?}");
            assert!(!a.tooltip().is_empty(), "{a:?}");
        }
    }

    #[test]
    fn the_palette_finds_actions_by_any_part_of_their_label_ignoring_case() {
        assert_eq!(
            Action::matching("ZOOM"),
            vec![Action::ZoomIn, Action::ZoomOut]
        );
        assert_eq!(Action::matching("side pan"), vec![Action::ToggleSidePanel]);
        assert!(Action::matching("no such command").is_empty());
        // An empty query lists every action but the palette, each once.
        let all = Action::matching("");
        assert_eq!(all.len(), Action::iter().count() - 1);
        assert!(!all.contains(&Action::CommandPalette));
        // Menu order: File's first, Help's last.
        assert_eq!(all.first(), Some(&Action::NewTile));
        assert_eq!(all.last(), Some(&Action::Help));
    }

    #[test]
    fn quit_and_full_screen_have_the_usual_keys_and_sit_in_menus() {
        assert_eq!(
            Action::Quit.shortcuts(),
            &[KeyboardShortcut::new(Modifiers::COMMAND, Key::Q)]
        );
        assert_eq!(Action::Quit.menu(), Menu::File);
        assert_eq!(
            Action::FullScreen.shortcuts(),
            &[KeyboardShortcut::new(Modifiers::NONE, Key::F11)]
        );
        assert_eq!(Action::FullScreen.menu(), Menu::View);
    }

    #[test]
    fn the_palette_has_ctrl_shift_p_and_sits_in_the_view_menu() {
        let cmd_shift = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        assert_eq!(
            Action::CommandPalette.shortcuts(),
            &[KeyboardShortcut::new(cmd_shift, Key::P)]
        );
        assert_eq!(Action::CommandPalette.menu(), Menu::View);
    }
}
