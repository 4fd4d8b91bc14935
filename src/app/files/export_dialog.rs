//! The Export dialog: PNG at a chosen DPI, SVG, PDF at real size over pages (with a preview of
//! how the board falls on the pages) or on one page, and the course sheet. It lives in an egui
//! plugin so the window's frame loop needs no new call: the Export command only opens it.

use crate::app::state::document::Content;
use crate::app::state::{Workspace, shown};
use crate::render::page::{Paper, PrintSettings, plan};
use crate::render::{Scene, SceneOptions, build_course_scene, pdf, png, svg};
use egui::{Color32, Context, Rect, Stroke, TextureHandle, Ui, Vec2, pos2};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What the dialog writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Png,
    Svg,
    Pdf,
    Sheet,
}

impl Kind {
    fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Svg => "svg",
            Kind::Pdf | Kind::Sheet => "pdf",
        }
    }
}

/// An export running off the UI thread: how far it is, and how it ended.
#[derive(Default)]
struct Job {
    done: usize,
    all: usize,
    result: Option<Result<String, String>>,
}

/// The open dialog: a copy of the picture as it was when Export was chosen, and the settings.
struct Dialog {
    scene: Arc<Scene>,
    title: String,
    /// The saved course file, for the course sheet (which is made from the file).
    course_file: Option<PathBuf>,
    kind: Kind,
    print: PrintSettings,
    fit: bool,
    dpi: u32,
    preview: Option<TextureHandle>,
    job: Option<Arc<Mutex<Job>>>,
}

/// The plugin that shows the dialog every frame while it is open.
#[derive(Default)]
pub struct ExportPlugin {
    dialog: Option<Dialog>,
}

/// Opens the dialog for the board the canvas shows, without the editing highlights.
pub fn open(ctx: &Context, ws: &Workspace) {
    let Some(shown) = &ws.shown else {
        return;
    };
    let options = SceneOptions {
        highlights: Vec::new(),
        ..ws.scene_options(shown)
    };
    let scene = build_course_scene(&shown.board, shown::cubed(&shown.kind), &options);
    let course_file = ws.doc.as_ref().and_then(|d| match d.content {
        Content::Course(_) => d.path.clone(),
        Content::Tile(_) => None,
    });
    let preview = preview_texture(ctx, &scene);
    let dialog = Dialog {
        scene: Arc::new(scene),
        title: shown.name.clone(),
        course_file,
        kind: Kind::Pdf,
        print: PrintSettings::default(),
        fit: false,
        dpi: 150,
        preview,
        job: None,
    };
    ctx.plugin_or_default::<ExportPlugin>().lock().dialog = Some(dialog);
}

/// The board drawn small (at most 480 pixels a side) for the page preview.
fn preview_texture(ctx: &Context, scene: &Scene) -> Option<TextureHandle> {
    let side = scene.width.max(scene.height).max(1.0);
    let scale = ((480.0 / side) as u32).max(1);
    let (w, h, pixels) = png::rasterise(scene, scale).ok()?;
    let image = egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], &pixels);
    Some(ctx.load_texture("export_preview", image, egui::TextureOptions::LINEAR))
}

impl egui::Plugin for ExportPlugin {
    fn debug_name(&self) -> &'static str {
        "export dialog"
    }

    fn on_end_pass(&mut self, ui: &mut Ui) {
        let Some(dialog) = self.dialog.as_mut() else {
            return;
        };
        let mut open = true;
        egui::Window::new("Export")
            .open(&mut open)
            .resizable(true)
            .default_width(560.0)
            .show(ui.ctx(), |ui| dialog.ui(ui));
        if !open {
            self.dialog = None;
        }
    }
}

impl Dialog {
    fn ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label("Format:");
            ui.radio_value(&mut self.kind, Kind::Png, "PNG")
                .on_hover_text("A picture in pixels");
            ui.radio_value(&mut self.kind, Kind::Svg, "SVG")
                .on_hover_text("Vectors and text, at the square size below");
            ui.radio_value(&mut self.kind, Kind::Pdf, "PDF")
                .on_hover_text("Vectors and text, printed at real size over pages");
            ui.add_enabled_ui(self.course_file.is_some(), |ui| {
                ui.radio_value(&mut self.kind, Kind::Sheet, "Course sheet")
                    .on_hover_text("The map, flags, starts, rules, the validator's figures and a legend, from the saved course file")
                    .on_disabled_hover_text("Save the course first: the sheet is made from its file");
            });
        });
        ui.horizontal(|ui| {
            ui.label("Square size (mm):");
            ui.add(
                egui::DragValue::new(&mut self.print.square_mm)
                    .range(1.0..=300.0)
                    .speed(0.5),
            )
            .on_hover_text("The side of one printed square, in millimetres");
            if self.kind == Kind::Png {
                ui.label("DPI:");
                ui.add(egui::DragValue::new(&mut self.dpi).range(10..=1200))
                    .on_hover_text("Pixels per inch on paper");
            }
        });
        if matches!(self.kind, Kind::Pdf | Kind::Sheet) {
            ui.horizontal(|ui| {
                ui.label("Paper:");
                for paper in Paper::ALL {
                    ui.radio_value(&mut self.print.paper, paper, paper.name().to_uppercase());
                }
            });
        }
        if self.kind == Kind::Pdf {
            ui.horizontal(|ui| {
                ui.label("Margin (mm):");
                ui.add(egui::DragValue::new(&mut self.print.margin_mm).range(0.0..=50.0))
                    .on_hover_text("White paper kept around the picture");
                ui.label("Overlap (mm):");
                ui.add(egui::DragValue::new(&mut self.print.overlap_mm).range(0.0..=60.0))
                    .on_hover_text(
                        "How far neighbouring pages repeat each other, to tape them over",
                    );
                ui.checkbox(&mut self.fit, "One page, fitted")
                    .on_hover_text(
                        "The whole board on one page, as large as fits, instead of real size",
                    );
            });
            self.pages_ui(ui);
        }
        ui.separator();
        self.job_ui(ui);
    }

    /// The preview: the board with the pages drawn over it, named as printed.
    fn pages_ui(&self, ui: &mut Ui) {
        let Some(texture) = &self.preview else {
            return;
        };
        let plan = if self.fit {
            None
        } else {
            match plan(self.scene.width, self.scene.height, self.print) {
                Ok(plan) => Some(plan),
                Err(e) => {
                    ui.colored_label(Color32::LIGHT_RED, e);
                    return;
                }
            }
        };
        match &plan {
            Some(p) => ui.label(format!(
                "{} page(s): {} across, {} down, {} {}",
                p.pages.len(),
                p.cols,
                p.rows,
                self.print.paper.name().to_uppercase(),
                if p.landscape { "landscape" } else { "portrait" }
            )),
            None => ui.label("1 page"),
        };
        let avail = ui.available_width().min(520.0);
        let k = avail / self.scene.width.max(self.scene.height).max(1.0);
        let size = Vec2::new(self.scene.width * k, self.scene.height * k);
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        let painter = ui.painter_at(rect.expand(2.0));
        painter.image(
            texture.id(),
            rect,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            Color32::WHITE,
        );
        let Some(plan) = plan else {
            return;
        };
        for page in &plan.pages {
            let w = page.window;
            let r = Rect::from_min_max(
                rect.min + Vec2::new(w.x0 * k, w.y0 * k),
                rect.min + Vec2::new(w.x1 * k, w.y1 * k),
            );
            painter.rect_stroke(
                r,
                0.0,
                Stroke::new(1.5, Color32::from_rgb(230, 0, 150)),
                egui::StrokeKind::Inside,
            );
            if plan.pages.len() <= 400 {
                painter.text(
                    r.left_top() + Vec2::splat(3.0),
                    egui::Align2::LEFT_TOP,
                    page.label(),
                    egui::FontId::proportional(12.0),
                    Color32::WHITE,
                );
            }
        }
    }

    /// The Export button, or the running export's progress and then its outcome.
    fn job_ui(&mut self, ui: &mut Ui) {
        if let Some(job) = &self.job {
            let (done, all, result) = match job.lock() {
                Ok(j) => (j.done, j.all, j.result.clone()),
                Err(_) => (0, 0, Some(Err("the export stopped".to_string()))),
            };
            match result {
                None => {
                    ui.add(
                        egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                            .text(format!("{done} of {all}")),
                    );
                    ui.ctx().request_repaint();
                    return;
                }
                Some(Ok(message)) => {
                    ui.label(message);
                }
                Some(Err(e)) => {
                    ui.colored_label(Color32::LIGHT_RED, e);
                }
            }
        }
        if ui
            .button("Export...")
            .on_hover_text("Choose where to write, then write it")
            .clicked()
        {
            let ext = self.kind.extension();
            let path = rfd::FileDialog::new()
                .add_filter(ext.to_uppercase(), &[ext])
                .set_file_name(format!("{}.{ext}", file_stem(&self.title)))
                .save_file();
            if let Some(path) = path {
                self.start(path);
            }
        }
    }

    /// Writes the export on a thread of its own, so a huge board never stops the window.
    fn start(&mut self, path: PathBuf) {
        let job = Arc::new(Mutex::new(Job::default()));
        self.job = Some(Arc::clone(&job));
        let (scene, title, kind, print, fit, dpi) = (
            Arc::clone(&self.scene),
            self.title.clone(),
            self.kind,
            self.print,
            self.fit,
            self.dpi,
        );
        let course_file = self.course_file.clone();
        std::thread::spawn(move || {
            let tell = |done: usize, all: usize| {
                if let Ok(mut j) = job.lock() {
                    j.done = done;
                    j.all = all;
                }
            };
            let result = write(
                &scene,
                &title,
                kind,
                print,
                fit,
                dpi,
                course_file,
                &path,
                tell,
            );
            if let Ok(mut j) = job.lock() {
                j.result = Some(result.map(|()| format!("Wrote {}", path.display())));
            }
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn write(
    scene: &Scene,
    title: &str,
    kind: Kind,
    print: PrintSettings,
    fit: bool,
    dpi: u32,
    course_file: Option<PathBuf>,
    path: &std::path::Path,
    mut tell: impl FnMut(usize, usize),
) -> Result<(), String> {
    let bytes = match kind {
        Kind::Png => {
            let scale = (print.square_mm / 25.4 * dpi as f32).round().max(1.0) as u32;
            png::scene_to_png(scene, scale)?
        }
        Kind::Svg => svg::scene_to_svg(scene, print.square_mm, &mut tell).into_bytes(),
        Kind::Pdf if fit => {
            pdf::scene_to_pdf_fitted(scene, print.paper.size_mm(), print.margin_mm, title)?
        }
        Kind::Pdf => {
            let plan = plan(scene.width, scene.height, print)?;
            pdf::scene_to_pdf_pages(scene, &plan, title, &mut tell)?
        }
        Kind::Sheet => {
            let Some(file) = course_file else {
                return Err("save the course first: the sheet is made from its file".to_string());
            };
            let args = crate::cli::render::Args {
                sheet: true,
                print,
                ..crate::cli::render::Args::new(vec![file], path.to_path_buf())
            };
            return crate::cli::render::export(&args, &mut |_, d, a| tell(d, a)).map(|_| ());
        }
    };
    crate::format::save_atomic(path, bytes)
        .map_err(|e| format!("Could not export {}: {e}", path.display()))
}

fn file_stem(title: &str) -> String {
    let stem: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    if stem.trim_matches('-').is_empty() {
        "board".to_string()
    } else {
        stem
    }
}
