//! Sheets for the table: a course sheet (the map small, the facts players need, the validator's
//! figures, a legend of the elements used) and a library sheet (a page per tile), laid out as
//! PDF pages from plain facts. What the facts are is `cli::render`'s; this file only sets them.

use super::page::{Paper, Window};
use super::pdf::{draw_scene_in, draw_window, finish, font, label, page_settings};
use super::text::measure;
use super::{Anchor, Scene};
use krilla::Document;
use krilla::text::Font;

/// One sheet: a title, the map, sections of lines and a legend. It takes a page, and more when
/// its text does not fit on one.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    pub title: String,
    /// Under the title, smaller: the file, the id, the author.
    pub subtitle: String,
    pub map: Scene,
    /// How much of the page height the map may take, in millimetres.
    pub map_height_mm: f32,
    /// Sections: a heading, then its lines.
    pub sections: Vec<(String, Vec<String>)>,
    pub legend: Vec<LegendEntry>,
}

/// One element of the legend: its name, its rule in one sentence, and a square of the map that
/// shows one.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub name: String,
    pub rule: String,
    /// The board square (its north-west corner) the picture shows.
    pub example: Option<(f32, f32)>,
}

const MARGIN: f32 = 12.0;
const TEXT: f32 = 3.0;
const LINE: f32 = 4.0;
const PICTURE: f32 = 8.0;
const GUTTER: f32 = 6.0;

/// What a page of a sheet holds, placed in millimetres.
enum Item {
    Text {
        text: String,
        at: (f32, f32),
        size: f32,
    },
    Map {
        at: (f32, f32),
        area: (f32, f32),
    },
    Square {
        square: (f32, f32),
        at: (f32, f32),
    },
}

/// The sheets as one PDF, each starting on a new page. `progress` hears (sheets done, sheets).
pub fn sheets_to_pdf(
    sheets: &[Sheet],
    paper: Paper,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, String> {
    if sheets.is_empty() {
        return Err("no sheet to write".to_string());
    }
    let font = font()?;
    let mut doc = Document::new();
    let size = paper.size_mm();
    for (i, sheet) in sheets.iter().enumerate() {
        for items in lay_out(sheet, size) {
            let mut page = doc.start_page_with(page_settings(size.0, size.1)?);
            let mut s = page.surface();
            for item in items {
                paint(&mut s, &font, &sheet.map, item);
            }
            s.finish();
            page.finish();
        }
        progress(i + 1, sheets.len());
    }
    finish(doc)
}

/// How many pages a sheet takes on `paper`.
pub fn page_count(sheet: &Sheet, paper: Paper) -> usize {
    lay_out(sheet, paper.size_mm()).len()
}

fn paint(s: &mut krilla::surface::Surface<'_>, font: &Font, map: &Scene, item: Item) {
    match item {
        Item::Text { text, at, size } => label(s, font, &text, at, size, Anchor::TOP_LEFT),
        Item::Map { at, area } => draw_scene_in(s, font, map, at, area, &mut |_, _| ()),
        Item::Square { square: (x, y), at } => {
            let window = Window {
                x0: x,
                y0: y,
                x1: x + 1.0,
                y1: y + 1.0,
            };
            draw_window(s, font, map, window, at, PICTURE, &mut |_, _| ());
        }
    }
}

/// Places a sheet's contents down its pages: the title and map on the first, then the sections
/// and the legend, turning the page whenever the next block would cross the bottom margin.
fn lay_out(sheet: &Sheet, size: (f32, f32)) -> Vec<Vec<Item>> {
    let width = size.0 - 2.0 * MARGIN;
    let bottom = size.1 - MARGIN;
    let mut pages = vec![vec![
        Item::Text {
            text: sheet.title.clone(),
            at: (MARGIN, MARGIN),
            size: 6.0,
        },
        Item::Text {
            text: sheet.subtitle.clone(),
            at: (MARGIN, MARGIN + 8.0),
            size: TEXT,
        },
        Item::Map {
            at: (MARGIN, MARGIN + 14.0),
            area: (width, sheet.map_height_mm),
        },
    ]];
    let mut y = MARGIN + 14.0 + sheet.map_height_mm + 5.0;
    let need = |pages: &mut Vec<Vec<Item>>, y: &mut f32, height: f32| {
        if *y + height > bottom {
            pages.push(vec![Item::Text {
                text: format!("{} (continued)", sheet.title),
                at: (MARGIN, MARGIN),
                size: 4.0,
            }]);
            *y = MARGIN + 8.0;
        }
    };
    let text = |pages: &mut Vec<Vec<Item>>, text: String, at: (f32, f32), size: f32| {
        if let Some(page) = pages.last_mut() {
            page.push(Item::Text { text, at, size });
        }
    };
    for (heading, lines) in &sheet.sections {
        need(&mut pages, &mut y, LINE * 2.0);
        text(&mut pages, heading.clone(), (MARGIN, y), 4.0);
        y += LINE + 0.8;
        for line in lines {
            for wrapped in wrap(line, TEXT, width - 4.0) {
                need(&mut pages, &mut y, LINE);
                text(&mut pages, wrapped, (MARGIN + 4.0, y), TEXT);
                y += LINE;
            }
        }
        y += 2.0;
    }
    if !sheet.legend.is_empty() {
        need(&mut pages, &mut y, LINE * 2.0 + PICTURE);
        text(
            &mut pages,
            "Legend: every element on this board and what it does".to_string(),
            (MARGIN, y),
            4.0,
        );
        y += LINE + 1.5;
        // Two entries a row: a picture of a square of the map that shows the element, then its
        // name and rule.
        let column = (width - GUTTER) / 2.0;
        let text_width = column - PICTURE - 2.0;
        for pair in sheet.legend.chunks(2) {
            let wrapped: Vec<Vec<String>> = pair
                .iter()
                .map(|e| wrap(&format!("{}: {}", e.name, e.rule), TEXT, text_width))
                .collect();
            let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1);
            let height = (lines as f32 * LINE).max(PICTURE) + 1.5;
            need(&mut pages, &mut y, height);
            for (i, (entry, lines)) in pair.iter().zip(wrapped).enumerate() {
                let x = MARGIN + i as f32 * (column + GUTTER);
                if let (Some(square), Some(page)) = (entry.example, pages.last_mut()) {
                    page.push(Item::Square { square, at: (x, y) });
                }
                for (k, l) in lines.into_iter().enumerate() {
                    text(
                        &mut pages,
                        l,
                        (x + PICTURE + 2.0, y + k as f32 * LINE),
                        TEXT,
                    );
                }
            }
            y += height;
        }
    }
    pages
}

/// Breaks `text` into lines no wider than `width` millimetres at `size`, at spaces.
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && measure(&candidate, size).width > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_spaces_within_the_width() {
        let text = "a robot on a gear turns ninety degrees in the direction of the arrows after belts move";
        let lines = wrap(text, 3.3, 40.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert!(
            lines.iter().all(|l| measure(l, 3.3).width <= 40.0),
            "{lines:?}"
        );
    }

    #[test]
    fn a_sheet_too_long_for_one_page_goes_on_to_a_second() {
        let short = Sheet {
            title: "t".into(),
            map: Scene {
                width: 12.0,
                height: 12.0,
                ..Scene::default()
            },
            map_height_mm: 100.0,
            sections: vec![("Flags".into(), vec!["flag 1 at (3, 4)".into()])],
            ..Sheet::default()
        };
        assert_eq!(page_count(&short, Paper::A4), 1);
        let long = Sheet {
            sections: vec![("Legs".into(), vec!["a leg".to_string(); 60])],
            ..short.clone()
        };
        assert_eq!(page_count(&long, Paper::A4), 2);
        let pdf = sheets_to_pdf(&[short, long], Paper::A4, &mut |_, _| ());
        let pages = pdf.map(|b| lopdf::Document::load_mem(&b).map(|d| d.get_pages().len()));
        assert!(matches!(pages, Ok(Ok(3))), "{pages:?}");
    }
}
