//! `factory-floor render`: reads tile or course files and writes their picture as PNG, SVG or
//! PDF (chosen by the output's extension), a PDF at real size over pages, or with `--sheet` a
//! course sheet per course and a library page per tile (`render/sheet.rs`, facts from `sheet`).

mod sheet;

use crate::engine::Factory;
use crate::format::{Document, Library, load_document, save_atomic};
use crate::model::{Board, CompileProblem, StartRule};
use crate::render::page::{PrintSettings, plan};
use crate::render::{Scene, SceneOptions, build_scene, build_scene_for_play, pdf, png, svg};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `render`.
#[derive(Clone, Debug, PartialEq)]
pub struct Args {
    pub files: Vec<PathBuf>,
    /// Where to write; `.png`, `.svg` or `.pdf`.
    pub output: PathBuf,
    /// PNG pixels per square, unless `dpi` is given.
    pub scale: u32,
    /// PNG: pixels per inch on paper, with squares of `print.square_mm`.
    pub dpi: Option<u32>,
    /// Paper, square size, margins and overlap of a PDF (and the size an SVG says it is).
    pub print: PrintSettings,
    /// PDF: the whole board on one page, as large as fits, rather than at real size.
    pub fit: bool,
    /// A course sheet per course file, a library page per tile file (PDF only).
    pub sheet: bool,
}

impl Args {
    /// `render FILE -o OUTPUT` with every option at its default.
    pub fn new(files: Vec<PathBuf>, output: PathBuf) -> Args {
        Args {
            files,
            output,
            scale: 48,
            dpi: None,
            print: PrintSettings::default(),
            fit: false,
            sheet: false,
        }
    }
}

/// The kinds of file `render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Svg,
    Pdf,
}

impl Format {
    /// The format an output path asks for by its extension.
    pub fn of(path: &Path) -> Result<Format, String> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            Some("pdf") => Ok(Format::Pdf),
            _ => Err(format!(
                "{}: the output must end in .png, .svg or .pdf",
                path.display()
            )),
        }
    }
}

/// Renders the files; exit 0 written, 2 a file cannot be read, drawn or written. Progress of
/// long exports goes to `err` ("page 40 of 1333"), the result to `out`.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut last = usize::MAX;
    let mut progress = |what: &str, done: usize, all: usize| {
        // A line every 5%, so a thousand pages say so twenty times.
        let step = done * 20 / all.max(1);
        if all > 1 && step != last {
            last = step;
            let _ = writeln!(err, "{what} {done} of {all}");
        }
    };
    match export(args, &mut progress) {
        Ok(summary) => {
            let _ = writeln!(out, "wrote {} ({summary})", args.output.display());
            super::OK
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            super::FAILED
        }
    }
}

/// Writes what `args` ask for and says what it wrote ("15 pages, 5 x 3, a4 portrait").
/// `progress` hears (what is counted, done, all) as the work goes.
pub fn export(args: &Args, progress: &mut dyn FnMut(&str, usize, usize)) -> Result<String, String> {
    if args.files.is_empty() {
        return Err("render needs a tile or course file".to_string());
    }
    // Before anything else: an output that is one of the inputs would destroy it.
    let inputs: Vec<&std::path::Path> = args.files.iter().map(|f| f.as_path()).collect();
    crate::format::refuse_input_as_output(&args.output, &inputs)?;
    let format = Format::of(&args.output)?;
    if args.sheet {
        if format != Format::Pdf {
            return Err(format!(
                "{}: sheets are PDF; name the output .pdf",
                args.output.display()
            ));
        }
        let sheets = args
            .files
            .iter()
            .map(|f| sheet::sheet_for_file(f))
            .collect::<Result<Vec<_>, _>>()?;
        let pages: usize = sheets
            .iter()
            .map(|s| crate::render::sheet::page_count(s, args.print.paper))
            .sum();
        let bytes = crate::render::sheet::sheets_to_pdf(&sheets, args.print.paper, &mut |d, a| {
            progress("sheet", d, a)
        })?;
        write(&args.output, &bytes)?;
        return Ok(format!("{} sheet(s), {pages} page(s)", sheets.len()));
    }
    let [file] = &args.files[..] else {
        return Err(format!(
            "render draws one file at a time ({} given); --sheet makes one PDF of many",
            args.files.len()
        ));
    };
    let (scene, title) = scene_of_file(file)?;
    // The same answer in every format (an SVG of nothing would be written without it).
    if !(scene.width > 0.0 && scene.height > 0.0) {
        return Err(format!(
            "{}: the board has no squares to draw: place a tile first",
            file.display()
        ));
    }
    let in_file = |e: String| format!("{}: {e}", file.display());
    let (bytes, summary) = match format {
        Format::Png => {
            let scale = match args.dpi {
                Some(dpi) => (args.print.square_mm / 25.4 * dpi as f32).round().max(1.0) as u32,
                None => args.scale,
            };
            let bytes = png::scene_to_png(&scene, scale).map_err(in_file)?;
            (bytes, format!("{scale} pixels a square"))
        }
        Format::Svg => {
            let text = svg::scene_to_svg(&scene, args.print.square_mm, &mut |d, a| {
                progress("shape", d, a)
            });
            (
                text.into_bytes(),
                format!(
                    "{} shapes, squares {} mm",
                    scene.shapes.len(),
                    args.print.square_mm
                ),
            )
        }
        Format::Pdf if args.fit => {
            let page = args.print.paper.size_mm();
            let bytes = pdf::scene_to_pdf_fitted(&scene, page, args.print.margin_mm, &title)
                .map_err(in_file)?;
            (bytes, format!("1 page, {}", args.print.paper.name()))
        }
        Format::Pdf => {
            let plan = plan(scene.width, scene.height, args.print).map_err(in_file)?;
            let bytes =
                pdf::scene_to_pdf_pages(&scene, &plan, &title, &mut |d, a| progress("page", d, a))
                    .map_err(in_file)?;
            let summary = format!(
                "{} page(s), {} x {}, {} {}, squares {} mm",
                plan.pages.len(),
                plan.cols,
                plan.rows,
                args.print.paper.name(),
                if plan.landscape {
                    "landscape"
                } else {
                    "portrait"
                },
                args.print.square_mm
            );
            (bytes, summary)
        }
    };
    write(&args.output, &bytes)?;
    Ok(summary)
}

fn write(output: &Path, bytes: &[u8]) -> Result<(), String> {
    save_atomic(output, bytes).map_err(|e| format!("{}: cannot write: {e}", output.display()))
}

/// The scene of a tile or course file as the editor shows it, and the name to head it with.
/// A course takes its tiles from the library beside the file; a missing tile is an error that
/// names the file, never a silent hole in the picture.
pub fn scene_of_file(path: &Path) -> Result<(Scene, String), String> {
    let doc = load_document(path).map_err(|e| e.to_string())?;
    let (board, options, title) = board_of(&doc, path)?;
    // A RoboRally Cubed course is drawn folded: its beams end where the engine ends them.
    let scene = match &doc {
        Document::Course(c) if c.rules.house.cubed.is_some() => {
            build_scene_for_play(&Factory::for_rules(board, &c.rules.house), &options)
        }
        _ => build_scene(&board, &options),
    };
    Ok((scene, title))
}

fn board_of(doc: &Document, path: &Path) -> Result<(Board, SceneOptions, String), String> {
    match doc {
        Document::Tile(tile) => Ok((
            Board::from_tile(tile, &[]),
            SceneOptions::default(),
            format!("{} ({})", tile.name, tile.id),
        )),
        Document::Course(course) => {
            let board = course.compile(&Library::for_file(path));
            if let Some(problem) = board
                .problems
                .iter()
                .find(|p| matches!(p, CompileProblem::UnknownTile { .. }))
            {
                return Err(format!("{}: {}", path.display(), problem.message()));
            }
            let archive_start = match course.start {
                StartRule::Archive(s) => Some(s),
                StartRule::Numbered => None,
            };
            let options = SceneOptions {
                archive_start,
                ..SceneOptions::default()
            };
            Ok((board, options, course.name.clone()))
        }
    }
}

/// Loads a tile or course file, draws it at `scale` pixels per square and writes the PNG to
/// `output` (atomically). Errors name the file they are about.
pub fn render_file(input: &Path, output: &Path, scale: u32) -> Result<(), String> {
    let args = Args {
        scale,
        ..Args::new(vec![input.to_path_buf()], output.to_path_buf())
    };
    export(&args, &mut |_, _, _| ()).map(|_| ())
}

#[cfg(test)]
mod tests;
