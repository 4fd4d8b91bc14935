//! Drawing the play view: the setup, the controls and timeline, the board with animated robots,
//! the "you" robot's hand and registers, the robot panel and the event log.

use super::anim::{Animation, Pose, poses_of};
use super::choices_ui::{self, ChoicesAction};
use super::session::{Controller, MAX_PLAYERS, StepKind};
use super::{Draft, PlayTab, PlayView, Playback};
use crate::app::egui_paint::paint_scene;
use crate::bots::BotKind;
use crate::engine::{Card, Choices, Stage, Status};
use crate::model::LivesRule;
use egui::{Color32, Pos2, RichText, Stroke, Ui, Vec2};

/// Seconds per beat of an animation at speed 1.
const BEAT_SECONDS: f32 = 0.3;
/// Pause between automatic steps at speed 1, in seconds.
const AUTO_PAUSE: f64 = 0.25;

/// One colour per robot, in robot order.
const ROBOT_COLOURS: [Color32; MAX_PLAYERS] = [
    Color32::from_rgb(220, 50, 47),
    Color32::from_rgb(38, 139, 210),
    Color32::from_rgb(133, 153, 0),
    Color32::from_rgb(211, 54, 130),
    Color32::from_rgb(181, 137, 0),
    Color32::from_rgb(42, 161, 152),
    Color32::from_rgb(108, 113, 196),
    Color32::from_rgb(203, 75, 22),
];

pub fn robot_colour(i: usize) -> Color32 {
    ROBOT_COLOURS[i % ROBOT_COLOURS.len()]
}

/// A card as its button shows it: "Move 2 (670)".
pub fn card_text(c: Card) -> String {
    format!("{} ({})", c.kind.name(), c.priority)
}

impl PlayView {
    /// Draws the play view in the window below the menus. Returns true when the user asks to go
    /// back to the editor.
    pub fn ui(&mut self, ui: &mut Ui) -> bool {
        let mut leave = false;
        egui::Panel::top("play_tabs").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("Back to editor")
                    .on_hover_text("Leave the play view (F5)")
                    .clicked()
                {
                    leave = true;
                }
                ui.separator();
                ui.selectable_value(&mut self.tab, PlayTab::Game, "Game")
                    .on_hover_text("Play one game step by step");
                ui.selectable_value(&mut self.tab, PlayTab::Drive, "Test drive")
                    .on_hover_text("Play many games of bots and see the statistics");
                ui.separator();
                ui.strong(&self.course_name);
            });
        });
        match self.tab {
            PlayTab::Game => self.game_ui(ui),
            PlayTab::Drive => {
                let arena = std::sync::Arc::clone(&self.arena);
                egui::Panel::left("drive_side")
                    .resizable(true)
                    .default_size(360.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical().show(ui, |ui| self.drive.side_ui(ui, &arena));
                    });
                egui::Panel::bottom("drive_plot")
                    .resizable(true)
                    .default_size(240.0)
                    .show(ui, |ui| self.drive.histogram_ui(ui));
                egui::CentralPanel::default()
                    .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
                    .show(ui, |ui| self.drive.board_ui(ui, &arena, &self.scene));
            }
        }
        // A drive keeps running (and is polled) while the game tab is shown.
        if self.tab == PlayTab::Game && self.drive.is_running() {
            self.drive.poll(&self.arena);
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        leave
    }

    fn game_ui(&mut self, ui: &mut Ui) {
        let now = ui.input(|i| i.time);
        self.last_now = now;
        self.auto_step(ui.ctx(), now);
        egui::Panel::bottom("play_controls").show(ui, |ui| {
            self.controls_ui(ui, now);
            self.hand_ui(ui);
        });
        egui::Panel::left("play_side")
            .resizable(true)
            .default_size(330.0)
            .min_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.setup_ui(ui);
                    ui.separator();
                    self.robots_ui(ui);
                });
            });
        egui::Panel::right("play_log")
            .resizable(true)
            .default_size(330.0)
            .min_size(240.0)
            .show(ui, |ui| self.log_ui(ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
            .show(ui, |ui| self.board_ui(ui, now));
    }

    fn setup_ui(&mut self, ui: &mut Ui) {
        egui::CollapsingHeader::new("New game")
            .default_open(true)
            .show(ui, |ui| {
                let mut remove = None;
                for (i, c) in self.setup.robots.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(format!("Robot {}", i + 1)).color(robot_colour(i)));
                        for option in Controller::ALL {
                            ui.selectable_value(c, option, option.name()).on_hover_text(
                                match option {
                                    Controller::You => {
                                        format!("You program robot {} by clicking cards", i + 1)
                                    }
                                    Controller::Bot(k) => {
                                        format!("Robot {} is a {} bot", i + 1, k.name())
                                    }
                                },
                            );
                        }
                        if self.setup.options {
                            start_options_ui(ui, &mut self.setup.start_options, i);
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
                    && self.setup.robots.len() > 1
                {
                    self.setup.robots.remove(i);
                    if i < self.setup.start_options.len() {
                        self.setup.start_options.remove(i);
                    }
                }
                if self.setup.robots.len() < MAX_PLAYERS
                    && ui
                        .button("Add robot")
                        .on_hover_text("Add a robot to the game (8 at most)")
                        .clicked()
                {
                    self.setup.robots.push(Controller::Bot(BotKind::Greedy));
                }
                egui::Grid::new("play_setup").num_columns(2).show(ui, |ui| {
                    let l = ui.label("Seed");
                    ui.add(egui::DragValue::new(&mut self.setup.seed))
                        .labelled_by(l.id)
                        .on_hover_text("Shuffles the deck and seeds the random bots");
                    ui.end_row();
                    let l = ui.label("Lives");
                    egui::ComboBox::from_id_salt("lives_rule")
                        .selected_text(lives_text(self.setup.lives))
                        .show_ui(ui, |ui| {
                            for rule in [
                                LivesRule::Standard,
                                LivesRule::Optional,
                                LivesRule::Fixed(1),
                                LivesRule::Fixed(2),
                                LivesRule::Fixed(4),
                                LivesRule::Fixed(5),
                            ] {
                                ui.selectable_value(&mut self.setup.lives, rule, lives_text(rule));
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Turn cap");
                    ui.add(egui::DragValue::new(&mut self.setup.turn_cap).range(1..=1000))
                        .labelled_by(l.id)
                        .on_hover_text("The game ends after this many turns");
                    ui.end_row();
                });
                ui.checkbox(&mut self.setup.options, "Option cards")
                    .on_hover_text(
                        "Play with option cards (seed 000): drawn on double wrenches, given up \
                         for damage. Off, no robot draws or holds one",
                    );
                if ui
                    .button("Start")
                    .on_hover_text("Start a new game with these robots")
                    .clicked()
                {
                    self.start();
                }
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
    }

    /// Takes the next step on its own while playing, once the last animation is over.
    fn auto_step(&mut self, ctx: &egui::Context, now: f64) {
        if !self.playing {
            return;
        }
        ctx.request_repaint();
        if self.animating(now) || now - self.last_auto < AUTO_PAUSE / f64::from(self.speed) {
            return;
        }
        if !self.step_forward(now) {
            self.playing = false;
        }
    }

    /// Whether a step is being animated at `now`.
    pub(super) fn animating(&self, now: f64) -> bool {
        self.playback
            .as_ref()
            .is_some_and(|p| p.frozen.is_none() && self.progress(p, now) < 1.0)
    }

    fn progress(&self, p: &Playback, now: f64) -> f32 {
        if let Some(t) = p.frozen {
            return t;
        }
        let seconds = p.anim.beats().max(1) as f32 * BEAT_SECONDS / self.speed.max(0.05);
        ((now - p.started) as f32 / seconds).clamp(0.0, 1.0)
    }

    /// One step forward, animated. Returns whether the game moved.
    pub fn step_forward(&mut self, now: f64) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if !s.step_forward() {
            return false;
        }
        let c = s.cursor();
        let steps = s.steps();
        self.playback = Some(Playback {
            anim: Animation::new(&steps[c - 1].game, &steps[c].events),
            step: c,
            started: now,
            frozen: None,
        });
        self.last_auto = now;
        self.picked = None;
        true
    }

    /// Shows step `index` as it is after the step, with no animation.
    pub fn seek(&mut self, index: usize) {
        if let Some(s) = self.session.as_mut() {
            s.seek(index);
        }
        self.playback = None;
        self.picked = None;
    }

    /// Shows the moment event `event` of step `step` has happened (a click in the log).
    pub fn jump_to_event(&mut self, step: usize, event: usize) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        s.seek(step);
        let c = s.cursor();
        self.picked = Some((c, event));
        self.playback = (c > 0).then(|| {
            let steps = s.steps();
            let anim = Animation::new(&steps[c - 1].game, &steps[c].events);
            let t = anim.progress_after_event(event);
            Playback {
                anim,
                step: c,
                started: 0.0,
                frozen: Some(t),
            }
        });
    }

    fn controls_ui(&mut self, ui: &mut Ui, now: f64) {
        let Some(s) = self.session.as_ref() else {
            ui.label("Choose the robots and press Start.");
            return;
        };
        let (cursor, len) = (s.cursor(), s.steps().len());
        let can_forward = s.can_step_forward();
        let waiting = s.waiting_for();
        let over = s.at_end() && s.game().is_over();
        let at_end = s.at_end();
        let label = s.step().kind.label();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(cursor > 0, egui::Button::new("Previous step"))
                .on_hover_text("Show the step before (the timeline keeps every step)")
                .clicked()
            {
                self.seek(cursor.saturating_sub(1));
            }
            if ui
                .add_enabled(can_forward, egui::Button::new("Next phase"))
                .on_hover_text("Run the next step: cards dealt, a register phase, end of turn")
                .clicked()
            {
                self.step_forward(now);
            }
            if ui
                .add_enabled(can_forward, egui::Button::new("Next turn"))
                .on_hover_text("Run to the end of the turn")
                .clicked()
            {
                self.next_turn(now);
            }
            let play_text = if self.playing { "Pause" } else { "Play" };
            if ui
                .add_enabled(can_forward || self.playing, egui::Button::new(play_text))
                .on_hover_text("Step on its own, animated")
                .clicked()
            {
                self.playing = !self.playing;
            }
            let l = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.speed, 0.25..=8.0)
                    .logarithmic(true)
                    .suffix("x"),
            )
            .labelled_by(l.id)
            .on_hover_text("How fast steps are animated and played");
            if ui
                .add_enabled(!at_end, egui::Button::new("Replay from here"))
                .on_hover_text("Forget the later steps and play on from this one")
                .clicked()
                && let Some(s) = self.session.as_mut()
            {
                s.replay_from_here();
            }
            ui.separator();
            ui.strong(&label);
            if over {
                ui.label("- the game is over");
            } else if !waiting.is_empty() {
                ui.colored_label(ui.visuals().warn_fg_color, "- waiting for your program");
            }
        });
        let mut index = cursor;
        ui.horizontal(|ui| {
            let l = ui.label("Timeline");
            ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(100.0);
            ui.add(egui::Slider::new(&mut index, 0..=len.saturating_sub(1)).show_value(false))
                .labelled_by(l.id)
                .on_hover_text("Drag to any earlier step");
            ui.label(format!("step {} of {}", cursor + 1, len));
        });
        if index != cursor {
            self.seek(index);
        }
    }

    fn next_turn(&mut self, now: f64) {
        // Steps before the last one are taken at once; the last is animated.
        loop {
            let Some(s) = self.session.as_ref() else {
                return;
            };
            if !s.can_step_forward() {
                return;
            }
            let last = s.at_end() && matches!(s.game().stage(), Stage::Phase(5));
            let next_is_end = !s.at_end()
                && matches!(
                    s.steps().get(s.cursor() + 1).map(|st| st.kind),
                    Some(StepKind::EndTurn { .. })
                );
            self.step_forward(now);
            if last || next_is_end {
                return;
            }
        }
    }

    /// The "you" robot's hand and registers while it programs.
    fn hand_ui(&mut self, ui: &mut Ui) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let yous: Vec<usize> = s
            .controllers()
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Controller::You)
            .map(|(i, _)| i)
            .collect();
        if yous.is_empty() {
            return;
        }
        ui.separator();
        if yous.len() > 1 {
            ui.horizontal(|ui| {
                ui.label("Your robot:");
                for &i in &yous {
                    if ui
                        .selectable_label(self.you == i, s.game().names()[i].as_str())
                        .on_hover_text("Show this robot's hand")
                        .clicked()
                    {
                        self.you = i;
                    }
                }
            });
        }
        let id = self.you;
        let game = s.game();
        let Some(robot) = game.robot(id).copied() else {
            return;
        };
        let name = game.names()[id].clone();
        let unlocked = (5 - robot.locked_count()).min(game.hand(id).len());
        let stale = self
            .draft
            .registers
            .iter()
            .flatten()
            .any(|c| !game.hand(id).contains(c));
        if (self.draft.registers.len() != unlocked || stale) && s.program_of(id).is_none() {
            self.draft = Draft {
                registers: vec![None; unlocked],
                ..Draft::default()
            };
        }
        let programming = s.at_end() && s.needs_program(id);
        if s.can_choose_reentry(id) {
            let (mut facing, mut down) = s.reentry_of(id).unwrap_or((robot.facing, false));
            let before = (facing, down);
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                ui.label(format!("re-enters on its archive {} facing", robot.archive));
                for f in crate::geom::Facing::ALL {
                    ui.selectable_value(&mut facing, f, f.to_string())
                        .on_hover_text(
                            "The way it faces as it re-enters (RULINGS.md, Fine points)",
                        );
                }
                ui.checkbox(&mut down, "powered down")
                    .on_hover_text("Re-enter powered down: no cards this turn, damage repaired");
            });
            if (facing, down) != before
                && let Some(s) = self.session.as_mut()
            {
                s.set_reentry(id, facing, down);
            }
            return;
        }
        if !programming {
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                let why = match robot.status {
                    Status::Destroyed => "is destroyed and re-enters next turn",
                    Status::Eliminated => "is out of the game",
                    Status::Finished => "has finished",
                    Status::Active if robot.powered_down => "is powered down this turn",
                    Status::Active if game.stage() == Stage::Programming && !s.at_end() => {
                        "programmed this turn (see the next steps)"
                    }
                    Status::Active if matches!(game.stage(), Stage::BetweenTurns) => {
                        "is dealt its cards as the next turn begins (Next phase)"
                    }
                    Status::Active if game.is_over() => "is done: the game is over",
                    Status::Active => "is running its program",
                };
                ui.label(why);
            });
            return;
        }
        if let Some(choice) = s.program_of(id).cloned() {
            let mut change = false;
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                ui.label("Program accepted:");
                for c in &choice.cards {
                    ui.label(RichText::new(card_text(*c)).monospace());
                }
                if choice.power_down {
                    ui.label("and a power down next turn");
                }
                change = ui
                    .button("Change program")
                    .on_hover_text("Take the program back to change it")
                    .clicked();
            });
            if change && let Some(s) = self.session.as_mut() {
                s.clear_program(id);
            }
            return;
        }
        let hand = game.hand(id).to_vec();
        let mut submit = None;
        let draft_before = self.draft.registers.clone();
        ui.horizontal(|ui| {
            ui.label(RichText::new(&name).color(robot_colour(id)).strong());
            ui.label(format!(
                "damage {}: {} card(s) dealt, {} register(s) to fill",
                robot.damage,
                hand.len(),
                unlocked
            ));
        });
        ui.horizontal(|ui| {
            ui.label("Registers:");
            for r in 0..5 {
                if r >= unlocked {
                    let card = robot.registers[r].map_or("no card".to_string(), card_text);
                    ui.add_enabled(
                        false,
                        egui::Button::new(format!("R{}: locked {card}", r + 1)),
                    )
                    .on_disabled_hover_text(
                        "Locked by damage: it plays the same card again (seed 000, Locked Registers)",
                    );
                    continue;
                }
                let text = match self.draft.registers.get(r).copied().flatten() {
                    Some(c) => format!("R{}: {}", r + 1, card_text(c)),
                    None => format!("R{}: empty", r + 1),
                };
                let slot = ui
                    .add(egui::Button::new(text).min_size(Vec2::new(120.0, 28.0)))
                    .on_hover_text("Click to take the card out; drop a card here");
                if slot.clicked()
                    && let Some(reg) = self.draft.registers.get_mut(r)
                {
                    *reg = None;
                }
                if let Some(card) = slot.dnd_release_payload::<Card>() {
                    for reg in self.draft.registers.iter_mut() {
                        if *reg == Some(*card) {
                            *reg = None;
                        }
                    }
                    if let Some(reg) = self.draft.registers.get_mut(r) {
                        *reg = Some(*card);
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Hand:");
            for (k, &card) in hand.iter().enumerate() {
                let used = self.draft.registers.contains(&Some(card));
                let button = ui
                    .add_enabled(
                        !used,
                        egui::Button::new(card_text(card)).sense(egui::Sense::click_and_drag()),
                    )
                    .on_hover_text(
                        "Click to put it in the first empty register, or drag it onto one",
                    );
                button.dnd_set_drag_payload(card);
                if button.dragged()
                    && let Some(p) = ui.ctx().pointer_interact_pos()
                {
                    // The card follows the pointer while it is dragged.
                    egui::Area::new(egui::Id::unique(("dragged_card", k)))
                        .order(egui::Order::Tooltip)
                        .fixed_pos(p + Vec2::new(8.0, 8.0))
                        .interactable(false)
                        .show(ui.ctx(), |ui| {
                            egui::Frame::popup(ui.style()).show(ui, |ui| {
                                ui.label(card_text(card));
                            });
                        });
                }
                let clicked = button.clicked();
                if clicked && let Some(slot) = self.draft.registers.iter_mut().find(|r| r.is_none())
                {
                    *slot = Some(card);
                }
            }
        });
        // The option choices beside the registers: all five registers, the locked ones included.
        let mut in_registers = robot.registers;
        for (r, slot) in in_registers.iter_mut().enumerate().take(unlocked) {
            *slot = self.draft.registers.get(r).copied().flatten();
        }
        let mut choices = self.draft.choices.unwrap_or(Choices {
            policy: game.choices(id).policy,
            ..Choices::default()
        });
        let before = choices;
        let action = if game.settings.options {
            choices_ui::choices_ui(ui, game, id, &in_registers, &mut choices)
        } else {
            ChoicesAction::None
        };
        if choices != before {
            self.draft.choices = Some(choices);
        }
        ui.horizontal(|ui| {
            ui.add_enabled(
                robot.damage > 0,
                egui::Checkbox::new(&mut self.draft.power_down, "Power down next turn"),
            )
            .on_hover_text("Announce a power down: next turn the robot repairs all its damage");
            let full = self.draft.registers.iter().all(Option::is_some);
            if ui
                .add_enabled(full, egui::Button::new("Submit program"))
                .on_hover_text("Hand the program to the engine")
                .clicked()
            {
                let cards: Vec<Card> = self.draft.registers.iter().flatten().copied().collect();
                submit = Some((cards, self.draft.power_down, choices));
            }
            if ui
                .button("Clear")
                .on_hover_text("Take every card back")
                .clicked()
            {
                self.draft.registers.iter_mut().for_each(|r| *r = None);
            }
            if let Some(v) = &self.draft.verdict {
                ui.colored_label(ui.visuals().error_fg_color, v);
            }
        });
        if self.draft.registers != draft_before {
            // The registers row was drawn before the hand changed it: draw it again.
            ui.ctx().request_repaint();
        }
        if action == ChoicesAction::Recompile
            && let Some(s) = self.session.as_mut()
        {
            // A new hand: the draft starts again (the hand check above empties it next frame).
            if let Err(e) = s.recompile(id) {
                self.draft.verdict = Some(format!("The engine refused: {e}"));
            }
            return;
        }
        if let Some((cards, down, choices)) = submit
            && let Some(s) = self.session.as_mut()
        {
            // Recompile is its own button, run before programming.
            let choices = Choices {
                recompile: false,
                ..choices
            };
            match s.set_program(id, &cards, down, &choices) {
                Ok(()) => {
                    self.draft = Draft {
                        registers: vec![None; unlocked],
                        ..Draft::default()
                    };
                }
                Err(e) => self.draft.verdict = Some(format!("The engine refused: {e}")),
            }
        }
    }

    /// Each robot's damage, locked registers, lives, flags, archive and power.
    fn robots_ui(&mut self, ui: &mut Ui) {
        ui.heading("Robots");
        let Some(s) = self.session.as_ref() else {
            ui.weak("No game yet.");
            return;
        };
        let game = s.game();
        let flags = s.arena().maps.flag_count();
        for (i, r) in game.robots().iter().enumerate() {
            let name = &game.names()[i];
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(name).color(robot_colour(i)).strong());
                    let status = match r.status {
                        Status::Active if r.powered_down => "powered down".to_string(),
                        Status::Active if r.is_virtual => "on the board (virtual)".to_string(),
                        Status::Active => "on the board".to_string(),
                        Status::Destroyed => "destroyed: re-enters next turn".to_string(),
                        Status::Eliminated => "out of lives".to_string(),
                        Status::Finished => format!("finished, place {}", r.place.unwrap_or(0)),
                    };
                    ui.label(status);
                });
                ui.label(format!(
                    "damage {} / 10   lives {}   flags {} / {flags}",
                    r.damage, r.lives, r.flags
                ));
                ui.label(format!(
                    "at {} facing {}   archive {}",
                    r.square, r.facing, r.archive
                ));
                if r.announced_power_down {
                    ui.label("announced a power down for next turn");
                }
                ui.horizontal(|ui| {
                    ui.label("registers");
                    for (k, reg) in r.registers.iter().enumerate() {
                        let text = reg.map_or("-".to_string(), |c| c.kind.name().to_string());
                        let locked = r.is_locked(k);
                        let mut rt = RichText::new(text).monospace();
                        if locked {
                            rt = rt.color(ui.visuals().error_fg_color);
                        }
                        let l = ui.label(rt);
                        if locked {
                            l.on_hover_text(format!("Register {} is locked by damage", k + 1));
                        }
                    }
                });
                choices_ui::robot_options_ui(ui, game, i);
            });
        }
    }

    fn log_ui(&mut self, ui: &mut Ui) {
        ui.heading("Event log");
        let Some(s) = self.session.as_ref() else {
            ui.weak("No game yet.");
            return;
        };
        // Rows: a heading per step, then its events; made again only when the timeline changes.
        if self.log_rows.0 != s.revision() {
            let rows = s
                .steps()
                .iter()
                .enumerate()
                .skip(1)
                .flat_map(|(k, st)| {
                    std::iter::once((k, None))
                        .chain((0..st.events.len()).map(move |e| (k, Some(e))))
                })
                .collect();
            self.log_rows = (s.revision(), rows);
        }
        let rows = &self.log_rows.1;
        let cursor = s.cursor();
        let mut clicked = None;
        // The height of a selectable label, so `show_rows` places every row where it is drawn.
        let row_height = (ui.text_style_height(&egui::TextStyle::Body)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y);
        let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
        // When the timeline moves, the log scrolls to the step shown (or the event picked).
        let target = self.picked.unwrap_or((cursor, usize::MAX));
        if self.log_target != Some(target) {
            self.log_target = Some(target);
            let row = rows
                .iter()
                .position(|&(k, e)| k == target.0 && e.is_none_or(|e| e == target.1))
                .unwrap_or(rows.len());
            let spacing = ui.spacing().item_spacing.y;
            let offset = (row as f32 - 3.0).max(0.0) * (row_height + spacing);
            area = area.vertical_scroll_offset(offset);
        }
        area.show_rows(ui, row_height, rows.len(), |ui, range| {
            // One line per row (long lines are cut; the tooltip has them whole).
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for &(k, e) in &rows[range] {
                let st = &s.steps()[k];
                match e {
                    None => {
                        let mut text = RichText::new(st.kind.label()).strong();
                        if k > cursor {
                            text = text.weak();
                        }
                        if ui
                            .selectable_label(k == cursor && self.picked.is_none(), text)
                            .on_hover_text("Show the game after this step")
                            .clicked()
                        {
                            clicked = Some((k, None));
                        }
                    }
                    Some(e) => {
                        let line = st.lines.get(e).map_or("", String::as_str);
                        let mut text = RichText::new(format!("  {line}"));
                        if k > cursor {
                            text = text.weak();
                        }
                        if ui
                            .selectable_label(self.picked == Some((k, e)), text)
                            .on_hover_text(format!("{line}: click to show the moment it happened"))
                            .clicked()
                        {
                            clicked = Some((k, Some(e)));
                        }
                    }
                }
            }
        });
        match clicked {
            Some((k, Some(e))) => self.jump_to_event(k, e),
            Some((k, None)) => self.seek(k),
            None => return,
        }
        // The row clicked is in view already: the log stays where it is.
        let shown = self.session.as_ref().map_or(0, |s| s.cursor());
        self.log_target = Some(self.picked.unwrap_or((shown, usize::MAX)));
    }

    fn board_ui(&mut self, ui: &mut Ui, now: f64) {
        let (poses, shots) = match (&self.session, &self.playback) {
            (Some(s), Some(p)) if p.step == s.cursor() => {
                let t = self.progress(p, now);
                if t < 1.0 || p.frozen.is_some() {
                    if p.frozen.is_none() {
                        ui.ctx().request_repaint();
                    }
                    p.anim.at(t)
                } else {
                    (poses_of(s.game()), Vec::new())
                }
            }
            (Some(s), _) => (poses_of(s.game()), Vec::new()),
            (None, _) => (Vec::new(), Vec::new()),
        };
        let powered_down: Vec<bool> = self.session.as_ref().map_or(Vec::new(), |s| {
            s.game().robots().iter().map(|r| r.powered_down).collect()
        });
        // Robots on one square (virtual ones) are fanned out a little so each can be seen.
        let mut poses = poses;
        let at: Vec<(Pos2, bool)> = poses.iter().map(|p| (p.pos, p.alpha > 0.0)).collect();
        for i in 0..poses.len() {
            let sharing = (0..i)
                .filter(|&j| at[j].1 && (at[j].0 - at[i].0).length() < 0.05)
                .count();
            if sharing > 0 && poses[i].alpha > 0.0 {
                let turn = sharing as f32 * std::f32::consts::FRAC_PI_4 * 3.0;
                poses[i].pos += Vec2::new(turn.cos(), turn.sin()) * 0.22;
            }
        }
        let scene = &self.scene;
        self.board_view
            .ui(ui, &self.arena.board, |painter, to_screen| {
                paint_scene(painter, scene, to_screen);
                let scale = to_screen.scale().x;
                for (line, strength) in &shots {
                    let colour = if line.by_robot {
                        Color32::from_rgb(255, 60, 200)
                    } else {
                        Color32::from_rgb(255, 30, 30)
                    };
                    let a = to_screen.transform_pos(line.from);
                    let b = to_screen.transform_pos(line.to);
                    painter.line_segment(
                        [a, b],
                        Stroke::new(0.12 * scale * strength, colour.gamma_multiply(*strength)),
                    );
                    painter.circle_filled(b, 0.2 * scale * strength, colour.gamma_multiply(0.6));
                }
                for (i, pose) in poses.iter().enumerate() {
                    paint_robot(
                        painter,
                        to_screen.transform_pos(pose.pos),
                        scale,
                        pose,
                        i,
                        powered_down.get(i).copied().unwrap_or(false),
                    );
                }
            });
    }
}

/// The options robot `i` starts with, as a menu of checkboxes (a designer trying a course with
/// them).
fn start_options_ui(ui: &mut Ui, start: &mut Vec<crate::engine::OptionSet>, i: usize) {
    if start.len() <= i {
        start.resize(i + 1, crate::engine::OptionSet::EMPTY);
    }
    let held = &mut start[i];
    let text = if held.is_empty() {
        "options".to_string()
    } else {
        format!("options: {}", held.len())
    };
    ui.menu_button(text, |ui| {
        ui.label(format!("Robot {} starts with", i + 1));
        for o in crate::engine::OptionCard::ALL {
            let mut on = held.contains(o);
            if ui
                .checkbox(&mut on, o.name())
                .on_hover_text(o.rule_text())
                .changed()
            {
                if on {
                    held.insert(o);
                } else {
                    held.remove(o);
                }
            }
        }
    })
    .response
    .on_hover_text(format!("Option cards robot {} starts the game with", i + 1));
}

fn lives_text(rule: LivesRule) -> String {
    match rule {
        LivesRule::Standard => "3 (standard)".to_string(),
        LivesRule::Optional => "3, +1 for 5+ players, +1 for 5+ tiles".to_string(),
        LivesRule::Fixed(n) => format!("{n}"),
    }
}

/// A robot: a disc in its colour with a nose pointing where it faces and its number; a virtual
/// robot is drawn see-through with a dashed look (a thin ring), a powered-down one greyed.
fn paint_robot(
    painter: &egui::Painter,
    centre: Pos2,
    scale: f32,
    pose: &Pose,
    i: usize,
    powered_down: bool,
) {
    if pose.alpha <= 0.01 {
        return;
    }
    let mut colour = robot_colour(i);
    if powered_down {
        colour = Color32::from_gray(140);
    }
    let body = if pose.is_virtual {
        colour.gamma_multiply(0.45 * pose.alpha)
    } else {
        colour.gamma_multiply(pose.alpha)
    };
    let r = 0.34 * scale;
    painter.circle(
        centre,
        r,
        body,
        Stroke::new(
            (0.05 * scale).max(1.0),
            Color32::from_gray(20).gamma_multiply(pose.alpha),
        ),
    );
    let dir = Vec2::new(pose.angle.sin(), -pose.angle.cos());
    let side = Vec2::new(-dir.y, dir.x);
    let tip = centre + dir * (0.46 * scale);
    let base = centre + dir * (0.18 * scale);
    painter.add(egui::Shape::convex_polygon(
        vec![
            tip,
            base + side * (0.16 * scale),
            base - side * (0.16 * scale),
        ],
        Color32::WHITE.gamma_multiply(pose.alpha),
        Stroke::new(
            (0.03 * scale).max(1.0),
            Color32::from_gray(20).gamma_multiply(pose.alpha),
        ),
    ));
    painter.text(
        centre - dir * (0.1 * scale),
        egui::Align2::CENTER_CENTER,
        format!("{}", i + 1),
        egui::FontId::proportional((0.3 * scale).max(6.0)),
        Color32::WHITE.gamma_multiply(pose.alpha),
    );
}
