//! The table as a mover sees it: every obstacle, from terrain and from enemy models.

use super::obstacles::{Blocker, Obstacle, Shape};
use crate::model::*;

/// Gap kept from enemy models, base edge to base edge (R2; applied to every free-measure
/// ruleset, see docs/rules.md).
pub const ENEMY_CLEARANCE_IN: f32 = 2.0;

/// Everything that can stand in a model's way on one table, for movers of one side and one
/// base size. Queries ([`super::Prepared`]) pick the obstacles that matter to them and bucket
/// only those.
#[derive(Clone, Debug)]
pub struct Board {
    pub width: f32,
    pub height: f32,
    /// Radius of the mover's base (its bounding circle), in inches.
    pub mover_radius: f32,
    /// The side whose models move; every other side's models are enemies.
    pub mover_side: SideId,
    /// A formed column whose bases are not in the way: the one that is moving.
    pub own_column: Option<ColumnId>,
    terrain: Vec<Obstacle>,
    /// Enemy models, then the bases of the mover's side's formed columns.
    enemies: Vec<Obstacle>,
}

impl Board {
    /// The board for models of `side` whose bases have bounding radius `mover_radius`.
    pub fn new(s: &Scenario, side: SideId, mover_radius: f32) -> Board {
        Board::build(s, side, mover_radius, None)
    }

    /// The board's terrain alone, no enemy or column in it: what `check` asks of ground
    /// (impassable under a base) does not depend on who stands where, and a check after every
    /// edit of a crowded table must not gather every model as an obstacle.
    pub fn terrain_only(s: &Scenario) -> Board {
        let side = s.sides.first().map_or(SideId(0), |x| x.id);
        Board::bare(s, side, 0.0, None)
    }

    /// The board for the units of column `col` marching (R1): its own bases are not in its way.
    pub fn for_column(s: &Scenario, col: &Column, mover_radius: f32) -> Board {
        Board::build(s, col.side, mover_radius, Some(col.id))
    }

    fn build(s: &Scenario, side: SideId, mover_radius: f32, own_column: Option<ColumnId>) -> Board {
        let mut board = Board::bare(s, side, mover_radius, own_column);
        board.rebuild_enemies(s);
        board
    }

    /// The table and its terrain, with no enemy or column in it yet.
    fn bare(s: &Scenario, side: SideId, mover_radius: f32, own_column: Option<ColumnId>) -> Board {
        let (width, height) = match &s.map {
            Map::Table(t) => (t.width_in, t.height_in),
            Map::Hex(_) => (0.0, 0.0),
        };
        let mut terrain = Vec::new();
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            let shape = match &p.shape {
                PieceShape::Polygon(points) => Shape::Polygon(points.clone()),
                PieceShape::Polyline { points, width_in } => Shape::Polyline {
                    points: points.clone(),
                    half_width: width_in * 0.5,
                },
            };
            let mut push = |blocker| terrain.push(Obstacle::new(shape.clone(), blocker, 0.0));
            if t.impassable {
                push(Blocker::Impassable(p.id));
                continue;
            }
            match t.kind {
                TerrainKind::Area => push(Blocker::Area(p.id)),
                TerrainKind::Linear => push(Blocker::Linear(p.id)),
                TerrainKind::Road => {}
            }
            if t.difficult {
                push(Blocker::Difficult(p.id));
            }
        }
        Board {
            width,
            height,
            mover_radius,
            mover_side: side,
            own_column,
            terrain,
            enemies: Vec::new(),
        }
    }

    /// Re-reads the enemy models and the formed columns' bases (after any of them moved).
    ///
    /// R1 (000): "Units in a column may not pass through or be passed through by another
    /// unit". The bases of a formed column's units on the table are therefore obstacles to
    /// every other unit's path and reach, like impassable ground (a mover's base may touch
    /// them, not overlap them); going round them is legal. Enemy columns are already kept 2"
    /// away as enemy models, so only the mover's own side's columns are added, except the
    /// column that is itself moving.
    pub fn rebuild_enemies(&mut self, s: &Scenario) {
        self.enemies.clear();
        let shape_of = |m: &Model| match m.footprint() {
            crate::geom::Footprint::Circle { centre, radius } => Shape::Circle { centre, radius },
            crate::geom::Footprint::Rect { corners, .. } => Shape::Polygon(corners.to_vec()),
        };
        for u in &s.units {
            if u.side == self.mover_side || !u.on_table() || !u.in_play() {
                continue;
            }
            for m in &u.models {
                self.enemies.push(Obstacle::new(
                    shape_of(m),
                    Blocker::Enemy(u.id, m.id),
                    ENEMY_CLEARANCE_IN,
                ));
            }
        }
        for col in &s.columns {
            if col.state != ColumnState::Formed
                || col.side != self.mover_side
                || Some(col.id) == self.own_column
            {
                continue;
            }
            for member in &col.members {
                let Some(u) = s.unit(member.unit) else {
                    continue;
                };
                if u.side != self.mover_side || !u.on_table() || !u.in_play() {
                    continue;
                }
                for m in &u.models {
                    self.enemies
                        .push(Obstacle::new(shape_of(m), Blocker::Column(u.id, m.id), 0.0));
                }
            }
        }
    }

    /// Obstacle by index (terrain first, then enemies).
    pub fn obstacle(&self, i: u32) -> &Obstacle {
        let i = i as usize;
        if i < self.terrain.len() {
            &self.terrain[i]
        } else {
            &self.enemies[i - self.terrain.len()]
        }
    }

    pub fn obstacle_count(&self) -> usize {
        self.terrain.len() + self.enemies.len()
    }

    pub fn obstacles(&self) -> impl Iterator<Item = (u32, &Obstacle)> {
        self.terrain
            .iter()
            .chain(self.enemies.iter())
            .enumerate()
            .map(|(i, o)| (i as u32, o))
    }

    /// The impassable piece a base would stand in: the disk of `radius` (the base's bounding
    /// circle, exact for round bases) centred at `p` reaches into it. This is the one footprint
    /// test for impassable ground: every move keeps the mover's centre this far from impassable
    /// terrain (its clearance in [`super::Prepared`]), so a destination it holds is refused,
    /// and `check` reports a model standing where it holds.
    pub fn impassable_under(&self, p: crate::geom::Point, radius: f32) -> Option<PieceId> {
        self.terrain
            .iter()
            .filter(|o| matches!(o.blocker, Blocker::Impassable(_)))
            .find(|o| o.holds(p, radius))
            .and_then(|o| o.blocker.piece())
    }

    /// Whether a point is a legal place for the mover's centre on the table.
    pub fn on_table(&self, p: crate::geom::Point) -> bool {
        let r = self.mover_radius;
        p.x >= r && p.y >= r && p.x <= self.width - r && p.y <= self.height - r
    }
}
