//! Print at real size: how a board of squares of a chosen size in millimetres is cut into A4 or
//! Letter pages, with margins, an overlap between neighbouring pages and a name for every page
//! (column letter, row number: "B2"), so the pages can be cut and joined on the table.

/// The default size of a printed square, in millimetres. No rules source we hold gives the size
/// of the printed factory boards; docs/printing.md says how this figure was chosen.
pub const DEFAULT_SQUARE_MM: f32 = 24.0;
/// Points (PDF's unit, 1/72 inch) per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;
/// The band at the top of a page for its name and the scale.
pub const HEADER_MM: f32 = 7.0;
/// The most pages one export makes: the largest legal course (320 x 320 squares) at the default
/// square size takes about 1,400 A4 pages; more than this is a mistake in the square size.
pub const MAX_PAGES: usize = 20_000;

/// A page size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Portrait width and height in millimetres (ISO 216; US Letter 8.5 x 11 inches).
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    pub fn parse(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper \"{s}\": use a4 or letter")),
        }
    }
}

/// How to print at real size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrintSettings {
    pub paper: Paper,
    /// The side of one square on paper.
    pub square_mm: f32,
    /// White paper kept around the picture on every side (printers cannot print to the edge).
    pub margin_mm: f32,
    /// How far a page's picture repeats its neighbour's, to glue or tape the pages over.
    pub overlap_mm: f32,
}

impl Default for PrintSettings {
    fn default() -> Self {
        PrintSettings {
            paper: Paper::A4,
            square_mm: DEFAULT_SQUARE_MM,
            margin_mm: 10.0,
            overlap_mm: 10.0,
        }
    }
}

/// The part of the board one page shows, in board units (squares).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// One page of the plan: its place in the grid of pages and the board it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageTile {
    pub col: usize,
    pub row: usize,
    pub window: Window,
}

impl PageTile {
    pub fn label(&self) -> String {
        page_label(self.col, self.row)
    }
}

/// How a board is cut into pages.
#[derive(Clone, Debug, PartialEq)]
pub struct PagePlan {
    pub settings: PrintSettings,
    /// The page's width and height in millimetres, as printed (landscape when wider).
    pub page_mm: (f32, f32),
    pub landscape: bool,
    /// The top-left corner of the picture on the page and the largest picture a page holds, in
    /// millimetres.
    pub image_origin_mm: (f32, f32),
    pub image_mm: (f32, f32),
    pub cols: usize,
    pub rows: usize,
    /// Row by row, left to right.
    pub pages: Vec<PageTile>,
}

impl PagePlan {
    /// The page to the right of or below `page`, if any.
    pub fn neighbour(&self, page: &PageTile, right: bool) -> Option<&PageTile> {
        let (col, row) = if right {
            (page.col + 1, page.row)
        } else {
            (page.col, page.row + 1)
        };
        if col < self.cols && row < self.rows {
            self.pages.get(row * self.cols + col)
        } else {
            None
        }
    }

    /// Where on the page (millimetres from its top-left corner) board point `(x, y)` of `page`
    /// lands.
    pub fn to_page_mm(&self, page: &PageTile, x: f32, y: f32) -> (f32, f32) {
        let s = self.settings.square_mm;
        (
            self.image_origin_mm.0 + (x - page.window.x0) * s,
            self.image_origin_mm.1 + (y - page.window.y0) * s,
        )
    }
}

/// The name of a page: its column as letters (A..Z, AA..) and its row from 1.
pub fn page_label(col: usize, row: usize) -> String {
    let mut letters = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        let d = (n - 1) % 26;
        letters.push(char::from(b'A' + d as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect::<String>() + &(row + 1).to_string()
}

/// Cuts a `width` x `height` squares board into pages, portrait or landscape, whichever needs
/// fewer (portrait on a tie). Errors say which setting is out of range.
pub fn plan(width: f32, height: f32, settings: PrintSettings) -> Result<PagePlan, String> {
    let PrintSettings {
        paper,
        square_mm,
        margin_mm,
        ..
    } = settings;
    if !(1.0..=300.0).contains(&square_mm) {
        return Err(format!(
            "a square of {square_mm} mm cannot be printed: use 1 to 300 mm"
        ));
    }
    if !(0.0..=50.0).contains(&margin_mm) {
        return Err(format!("a margin of {margin_mm} mm: use 0 to 50 mm"));
    }
    if width <= 0.0 || height <= 0.0 {
        return Err("the board has no squares to print".to_string());
    }
    let (pw, ph) = paper.size_mm();
    let portrait = plan_one(width, height, settings, (pw, ph), false)?;
    let landscape = plan_one(width, height, settings, (ph, pw), true)?;
    let best = if landscape.pages.len() < portrait.pages.len() {
        landscape
    } else {
        portrait
    };
    if best.pages.len() > MAX_PAGES {
        return Err(format!(
            "{} pages ({} x {}) at {square_mm} mm a square: at most {MAX_PAGES}; use a smaller --square-mm",
            best.pages.len(),
            best.cols,
            best.rows
        ));
    }
    Ok(best)
}

fn plan_one(
    width: f32,
    height: f32,
    settings: PrintSettings,
    page_mm: (f32, f32),
    landscape: bool,
) -> Result<PagePlan, String> {
    let m = settings.margin_mm;
    let image = (page_mm.0 - 2.0 * m, page_mm.1 - 2.0 * m - HEADER_MM);
    let overlap = settings.overlap_mm;
    if image.0 < 20.0 || image.1 < 20.0 {
        return Err(format!("margins of {m} mm leave no room on the page"));
    }
    if !(0.0..=image.0.min(image.1) / 2.0).contains(&overlap) {
        return Err(format!(
            "an overlap of {overlap} mm: use 0 to {} mm",
            image.0.min(image.1) / 2.0
        ));
    }
    let s = settings.square_mm;
    let count = |board_mm: f32, image_mm: f32| -> usize {
        if board_mm <= image_mm + 1e-3 {
            1
        } else {
            ((board_mm - overlap) / (image_mm - overlap))
                .ceil()
                .max(1.0) as usize
        }
    };
    let (cols, rows) = (count(width * s, image.0), count(height * s, image.1));
    if cols.saturating_mul(rows) > MAX_PAGES * 4 {
        // Far too many to list: say how many without making them.
        return Ok(PagePlan {
            settings,
            page_mm,
            landscape,
            image_origin_mm: (m, m + HEADER_MM),
            image_mm: image,
            cols,
            rows,
            pages: vec![
                PageTile {
                    col: 0,
                    row: 0,
                    window: Window {
                        x0: 0.0,
                        y0: 0.0,
                        x1: 0.0,
                        y1: 0.0
                    }
                };
                MAX_PAGES + 1
            ],
        });
    }
    let step = ((image.0 - overlap) / s, (image.1 - overlap) / s);
    let span = (image.0 / s, image.1 / s);
    let mut pages = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        for col in 0..cols {
            let (x0, y0) = (col as f32 * step.0, row as f32 * step.1);
            pages.push(PageTile {
                col,
                row,
                window: Window {
                    x0,
                    y0,
                    x1: (x0 + span.0).min(width),
                    y1: (y0 + span.1).min(height),
                },
            });
        }
    }
    Ok(PagePlan {
        settings,
        page_mm,
        landscape,
        image_origin_mm: (m, m + HEADER_MM),
        image_mm: image,
        cols,
        rows,
        pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_named_by_column_letters_and_row_numbers() {
        assert_eq!(page_label(0, 0), "A1");
        assert_eq!(page_label(1, 0), "B1");
        assert_eq!(page_label(25, 2), "Z3");
        assert_eq!(page_label(26, 0), "AA1");
    }

    #[test]
    fn a_board_wider_than_a_page_is_cut_into_overlapping_pages_that_cover_it() {
        // 36 x 24 squares at 24 mm: 864 x 576 mm. A4 landscape holds 277 x 183 mm of picture
        // (10 mm margins, 7 mm header): (864-10)/(277-10) -> 4 columns, (576-10)/(183-10) -> 4
        // rows = 16 pages; portrait holds 190 x 270: 5 columns x 3 rows = 15 pages, so portrait.
        let plan = plan(36.0, 24.0, PrintSettings::default());
        let Ok(plan) = plan else { panic!("{plan:?}") };
        assert!(!plan.landscape);
        assert_eq!((plan.cols, plan.rows, plan.pages.len()), (5, 3, 15));
        // Each page repeats the last 10 mm of the one before it, and the last pages reach the
        // board's edge.
        let a1 = plan.pages[0].window;
        let b1 = plan.pages[1].window;
        assert!(
            ((a1.x1 - b1.x0) * 24.0 - 10.0).abs() < 1e-3,
            "{a1:?} {b1:?}"
        );
        assert_eq!(
            plan.pages.last().map(|p| (p.window.x1, p.window.y1)),
            Some((36.0, 24.0))
        );
        assert_eq!(
            plan.neighbour(&plan.pages[0], true).map(PageTile::label),
            Some("B1".into())
        );
        assert_eq!(plan.neighbour(&plan.pages[4], true), None);
    }

    #[test]
    fn settings_out_of_range_are_refused_with_the_setting_named() {
        let bad = PrintSettings {
            square_mm: 0.0,
            ..PrintSettings::default()
        };
        assert!(plan(12.0, 12.0, bad).is_err_and(|e| e.contains("square of 0 mm")));
        let tiny = PrintSettings {
            square_mm: 300.0,
            ..PrintSettings::default()
        };
        // 320 squares of 300 mm would take thousands of pages.
        assert!(plan(320.0, 320.0, tiny).is_err_and(|e| e.contains("at most 20000")));
    }
}
