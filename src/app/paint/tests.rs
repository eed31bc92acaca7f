use super::*;
use crate::model::generate;

/// Waits until the layer's images are drawn and uploaded for a far view.
fn drawn(layer: &mut StaticLayer, ctx: &egui::Context) {
    let far = View {
        origin: Pos2::ZERO,
        zoom: 0.01,
    };
    let start = std::time::Instant::now();
    layer.upload(ctx, &far);
    while layer.busy() && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(2));
        layer.upload(ctx, &far);
    }
}

/// The vertices and images of the layer's meshes.
type Drawing = Vec<(Vec<epaint::Vertex>, Option<Arc<epaint::ColorImage>>)>;
use std::sync::Arc;

fn drawing(layer: &StaticLayer) -> Drawing {
    layer
        .runs
        .iter()
        .filter_map(|r| match r {
            Run::Mesh(m) => Some((m.vertices(), m.image())),
            Run::Items(_) => None,
        })
        .collect()
}

#[test]
fn painting_hexes_recolours_the_layer_as_drawing_it_again_would() {
    // 110 x 110 hexes: large enough to be drawn into an image.
    let mut s = generate::hex_battlefield(110, 0.1, 0, 2);
    let style = crate::scene::Style::default();
    let ctx = egui::Context::default();
    let mut layer = StaticLayer::new(&crate::scene::static_layer(&s, &style), &s, &style);
    drawn(&mut layer, &ctx);
    assert!(drawing(&layer).iter().any(|(_, image)| image.is_some()));
    // A short stroke, and two lone hexes at the map's corners (a patch each).
    let woods = s.terrain_types[2].id;
    let lake = s.terrain_types[3].id;
    if let crate::model::Map::Hex(h) = &mut s.map {
        for i in [5_000, 5_001, 5_002, 5_003, 0, 12_099] {
            h.terrain[i] = if h.terrain[i] == woods { lake } else { woods };
        }
    }
    layer.update(&s, &style, || panic!("the layer was drawn again"));
    let mut fresh = StaticLayer::new(&crate::scene::static_layer(&s, &style), &s, &style);
    drawn(&mut fresh, &ctx);
    let (a, b) = (drawing(&layer), drawing(&fresh));
    assert_eq!(a.len(), b.len());
    for ((va, ia), (vb, ib)) in a.iter().zip(&b) {
        let d: Vec<_> = va
            .iter()
            .zip(vb)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (x, y))| (i, x.color, y.color, x.pos, y.pos))
            .take(4)
            .collect();
        assert!(
            d.is_empty() && va.len() == vb.len(),
            "vertices differ: {d:?}"
        );
        assert_eq!(ia.as_ref().map(|i| i.size), ib.as_ref().map(|i| i.size));
        if let (Some(ia), Some(ib)) = (ia, ib) {
            let differ = ia
                .pixels
                .iter()
                .zip(&ib.pixels)
                .filter(|(x, y)| x != y)
                .count();
            assert_eq!(differ, 0, "texels differ");
        }
    }
}

#[test]
fn a_new_hexside_draws_the_layer_again() {
    let mut s = generate::hex_battlefield(8, 0.0, 0, 2);
    let style = crate::scene::Style::default();
    let mut layer = StaticLayer::new(&crate::scene::static_layer(&s, &style), &s, &style);
    if let crate::model::Map::Hex(h) = &mut s.map {
        let hex = h.grid().hex_at(10).expect("hex");
        h.hexsides.push(crate::model::Hexside {
            hex,
            direction: 1,
            features: crate::model::HexsideFeatures {
                river: true,
                ..Default::default()
            },
        });
    }
    let mut again = false;
    layer.update(&s, &style, || {
        again = true;
        crate::scene::static_layer(&s, &style)
    });
    assert!(again);
}

/// Calibrating a background, or nudging it, moves the image on a hex map: the layer is drawn
/// again rather than only its cells recoloured (which left the image where it was stretched).
#[test]
fn calibrating_the_background_draws_the_layer_again() {
    let mut s = generate::hex_battlefield(8, 0.0, 0, 2);
    s.background = Some(crate::model::Background {
        encoded: Vec::new().into(),
        width_px: 400,
        height_px: 300,
        opacity: 0.8,
        placement: None,
    });
    let style = crate::scene::Style::default();
    let mut layer = StaticLayer::new(&crate::scene::static_layer(&s, &style), &s, &style);
    let mut placement = crate::model::ImagePlacement {
        origin_px: [40.0, 30.0],
        px_per_unit: 50.0 / 25.0,
        rotation_deg: 2.0,
    };
    for step in ["calibrated", "nudged"] {
        if let Some(b) = &mut s.background {
            b.placement = Some(placement);
        }
        let mut again = false;
        layer.update(&s, &style, || {
            again = true;
            crate::scene::static_layer(&s, &style)
        });
        assert!(again, "the image stayed where it was once {step}");
        placement.origin_px[0] += 5.0;
    }
    // Painting a hex over the placed image still only recolours.
    if let crate::model::Map::Hex(h) = &mut s.map {
        h.terrain[3] = s.terrain_types[2].id;
    }
    layer.update(&s, &style, || panic!("the layer was drawn again"));
}

/// The table's ruler numbers stay readable zoomed out (a 6' table fitted in the window is at
/// about 12 points to the inch, where 0.45" type would be 5 points) and grow with the map
/// zoomed in.
#[test]
fn table_edge_numbers_are_at_least_twelve_points_on_screen() {
    let s = crate::samples::by_name("rearguard")
        .expect("sample")
        .load()
        .expect("loads");
    let scene = crate::scene::static_layer(&s, &crate::scene::Style::default());
    let numbers: Vec<Size> = scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, size, .. } if text.ends_with('"') => Some(*size),
            _ => None,
        })
        .collect();
    assert!(numbers.len() >= 4, "the ruler is numbered");
    let at = |zoom: f32| View {
        origin: Pos2::ZERO,
        zoom,
    };
    for size in numbers {
        assert!(size_pt(size, &at(12.0)) >= 12.0, "{size:?}");
        assert!(size_pt(size, &at(60.0)) > 20.0, "{size:?}");
    }
}

/// Objectives' and zones' names read at arm's length on a table fitted in the window (about
/// 16 points to the inch), where their true size would be some 7 points ("Hill 112").
#[test]
fn objective_and_zone_names_are_never_under_eleven_points_on_screen() {
    let view = View {
        origin: Pos2::ZERO,
        zoom: 16.0,
    };
    for name in ["bakambo", "patrol", "skirmish", "rearguard"] {
        let s = crate::samples::named(name);
        let names: Vec<&str> = s
            .objectives
            .iter()
            .map(|o| o.name.as_str())
            .chain(s.zones.iter().map(|z| z.name.as_str()))
            .collect();
        let scene = crate::scene::dynamic_layer(&s, &crate::scene::Style::default());
        let mut seen = 0;
        for item in &scene.items {
            if let crate::scene::Item::Text { text, size, .. } = item
                && names.contains(&text.as_str())
            {
                seen += 1;
                let pt = size_pt(*size, &view);
                assert!(pt >= 11.0, "{name}: '{text}' is {pt:.1} points");
            }
        }
        assert!(seen > 0 || names.is_empty(), "{name}: no name drawn");
    }
}
