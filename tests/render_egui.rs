//! The editor's picture of a board (egui shapes, rendered by wgpu) is the PNG export's picture
//! (vello_cpu): DESIGN.md, "an exported picture is what the editor shows".

use factory_floor::app::canvas::paint as egui_paint;
use factory_floor::format::{Document, load_document};
use factory_floor::geom::Square;
use factory_floor::model::Board;
use factory_floor::render::{SceneOptions, build_scene, png};

mod common;

#[test]
fn the_editor_paints_the_picture_the_png_export_holds() {
    let path = common::path("tests/fixtures/every_element.json");
    let Ok(Document::Tile(tile)) = load_document(&path) else {
        panic!("the every-element fixture should load as a tile")
    };
    let board = Board::from_tile(&tile, &[Square::new(1, 5), Square::new(6, 7)]);
    let scene = build_scene(&board, &SceneOptions::default());
    let painted = scene.clone();
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(512.0, 512.0))
        .wgpu()
        .build_ui(move |ui| {
            let to_screen = egui::emath::RectTransform::from_to(
                egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(8.0, 8.0)),
                egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(512.0, 512.0)),
            );
            egui_paint::paint_scene(ui.painter(), &painted, to_screen);
        });
    harness.run();
    let editor = harness.render();
    let Ok(editor) = editor else {
        panic!("egui could not render: {:?}", editor.err())
    };
    let Ok((w, h, export)) = png::rasterise(&scene, 64) else {
        panic!("the scene could not be rasterised")
    };
    assert_eq!((editor.width(), editor.height()), (w, h));
    let editor = editor.into_raw();
    let mut total = 0u64;
    let mut far = 0usize;
    for (a, b) in editor.chunks(4).zip(export.chunks(4)) {
        let d: u32 = (0..3).map(|i| u32::from(a[i].abs_diff(b[i]))).sum();
        total += u64::from(d);
        if d > 96 {
            far += 1;
        }
    }
    let pixels = (w * h) as usize;
    let mean = total as f64 / (pixels * 3) as f64;
    // Anti-aliasing, line joins and glyph rasterisers differ a little at edges (measured: mean
    // 0.9, 0.5% of pixels); a shape drawn elsewhere or in another colour would show far more.
    assert!(mean < 2.0, "mean channel difference {mean:.2}");
    assert!(
        far * 200 < pixels * 3,
        "{far} of {pixels} pixels differ strongly"
    );
}
