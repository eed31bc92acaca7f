//! Test maps drawn as ASCII pictures.
//!
//! ```text
//!  . . . . .        one line per map row; the picture is pointy-topped with odd rows shoved
//!   . A r . b       right, so drawing them indented by one space shows the real neighbours
//!  . # w . .
//! ```
//!
//! Tokens: `.` clear (1 MP), `r` rough (2 MP), `w` woods (3 MP), `#` impassable; an uppercase
//! letter is a Blue infantry unit, a lowercase letter a Red one (both on clear ground, 4 MP,
//! facing east). Units start without a commander: make one of them a leader with
//! [`TestMap::leader`].

use super::hex_rules::HexRules;
use super::move_preview::MovePreview;
use crate::model::*;
use hexx::Hex;

pub struct TestMap {
    pub s: Scenario,
    letters: Vec<(char, UnitId)>,
    pub woods: TerrainId,
}

const MODE: hexx::OffsetHexMode = hexx::OffsetHexMode::Odd;
const ORIENTATION: hexx::HexOrientation = hexx::HexOrientation::Pointy;

impl TestMap {
    pub fn new(picture: &str) -> TestMap {
        let rows: Vec<Vec<char>> = picture
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|t| t.chars().next())
                    .collect()
            })
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
        let columns = rows.iter().map(Vec::len).max().unwrap_or(1) as u32;
        let mut s = Scenario::new_hex("test map");
        s.terrain_types.clear();
        let terrain = |s: &mut Scenario, name: &str, cost: HexCost| {
            let id = TerrainId(s.alloc());
            let mut t = TerrainType::open(id, name, Colour::rgb(200, 200, 200));
            t.hex_cost = cost;
            s.terrain_types.push(t);
            id
        };
        let clear = terrain(&mut s, "Clear", HexCost::Mp(1));
        let rough = terrain(&mut s, "Rough", HexCost::Mp(2));
        let woods = terrain(&mut s, "Woods", HexCost::Mp(3));
        let lake = terrain(&mut s, "Lake", HexCost::Impassable);
        let mut map = HexMap::filled(
            Orientation::Pointy,
            20.0,
            HexShape::Rectangle {
                columns,
                rows: rows.len() as u32,
                parity: OffsetParity::Odd,
            },
            clear,
        );
        let grid = map.grid();
        let mut letters = Vec::new();
        let mut placed = Vec::new();
        for (row, line) in rows.iter().enumerate() {
            for (col, ch) in line.iter().enumerate() {
                let hex = Hex::from_offset_coordinates([col as i32, row as i32], MODE, ORIENTATION);
                let i = grid.index_of(hex).expect("picture hex on the map");
                map.terrain[i] = match ch {
                    'r' => rough,
                    'w' => woods,
                    '#' => lake,
                    _ => clear,
                };
                if ch.is_ascii_alphabetic() && !matches!(ch, 'r' | 'w') {
                    placed.push((*ch, hex));
                }
            }
        }
        s.map = Map::Hex(map);
        let (blue, red) = (s.sides[0].id, s.sides[1].id);
        for (ch, hex) in placed {
            let id = UnitId(s.alloc());
            s.units.push(Unit {
                stats: Stats {
                    mp: 4,
                    ..Stats::default()
                },
                strength: Strength::full(4),
                position: Position::Hex { hex, facing: 0 },
                ..Unit::new(
                    id,
                    format!("Unit {ch}"),
                    if ch.is_ascii_uppercase() { blue } else { red },
                    UnitKind::Infantry,
                )
            });
            letters.push((ch, id));
        }
        TestMap { s, letters, woods }
    }

    /// The hex at offset column and row of the picture.
    pub fn hex(&self, col: i32, row: i32) -> Hex {
        Hex::from_offset_coordinates([col, row], MODE, ORIENTATION)
    }

    pub fn id(&self, c: char) -> UnitId {
        self.letters
            .iter()
            .find(|(l, _)| *l == c)
            .map(|(_, id)| *id)
            .unwrap_or_else(|| panic!("no unit '{c}' in the picture"))
    }

    pub fn unit(&mut self, c: char) -> &mut Unit {
        let id = self.id(c);
        self.s.unit_mut(id).expect("unit exists")
    }

    pub fn at(&self, c: char) -> Hex {
        self.s
            .unit(self.id(c))
            .and_then(Unit::hex)
            .map(|(h, _)| h)
            .expect("unit on the map")
    }

    /// Makes `c` a leader with `command` and `span`; every other unit of his side without a
    /// commander joins his force.
    pub fn leader(&mut self, c: char, command: Command, span: u8) -> &mut Self {
        let id = self.id(c);
        let side = self.unit(c).side;
        {
            let u = self.unit(c);
            u.kind = UnitKind::Leader;
            u.name = format!("General {c}");
            u.leadership = Some(Leadership {
                command,
                span,
                superior: None,
                bonus: 0,
                rerolls: 0,
                rerolls_used: 0,
            });
        }
        for u in &mut self.s.units {
            if u.side == side && u.id != id && u.commander.is_none() && !u.is_leader() {
                u.commander = Some(id);
            }
        }
        self
    }

    pub fn command(&mut self, c: char, command: Command) -> &mut Self {
        if let Some(l) = self.unit(c).leadership.as_mut() {
            l.command = command;
        }
        self
    }

    pub fn kind(&mut self, c: char, kind: UnitKind) -> &mut Self {
        self.unit(c).kind = kind;
        self
    }

    pub fn mp(&mut self, c: char, mp: u8) -> &mut Self {
        self.unit(c).stats.mp = mp;
        self
    }

    /// Turns `c` to face the neighbouring hex `toward`.
    pub fn face(&mut self, c: char, toward: Hex) -> &mut Self {
        let here = self.at(c);
        let d = here
            .neighbor_direction(toward)
            .expect("facing a neighbour")
            .index();
        if let Position::Hex { facing, .. } = &mut self.unit(c).position {
            *facing = d;
        }
        self
    }

    /// Sets the features of the edge between two neighbouring hexes.
    pub fn edge(&mut self, a: Hex, b: Hex, features: HexsideFeatures) -> &mut Self {
        let d = a.neighbor_direction(b).expect("neighbours").index();
        if let Map::Hex(m) = &mut self.s.map {
            m.set_hexside(a, d, features);
        }
        self
    }

    pub fn rules(&self) -> HexRules {
        HexRules::new(&self.s).expect("a hex map")
    }

    pub fn preview(&self, c: char) -> MovePreview {
        self.rules().preview(self.id(c), None).expect("previews")
    }

    pub fn preview_as(&self, c: char, command: Command) -> MovePreview {
        self.rules()
            .preview(self.id(c), Some(command))
            .expect("previews")
    }

    /// The preview drawn back as a picture, for failure messages: `+` legal, `x` rejected,
    /// `@` the start, `.` not reached.
    pub fn draw(&self, p: &MovePreview) -> String {
        let Map::Hex(m) = &self.s.map else {
            return String::new();
        };
        let HexShape::Rectangle { columns, rows, .. } = m.shape else {
            return String::new();
        };
        let mut out = String::new();
        for row in 0..rows as i32 {
            if row % 2 == 1 {
                out.push(' ');
            }
            for col in 0..columns as i32 {
                let h = self.hex(col, row);
                let c = if h == p.start {
                    '@'
                } else {
                    match p.get(h) {
                        Some(v) if v.is_legal() => '+',
                        Some(_) => 'x',
                        None => '.',
                    }
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out
    }
}

#[test]
fn pictures_show_true_neighbours() {
    let t = TestMap::new(
        "
        . . .
         . . .
        . . .
        ",
    );
    // Odd rows sit between the two hexes above them.
    let below = t.hex(0, 1);
    assert_eq!(below.unsigned_distance_to(t.hex(0, 0)), 1);
    assert_eq!(below.unsigned_distance_to(t.hex(1, 0)), 1);
    assert_eq!(below.unsigned_distance_to(t.hex(0, 2)), 1);
    assert_eq!(below.unsigned_distance_to(t.hex(1, 2)), 1);
    assert_eq!(t.hex(0, 0).unsigned_distance_to(t.hex(1, 0)), 1);
    assert_eq!(t.hex(0, 0).unsigned_distance_to(t.hex(0, 2)), 2);
}
