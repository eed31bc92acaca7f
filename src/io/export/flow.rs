//! Flowing the sheet's words into columns, page after page: headings kept with what follows
//! them, rows and paragraphs moved whole to the next column when they fit there, and split line
//! by line when they are taller than a whole column, so nothing is ever left out. Each column is
//! a [`Frame`]; a sheet has the columns beside or under its map on the first page, then the same
//! columns on every further page, up to a limit on pages.

use super::fonts::{Weight, wrap};
use super::furniture::{INK, SOFT, heading};
use super::page::{
    HAlign, MM_PER_PT, MapToPaper, Op, Page, Picture, ScenePlacement, TextLine, VAlign,
};
use super::sheet_words::{Block, Swatch};
use crate::model::Colour;
use crate::scene::Scene;
use std::sync::Arc;
use vello_cpu::kurbo::{Rect, Shape};

/// A legend swatch's size on paper, millimetres.
pub(super) const SWATCH: (f64, f64) = (8.4, 5.6);

/// Places `scene` to fit `rect`, centred.
pub(super) fn fit_scene(
    scene: Arc<Scene>,
    rect: Rect,
    background: Option<Arc<Picture>>,
) -> ScenePlacement {
    let b = scene.bounds;
    let (w, h) = (
        f64::from(b.max.x - b.min.x).max(1e-6),
        f64::from(b.max.y - b.min.y).max(1e-6),
    );
    let k = (rect.width() / w).min(rect.height() / h);
    let ox = rect.x0 + (rect.width() - w * k) / 2.0 - f64::from(b.min.x) * k;
    let oy = rect.y0 + (rect.height() - h * k) / 2.0 - f64::from(b.min.y) * k;
    ScenePlacement {
        scene,
        to_paper: MapToPaper {
            scale: k,
            offset: (ox, oy),
        },
        clip: rect.inflate(0.6, 0.6),
        background,
    }
}

/// Where the words may go: the first page's columns, then `rest` on each further page, for at
/// most `max_pages` pages in all.
pub(super) struct Frames {
    pub first: Vec<Rect>,
    pub rest: Vec<Rect>,
    pub max_pages: usize,
}

impl Frames {
    /// The `r`-th column in reading order, with its page.
    fn get(&self, r: usize) -> Option<(usize, Rect)> {
        if let Some(rect) = self.first.get(r) {
            return Some((0, *rect));
        }
        if self.rest.is_empty() {
            return None;
        }
        let k = r - self.first.len();
        let page = 1 + k / self.rest.len();
        (page < self.max_pages).then(|| (page, self.rest[k % self.rest.len()]))
    }
}

/// The words laid out: the ops of each page, and how many columns of each page hold words.
pub(super) struct Flowed {
    pub pages: Vec<Vec<Op>>,
    pub columns_used: Vec<usize>,
}

/// Lays `blocks` into `frames` at `body` points. `None` when they need more pages than the
/// frames allow.
pub(super) fn flow(blocks: &[Block], frames: &Frames, body: f64) -> Option<Flowed> {
    let (page, first) = frames.get(0)?;
    let mut f = Flow {
        frames,
        out: Flowed {
            pages: vec![Vec::new(); page + 1],
            columns_used: vec![0; page + 1],
        },
        r: 0,
        page,
        col: first,
        y: first.y0,
        body,
    };
    f.out.columns_used[page] = 1;
    f.place(blocks)?;
    Some(f.out)
}

struct Flow<'a> {
    frames: &'a Frames,
    out: Flowed,
    /// The column in reading order, its page and its rectangle.
    r: usize,
    page: usize,
    col: Rect,
    y: f64,
    body: f64,
}

impl Flow<'_> {
    fn line_h(&self) -> f64 {
        self.body * MM_PER_PT * 1.32
    }

    fn at_top(&self) -> bool {
        self.y <= self.col.y0 + 1e-6
    }

    fn fits(&self, h: f64) -> bool {
        self.y + h <= self.col.y1 + 1e-6
    }

    /// Moves on to the next column (on the next page after the last column of a page).
    fn next_column(&mut self) -> Option<()> {
        let (page, rect) = self.frames.get(self.r + 1)?;
        self.r += 1;
        if page >= self.out.pages.len() {
            self.out.pages.resize_with(page + 1, Vec::new);
            self.out.columns_used.resize(page + 1, 0);
        }
        self.page = page;
        self.col = rect;
        self.y = rect.y0;
        self.out.columns_used[page] += 1;
        Some(())
    }

    /// Makes room for `h`: the next column when this one has words and too little room left.
    /// True when `h` fits where the flow now stands (false: taller than a whole column).
    fn room(&mut self, h: f64) -> Option<bool> {
        if !self.fits(h) && !self.at_top() {
            self.next_column()?;
        }
        Some(self.fits(h))
    }

    /// Room for one line, moving on as often as needed.
    fn line_room(&mut self, h: f64) -> Option<()> {
        while !self.fits(h) {
            if self.at_top() {
                // A column shorter than one line: write it there rather than loop.
                return Some(());
            }
            self.next_column()?;
        }
        Some(())
    }

    fn push(&mut self, op: Op) {
        if let Some(ops) = self.out.pages.get_mut(self.page) {
            ops.push(op);
        }
    }

    fn text(&mut self, text: String, x: f64, size: f64, weight: Weight, colour: Colour) {
        self.push(Op::Text(
            TextLine::new(text, (x, self.y), size, colour)
                .weight(weight)
                .align(HAlign::Left, VAlign::Top),
        ));
    }

    /// The width lines were wrapped to, for `indent` in this column.
    fn em(&self, indent: f64, size: f64) -> f32 {
        ((self.col.width() - indent) / (size * MM_PER_PT)) as f32
    }

    /// Lines of text at `indent` in the column, each `lh` tall, wrapped for the column they start
    /// in and wrapped again when they run on into a column of another width.
    fn lines(
        &mut self,
        text: &str,
        indent: f64,
        style: (f64, Weight, Colour),
        lh: f64,
    ) -> Option<()> {
        let width = self.em(indent, style.0);
        let lines = wrap(text, width, style.1);
        self.wrapped(lines, width, indent, style, lh)
    }

    /// [`Self::lines`] already wrapped to `width` em.
    fn wrapped(
        &mut self,
        mut lines: Vec<String>,
        mut width: f32,
        indent: f64,
        style: (f64, Weight, Colour),
        lh: f64,
    ) -> Option<()> {
        let (size, weight, colour) = style;
        let mut i = 0;
        while i < lines.len() {
            self.line_room(lh)?;
            if (self.em(indent, size) - width).abs() > 1e-3 {
                // A column of another width: what is left is wrapped to it.
                width = self.em(indent, size);
                let rest = lines[i..].join(" ");
                lines = wrap(&rest, width, weight);
                i = 0;
            }
            let x = self.col.x0 + indent;
            self.text(lines[i].clone(), x, size, weight, colour);
            self.y += lh;
            i += 1;
        }
        Some(())
    }

    fn swatch(&mut self, swatch: &Swatch, indent: f64) {
        let sw = Rect::new(
            self.col.x0 + indent,
            self.y + 0.2,
            self.col.x0 + indent + SWATCH.0,
            self.y + 0.2 + SWATCH.1,
        );
        match swatch {
            Swatch::Colour(c) => {
                self.push(Op::Fill {
                    path: sw.to_path(0.01),
                    colour: *c,
                });
                self.push(Op::Stroke {
                    path: sw.to_path(0.01),
                    width_mm: 0.15,
                    colour: INK,
                    dash_mm: None,
                });
            }
            Swatch::Scene(scene) => self.push(Op::Scene(fit_scene(scene.clone(), sw, None))),
        }
    }

    fn place(&mut self, blocks: &[Block]) -> Option<()> {
        let lh = self.line_h();
        let body = self.body;
        for (i, block) in blocks.iter().enumerate() {
            match block {
                Block::Heading(t) => {
                    let h = body * MM_PER_PT * 1.2 + 1.6;
                    // Keep a heading with at least the next two lines.
                    let next = match blocks.get(i + 1) {
                        Some(Block::Row { .. }) => SWATCH.1 + 1.0,
                        _ => 2.0 * lh,
                    };
                    self.room(h + 1.2 + next)?;
                    if !self.at_top() {
                        self.y += 1.8;
                    }
                    let mut page = Page::new("", 0.0, 0.0);
                    let used = heading(&mut page, self.col.x0, self.col.x1, self.y, t, body * 0.95);
                    for op in page.ops {
                        self.push(op);
                    }
                    self.y += used + 1.2;
                }
                Block::Para {
                    text,
                    weight,
                    colour,
                    indent,
                } => {
                    self.lines(text, *indent, (body, *weight, *colour), lh)?;
                    self.y += lh * 0.25;
                }
                Block::Row {
                    swatch,
                    title,
                    detail,
                    indent,
                } => self.row(swatch, title, detail, *indent)?,
                Block::Gap(g) => {
                    if !self.at_top() {
                        self.y += g;
                    }
                }
            }
        }
        Some(())
    }

    /// A swatch with a title and a line of detail beside it: whole in one column when it fits
    /// in one, else run on line by line.
    fn row(&mut self, swatch: &Swatch, title: &str, detail: &str, indent: f64) -> Option<()> {
        let lh = self.line_h();
        let body = self.body;
        let tx = indent + SWATCH.0 + 2.2;
        let small = body * 0.92;
        let small_lh = small * MM_PER_PT * 1.3;
        let wrapped = |text: &str, size: f64, weight: Weight, f: &Self| {
            let width = f.em(tx, size);
            match text.is_empty() {
                true => (width, Vec::new()),
                false => (width, wrap(text, width, weight)),
            }
        };
        let (title_w, title_lines) = wrapped(title, body, Weight::Medium, self);
        let (detail_w, detail_lines) = wrapped(detail, small, Weight::Regular, self);
        let text_h = title_lines.len() as f64 * lh + detail_lines.len() as f64 * small_lh;
        let h = text_h.max(SWATCH.1 + 0.4) + 1.0;
        self.room(h)?;
        let (top, column) = (self.y, self.r);
        self.swatch(swatch, indent);
        self.wrapped(title_lines, title_w, tx, (body, Weight::Medium, INK), lh)?;
        self.wrapped(
            detail_lines,
            detail_w,
            tx,
            (small, Weight::Regular, SOFT),
            small_lh,
        )?;
        // Below the swatch too when the row stayed in one column.
        if self.r == column {
            self.y = self.y.max(top + SWATCH.1 + 0.4);
        }
        self.y += 1.0;
        Some(())
    }
}
