//! The eframe application: the editor window.

use crate::format::Library;
use std::path::PathBuf;

/// Opens the editor window and runs it until it is closed.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id("factory-floor")
            .with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "factory-floor",
        options,
        Box::new(move |_cc| Ok(Box::new(FactoryFloorApp::new(file)))),
    )
}

pub struct FactoryFloorApp {
    library: Library,
}

impl FactoryFloorApp {
    pub fn new(_file: Option<PathBuf>) -> Self {
        FactoryFloorApp {
            library: Library::builtin(),
        }
    }
}

impl eframe::App for FactoryFloorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            for c in &self.library.courses {
                ui.label(&c.course.name);
            }
        });
    }
}
