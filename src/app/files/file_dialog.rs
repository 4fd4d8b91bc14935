//! The file dialog drawn by the window itself, for desktops where no native dialog can be shown
//! (no xdg-desktop-portal and no zenity, as under a bare X server): a folder's entries, folders
//! first, files filtered by our types, a name field when saving. It never blocks the frame.

use egui::{Context, Id, Modal, RichText, ScrollArea};
use std::path::{Path, PathBuf};

/// What the dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Open,
    Save,
    Folder,
}

/// The in-app dialog while it is open.
#[derive(Clone, Debug)]
pub struct InAppDialog {
    pub title: String,
    pub mode: Mode,
    /// The folder shown.
    pub dir: PathBuf,
    /// The file name typed or clicked.
    pub name: String,
    /// File extensions shown (lower case, no dot); folders are always shown.
    pub extensions: Vec<String>,
    /// The folder's entries as last read: (name, is a folder).
    entries: Vec<(String, bool)>,
    /// Why the folder could not be read, shown in place of its entries.
    problem: Option<String>,
    /// The text of the folder field, applied on Enter.
    dir_text: String,
}

/// What the user did in the dialog this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Chosen(PathBuf),
    Cancelled,
}

impl InAppDialog {
    pub fn new(title: &str, mode: Mode, dir: PathBuf, name: String, extensions: &[&str]) -> Self {
        let mut dialog = InAppDialog {
            title: title.to_string(),
            mode,
            dir: PathBuf::new(),
            name,
            extensions: extensions.iter().map(|e| e.to_lowercase()).collect(),
            entries: Vec::new(),
            problem: None,
            dir_text: String::new(),
        };
        dialog.go_to(dir);
        dialog
    }

    /// Shows folder `dir`, reading its entries once (not every frame).
    pub fn go_to(&mut self, dir: PathBuf) {
        self.dir = dir;
        self.dir_text = self.dir.display().to_string();
        self.entries.clear();
        self.problem = None;
        match std::fs::read_dir(&self.dir) {
            Ok(rd) => {
                for e in rd.filter_map(|e| e.ok()) {
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    // Follows links, so a linked folder opens like a folder.
                    let is_dir = e.path().is_dir();
                    if is_dir || (self.mode != Mode::Folder && self.shows_file(&name)) {
                        self.entries.push((name, is_dir));
                    }
                }
                self.entries.sort_by(|a, b| {
                    b.1.cmp(&a.1)
                        .then_with(|| a.0.to_lowercase().cmp(&b.0.to_lowercase()))
                });
            }
            Err(e) => self.problem = Some(format!("Cannot read this folder: {e}")),
        }
    }

    fn shows_file(&self, name: &str) -> bool {
        let ext = Path::new(name)
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase());
        self.extensions.is_empty() || ext.is_some_and(|e| self.extensions.contains(&e))
    }

    /// The entries listed: (name, is a folder).
    pub fn entries(&self) -> &[(String, bool)] {
        &self.entries
    }

    /// What the OK button would choose now.
    fn chosen(&self) -> Option<PathBuf> {
        match self.mode {
            Mode::Folder => Some(self.dir.clone()),
            _ if self.name.trim().is_empty() => None,
            Mode::Save => {
                let mut name = self.name.trim().to_string();
                if Path::new(&name).extension().is_none()
                    && let Some(ext) = self.extensions.first()
                {
                    name = format!("{name}.{ext}");
                }
                Some(self.dir.join(name))
            }
            Mode::Open => Some(self.dir.join(self.name.trim())),
        }
    }

    /// Draws the dialog; returns what the user chose once they have.
    pub fn ui(&mut self, ctx: &Context) -> Option<Outcome> {
        let mut outcome = None;
        let mut go_to = None;
        let modal = Modal::new(Id::unique("in_app_file_dialog")).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.heading(&self.title);
            ui.horizontal(|ui| {
                if ui
                    .button("Up")
                    .on_hover_text("Show the folder this one is in")
                    .clicked()
                    && let Some(up) = self.dir.parent()
                {
                    go_to = Some(up.to_path_buf());
                }
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.dir_text)
                        .desired_width(f32::INFINITY)
                        .hint_text("Folder"),
                );
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    go_to = Some(PathBuf::from(self.dir_text.trim()));
                }
            });
            let filter = if self.mode == Mode::Folder {
                "nothing else: choose the folder shown".to_string()
            } else if self.extensions.is_empty() {
                "all files".to_string()
            } else {
                self.extensions
                    .iter()
                    .map(|e| format!("*.{e}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            ui.weak(format!("Showing folders and {filter}"));
            ui.separator();
            ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                if let Some(problem) = &self.problem {
                    ui.label(RichText::new(problem).color(ui.visuals().error_fg_color));
                }
                if self.entries.is_empty() && self.problem.is_none() {
                    ui.weak("Nothing here of the kinds shown.");
                }
                for (name, is_dir) in &self.entries {
                    let label = if *is_dir {
                        format!("[folder] {name}")
                    } else {
                        name.clone()
                    };
                    let selected = !*is_dir && *name == self.name;
                    let response = ui.selectable_label(selected, label);
                    if *is_dir {
                        if response.clicked() {
                            go_to = Some(self.dir.join(name));
                        }
                    } else if response.double_clicked() {
                        self.name = name.clone();
                        outcome = self.chosen().map(Outcome::Chosen);
                    } else if response.clicked() {
                        self.name = name.clone();
                    }
                }
            });
            ui.separator();
            if self.mode != Mode::Folder {
                ui.horizontal(|ui| {
                    let label = ui.label("File name");
                    ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(f32::INFINITY))
                        .labelled_by(label.id);
                });
            }
            ui.horizontal(|ui| {
                let ok = match self.mode {
                    Mode::Open => "Open",
                    Mode::Save => "Save",
                    Mode::Folder => "Choose this folder",
                };
                let chosen = self.chosen();
                if ui
                    .add_enabled(chosen.is_some(), egui::Button::new(ok))
                    .on_hover_text(chosen.as_ref().map_or_else(
                        || "Type or click a file name first".to_string(),
                        |p| p.display().to_string(),
                    ))
                    .clicked()
                {
                    outcome = chosen.map(Outcome::Chosen);
                }
                if ui
                    .button("Cancel")
                    .on_hover_text("Close the dialog without choosing")
                    .clicked()
                {
                    outcome = Some(Outcome::Cancelled);
                }
            });
        });
        if let Some(dir) = go_to {
            self.go_to(dir);
        }
        if outcome.is_none() && modal.should_close() {
            outcome = Some(Outcome::Cancelled);
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialog_lists_folders_first_and_only_our_file_types() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in ["b.json", "a.JSON", "notes.txt", ".hidden.json"] {
            std::fs::write(dir.path().join(name), "{}").expect("write");
        }
        std::fs::create_dir(dir.path().join("zfolder")).expect("mkdir");
        let d = InAppDialog::new(
            "Open",
            Mode::Open,
            dir.path().to_path_buf(),
            String::new(),
            &["json"],
        );
        let names: Vec<&str> = d.entries().iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["zfolder", "a.JSON", "b.json"]);
        let mut save = InAppDialog::new(
            "Save",
            Mode::Save,
            dir.path().to_path_buf(),
            "c".into(),
            &["json"],
        );
        assert_eq!(save.chosen(), Some(dir.path().join("c.json")));
        save.name = "  ".into();
        assert_eq!(save.chosen(), None);
    }
}
