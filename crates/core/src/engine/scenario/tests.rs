//! The scenario fields of the Three Minute Rule and Secret Options (seed 003 section 8.4) where
//! a scenario file cannot show them: the error without the rule, every option face up without
//! Secret Options.

use super::*;

/// Scenarios here name no board file.
struct NoFiles;

impl BoardFiles for NoFiles {
    fn board(&self, relative: &str) -> Result<Board, BoardFileError> {
        Err(BoardFileError::DoesNotCompile(format!(
            "no file {relative}"
        )))
    }
}

fn scenario(rules: &str, robot: &str, expect: &str) -> String {
    format!(
        r#"{{
  "board": {{"width": 5, "height": 5}},
  "flags": [[4, 4]],
  "rules": {rules},
  "robots": [{robot}],
  "registers": {{"red": ["move1:500"]}},
  "phases": 1,
  "expect": {{"red": {expect}}}
}}"#
    )
}

#[test]
fn a_late_hand_without_the_three_minute_rule_is_an_error_naming_the_field_seed_003_section_8_4() {
    let text = scenario(
        "{}",
        r#"{"name": "red", "square": [0, 2], "facing": "E",
      "late_hand": ["move1:500", "move1:510"]}"#,
        "{}",
    );
    let err = run_scenario("late.json", &text, "late", &NoFiles)
        .err()
        .unwrap_or_default();
    assert!(err.starts_with("late.json:6:"), "{err}");
    assert!(err.contains("late_hand"), "{err}");
    assert!(err.contains("three-minute-rule"), "{err}");
}

#[test]
fn without_secret_options_every_option_held_is_face_up_seed_003_section_8_4() {
    for (rules, face_up) in [
        ("{}", r#"["brakes", "shield"]"#),
        (r#"{"secret-options": true}"#, "[]"),
    ] {
        let text = scenario(
            rules,
            r#"{"name": "red", "square": [0, 2], "facing": "E",
      "options": ["shield", "brakes"]}"#,
            &format!(r#"{{"face_up": {face_up}}}"#),
        );
        let report = run_scenario("face.json", &text, "face", &NoFiles);
        let report = report.unwrap_or_else(|e| panic!("{e}"));
        assert!(report.passed(), "{rules}: {}", report.diff());
    }
}
