//! "Winceby, 11 October 1643" (R5, hex commands): the Eastern Association horse meets the
//! Royalist relief force on the road from Horncastle to Bolingbroke.
//!
//! A snapshot of turn 2, laid out for the R5 previews: Manchester's Horse is already in the zone
//! of control of the dismounted Royalist dragoons; the Parliament Horse and Widdrington's
//! Regiment are cavalry three hexes (3 MP) apart; Fairfax's Regiment, under a Reserve command,
//! stands six hexes from the nearest enemy; the Newark Reformadoes are out of every leader's
//! span; the Lincolnshire Horse entered this turn; the Bolingbroke garrison horse arrives on
//! turn 3 at the east edge.

use super::build::*;
use crate::model::*;
use hexx::{EdgeDirection, Hex};

/// Map size in hexes.
pub const COLUMNS: u32 = 24;
pub const ROWS: u32 = 18;

/// The stream's west bank: in row `r`, hexes up to this column lie west of the stream.
const STREAM_WEST_BANK: [i32; ROWS as usize] =
    [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 8, 8, 8, 7, 7, 7];

/// The Horncastle-Bolingbroke road, as offset waypoints joined by hex lines.
const ROAD: [(i32, i32); 5] = [(0, 7), (9, 8), (13, 8), (17, 10), (23, 13)];

const DESCRIPTION: &str = "11 October 1643. Sir John Henderson has ridden out of Newark with \
the horse and dragoons of the Royalist north-east to relieve the besieged castle at Bolingbroke. \
The Earl of Manchester's Eastern Association horse has come out to meet him, and the two forces \
have collided on the open ridge by the hamlet of Winceby. Colonel Cromwell is leading the van \
into the charge; Sir Thomas Fairfax holds the second line; Manchester's foot are still trudging \
up the road. The Royalist dragoons have already dismounted along the hedges and given fire. \
Behind them the ground falls away to the boggy bottom of Slash Hollow, and there is only one \
bridge over the stream.";

const NOTES: &str = "Rules: R5 hex commands. Hexes are 25 mm across the flats.

Movement costs: clear 1 MP; woods 2; Winceby village 2 (a building); the ridge 2; Slash Hollow \
3 (boggy ground); Winceby Mere is impassable. Crossing the stream costs 2 extra MP except at the \
bridge; field walls cost 1 extra; moving along the road costs 1 MP a hex. Zones of control: every \
combat unit, all six adjacent hexes; leaders and wagons exert none. Entering an enemy zone ends \
the move.

Command: Parliament: the Earl of Manchester (Advance, span 4) commands Colonel Cromwell (Charge \
1, span 3) and Sir Thomas Fairfax (Reserve, span 3). Royalists: Sir John Henderson (Advance, span \
4) commands Sir William Widdrington (Attack, span 3) and Sir William Savile (Stand, span 3). A \
combat unit uses the command of the first leader in its chain whose span reaches it; the Newark \
Reformadoes are out of command. Dragoons enter mounted and may mount or dismount only under a \
Stand command: Savile's dragoons have dismounted.

This is turn 2. The Lincolnshire Horse entered at the east edge this turn and may not charge. The \
Bolingbroke garrison horse and dragoons sally onto the east edge on turn 3, and may not enter \
under a Charge command.

Victory: the side holding Winceby village at the end of turn 10 scores 3, the side holding the \
bridge 2; each enemy combat unit routed or destroyed scores 1. Historically the Royalists broke, \
were pinned against the gate of Slash Hollow and cut down: the Royalist player must do better.";

pub fn build() -> Scenario {
    let mut b = Build::hex_map("Winceby, 11 October 1643", COLUMNS, ROWS, 25.0);
    b.meta(DESCRIPTION, NOTES);
    b.s.turn = 2;
    let (parliament, royalists) = b.sides(
        ("Parliament (Eastern Association)", 0x2b4c8c, Edge::East),
        ("Royalists", 0xb22222, Edge::West),
    );

    use TerrainKind::Area;
    use Trait::*;
    b.open_ground("Clear", 0xd8d2a8);
    let woods = b.terrain(
        "Woods",
        0x3f6e35,
        Area,
        HexCost::Mp(2),
        &[Difficult, Conceals, BlocksSight],
    );
    let village = b.terrain(
        "Winceby village",
        0x9b6b43,
        Area,
        HexCost::Mp(2),
        &[Building, Conceals, BlocksSight],
    );
    let boggy = b.terrain(
        "Slash Hollow (boggy)",
        0x7f8f5a,
        Area,
        HexCost::Mp(3),
        &[Difficult, Dangerous],
    );
    let ridge = b.terrain("Ridge", 0xc2a86e, Area, HexCost::Mp(2), &[BareHill]);
    let mere = b.terrain(
        "Winceby Mere",
        0x4f86b8,
        Area,
        HexCost::Impassable,
        &[Impassable],
    );

    b.paint(village, &[(13, 8), (14, 8), (13, 9), (14, 9)]);
    b.paint(
        ridge,
        &[
            (15, 2),
            (15, 3),
            (15, 4),
            (15, 5),
            (15, 6),
            (15, 7),
            (15, 8),
            (16, 2),
            (16, 3),
            (16, 4),
            (16, 5),
            (16, 6),
            (16, 7),
            (16, 8),
            (17, 4),
            (17, 5),
            (17, 6),
        ],
    );
    b.paint(
        boggy,
        &[
            (3, 2),
            (4, 2),
            (3, 3),
            (4, 3),
            (5, 3),
            (4, 4),
            (5, 4),
            (6, 4),
        ],
    );
    b.paint(mere, &[(6, 14), (7, 14), (6, 15)]);
    b.paint(
        woods,
        &[
            // Snipe Dales.
            (1, 11),
            (2, 11),
            (1, 12),
            (2, 12),
            (3, 12),
            (2, 13),
            (3, 13),
            // Hameringham Wood.
            (20, 1),
            (21, 1),
            (20, 2),
            (21, 2),
            (22, 2),
            (21, 3),
        ],
    );

    // The stream: every edge between a hex west of it and one east of it.
    let grid = b.s.map.as_hex().map(|h| h.grid());
    let west = |offset: Option<[i32; 2]>| {
        offset.is_some_and(|[c, r]| {
            STREAM_WEST_BANK
                .get(r as usize)
                .is_some_and(|bank| c <= *bank)
        })
    };
    let mut stream_edges = Vec::new();
    if let Some(grid) = grid {
        for hex in grid.hexes() {
            if !west(grid.offset_of(hex)) {
                continue;
            }
            for (d, dir) in EdgeDirection::ALL_DIRECTIONS.iter().enumerate() {
                let n = hex.neighbor(*dir);
                if grid.contains(n) && !west(grid.offset_of(n)) {
                    stream_edges.push((hex, d as u8));
                }
            }
        }
    }
    for (hex, d) in stream_edges {
        b.hexside(hex, d, |f| f.river = true);
    }

    // The road, bridged where it crosses the stream.
    let waypoints: Vec<Hex> = ROAD.iter().map(|&(c, r)| b.hex(c, r)).collect();
    let mut road: Vec<Hex> = vec![waypoints[0]];
    for w in waypoints.windows(2) {
        road.extend(w[0].line_to(w[1]).skip(1));
    }
    for step in road.windows(2) {
        let Some(d) = EdgeDirection::ALL_DIRECTIONS
            .iter()
            .position(|dir| step[0].neighbor(*dir) == step[1])
        else {
            continue;
        };
        b.hexside(step[0], d as u8, |f| {
            f.road = true;
            f.bridge = f.river;
        });
    }

    // Field walls round the closes of Winceby.
    for (c, r, d) in [(12, 9, 0), (12, 10, 5), (14, 10, 1), (15, 9, 2), (12, 6, 1)] {
        let hex = b.hex(c, r);
        b.hexside(hex, d, |f| f.wall = true);
    }

    let half = |b: &Build, west: bool| -> Vec<Hex> {
        let mere_hexes = [b.hex(6, 14), b.hex(7, 14), b.hex(6, 15)];
        (0..ROWS as i32)
            .flat_map(|r| (0..COLUMNS as i32).map(move |c| (c, r)))
            .filter(|(c, _)| (*c <= 11) == west)
            .map(|(c, r)| b.hex(c, r))
            .filter(|h| !mere_hexes.contains(h))
            .collect()
    };
    let zone = half(&b, false);
    b.hex_zone("Parliament's ground", parliament, zone);
    let zone = half(&b, true);
    b.hex_zone("Royalist approach", royalists, zone);

    use Command::*;
    use UnitKind::{Cavalry, Dragoons, Infantry};
    let at = |col, row, facing| At::Hex { col, row, facing };
    // Facings: 0 SE, 1 S, 2 SW, 3 NW, 4 N, 5 NE.
    let lead = |bonus, rerolls, mut l: Leadership| {
        l.bonus = bonus;
        l.rerolls = rerolls;
        l
    };

    // Parliament.
    let manchester = b.add(
        leader(
            parliament,
            "Earl of Manchester",
            lead(1, 1, command(Advance, 4, None)),
        )
        .stats(hex_mp(8)),
        at(18, 8, 3),
    );
    let cromwell = b.add(
        leader(
            parliament,
            "Oliver Cromwell",
            lead(2, 1, command(Charge1, 3, Some(manchester))),
        )
        .quality(Quality::Veteran)
        .stats(hex_mp(8)),
        at(14, 7, 3),
    );
    let fairfax = b.add(
        leader(
            parliament,
            "Sir Thomas Fairfax",
            lead(1, 1, command(Reserve, 3, Some(manchester))),
        )
        .quality(Quality::Veteran)
        .stats(hex_mp(8)),
        at(19, 12, 3),
    );
    b.add(
        unit(parliament, "Cromwell's Regiment of Horse", Cavalry)
            .quality(Quality::Veteran)
            .stats(hex_mp(8))
            .full(6)
            .under(cromwell),
        at(14, 5, 3),
    );
    b.add(
        unit(parliament, "Manchester's Regiment of Horse", Cavalry)
            .stats(hex_mp(7))
            .full(5)
            .under(cromwell),
        at(12, 7, 3),
    );
    b.add(
        unit(parliament, "Parliament Horse", Cavalry)
            .stats(hex_mp(7))
            .full(4)
            .under(cromwell),
        at(13, 10, 2),
    );
    b.add(
        unit(parliament, "Eastern Association Dragoons", Dragoons)
            .stats(hex_mp(6))
            .full(3)
            .under(cromwell),
        at(15, 6, 3),
    );
    b.add(
        unit(parliament, "Fairfax's Regiment of Horse", Cavalry)
            .quality(Quality::Veteran)
            .stats(hex_mp(8))
            .full(5)
            .under(fairfax),
        at(16, 12, 2),
    );
    let lincolnshire = b.add(
        unit(parliament, "Lincolnshire Horse", Cavalry)
            .quality(Quality::Green)
            .stats(hex_mp(7))
            .full(4)
            .under(fairfax)
            .state(|s| s.arrived_this_turn = true),
        at(22, 12, 3),
    );
    b.add(
        unit(parliament, "Manchester's Regiment of Foot", Infantry)
            .stats(hex_mp(4))
            .full(6)
            .under(manchester),
        at(20, 8, 3),
    );

    // The Royalists.
    let henderson = b.add(
        leader(
            royalists,
            "Sir John Henderson",
            lead(1, 1, command(Advance, 4, None)),
        )
        .stats(hex_mp(8)),
        at(5, 8, 0),
    );
    let widdrington = b.add(
        leader(
            royalists,
            "Sir William Widdrington",
            lead(1, 0, command(Attack, 3, Some(henderson))),
        )
        .stats(hex_mp(8)),
        at(8, 10, 0),
    );
    let savile = b.add(
        leader(
            royalists,
            "Sir William Savile",
            lead(1, 0, command(Stand, 3, Some(henderson))),
        )
        .stats(hex_mp(8)),
        at(8, 5, 0),
    );
    b.add(
        unit(royalists, "Henderson's Regiment of Horse", Cavalry)
            .stats(hex_mp(7))
            .full(5)
            .under(henderson),
        at(6, 8, 0),
    );
    b.add(
        unit(royalists, "Widdrington's Regiment of Horse", Cavalry)
            .quality(Quality::Veteran)
            .stats(hex_mp(7))
            .full(5)
            .under(widdrington),
        at(10, 10, 0),
    );
    b.add(
        unit(royalists, "Northern Horse", Cavalry)
            .stats(hex_mp(7))
            .full(4)
            .under(widdrington),
        at(9, 12, 5),
    );
    b.add(
        unit(royalists, "Savile's Regiment of Horse", Cavalry)
            .stats(hex_mp(7))
            .full(4)
            .under(savile),
        at(9, 4, 0),
    );
    b.add(
        unit(royalists, "Royalist Dragoons", Dragoons)
            .quality(Quality::Green)
            .stats(hex_mp(6))
            .full(3)
            .under(savile)
            .state(|s| s.mounted = false),
        at(11, 7, 0),
    );
    b.add(
        unit(royalists, "Newark Reformadoes", Cavalry)
            .quality(Quality::Veteran)
            .stats(hex_mp(7))
            .full(2)
            .under(widdrington),
        at(1, 16, 5),
    );
    let garrison_horse = b.add(
        unit(royalists, "Bolingbroke Garrison Horse", Cavalry)
            .stats(hex_mp(7))
            .full(3)
            .under(henderson),
        At::OffMap,
    );
    let garrison_dragoons = b.add(
        unit(royalists, "Bolingbroke Dragoons", Dragoons)
            .quality(Quality::Green)
            .stats(hex_mp(6))
            .full(2)
            .under(henderson),
        At::OffMap,
    );

    let east_edge = b.hex(COLUMNS as i32 - 1, 15);
    b.reinforcement(
        3,
        royalists,
        vec![garrison_horse, garrison_dragoons],
        Place::Hex(east_edge),
    );
    let lincs_entry = b.hex(COLUMNS as i32 - 1, 12);
    b.reinforcement(2, parliament, vec![lincolnshire], Place::Hex(lincs_entry));

    let village_hex = b.hex(13, 8);
    b.objective(
        "Winceby village",
        Place::Hex(village_hex),
        3,
        "Held by the side with the last combat unit to occupy a village hex.",
    );
    let bridge_hex = b.hex(10, 8);
    b.objective(
        "Stream bridge",
        Place::Hex(bridge_hex),
        2,
        "The only bridge over the stream, on the Horncastle road (east end).",
    );
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_named<'a>(s: &'a Scenario, name: &str) -> &'a Unit {
        s.find_unit(name).expect("unit exists")
    }

    fn hex_of(u: &Unit) -> Hex {
        u.hex().expect("on the map").0
    }

    fn nearest_enemy(s: &Scenario, u: &Unit) -> u32 {
        s.units
            .iter()
            .filter(|e| e.side != u.side && e.is_combat_unit())
            .filter_map(|e| e.hex())
            .map(|(h, _)| h.unsigned_distance_to(hex_of(u)))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Whether any leader in the unit's chain reaches it with his span.
    fn in_command(s: &Scenario, u: &Unit) -> bool {
        let mut cur = u.commander;
        while let Some(id) = cur {
            let l = s.unit(id).expect("leader exists");
            let lead = l.leadership.expect("a leader");
            if hex_of(l).unsigned_distance_to(hex_of(u)) <= lead.span as u32 {
                return true;
            }
            cur = lead.superior;
        }
        false
    }

    #[test]
    fn the_r5_situations_are_all_there() {
        let s = build();
        let fairfax = unit_named(&s, "Fairfax's Regiment of Horse");
        assert_eq!(
            s.unit(fairfax.commander.expect("has a commander"))
                .and_then(|l| l.leadership)
                .map(|l| l.command),
            Some(Command::Reserve)
        );
        assert_eq!(nearest_enemy(&s, fairfax), 6);
        assert_eq!(
            nearest_enemy(&s, unit_named(&s, "Manchester's Regiment of Horse")),
            1
        );
        let ph = unit_named(&s, "Parliament Horse");
        let wh = unit_named(&s, "Widdrington's Regiment of Horse");
        assert!(ph.acts_as_cavalry() && wh.acts_as_cavalry());
        assert_eq!(hex_of(ph).unsigned_distance_to(hex_of(wh)), 3);
        let out: Vec<&str> = s
            .units
            .iter()
            .filter(|u| u.is_combat_unit() && u.hex().is_some() && !in_command(&s, u))
            .map(|u| u.name.as_str())
            .collect();
        assert_eq!(out, vec!["Newark Reformadoes"]);
        assert!(!unit_named(&s, "Royalist Dragoons").state.mounted);
        assert!(unit_named(&s, "Eastern Association Dragoons").state.mounted);
        assert!(unit_named(&s, "Lincolnshire Horse").state.arrived_this_turn);
        let later = s
            .reinforcements
            .iter()
            .find(|r| r.turn == 3)
            .expect("a turn-3 reinforcement");
        assert!(
            matches!(later.entry, Place::Hex(h) if s.map.as_hex().and_then(|m| m.grid().offset_of(h)) == Some([COLUMNS as i32 - 1, 15]))
        );
        assert!(
            later
                .units
                .iter()
                .all(|id| s.unit(*id).is_some_and(|u| u.position == Position::OffMap))
        );
        // Every combat unit has a commander and a hex move.
        assert!(
            s.units
                .iter()
                .all(|u| u.is_leader() || (u.commander.is_some() && u.stats.mp > 0))
        );
    }

    #[test]
    fn the_stream_is_continuous_and_bridged_once_where_the_road_crosses() {
        let s = build();
        let map = s.map.as_hex().expect("hex map");
        let rivers = map.hexsides.iter().filter(|h| h.features.river).count();
        assert!(rivers >= ROWS as usize * 2 - 1, "{rivers}");
        let bridges: Vec<&Hexside> = map.hexsides.iter().filter(|h| h.features.bridge).collect();
        assert_eq!(bridges.len(), 1);
        assert!(bridges[0].features.river && bridges[0].features.road);
        let roads = map.hexsides.iter().filter(|h| h.features.road).count();
        assert!(roads >= COLUMNS as usize - 1, "{roads}");
        assert!(map.hexsides.iter().any(|h| h.features.wall));
    }
}
