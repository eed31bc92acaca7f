//! Scene items as egui shapes on the canvas. The static layer's meshes are merged once per
//! scenario change into one mesh in map units and only transformed afterwards, so a 40,000-hex
//! map costs one vertex transform per frame, not a rebuild.

use super::view::View;
use crate::geom::{Aabb, Point};
use crate::model::Colour;
use crate::scene::{Anchor, Item, Scene, Size, Stroke};
use egui::epaint::{self, FontsView, PathShape, PathStroke, TextureId};
use egui::{Align2, Color32, FontId, Pos2, Rect, Shape};

pub fn colour(c: Colour) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

/// Text smaller than this many screen points is not drawn (unreadable anyway).
const MIN_TEXT_PT: f32 = 5.0;

/// A run of the static layer: consecutive meshes merged into one, or other items kept as
/// they are, in paint order.
enum Run {
    Mesh(epaint::Mesh),
    Items(Vec<Item>),
}

/// The static layer, prepared for painting: consecutive meshes are merged (a hex map's cells
/// and hexsides become one mesh) in map units and only transformed each frame.
pub struct StaticLayer {
    runs: Vec<Run>,
    pub bounds: Aabb,
}

impl StaticLayer {
    pub fn new(scene: &Scene) -> StaticLayer {
        let mut runs: Vec<Run> = Vec::new();
        for item in &scene.items {
            match item {
                Item::Mesh(m) => {
                    if !matches!(runs.last(), Some(Run::Mesh(_))) {
                        runs.push(Run::Mesh(epaint::Mesh::default()));
                    }
                    let Some(Run::Mesh(mesh)) = runs.last_mut() else {
                        continue;
                    };
                    let base = mesh.vertices.len() as u32;
                    for (p, c) in m.positions.iter().zip(&m.colours) {
                        mesh.vertices.push(epaint::Vertex {
                            pos: Pos2::new(p.x, p.y),
                            uv: epaint::WHITE_UV,
                            color: colour(*c),
                        });
                    }
                    mesh.indices.extend(m.indices.iter().map(|i| base + i));
                }
                other => {
                    if !matches!(runs.last(), Some(Run::Items(_))) {
                        runs.push(Run::Items(Vec::new()));
                    }
                    if let Some(Run::Items(items)) = runs.last_mut() {
                        items.push(other.clone());
                    }
                }
            }
        }
        StaticLayer {
            runs,
            bounds: scene.bounds,
        }
    }

    /// The layer's shapes for this view, in paint order.
    pub fn shapes(
        &self,
        out: &mut Vec<Shape>,
        view: &View,
        clip: Rect,
        fonts: &mut FontsView<'_>,
        background: Option<TextureId>,
    ) {
        for run in &self.runs {
            match run {
                Run::Mesh(m) => {
                    let mut m = m.clone();
                    for v in &mut m.vertices {
                        v.pos = Pos2::new(
                            view.origin.x + v.pos.x * view.zoom,
                            view.origin.y + v.pos.y * view.zoom,
                        );
                    }
                    out.push(Shape::mesh(m));
                }
                Run::Items(items) => push_items(out, items, view, clip, fonts, background),
            }
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.runs
            .iter()
            .map(|r| match r {
                Run::Mesh(m) => m.vertices.len(),
                Run::Items(_) => 0,
            })
            .sum()
    }
}

fn size_pt(s: Size, view: &View) -> f32 {
    match s {
        Size::Map(v) => v * view.zoom,
        Size::Points(v) => v,
    }
}

fn path_stroke(s: &Stroke, view: &View) -> epaint::Stroke {
    epaint::Stroke::new(size_pt(s.width, view), colour(s.colour))
}

/// Appends the shapes of `items` that can be seen in `clip`.
pub fn push_items(
    out: &mut Vec<Shape>,
    items: &[Item],
    view: &View,
    clip: Rect,
    fonts: &mut FontsView<'_>,
    background: Option<TextureId>,
) {
    let visible = view.visible(clip.expand(4.0));
    let seen = |b: Aabb, pad: f32| {
        b.min.x - pad <= visible.max.x
            && b.max.x + pad >= visible.min.x
            && b.min.y - pad <= visible.max.y
            && b.max.y + pad >= visible.min.y
    };
    let s = |p: Point| view.to_screen(p);
    for item in items {
        match item {
            Item::Mesh(m) => {
                let mut mesh = epaint::Mesh::default();
                for (p, c) in m.positions.iter().zip(&m.colours) {
                    mesh.vertices.push(epaint::Vertex {
                        pos: s(*p),
                        uv: epaint::WHITE_UV,
                        color: colour(*c),
                    });
                }
                mesh.indices.extend_from_slice(&m.indices);
                out.push(Shape::mesh(mesh));
            }
            Item::Line {
                points,
                stroke,
                closed,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                if !seen(b, 1.0) {
                    continue;
                }
                let st = path_stroke(stroke, view);
                if st.width < 0.15 {
                    continue;
                }
                let pts: Vec<Pos2> = points.iter().map(|p| s(*p)).collect();
                match stroke.dash {
                    Some(d) => {
                        let dash = size_pt(Size::Map(d), view).max(2.0);
                        let dash = if matches!(stroke.width, Size::Points(_)) {
                            d
                        } else {
                            dash
                        };
                        let mut pts = pts;
                        if *closed && let Some(first) = pts.first().copied() {
                            pts.push(first);
                        }
                        out.extend(Shape::dashed_line(&pts, st, dash, dash));
                    }
                    None if *closed => out.push(Shape::Path(PathShape::closed_line(pts, st))),
                    None => out.push(Shape::Path(PathShape::line(pts, PathStroke::from(st)))),
                }
            }
            Item::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => {
                let b = Aabb {
                    min: *centre - Point::splat(*radius),
                    max: *centre + Point::splat(*radius),
                };
                if !seen(b, 1.0) {
                    continue;
                }
                let r = radius * view.zoom;
                if let Some(f) = fill {
                    out.push(Shape::circle_filled(s(*centre), r, colour(*f)));
                }
                if let Some(st) = stroke {
                    out.push(Shape::circle_stroke(s(*centre), r, path_stroke(st, view)));
                }
            }
            Item::Convex {
                points,
                fill,
                stroke,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                if !seen(b, 1.0) {
                    continue;
                }
                let pts: Vec<Pos2> = points.iter().map(|p| s(*p)).collect();
                let st = stroke
                    .as_ref()
                    .map_or(epaint::Stroke::NONE, |st| path_stroke(st, view));
                out.push(Shape::convex_polygon(
                    pts,
                    fill.map_or(Color32::TRANSPARENT, colour),
                    st,
                ));
            }
            Item::Text {
                pos,
                text,
                size,
                colour: c,
                anchor,
            } => {
                let pt = size_pt(*size, view);
                if !(MIN_TEXT_PT..=400.0).contains(&pt) {
                    continue;
                }
                // Cull by a generous box around the anchor before laying the text out.
                let reach = pt * (text.len() as f32 + 2.0) / view.zoom;
                let b = Aabb {
                    min: *pos - Point::splat(reach),
                    max: *pos + Point::splat(reach),
                };
                if !seen(b, 0.0) {
                    continue;
                }
                let align = match anchor {
                    Anchor::Centre => Align2::CENTER_CENTER,
                    Anchor::Top => Align2::CENTER_TOP,
                    Anchor::Bottom => Align2::CENTER_BOTTOM,
                    Anchor::Left => Align2::LEFT_CENTER,
                    Anchor::Right => Align2::RIGHT_CENTER,
                    Anchor::TopLeft => Align2::LEFT_TOP,
                };
                out.push(Shape::text(
                    fonts,
                    s(*pos),
                    align,
                    text,
                    FontId::proportional(pt),
                    colour(*c),
                ));
            }
            Item::Background { rect, opacity } => {
                if let Some(tex) = background {
                    let r = Rect::from_min_max(s(rect.min), s(rect.max));
                    let tint = Color32::from_white_alpha((opacity * 255.0) as u8);
                    out.push(Shape::image(
                        tex,
                        r,
                        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
                        tint,
                    ));
                }
            }
        }
    }
}
