//! Tests of `render`: files in, PNG, SVG, PDF and sheets out, and the errors that name the file.

use super::*;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
}

#[test]
fn render_file_writes_a_course_picture_and_names_files_it_cannot_read() {
    let dir = tempfile::tempdir().ok();
    let Some(dir) = dir else {
        panic!("no temp dir")
    };
    let out = dir.path().join("course.png");
    let result = render_file(&fixture("two_tiles_course.json"), &out, 10);
    assert_eq!(result, Ok(()));
    let bytes = std::fs::read(&out).unwrap_or_default();
    let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png);
    assert_eq!(img.map(|i| (i.width(), i.height())).ok(), Some((90, 40)));

    let text = std::fs::read_to_string(fixture("two_tiles_course.json")).unwrap_or_default();
    let unknown = dir.path().join("unknown.json");
    let written = std::fs::write(
        &unknown,
        text.replace("\"tile\": \"small\"", "\"tile\": \"nowhere\""),
    );
    assert!(written.is_ok());
    let err = render_file(&unknown, &out, 10).err().unwrap_or_default();
    assert!(
        err.contains("unknown.json") && err.contains("\"nowhere\""),
        "{err}"
    );

    let missing = dir.path().join("nothing.json");
    let err = render_file(&missing, &out, 10).err().unwrap_or_default();
    assert!(err.contains("nothing.json"), "{err}");
    let err = render_file(&fixture("every_element.json"), &out, 5000)
        .err()
        .unwrap_or_default();
    assert!(
        err.contains("every_element.json") && err.contains("too large"),
        "{err}"
    );
}

#[test]
fn a_course_with_no_tiles_is_refused_alike_in_every_format_naming_the_file() {
    let Some(dir) = tempfile::tempdir().ok() else {
        panic!("no temp dir")
    };
    let text = std::fs::read_to_string(fixture("two_tiles_course.json")).unwrap_or_default();
    let start = text.find("\"tiles\": [").unwrap_or(0);
    // The list's own closing bracket: the first at the start of a line after it.
    let end = text[start..].find("\n  ]").map_or(start, |e| start + e + 4);
    assert!(end > start, "the fixture places tiles");
    let empty = dir.path().join("empty.json");
    let written = std::fs::write(
        &empty,
        format!("{}\"tiles\": []{}", &text[..start], &text[end..]),
    );
    assert!(written.is_ok());
    for ext in ["png", "svg", "pdf"] {
        let out = dir.path().join(format!("empty.{ext}"));
        let args = Args::new(vec![empty.clone()], out.clone());
        let err = export(&args, &mut |_, _, _| ()).err().unwrap_or_default();
        assert!(
            err.contains("empty.json") && err.contains("no squares"),
            "{ext}: {err}"
        );
        assert!(!out.exists(), "{ext}: a file was written");
    }
}

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

fn pdf_pages(path: &Path) -> usize {
    let doc = lopdf::Document::load(path);
    doc.map(|d| d.get_pages().len()).unwrap_or(0)
}

#[test]
fn the_output_extension_picks_the_format_and_an_unknown_one_is_refused() {
    assert_eq!(Format::of(Path::new("a.PDF")), Ok(Format::Pdf));
    assert_eq!(Format::of(Path::new("a.svg")), Ok(Format::Svg));
    let err = Format::of(Path::new("board.jpg")).err().unwrap_or_default();
    assert!(err.contains("board.jpg") && err.contains(".pdf"), "{err}");
}

#[test]
fn a_course_prints_at_real_size_over_pages_and_says_its_progress() {
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temp dir")
    };
    let out = dir.path().join("tour.pdf");
    let args = Args::new(vec![repo("courses/grand-tour.json")], out.clone());
    let mut heard = Vec::new();
    let summary = export(&args, &mut |what, d, a| {
        heard.push(format!("{what} {d} of {a}"))
    });
    let Ok(summary) = summary else {
        panic!("{summary:?}")
    };
    let pages = pdf_pages(&out);
    assert!(pages > 1, "{summary}");
    assert!(
        summary.starts_with(&format!("{pages} page(s)")),
        "{summary}"
    );
    assert_eq!(heard.last(), Some(&format!("page {pages} of {pages}")));

    let fitted = Args {
        fit: true,
        ..args.clone()
    };
    assert!(export(&fitted, &mut |_, _, _| ()).is_ok());
    assert_eq!(pdf_pages(&out), 1);

    let svg = dir.path().join("tour.svg");
    let as_svg = Args::new(vec![repo("courses/grand-tour.json")], svg.clone());
    assert!(export(&as_svg, &mut |_, _, _| ()).is_ok());
    let text = std::fs::read_to_string(&svg).unwrap_or_default();
    assert!(
        text.starts_with("<?xml") && text.contains("<text "),
        "{}",
        &text[..80.min(text.len())]
    );
}

#[test]
fn every_sample_course_has_a_course_sheet_of_one_or_two_pages() {
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temp dir")
    };
    let Ok(entries) = std::fs::read_dir(repo("courses")) else {
        panic!("no courses folder")
    };
    let mut courses: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    courses.sort();
    assert!(courses.len() >= 5);
    for course in courses {
        let out = dir.path().join("sheet.pdf");
        let args = Args {
            sheet: true,
            ..Args::new(vec![course.clone()], out.clone())
        };
        let summary = export(&args, &mut |_, _, _| ());
        assert!(summary.is_ok(), "{}: {summary:?}", course.display());
        let pages = pdf_pages(&out);
        assert!(
            (1..=2).contains(&pages),
            "{}: {pages} pages",
            course.display()
        );
        let sheet = sheet::sheet_for_file(&course);
        let Ok(sheet) = sheet else {
            panic!("{sheet:?}")
        };
        let headings: Vec<&str> = sheet.sections.iter().map(|(h, _)| h.as_str()).collect();
        for wanted in ["Flags, in order", "Starts", "Rules in force", "Validator"] {
            assert!(
                headings.contains(&wanted),
                "{}: {headings:?}",
                course.display()
            );
        }
        assert!(!sheet.legend.is_empty(), "{}", course.display());
        // Every legend entry is an element the course uses, with its rule sentence.
        assert!(
            sheet
                .legend
                .iter()
                .all(|e| e.rule.ends_with('.') && e.example.is_some())
        );
    }
}

#[test]
fn the_library_sheet_has_a_page_per_tile_and_sheets_must_be_pdf() {
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temp dir")
    };
    let tiles = vec![
        repo("tiles/gearworks.json"),
        repo("tiles/smelter.json"),
        repo("tiles/pit-lane.json"),
    ];
    let out = dir.path().join("lib.pdf");
    let args = Args {
        sheet: true,
        ..Args::new(tiles.clone(), out.clone())
    };
    assert!(export(&args, &mut |_, _, _| ()).is_ok());
    assert_eq!(pdf_pages(&out), 3);
    let png = Args {
        sheet: true,
        ..Args::new(tiles.clone(), dir.path().join("lib.png"))
    };
    let err = export(&png, &mut |_, _, _| ()).err().unwrap_or_default();
    assert!(err.contains("lib.png") && err.contains("PDF"), "{err}");
    let many = Args::new(tiles, dir.path().join("two.pdf"));
    let err = export(&many, &mut |_, _, _| ()).err().unwrap_or_default();
    assert!(err.contains("3 given"), "{err}");
}

#[test]
fn a_course_sheet_keeps_the_validators_figures_and_leaves_out_its_programs() {
    use super::sheet::without_program;
    assert_eq!(
        without_program(
            "flag 3 at (9, 18): 5 register(s) on the whole line, 2 damage: 5:right 1:move2 2:move3"
        ),
        "flag 3 at (9, 18): 5 register(s) on the whole line, 2 damage"
    );
    // A line that ends in words, not cards, is kept whole.
    let kept = "start (1, 1) facing south: the robot starts here";
    assert_eq!(without_program(kept), kept);
    assert_eq!(
        without_program("advice [lives]: each robot has 3 lives"),
        "advice [lives]: each robot has 3 lives"
    );
}

#[test]
fn a_course_sheet_lists_trap_squares_shared_by_several_flags_once() {
    let lines = [
        "trap squares of flag 1 (no way from them to it): (9, 2) (8, 8)",
        "trap squares of flag 2 (no way from them to it): (9, 2) (8, 8)",
        "trap squares of flag 3 (no way from them to it): (1, 1)",
        "difficulty: 29 registers",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(
        super::sheet::same_traps_once(lines),
        [
            "trap squares of flags 1, 2 (no way from them to it): (9, 2) (8, 8)",
            "trap squares of flag 3 (no way from them to it): (1, 1)",
            "difficulty: 29 registers",
        ]
    );
}
