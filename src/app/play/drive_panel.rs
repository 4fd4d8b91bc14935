//! Test drives in the window: `bots::drive` on a background thread with progress and cancel, then
//! the statistics (completion, turns to finish with an egui_plot histogram, deaths by cause), a
//! heat map over the board, and export to JSON or CSV.

use crate::app::canvas::BoardView;
use crate::app::canvas::paint::{ColourMap, paint_scene_with};
use crate::bots::drive::DriveStats;
use crate::bots::{Arena, BotKind, DriveOptions, drive};
use crate::geom::Square;
use crate::render::{Rgba, Scene, SceneOptions, build_scene_for_play};
use egui::Ui;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// A drive running on its own thread.
struct DriveJob {
    games: usize,
    done: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<Result<DriveStats, String>>>,
}

impl Drop for DriveJob {
    /// A drive nobody will read (the view closed) stops after the games under way.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Which heat map the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heat {
    Destroyed,
    Damage,
}

/// A finished drive and its two heat-map pictures.
pub struct DriveResults {
    pub stats: DriveStats,
    /// True when the drive was cancelled before all its games were played.
    pub cancelled: bool,
    destroyed_scene: Scene,
    damage_scene: Scene,
}

/// File formats of the export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Json,
    Csv,
}

/// The test-drive tab: settings, the job under way, the last results.
pub struct DrivePanel {
    pub bots: Vec<BotKind>,
    pub games: usize,
    pub seed: u64,
    pub turn_cap: u32,
    /// Play with option cards (issue 8: on by default for quick test drives).
    pub options: bool,
    job: Option<DriveJob>,
    results: Option<DriveResults>,
    pub heat: Heat,
    error: Option<String>,
    board_view: BoardView,
    /// Where the last export went, to say so.
    exported: Option<String>,
    /// How the board's colours are drawn (the colour-blind-safe set if chosen).
    pub colours: ColourMap,
}

impl Default for DrivePanel {
    fn default() -> Self {
        DrivePanel {
            bots: vec![
                BotKind::Planner,
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Random,
            ],
            games: 1000,
            seed: 1,
            turn_cap: 100,
            options: true,
            job: None,
            results: None,
            heat: Heat::Destroyed,
            error: None,
            board_view: BoardView::default(),
            exported: None,
            colours: ColourMap::default(),
        }
    }
}

/// How opaque a heat cell of `n` is when the most-hit square has `max`: at least faintly
/// visible, up to 85% opaque. The legend reads the same scale.
pub(super) fn heat_alpha(n: u32, max: u32) -> u8 {
    (40.0 + 180.0 * (n as f32 / max.max(1) as f32)) as u8
}

/// How red a heat cell is: the most-hit square is strongest.
fn heat_highlights(grid: &[Vec<u32>], colour: Rgba) -> Vec<(Square, Rgba)> {
    let max = grid.iter().flatten().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (y, row) in grid.iter().enumerate() {
        for (x, &n) in row.iter().enumerate() {
            if n > 0 {
                out.push((
                    Square::new(x as i32, y as i32),
                    colour.with_alpha(heat_alpha(n, max)),
                ));
            }
        }
    }
    out
}

pub(super) const DESTROYED_COLOUR: Rgba = Rgba::rgb(230, 20, 20);
pub(super) const DAMAGE_COLOUR: Rgba = Rgba::rgb(255, 140, 0);

impl DriveResults {
    pub fn new(arena: &Arena, stats: DriveStats, cancelled: bool) -> DriveResults {
        let scene = |grid: &[Vec<u32>], colour| {
            build_scene_for_play(
                arena.maps.factory(),
                &SceneOptions {
                    grid: true,
                    highlights: heat_highlights(grid, colour),
                    ..SceneOptions::default()
                },
            )
        };
        DriveResults {
            destroyed_scene: scene(&stats.destroyed, DESTROYED_COLOUR),
            damage_scene: scene(&stats.damage, DAMAGE_COLOUR),
            stats,
            cancelled,
        }
    }

    /// The heat-map picture of the board.
    pub fn scene(&self, heat: Heat) -> &Scene {
        match heat {
            Heat::Destroyed => &self.destroyed_scene,
            Heat::Damage => &self.damage_scene,
        }
    }
}

/// The statistics as pretty JSON (the same fields as `factory-floor drive --json`).
pub fn results_json(stats: &DriveStats) -> Result<String, String> {
    serde_json::to_string_pretty(stats).map_err(|e| format!("cannot write JSON: {e}"))
}

/// Quotes a CSV field when it needs it (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The statistics as one CSV table of `metric,bot,x,y,value` rows: summary numbers per bot and
/// for all robots, the histogram of turns finished in, deaths by cause, and every heat-map square.
pub fn results_csv(stats: &DriveStats) -> String {
    let mut out = String::from("metric,bot,x,y,value\n");
    let mut row = |metric: &str, bot: &str, xy: Option<(usize, usize)>, value: String| {
        let (x, y) = xy.map_or((String::new(), String::new()), |(x, y)| {
            (x.to_string(), y.to_string())
        });
        out += &format!("{},{},{x},{y},{value}\n", csv_field(metric), csv_field(bot));
    };
    row("games", "all", None, stats.games.to_string());
    row("turn_cap", "all", None, stats.turn_cap.to_string());
    row("seed", "all", None, stats.seed.to_string());
    let mut summary = |bot: &str, rate: f64, t: &crate::bots::drive::TurnStats| {
        row("completion_rate", bot, None, format!("{rate}"));
        row(
            "turns_lower_quartile",
            bot,
            None,
            format!("{}", t.lower_quartile),
        );
        row("turns_median", bot, None, format!("{}", t.median));
        row(
            "turns_upper_quartile",
            bot,
            None,
            format!("{}", t.upper_quartile),
        );
        for (turn, &n) in t.histogram.iter().enumerate() {
            if n > 0 {
                row(
                    &format!("finished_in_turn_{turn}"),
                    bot,
                    None,
                    n.to_string(),
                );
            }
        }
    };
    summary("all", stats.completion_rate, &stats.turns_to_finish);
    for b in &stats.by_bot {
        summary(&b.bot, b.completion_rate, &b.turns_to_finish);
    }
    for b in &stats.by_bot {
        row("robots", &b.bot, None, b.robots.to_string());
        row("deaths", &b.bot, None, b.deaths.to_string());
    }
    for (cause, n) in &stats.deaths_by_cause {
        row(&format!("deaths_{cause}"), "all", None, n.to_string());
    }
    for (name, grid) in [("destroyed", &stats.destroyed), ("damage", &stats.damage)] {
        for (y, line) in grid.iter().enumerate() {
            for (x, &n) in line.iter().enumerate() {
                if n > 0 {
                    row(name, "all", Some((x, y)), n.to_string());
                }
            }
        }
    }
    out
}

/// Writes the statistics to `path` in `format`.
pub fn write_results(path: &Path, stats: &DriveStats, format: ExportFormat) -> Result<(), String> {
    let text = match format {
        ExportFormat::Json => results_json(stats)?,
        ExportFormat::Csv => results_csv(stats),
    };
    crate::format::save_atomic(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

impl DrivePanel {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    pub fn board_view(&self) -> &BoardView {
        &self.board_view
    }

    pub fn board_view_mut(&mut self) -> &mut BoardView {
        &mut self.board_view
    }

    pub fn results(&self) -> Option<&DriveResults> {
        self.results.as_ref()
    }

    /// Games done so far, and of how many, while a drive runs.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|j| (j.done.load(Ordering::Relaxed), j.games))
    }

    fn options(&self) -> DriveOptions {
        DriveOptions {
            bots: self.bots.clone(),
            games: self.games.max(1),
            seed: self.seed,
            turn_cap: self.turn_cap.max(1),
            threads: 0,
            options: self.options,
        }
    }

    /// Starts the drive on a background thread; the window polls it every frame.
    pub fn start(&mut self, arena: &Arc<Arena>) {
        if self.job.is_some() {
            return;
        }
        self.error = None;
        self.exported = None;
        let options = self.options();
        let games = options.games;
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let arena = Arc::clone(arena);
        let (d, c) = (Arc::clone(&done), Arc::clone(&cancel));
        let handle = std::thread::Builder::new()
            .name("test-drive".to_string())
            .spawn(move || {
                let progress = move |n: usize| {
                    d.store(n, Ordering::Relaxed);
                    !c.load(Ordering::Relaxed)
                };
                drive(&arena, &options, &progress).map(|(stats, _)| stats)
            });
        match handle {
            Ok(handle) => {
                self.job = Some(DriveJob {
                    games,
                    done,
                    cancel,
                    handle: Some(handle),
                });
            }
            Err(e) => self.error = Some(format!("cannot start the test drive: {e}")),
        }
    }

    /// Asks the drive under way to stop: the games done are summed up.
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes in a finished drive. Returns whether one finished.
    pub fn poll(&mut self, arena: &Arena) -> bool {
        let finished = self
            .job
            .as_ref()
            .and_then(|j| j.handle.as_ref())
            .is_some_and(|h| h.is_finished());
        if !finished {
            return false;
        }
        let Some(mut job) = self.job.take() else {
            return false;
        };
        let cancelled = job.cancel.load(Ordering::Relaxed);
        let outcome = match job.handle.take().map(JoinHandle::join) {
            Some(Ok(r)) => r,
            Some(Err(_)) | None => Err("the test-drive thread failed".to_string()),
        };
        match outcome {
            Ok(stats) => self.results = Some(DriveResults::new(arena, stats, cancelled)),
            Err(e) => self.error = Some(e),
        }
        true
    }

    /// Runs a drive on this thread (the screenshot and tests that want no waiting).
    pub fn run_now(&mut self, arena: &Arena) {
        match drive(arena, &self.options(), &|_| true) {
            Ok((stats, _)) => self.results = Some(DriveResults::new(arena, stats, false)),
            Err(e) => self.error = Some(e),
        }
    }

    /// Writes the results, saying where (or why not) in the panel.
    pub fn export_to(&mut self, path: &Path, format: ExportFormat) -> Result<(), String> {
        let Some(r) = &self.results else {
            return Err("there are no results to export yet".to_string());
        };
        let result = write_results(path, &r.stats, format);
        self.exported = Some(match &result {
            Ok(()) => format!("Saved {}", path.display()),
            Err(e) => format!("Could not save: {e}"),
        });
        result
    }

    /// The settings and statistics side panel.
    pub fn side_ui(&mut self, ui: &mut Ui, arena: &Arc<Arena>) {
        if self.poll(arena) {
            ui.ctx().request_repaint();
        }
        ui.heading("Test drive");
        ui.label("Race sample robots many times on this course.");
        let running = self.job.is_some();
        ui.add_enabled_ui(!running, |ui| {
            bots_ui(ui, &mut self.bots);
            egui::Grid::new("drive_settings")
                .num_columns(2)
                .show(ui, |ui| {
                    let l = ui.label("Games");
                    ui.add(egui::DragValue::new(&mut self.games).range(1..=100_000))
                        .labelled_by(l.id)
                        .on_hover_text("How many games to play");
                    ui.end_row();
                    let l = ui.label("Seed");
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut self.seed))
                            .labelled_by(l.id)
                            .on_hover_text(
                                "Game g is played with seed + g: the same seed plays the same games",
                            );
                        if ui
                            .button("New seed")
                            .on_hover_text("Pick another seed, so the next run plays other games")
                            .clicked()
                        {
                            self.seed = new_seed(self.seed);
                        }
                    });
                    ui.end_row();
                    let l = ui.label("Turn cap");
                    ui.add(egui::DragValue::new(&mut self.turn_cap).range(1..=1000))
                        .labelled_by(l.id)
                        .on_hover_text(
                            "A robot not finished by then counts as finishing at the cap",
                        );
                    ui.end_row();
                });
            ui.checkbox(&mut self.options, "Option cards")
                .on_hover_text("Play with option cards (1994 rules); off, no robot draws one");
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!running && !self.bots.is_empty(), egui::Button::new("Run"))
                .on_hover_text("Play the games on every core in the background")
                .clicked()
            {
                self.start(arena);
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .on_hover_text("Stop after the games under way and sum up those done")
                .clicked()
            {
                self.cancel();
            }
        });
        if let Some((done, total)) = self.progress() {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .text(format!("{done} / {total} games"))
                    .show_percentage(),
            );
            // Keep polling while the thread works; the window stays responsive meanwhile.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let Some(r) = &self.results else {
            return;
        };
        ui.separator();
        stats_ui(ui, r);
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Heat map:");
            ui.selectable_value(&mut self.heat, Heat::Destroyed, "Destroyed")
                .on_hover_text("Where robots were destroyed");
            ui.selectable_value(&mut self.heat, Heat::Damage, "Damage")
                .on_hover_text("Where robots took damage");
        });
        ui.separator();
        ui.horizontal(|ui| {
            for (label, format, ext) in [
                ("Export JSON...", ExportFormat::Json, "json"),
                ("Export CSV...", ExportFormat::Csv, "csv"),
            ] {
                if ui
                    .button(label)
                    .on_hover_text("Save the statistics to a file")
                    .clicked()
                    && let Some(path) = rfd::FileDialog::new()
                        .add_filter(ext, &[ext])
                        .set_file_name(format!("test-drive.{ext}"))
                        .save_file()
                {
                    // The outcome is shown below the buttons.
                    let _ = self.export_to(&path, format);
                }
            }
        });
        if let Some(m) = &self.exported {
            ui.label(m);
        }
    }

    /// The histogram of turns to finish, below the board.
    pub fn histogram_ui(&self, ui: &mut Ui) {
        let Some(r) = &self.results else {
            ui.weak("Run a test drive to see how many turns robots take to finish.");
            return;
        };
        let t = &r.stats.turns_to_finish;
        let bars: Vec<egui_plot::Bar> = t
            .histogram
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(turn, &n)| egui_plot::Bar::new(turn as f64, f64::from(n)).width(0.9))
            .collect();
        ui.label(format!(
            "Robots finishing in each turn ({} of {} robots finished)",
            t.histogram.iter().sum::<u32>(),
            r.stats.by_bot.iter().map(|b| b.robots).sum::<usize>()
        ));
        let (q1, med, q3) = (t.lower_quartile, t.median, t.upper_quartile);
        egui_plot::Plot::new("turns_histogram")
            .x_axis_label("turn finished in")
            .y_axis_label("robots")
            .allow_scroll(false)
            .allow_zoom(false)
            .allow_drag(false)
            .include_y(0.0)
            .show(ui, |plot| {
                plot.bar_chart(
                    egui_plot::BarChart::new("finished", bars)
                        .color(egui::Color32::from_rgb(70, 130, 220)),
                );
                plot.vline(egui_plot::VLine::new("median", med).color(egui::Color32::RED));
                for q in [q1, q3] {
                    plot.vline(
                        egui_plot::VLine::new("quartile", q)
                            .color(egui::Color32::from_rgb(230, 150, 30)),
                    );
                }
            });
    }

    /// The board with the heat map, in the middle of the window.
    pub fn board_ui(&mut self, ui: &mut Ui, arena: &Arena, plain: &Scene) {
        let scene = self.results.as_ref().map_or(plain, |r| r.scene(self.heat));
        let colours = self.colours;
        let response = self
            .board_view
            .ui(ui, &arena.board, |painter, screen_from_board| {
                paint_scene_with(painter, scene, screen_from_board, colours);
            });

        if let (Some(r), Some(s)) = (&self.results, response.hovered_square) {
            let cell = |g: &[Vec<u32>]| {
                g.get(s.y as usize)
                    .and_then(|row| row.get(s.x as usize))
                    .copied()
                    .unwrap_or(0)
            };
            let text = format!(
                "{s}: {} destroyed here, {} damage taken here",
                cell(&r.stats.destroyed),
                cell(&r.stats.damage)
            );
            if let Some(canvas) = self.board_view.canvas() {
                let pos = canvas.left_top() + egui::vec2(8.0, 8.0);
                let painter = ui.painter_at(canvas);
                let galley = painter.layout_no_wrap(
                    text,
                    egui::FontId::proportional(14.0),
                    ui.visuals().strong_text_color(),
                );
                let rect = egui::Rect::from_min_size(pos, galley.size()).expand(4.0);
                painter.rect_filled(rect, 3.0, ui.visuals().window_fill);
                painter.galley(pos, galley, ui.visuals().strong_text_color());
            }
        }
    }
}

/// A seed unlike `old`, from the clock (mixed as splitmix64 does, so close times differ widely).
pub fn new_seed(old: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut z = nanos ^ old.rotate_left(17) ^ 0x9e37_79b9_7f4a_7c15;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    // Seeds a person can read and type: below a million.
    let seed = z % 1_000_000;
    if seed == old { seed + 1 } else { seed }
}

/// Chooses the bots of a drive: one row per robot, 1 to 8.
fn bots_ui(ui: &mut Ui, bots: &mut Vec<BotKind>) {
    let mut remove = None;
    for (i, bot) in bots.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Robot {}", i + 1));
            for kind in BotKind::ALL {
                ui.selectable_value(bot, kind, kind.name())
                    .on_hover_text(format!("Robot {} is a {} bot", i + 1, kind.name()));
            }
            if ui
                .small_button("x")
                .on_hover_text(format!("Remove robot {}", i + 1))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove
        && bots.len() > 1
    {
        bots.remove(i);
    }
    if bots.len() < 8
        && ui
            .button("Add bot")
            .on_hover_text("Add a robot to every game")
            .clicked()
    {
        bots.push(BotKind::Greedy);
    }
}

fn stats_ui(ui: &mut Ui, r: &DriveResults) {
    let s = &r.stats;
    if r.cancelled {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Cancelled: {} games played", s.games),
        );
    }
    ui.strong(format!(
        "{} games, {:.1}% of robots finished",
        s.games,
        s.completion_rate * 100.0
    ));
    ui.label(format!(
        "Turns to finish: median {:.1}, quartiles {:.1} to {:.1} (unfinished count as {})",
        s.turns_to_finish.median,
        s.turns_to_finish.lower_quartile,
        s.turns_to_finish.upper_quartile,
        s.turn_cap
    ));
    egui::Grid::new("by_bot").striped(true).show(ui, |ui| {
        for h in ["bot", "finished", "median", "quartiles", "deaths"] {
            ui.strong(h);
        }
        ui.end_row();
        for b in &s.by_bot {
            ui.label(&b.bot);
            ui.label(format!("{:.1}%", b.completion_rate * 100.0));
            ui.label(format!("{:.1}", b.turns_to_finish.median));
            ui.label(format!(
                "{:.1}-{:.1}",
                b.turns_to_finish.lower_quartile, b.turns_to_finish.upper_quartile
            ));
            ui.label(b.deaths.to_string());
            ui.end_row();
        }
    });
    ui.label("Deaths by cause:");
    if s.deaths_by_cause.is_empty() {
        ui.weak("none");
    }
    egui::Grid::new("deaths").striped(true).show(ui, |ui| {
        for (cause, n) in &s.deaths_by_cause {
            ui.label(cause);
            ui.label(n.to_string());
            ui.end_row();
        }
    });
}
