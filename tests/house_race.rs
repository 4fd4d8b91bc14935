//! Issue 18: house rules a whole race plays, which a one-turn scenario file cannot show: the
//! Three Minute Rule's deadline for bots (seed 003 section 8.4), timed by a clock the test moves
//! without sleeping, and no power down with bots that would power down.

use factory_floor::bots::{Arena, BotKind};
use factory_floor::engine::{Event, Stage};
use factory_floor::race::{Clock, Controller, Decisions, Race, RaceClock, RaceSetup};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

fn arena() -> Arena {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("courses/standard-2x2.json");
    match Arena::load(&path) {
        Ok(a) => a,
        Err(e) => panic!("{} does not load: {e}", path.display()),
    }
}

/// A clock that moves `step_ms` every time it is read: a bot "takes" that long to choose.
struct Ticking {
    now: AtomicU64,
    step_ms: u64,
}

impl Clock for Ticking {
    fn now_ms(&self) -> u64 {
        self.now.fetch_add(self.step_ms, Ordering::Relaxed)
    }
}

fn race(arena: &Arena, step_ms: u64) -> Race {
    let setup = RaceSetup::new(arena, vec![Controller::Bot(BotKind::Greedy); 2], 11, 5);
    let mut race = match Race::new(arena, &setup) {
        Ok(r) => r,
        Err(e) => panic!("the race does not start: {e}"),
    };
    race.set_clock(RaceClock::new(Arc::new(Ticking {
        now: AtomicU64::new(0),
        step_ms,
    })));
    race
}

/// The registers robot `id` programmed in the step just taken (cards revealed in phase 1).
fn programmed(race: &Race, id: usize) -> Vec<String> {
    race.game().robots()[id]
        .registers
        .iter()
        .flatten()
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn three_minute_rule_a_bot_past_the_deadline_plays_random_unplayed_cards_seed_003_section_8_4() {
    let mut timed = arena();
    timed.rules.house.three_minute_rule = Some(180);
    let people = Decisions::default();
    // The bot takes 181 s: late. Its program is the random completion of an empty program.
    let mut late = race(&timed, 181_000);
    assert!(late.step(&people).is_some(), "cards are dealt");
    assert_eq!(late.game().stage(), Stage::Programming);
    let expected: Vec<String> = late
        .complete_program(0, &[])
        .iter()
        .map(|c| c.to_string())
        .collect();
    let hand = late.game().hand(0).to_vec();
    assert_eq!(expected.len(), 5);
    assert!(late.step(&people).is_some(), "phase 1 runs");
    assert_eq!(programmed(&late, 0), expected);
    // Every card came from the hand dealt.
    let dealt: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
    assert!(expected.iter().all(|c| dealt.contains(c)));
    // The same bot in time (179 s) plays its own choice: the same as with no rule at all.
    let mut on_time = race(&timed, 179_000);
    let mut plain = race(&arena(), 179_000);
    for r in [&mut on_time, &mut plain] {
        r.step(&people);
        r.step(&people);
    }
    assert_eq!(programmed(&on_time, 0), programmed(&plain, 0));
    assert_ne!(
        programmed(&on_time, 0),
        expected,
        "the bot's own program differs from the random one for this seed"
    );
}

#[test]
fn no_power_down_bots_are_never_refused_and_never_power_down_docs_rules_house_rules() {
    let mut strict = arena();
    strict.rules.house.no_power_down = true;
    let setup = RaceSetup::new(&strict, vec![Controller::Bot(BotKind::Planner); 4], 3, 30);
    let mut race = match Race::new(&strict, &setup) {
        Ok(r) => r,
        Err(e) => panic!("the race does not start: {e}"),
    };
    let people = Decisions::default();
    let mut steps = 0;
    while let Some(step) = race.step(&people) {
        steps += 1;
        assert!(
            step.refused.is_empty(),
            "a bot was refused: {:?}",
            step.refused
        );
        assert!(
            !step.events.iter().any(|e| matches!(
                e,
                Event::PowerDownAnnounced { .. } | Event::PoweredDown { .. }
            )),
            "a robot powered down under no power down"
        );
    }
    assert!(steps > 10, "the race ran ({steps} steps)");
}
