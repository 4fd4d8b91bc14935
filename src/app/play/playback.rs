//! Moving through the game: a step forward (animated), to any earlier step, to the moment of one
//! event, to the end of the turn, and stepping on its own while playing.

use super::anim::Animation;
use super::session::StepKind;
use super::{PlayView, Playback};
use crate::engine::Stage;

/// Seconds per beat of an animation at speed 1.
const BEAT_SECONDS: f32 = 0.3;
/// Pause between automatic steps at speed 1, in seconds.
const AUTO_PAUSE: f64 = 0.25;

impl PlayView {
    /// Takes the next step on its own while playing, once the last animation is over.
    pub(super) fn auto_step(&mut self, ctx: &egui::Context, now: f64) {
        if !self.playing {
            return;
        }
        ctx.request_repaint();
        if self.stepping.is_some()
            || self.animating(now)
            || now - self.last_auto < AUTO_PAUSE / f64::from(self.speed)
        {
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

    pub(super) fn progress(&self, p: &Playback, now: f64) -> f32 {
        if let Some(t) = p.frozen {
            return t;
        }
        let seconds = p.anim.beats().max(1) as f32 * BEAT_SECONDS / self.speed.max(0.05);
        ((now - p.started) as f32 / seconds).clamp(0.0, 1.0)
    }

    /// One step forward, animated. Returns whether the game moved (or, on a large board, a
    /// worker thread started on the step: `poll_steps` shows it when it is there).
    pub fn step_forward(&mut self, now: f64) -> bool {
        if self.stepping.is_some() {
            return false;
        }
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if self.steps_aside && s.at_end() {
            self.stepping = s.spawn_steps(false);
            self.last_auto = now;
            return self.stepping.is_some();
        }
        if !s.step_forward() {
            return false;
        }
        self.animate_last(now);
        true
    }

    /// Animates the step shown, just reached.
    fn animate_last(&mut self, now: f64) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let c = s.cursor();
        let steps = s.steps();
        if c == 0 {
            return;
        }
        self.playback = Some(Playback {
            anim: Animation::new(&steps[c - 1].game, &steps[c].events),
            step: c,
            started: now,
            frozen: None,
        });
        self.last_auto = now;
        self.picked = None;
    }

    /// Takes the steps a worker thread was taking once they are there, and animates the last;
    /// until then asks for a frame now and then to look again.
    pub(super) fn poll_steps(&mut self, ctx: &egui::Context, now: f64) {
        let (Some(job), Some(s)) = (self.stepping.as_ref(), self.session.as_mut()) else {
            self.stepping = None;
            return;
        };
        match s.finish_steps(job) {
            None => ctx.request_repaint_after(std::time::Duration::from_millis(15)),
            Some(0) => {
                self.stepping = None;
                self.playing = false;
            }
            Some(_) => {
                self.stepping = None;
                self.animate_last(now);
                ctx.request_repaint();
            }
        }
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

    pub(super) fn next_turn(&mut self, now: f64) {
        // Steps before the last one are taken at once; the last is animated.
        loop {
            if self.stepping.is_some() {
                return;
            }
            let Some(s) = self.session.as_ref() else {
                return;
            };
            if !s.can_step_forward() {
                return;
            }
            if self.steps_aside && s.at_end() {
                // The rest of the turn on a worker thread, in one go.
                self.stepping = s.spawn_steps(true);
                self.last_auto = now;
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
}
