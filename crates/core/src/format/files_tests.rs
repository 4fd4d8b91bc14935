//! The rules of the one write routine (issue 16 item 3), each on a real file in a temporary folder.

use super::*;
use std::os::unix::fs::{PermissionsExt, symlink};

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

/// The names in a folder, sorted: a leftover temporary file shows here.
fn names(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(d)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn a_save_replaces_the_contents_and_leaves_no_temporary_file() {
    let d = dir();
    let p = d.path().join("a.json");
    assert!(save_atomic(&p, "old").is_ok());
    assert!(save_atomic(&p, "new").is_ok());
    assert_eq!(fs::read_to_string(&p).ok().as_deref(), Some("new"));
    assert_eq!(names(d.path()), ["a.json"]);
}

#[test]
fn a_save_keeps_the_permissions_of_the_file_it_replaces() {
    let d = dir();
    let p = d.path().join("private.json");
    assert!(fs::write(&p, "old").is_ok());
    for mode in [0o600, 0o640, 0o755] {
        assert!(fs::set_permissions(&p, fs::Permissions::from_mode(mode)).is_ok());
        assert!(save_atomic(&p, "new").is_ok());
        let got = fs::metadata(&p)
            .map(|m| m.permissions().mode() & 0o7777)
            .ok();
        assert_eq!(got, Some(mode));
    }
}

#[test]
fn a_save_through_a_symlink_replaces_the_file_it_names_and_keeps_the_link() {
    let d = dir();
    let real = d.path().join("real.json");
    let link = d.path().join("link.json");
    assert!(fs::write(&real, "old").is_ok());
    assert!(symlink("real.json", &link).is_ok());
    assert!(save_atomic(&link, "new").is_ok());
    let is_link = fs::symlink_metadata(&link).map(|m| m.file_type().is_symlink());
    assert_eq!(is_link.ok(), Some(true));
    assert_eq!(fs::read_to_string(&real).ok().as_deref(), Some("new"));
    // A chain of links, one of them absolute, ends at the same file.
    let second = d.path().join("second.json");
    assert!(symlink(&link, &second).is_ok());
    assert!(save_atomic(&second, "newer").is_ok());
    assert_eq!(fs::read_to_string(&real).ok().as_deref(), Some("newer"));
    assert_eq!(names(d.path()), ["link.json", "real.json", "second.json"]);
}

#[test]
fn a_symlink_loop_is_an_error_not_a_hang() {
    let d = dir();
    let a = d.path().join("a");
    let b = d.path().join("b");
    assert!(symlink(&b, &a).is_ok() && symlink(&a, &b).is_ok());
    let e = save_atomic(&a, "x").err().map(|e| e.to_string());
    assert!(e.is_some_and(|e| e.contains("symbolic links")));
}

#[test]
fn a_device_output_is_refused_and_left_alone() {
    let e = save_atomic(Path::new("/dev/null"), "x").err();
    let e = e.map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("device"), "{e}");
    // Nothing was created in /dev either.
    assert!(
        !names(Path::new("/dev"))
            .iter()
            .any(|n| n.starts_with(".null."))
    );
}

#[test]
fn a_folder_output_is_refused() {
    let d = dir();
    let sub = d.path().join("sub");
    assert!(fs::create_dir(&sub).is_ok());
    let e = save_atomic(&sub, "x").err().map(|e| e.to_string());
    assert!(e.is_some_and(|e| e.contains("folder")));
    assert!(sub.is_dir());
    assert_eq!(names(d.path()), ["sub"]);
}

#[test]
fn a_named_pipe_output_is_refused_without_blocking() {
    let d = dir();
    let pipe = d.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    assert!(made.is_ok_and(|s| s.success()));
    let e = save_atomic(&pipe, "x").err().map(|e| e.to_string());
    assert!(e.is_some_and(|e| e.contains("pipe")));
    // Reading one is refused too, at once.
    let r = read_text(&pipe).err().map(|e| e.to_string());
    assert!(r.is_some_and(|e| e.contains("named pipe")));
}

#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
    let d = dir();
    let p = d.path().join("a.json");
    assert!(fs::write(&p, "old").is_ok());
    let r = save_atomic_with(&p, |f| {
        f.write_all(b"half of the new")?;
        Err(io::Error::other("disk full"))
    });
    assert!(r.is_err());
    assert_eq!(fs::read_to_string(&p).ok().as_deref(), Some("old"));
    assert_eq!(names(d.path()), ["a.json"]);
}

#[test]
fn a_save_into_a_missing_folder_fails_cleanly() {
    let d = dir();
    let p = d.path().join("no/such/folder/a.json");
    assert!(save_atomic(&p, "x").is_err());
    assert!(names(d.path()).is_empty());
}

#[test]
fn temporary_names_differ_between_saves() {
    let words: std::collections::BTreeSet<u64> = (0..64).map(random_word).collect();
    assert_eq!(words.len(), 64);
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let d = dir();
    let p = d.path().join("map.json");
    let link = d.path().join("other-name.json");
    assert!(fs::write(&p, "map").is_ok() && symlink(&p, &link).is_ok());
    assert!(refuse_input_as_output(&p, &[&p]).is_err());
    assert!(refuse_input_as_output(&link, &[&p]).is_err());
    assert!(refuse_input_as_output(&d.path().join("new.json"), &[&p]).is_ok());
}
