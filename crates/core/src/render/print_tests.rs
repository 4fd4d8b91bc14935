//! Every format carries the same picture (issue 20): the shapes of the SVG and of the PDF, counted
//! by kind, are the scene's; a real-size PDF has the pages the plan says, of the paper's size.

use super::page::{Paper, PrintSettings, plan};
use super::{Scene, SceneOptions, Shape, build_scene};
use crate::format::{self, Document};
use crate::model::Board;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn every_element_scene() -> Scene {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/every_element.json");
    let tile = match format::load_document(&path) {
        Ok(Document::Tile(t)) => t,
        other => panic!("the every-element fixture should be a tile: {other:?}"),
    };
    build_scene(
        &Board::from_tile(&tile, &[]),
        &SceneOptions {
            grid: true,
            ..SceneOptions::default()
        },
    )
}

/// The scene's shapes by kind: what each writer must carry.
fn scene_counts(scene: &Scene) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for shape in &scene.shapes {
        let kind = match shape {
            Shape::Rect { .. } => "rect",
            Shape::Polygon { .. } => "polygon",
            Shape::Polyline { .. } => "polyline",
            Shape::Circle { .. } => "circle",
            Shape::Text { text, .. } if text.is_empty() => continue,
            Shape::Text { .. } => "text",
        };
        *counts.entry(kind).or_insert(0) += 1;
    }
    counts
}

#[test]
fn the_svg_carries_every_shape_of_the_scene_as_an_element_of_its_kind() {
    let scene = every_element_scene();
    let svg = super::svg::scene_to_svg(&scene, 24.0, &mut |_, _| ());
    let body = svg.split("<g id=\"scene\">").nth(1).unwrap_or_default();
    let mut counts = BTreeMap::new();
    for kind in ["rect", "polygon", "polyline", "circle", "text"] {
        let n = body.matches(&format!("<{kind} ")).count();
        if n > 0 {
            counts.insert(kind, n);
        }
    }
    assert_eq!(counts, scene_counts(&scene));
    assert!(
        counts.len() == 5,
        "the fixture draws every kind of shape: {counts:?}"
    );
    // Real size: 12 squares of 24 mm.
    assert!(
        svg.contains(&format!("width=\"{}mm\"", scene.width * 24.0)),
        "{}",
        &svg[..200]
    );
    // Every text is there as text.
    for text in scene.texts().filter(|t| !t.is_empty()) {
        let escaped = text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(body.contains(&format!(">{escaped}</text>")), "{text}");
    }
}

/// The painted paths of a PDF's pages by kind: curved (circles), closed whose last line returns
/// to the first point (polygons), other closed (rectangles), open (polylines), and text objects.
fn pdf_counts(bytes: &[u8]) -> (BTreeMap<&'static str, usize>, Vec<(f32, f32)>, String) {
    let doc = lopdf::Document::load_mem(bytes);
    let Ok(doc) = doc else {
        panic!("the PDF does not parse: {doc:?}")
    };
    let mut counts = BTreeMap::new();
    let mut sizes = Vec::new();
    let mut fonts = String::new();
    for (_, page_id) in doc.get_pages() {
        let media = doc
            .get_dictionary(page_id)
            .and_then(|d| d.get(b"MediaBox"))
            .and_then(|m| m.as_array())
            .map(|a| {
                a.iter()
                    .map(|v| v.as_float().unwrap_or(0.0))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        if let [x0, y0, x1, y1] = media[..] {
            sizes.push((x1 - x0, y1 - y0));
        }
        if let Ok(fs) = doc.get_page_fonts(page_id) {
            for f in fs.values() {
                if let Ok(name) = f.get(b"BaseFont").and_then(|n| n.as_name()) {
                    fonts.push_str(&String::from_utf8_lossy(name));
                }
            }
        }
        let content = doc.get_and_decode_page_content(page_id);
        let Ok(content) = content else {
            panic!("page content does not decode: {content:?}")
        };
        let mut path: Vec<(String, Vec<f32>)> = Vec::new();
        for op in content.operations {
            let nums: Vec<f32> = op
                .operands
                .iter()
                .filter_map(|o| o.as_float().ok())
                .collect();
            match op.operator.as_str() {
                "m" | "l" | "c" | "h" => path.push((op.operator.clone(), nums)),
                "f" | "f*" | "S" | "B" | "B*" | "b" | "b*" | "s" => {
                    let kind = if path.iter().any(|(o, _)| o == "c") {
                        "circle"
                    } else if path.last().is_some_and(|(o, _)| o == "h") {
                        let first = path.first().map(|(_, p)| p.clone());
                        let last_line = path
                            .iter()
                            .rev()
                            .find(|(o, _)| o == "l")
                            .map(|(_, p)| p.clone());
                        if first.is_some() && first == last_line {
                            "polygon"
                        } else {
                            "rect"
                        }
                    } else {
                        "polyline"
                    };
                    *counts.entry(kind).or_insert(0) += 1;
                    path.clear();
                }
                "n" => path.clear(),
                "BT" => *counts.entry("text").or_insert(0) += 1,
                _ => {}
            }
        }
    }
    (counts, sizes, fonts)
}

#[test]
fn the_pdf_carries_every_shape_of_the_scene_as_a_path_of_its_kind_and_text_as_text() {
    let scene = every_element_scene();
    let pdf = super::pdf::scene_to_pdf_fitted(&scene, Paper::A4.size_mm(), 10.0, "");
    let Ok(pdf) = pdf else { panic!("{pdf:?}") };
    let (counts, sizes, fonts) = pdf_counts(&pdf);
    let mut expected = scene_counts(&scene);
    // The board's background is one more rectangle.
    *expected.entry("rect").or_insert(0) += 1;
    assert_eq!(counts, expected);
    assert_eq!(sizes.len(), 1);
    assert!(
        (sizes[0].0 - 595.28).abs() < 0.1 && (sizes[0].1 - 841.89).abs() < 0.1,
        "{sizes:?}"
    );
    assert!(
        fonts.contains("Ubuntu"),
        "the font is embedded by name: {fonts}"
    );
}

#[test]
fn a_real_size_pdf_has_the_pages_of_its_plan_on_the_chosen_paper() {
    // 36 x 24 squares at 24 mm on A4: 5 x 3 portrait pages (see page.rs); on Letter at 30 mm:
    // picture 195.9 x 252.4 mm, (1080-10)/(195.9-10) -> 6 columns, (720-10)/(252.4-10) -> 3 rows
    // = 18 portrait; landscape 259.4 x 188.9: 5 x 4 = 20; so 18 portrait pages.
    let scene = Scene {
        width: 36.0,
        height: 24.0,
        ..every_element_scene()
    };
    for (settings, pages, size_pt) in [
        (PrintSettings::default(), 15, (595.28, 841.89)),
        (
            PrintSettings {
                paper: Paper::Letter,
                square_mm: 30.0,
                ..PrintSettings::default()
            },
            18,
            (612.0, 792.0),
        ),
    ] {
        let plan = plan(scene.width, scene.height, settings);
        let Ok(plan) = plan else { panic!("{plan:?}") };
        let mut heard = Vec::new();
        let pdf = super::pdf::scene_to_pdf_pages(&scene, &plan, "test", &mut |done, all| {
            heard.push((done, all))
        });
        let Ok(pdf) = pdf else { panic!("{pdf:?}") };
        let (counts, sizes, _) = pdf_counts(&pdf);
        assert_eq!(sizes.len(), pages, "{settings:?}");
        for (w, h) in sizes {
            assert!(
                (w - size_pt.0).abs() < 0.1 && (h - size_pt.1).abs() < 0.1,
                "{w} x {h}"
            );
        }
        assert_eq!(
            heard.last(),
            Some(&(pages, pages)),
            "progress is told page by page"
        );
        // Every page has its header; the scene's texts are spread over the pages.
        assert!(counts.get("text").copied().unwrap_or(0) >= pages);
    }
}
