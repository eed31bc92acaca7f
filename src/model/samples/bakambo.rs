//! "Up the Bakambo" (R1, columns of march): Wilkinson's field force marches north along the
//! river in column, two units on the table and three still to come on at the entry point.
//!
//! The three units still off table keep their figures (bases and IDs), drawn up in march order
//! behind the entry point beyond the south edge, so the column can bring them on as room opens
//! without inventing figures. Their position is `OffMap`: nothing on the table counts them.

use super::build::*;
use crate::geom::bearing_vec;
use crate::model::*;

/// Where the track meets the south edge: the column's entry point.
const ENTRY_X: f32 = 24.0;
/// How far up the track the front of the lead unit has come.
const LEAD_FRONT_Y: f32 = 33.5;
/// Edge-to-edge space between one unit of the column and the next (R1 allows up to 2").
const UNIT_GAP_IN: f32 = 1.0;
/// Space between figures inside a unit.
const FIGURE_GAP_IN: f32 = 0.1;
/// Units of the column standing on the table at the start (the D3 came up 2).
pub const ON_TABLE: usize = 2;

const DESCRIPTION: &str = "Summer 1885. For a year the caravans of the slaver Rashid bin Salim \
have come down the Bakambo with their chained files of captives, and the villages along the \
river have learned to run at the sound of a drum. Captain Wilkinson has been given a field force \
and a simple order: go up the river and end it. His column winds north along the track on the \
east bank, Sikh pioneers at its head, bluejackets and askaris behind, the porters and a Gardner \
gun at the tail. Somewhere ahead, beyond the ford and the thickets, lies Rashid's stockade, and \
Rashid knows they are coming.";

const NOTES: &str = "Rules: columns of march (R1) with The Men Who Would Be Kings.

Set-up: Wilkinson's Column enters at the south edge on the track, heading north. D3 of its units \
start on the table (this set-up shows a roll of 2: the Sikh Pioneers and the Naval Brigade); the \
Askaris, the Porters and the Gardner gun wait off table in march order and come on at the entry \
point as the column moves. Widths: 12-figure units march 2 or 3 abreast, the 16 porters 3 or 4, \
the 6-figure gun team 1 or 2.

Special rules:
- The column may only be ordered to Stand To or Move, tested against the lead unit's Discipline. \
A failed order repeats the last successful action: the column keeps marching up the track.
- The Bakambo is impassable. The stream is a linear obstacle everywhere except at the ford; a \
column that crosses it after a failed order is likely to break.
- Jungle is difficult, blocks sight and conceals. The swamp east of the track is difficult and \
dangerous. The rocky outcrop is impassable. The huts of the village are buildings that conceal \
their occupants; the stockade is a linear obstacle with a gate on its south side.
- Ranged fire at a unit in column gets +1; a unit in column attacked in melee fights with half \
its figures.

Victory: the Field Force wins if a unit of it ends a turn inside the stockade with no slaver unit \
within 6\" of it, while the ford is held or no slaver unit is within 6\" of it. The Slavers win \
if Rashid bin Salim is still in the stockade at the end of turn 8, or if three Field Force units \
are destroyed. Anything else is a draw: the caravans will run again next season.";

pub fn build() -> Scenario {
    let mut b = Build::table("Up the Bakambo", Ruleset::ColumnOfMarch, 72.0, 48.0);
    b.meta(DESCRIPTION, NOTES);
    let (field_force, slavers) = b.sides(
        ("Wilkinson's Field Force", 0xb03a2e, Edge::South),
        ("Slavers", 0x3d3d3d, Edge::North),
    );

    use TerrainKind::{Area, Linear, Road};
    use Trait::*;
    b.open_ground("Savanna", 0xc8b878);
    let river = b.terrain(
        "River",
        0x3c78b4,
        Linear,
        HexCost::Impassable,
        &[Impassable],
    );
    let track = b.terrain("Track", 0xa88456, Road, HexCost::Mp(1), &[]);
    let jungle = b.terrain(
        "Jungle",
        0x2f6b2a,
        Area,
        HexCost::Mp(2),
        &[Difficult, Conceals, BlocksSight],
    );
    let swamp = b.terrain(
        "Swamp",
        0x6b7d4a,
        Area,
        HexCost::Mp(3),
        &[Difficult, Dangerous],
    );
    let rocks = b.terrain(
        "Rocky outcrop",
        0x8a8580,
        Area,
        HexCost::Impassable,
        &[Impassable, BlocksSight],
    );
    let stream = b.terrain("Stream", 0x5a9ad0, Linear, HexCost::Mp(2), &[]);
    let ford = b.terrain("Ford", 0x9cc0d8, Area, HexCost::Mp(1), &[]);
    let hut = b.terrain(
        "Hut",
        0x9a6b3a,
        Area,
        HexCost::Mp(2),
        &[Building, Conceals, BlocksSight],
    );
    let stockade = b.terrain("Stockade", 0x6e4a28, Linear, HexCost::Mp(2), &[BlocksSight]);

    b.line(
        "River Bakambo",
        river,
        3.0,
        &[
            (16.0, 48.0),
            (18.0, 40.0),
            (15.0, 32.0),
            (19.0, 24.0),
            (17.0, 16.0),
            (20.0, 8.0),
            (18.0, 0.0),
        ],
    );
    b.line(
        "Bakambo track",
        track,
        2.0,
        &[
            (ENTRY_X, 48.0),
            (ENTRY_X, 32.0),
            (25.0, 24.0),
            (27.0, 16.0),
            (30.0, 8.0),
            (31.0, 0.0),
        ],
    );
    // The stream is broken where the track fords it, so the track crosses no obstacle there.
    b.line(
        "Kisenga stream (west)",
        stream,
        1.0,
        &[(17.5, 27.5), (21.0, 27.0), (23.2, 27.2)],
    );
    b.line(
        "Kisenga stream (east)",
        stream,
        1.0,
        &[
            (26.1, 27.4),
            (32.0, 28.5),
            (40.0, 29.5),
            (48.0, 27.0),
            (56.0, 25.5),
            (64.0, 28.0),
            (72.0, 30.0),
        ],
    );
    b.area(
        "Kisenga ford",
        ford,
        &[(23.0, 25.8), (26.3, 25.8), (26.3, 28.8), (23.0, 28.8)],
    );
    b.area(
        "Far-bank jungle",
        jungle,
        &[
            (0.0, 0.0),
            (14.0, 0.0),
            (15.0, 10.0),
            (12.0, 20.0),
            (11.0, 30.0),
            (13.0, 40.0),
            (12.0, 48.0),
            (0.0, 48.0),
        ],
    );
    b.area(
        "Kisenga thicket",
        jungle,
        &[
            (29.0, 35.0),
            (37.0, 32.0),
            (42.0, 37.0),
            (39.0, 45.0),
            (31.0, 46.0),
            (28.0, 41.0),
        ],
    );
    b.area(
        "Mboma ridge jungle",
        jungle,
        &[
            (32.0, 4.0),
            (41.0, 3.0),
            (44.0, 10.0),
            (42.0, 17.0),
            (34.0, 18.0),
            (30.0, 12.0),
        ],
    );
    b.area(
        "Nyanza woods",
        jungle,
        &[(63.0, 3.0), (72.0, 1.0), (72.0, 16.0), (65.0, 14.0)],
    );
    b.area(
        "Mbuyu swamp",
        swamp,
        &[
            (50.0, 31.0),
            (60.0, 28.5),
            (66.0, 33.0),
            (60.0, 40.0),
            (51.0, 38.0),
        ],
    );
    b.area(
        "Kopje",
        rocks,
        &[(40.0, 20.0), (45.0, 18.5), (47.0, 23.0), (42.0, 25.0)],
    );
    let huts: [(&str, [(f32, f32); 4]); 4] = [
        (
            "Rashid's house",
            [(47.5, 4.5), (50.0, 4.5), (50.0, 7.0), (47.5, 7.0)],
        ),
        (
            "Granary hut",
            [(51.5, 4.0), (54.0, 4.0), (54.0, 6.5), (51.5, 6.5)],
        ),
        (
            "Guard hut",
            [(55.5, 4.5), (58.0, 4.5), (58.0, 7.0), (55.5, 7.0)],
        ),
        (
            "Slave pen",
            [(57.5, 9.0), (59.5, 9.0), (59.5, 11.5), (57.5, 11.5)],
        ),
    ];
    for (name, outline) in huts {
        b.area(name, hut, &outline);
    }
    b.line(
        "Rashid's stockade",
        stockade,
        0.5,
        &[
            (49.0, 16.0),
            (46.0, 3.0),
            (60.0, 2.0),
            (62.0, 15.0),
            (53.0, 16.5),
        ],
    );

    b.zone(
        "Field Force entry",
        field_force,
        &[(19.0, 38.0), (28.0, 38.0), (28.0, 48.0), (19.0, 48.0)],
    );
    b.zone(
        "Slaver country",
        slavers,
        &[(22.0, 0.0), (72.0, 0.0), (72.0, 21.0), (22.0, 21.0)],
    );

    // The column: lead first, each with its Discipline and the width it marches on.
    use UnitKind::Infantry;
    let column = [
        (
            unit(field_force, "Sikh Pioneers", Infantry)
                .quality(Quality::Veteran)
                .stats(mwwbk(6, 6))
                .full(12),
            2,
        ),
        (
            unit(field_force, "Naval Brigade", Infantry)
                .quality(Quality::Veteran)
                .stats(mwwbk(6, 6))
                .full(12),
            2,
        ),
        (
            unit(field_force, "Zanzibari Askaris", Infantry)
                .stats(mwwbk(6, 7))
                .full(12),
            3,
        ),
        (
            unit(field_force, "Porters", Infantry)
                .quality(Quality::Green)
                .stats(mwwbk(5, 8))
                .full(16),
            3,
        ),
        (
            unit(
                field_force,
                "Gardner Gun",
                UnitKind::Artillery {
                    class: GunClass::Light,
                    draught: Draught::Foot,
                    hit_points: 3,
                },
            )
            .stats(mwwbk(5, 7))
            .full(6),
            2,
        ),
    ];
    let heading = Edge::South.inward_bearing_deg();
    let fwd = bearing_vec(heading);
    let lead_front = p(ENTRY_X, LEAD_FRONT_Y);
    let mut front = lead_front;
    let mut members = Vec::new();
    for (i, (u, width)) in column.into_iter().enumerate() {
        let count = u.current();
        let f = u
            .formation(front, heading, width, FIGURE_GAP_IN)
            .with_front_at(front, count);
        let (_, depth) = f.size_in(count);
        let at = if i < ON_TABLE {
            At::Formed(f)
        } else {
            At::OffTable(f)
        };
        let id = b.add(u, at);
        members.push(ColumnMember {
            unit: id,
            width_figures: width as u8,
        });
        front -= fwd * (depth + UNIT_GAP_IN);
    }
    let entry_point = p(ENTRY_X, 48.0);
    let route = vec![entry_point, lead_front];
    let column_id = ColumnId(b.s.alloc());
    b.s.columns.push(Column {
        id: column_id,
        name: "Wilkinson's Column".into(),
        side: field_force,
        entry: EntryPoint {
            edge: Edge::South,
            along_in: ENTRY_X,
            heading_deg: heading,
        },
        members,
        on_table_at_start: StartCount::D3,
        state: ColumnState::Formed,
        route: route.clone(),
        last_action: Some(ColumnAction::Move {
            distance_in: entry_point.distance(lead_front),
            route,
        }),
    });

    // The slavers: riflemen in the jungle on the ridge, ruga-ruga at the village, Rashid among
    // his huts and musketeers at the stockade gate.
    let rashid = leader(slavers, "Rashid bin Salim", commander(1, 1, 0))
        .quality(Quality::Veteran)
        .stats(mwwbk(6, 5));
    b.add(
        rashid,
        At::Points {
            facing_deg: 180.0,
            points: &[(53.0, 8.3)],
        },
    );
    b.add(
        unit(slavers, "Slaver Riflemen", Infantry)
            .stats(mwwbk(6, 7))
            .full(12),
        At::Ranks {
            centre: (37.0, 11.0),
            facing_deg: 180.0,
            frontage: 6,
            gap_in: 0.5,
        },
    );
    b.add(
        unit(slavers, "Nyamwezi Ruga-Ruga", Infantry)
            .quality(Quality::Green)
            .stats(mwwbk(8, 7))
            .full(16),
        At::Ranks {
            centre: (53.0, 12.5),
            facing_deg: 180.0,
            frontage: 4,
            gap_in: 0.2,
        },
    );
    b.add(
        unit(slavers, "Arab Musketeers", Infantry)
            .quality(Quality::Veteran)
            .stats(mwwbk(6, 6))
            .full(10),
        At::Ranks {
            centre: (51.0, 19.0),
            facing_deg: 180.0,
            frontage: 5,
            gap_in: 0.1,
        },
    );

    b.objective(
        "Rashid's stockade",
        Place::Table(p(54.0, 9.0)),
        3,
        "Burn it: a Field Force unit inside with no slaver unit within 6\".",
    );
    b.objective(
        "Kisenga ford",
        Place::Table(p(24.6, 27.3)),
        1,
        "The column's only dry crossing of the stream.",
    );
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_is_formed_on_the_track_with_its_tail_off_table() {
        let s = build();
        let col = &s.columns[0];
        assert_eq!(col.members.len(), 5);
        assert_eq!(col.on_table_at_start, StartCount::D3);
        assert_eq!(col.entry.heading_deg, 0.0);
        for (i, m) in col.members.iter().enumerate() {
            let u = s.unit(m.unit).expect("member exists");
            let on = u.on_table();
            assert_eq!(on, i < ON_TABLE, "{}", u.name);
            assert_eq!(u.models.len(), u.strength.current as usize);
            // Ranks of `width_figures`, single file behind the lead, heading north.
            let front_rank = u
                .models
                .iter()
                .filter(|mm| (mm.pos.y - u.models[0].pos.y).abs() < 1e-3)
                .count();
            assert_eq!(front_rank, m.width_figures as usize, "{}", u.name);
            assert!(u.models.iter().all(|mm| (mm.pos.x - ENTRY_X).abs() < 1.6));
            assert!(u.models.iter().all(|mm| mm.facing_deg == 0.0));
            // Off-table units queue beyond the south edge.
            if !on {
                assert!(u.models.iter().all(|mm| mm.pos.y > 48.0), "{}", u.name);
            }
        }
        assert_eq!(col.route.len(), 2);
        let lead = s.unit(col.members[0].unit).expect("lead exists");
        let front = lead
            .models
            .iter()
            .map(|m| m.footprint().centre().y - 0.5)
            .fold(f32::MAX, f32::min);
        assert!((front - col.route[1].y).abs() < 0.05);
    }

    #[test]
    fn the_slavers_hold_the_jungle_and_the_village() {
        let s = build();
        let inside = |piece: &str, unit: &str| {
            let poly = s
                .pieces
                .iter()
                .find(|p| p.name == piece)
                .expect("piece exists")
                .shape
                .points();
            let u = s.find_unit(unit).expect("unit exists");
            u.models
                .iter()
                .all(|m| crate::geom::point_in_polygon(m.pos, poly))
        };
        assert!(inside("Mboma ridge jungle", "Slaver Riflemen"));
        assert!(inside("Rashid's stockade", "Nyamwezi Ruga-Ruga"));
        assert!(inside("Rashid's stockade", "Rashid bin Salim"));
        let rashid = s.find_unit("Rashid bin Salim").expect("Rashid");
        assert!(rashid.is_leader() && rashid.leadership.is_some());
        let jungle = s
            .terrain_types
            .iter()
            .find(|t| t.name == "Jungle")
            .expect("jungle");
        assert!(jungle.difficult && jungle.conceals && jungle.blocks_sight);
        let river = s
            .terrain_types
            .iter()
            .find(|t| t.name == "River")
            .expect("river");
        assert!(river.impassable && river.kind == TerrainKind::Linear);
        assert_eq!(s.objectives.len(), 2);
    }
}
