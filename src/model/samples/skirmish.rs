//! "Trouble at Pike's Farm" (R3, orders with orderly and disorderly movement): the county
//! constabulary close in on a gang of ruffians holed up around a farm.
//!
//! Laid out for the R3 previews: Sergeant Cuff's section has six men within 6" of him and two
//! stragglers further off (orderly and disorderly movement side by side); the detectives carry
//! pistols, the Razor Boys one-handed weapons; Inspector Bucket is a one-model unit; three
//! units have failed their Ld check, at at least half strength, under half and under a quarter.

use super::build::*;
use crate::model::*;

const DESCRIPTION: &str = "Autumn 1893. For a month the Sloggers and the Razor Boys have been \
working the market roads, and now the whole crew of them is lying up at Pike's Farm, waiting for \
the fuss to die down. It won't. Sergeant Cuff has brought the section out from the county town, \
Inspector Bucket has brought his detectives down from London, and the riot constables have come \
in the carrier's cart. The first shots have already been fired across the farmyard: some of the \
ruffians are wavering and the riot constables are none too steady either. Now it is a matter of \
who holds the farm when the light goes.";

const NOTES: &str = "Rules: R3 orders with orderly and disorderly movement. Models are 25 mm \
round bases; Mv 6\", Aw 18\".

Terrain:
- Gallows Wood and Keeper's Copse are area terrain: difficult, they block sight and conceal.
- Hedges are linear obstacles that block sight. The south field hedge has a gate where the farm \
lane passes.
- Pike's Farm is a building: it blocks sight and conceals those inside. It is not impassable: \
models may enter and fight from it (treat the walls as area terrain for movement).
- Beacon Knoll is a bare hill: a disorderly move that starts on it and crosses nothing else is \
not capped at base Mv.
- Mill Marsh is difficult and dangerous: no Fall Back! move ends in it. The duck pond is \
impassable.

Situation: the Sloggers (3 of 8 left) and the Dockside Mob (2 of 10) failed their Ld checks, as \
did the Riot Constables (4 of 6). Under Fall Back! the Riot Constables may fire or move at half \
rate; the Sloggers are in the open and must run for cover or their own table edge (north); the \
Dockside Mob, under a quarter of its strength, is destroyed at once.

Victory: the Constabulary win by occupying Pike's Farm at the end of turn 6 with no ruffian \
model inside, or by destroying or driving off half the ruffian units. The Ruffians win if the \
farm is still theirs and Inspector Bucket has been taken out of the fight. Otherwise the gang \
slips away in the dark: a draw.";

/// Stats for this scenario: Mv 6, Aw 18, with the unit's Ld, RoF, Ev and To.
fn st(ld: u8, rof: u8, ev: u8, to: u8) -> Stats {
    orders(6, ld, rof, 18, ev, to)
}

pub fn build() -> Scenario {
    let mut b = Build::table("Trouble at Pike's Farm", Ruleset::Orders, 48.0, 48.0);
    b.meta(DESCRIPTION, NOTES);
    let (constabulary, ruffians) = b.sides(
        ("County Constabulary", 0x1f3a93, Edge::South),
        ("Ruffians", 0x8e5b2c, Edge::North),
    );

    use TerrainKind::{Area, Linear, Road};
    use Trait::*;
    b.open_ground("Pasture", 0x9fbf6a);
    let woods = b.terrain(
        "Woods",
        0x2e6b30,
        Area,
        HexCost::Mp(2),
        &[Difficult, Conceals, BlocksSight],
    );
    let hedge = b.terrain("Hedge", 0x4f7f2f, Linear, HexCost::Mp(2), &[BlocksSight]);
    let farmhouse = b.terrain(
        "Farmhouse",
        0x8b5e3c,
        Area,
        HexCost::Mp(2),
        &[Building, BlocksSight, Conceals],
    );
    let knoll = b.terrain("Bare hill", 0xb8b27a, Area, HexCost::Mp(2), &[BareHill]);
    let marsh = b.terrain(
        "Marsh",
        0x6f8a6a,
        Area,
        HexCost::Mp(3),
        &[Difficult, Dangerous],
    );
    let pond = b.terrain("Pond", 0x4a7fb0, Area, HexCost::Impassable, &[Impassable]);
    let lane = b.terrain("Lane", 0xa89070, Road, HexCost::Mp(1), &[]);

    b.area(
        "Gallows Wood",
        woods,
        &[
            (2.0, 3.0),
            (14.0, 2.0),
            (17.0, 9.0),
            (12.0, 15.0),
            (3.0, 13.0),
        ],
    );
    b.area(
        "Keeper's Copse",
        woods,
        &[
            (34.0, 35.0),
            (44.0, 33.0),
            (46.0, 43.0),
            (37.0, 46.0),
            (33.0, 42.0),
        ],
    );
    b.area(
        "Beacon Knoll",
        knoll,
        &[
            (31.0, 3.0),
            (41.0, 2.0),
            (45.0, 9.0),
            (40.0, 15.0),
            (31.0, 12.0),
        ],
    );
    b.area(
        "Pike's Farm",
        farmhouse,
        &[(19.0, 21.5), (29.0, 21.5), (29.0, 26.5), (19.0, 26.5)],
    );
    b.area(
        "Mill Marsh",
        marsh,
        &[
            (2.0, 39.0),
            (9.0, 37.0),
            (13.0, 42.0),
            (9.0, 47.0),
            (2.0, 46.0),
        ],
    );
    b.area(
        "Duck pond",
        pond,
        &[
            (13.5, 23.5),
            (16.0, 22.5),
            (17.5, 25.0),
            (15.0, 26.5),
            (13.0, 25.5),
        ],
    );
    b.line(
        "Farm lane",
        lane,
        1.5,
        &[
            (22.5, 48.0),
            (22.5, 31.0),
            (24.0, 26.5),
            (24.0, 21.5),
            (23.0, 12.0),
            (20.0, 0.0),
        ],
    );
    b.line("Lane hedge", hedge, 0.5, &[(0.0, 18.0), (16.0, 18.0)]);
    b.line(
        "Orchard hedge",
        hedge,
        0.5,
        &[(32.0, 19.0), (32.0, 29.0), (44.0, 29.0)],
    );
    b.line(
        "South field hedge",
        hedge,
        0.5,
        &[(6.0, 31.0), (20.0, 31.0)],
    );
    b.line(
        "South field hedge (east)",
        hedge,
        0.5,
        &[(25.0, 31.0), (30.0, 31.0)],
    );

    b.zone(
        "Ruffians' ground",
        ruffians,
        &[(0.0, 0.0), (48.0, 0.0), (48.0, 21.0), (0.0, 21.0)],
    );
    b.zone(
        "Constabulary approach",
        constabulary,
        &[(0.0, 27.0), (48.0, 27.0), (48.0, 48.0), (0.0, 48.0)],
    );

    use UnitKind::Infantry;
    // The ruffians.
    b.add(
        unit(ruffians, "The Razor Boys", Infantry)
            .stats(st(7, 1, 3, 3))
            .full(6)
            .special(&[SpecialRule::OneHandedWeapons])
            .led_by(0),
        At::Points {
            facing_deg: 150.0,
            points: &[
                (9.0, 8.0),
                (7.5, 7.0),
                (10.5, 7.0),
                (7.0, 9.5),
                (11.0, 9.5),
                (9.0, 11.0),
            ],
        },
    );
    b.add(
        unit(ruffians, "The Sloggers", Infantry)
            .stats(st(6, 1, 3, 3))
            .strength(8, 3)
            .state(|s| s.failed_ld_check = true)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[(19.0, 12.0), (20.5, 13.0), (18.5, 14.2)],
        },
    );
    b.add(
        unit(ruffians, "Dockside Mob", Infantry)
            .quality(Quality::Green)
            .stats(st(5, 1, 3, 3))
            .strength(10, 2)
            .state(|s| s.failed_ld_check = true)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[(38.0, 18.0), (39.5, 18.8)],
        },
    );
    b.add(
        unit(ruffians, "The Bowery Boys", Infantry)
            .stats(st(7, 2, 3, 3))
            .full(8)
            .led_by(0),
        At::Points {
            facing_deg: 200.0,
            points: &[
                (37.0, 8.0),
                (35.0, 7.0),
                (39.0, 7.0),
                (34.0, 9.0),
                (40.0, 9.5),
                (36.0, 10.5),
                (38.5, 11.0),
                (37.0, 5.5),
            ],
        },
    );
    b.add(
        unit(ruffians, "Jack Sheppard", Infantry)
            .quality(Quality::Veteran)
            .stats(st(8, 1, 4, 3))
            .full(1)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[(27.0, 16.0)],
        },
    );

    // The constabulary.
    b.add(
        unit(constabulary, "Sergeant Cuff's Section", Infantry)
            .stats(st(8, 1, 3, 3))
            .full(8)
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[
                (14.0, 35.0),
                (12.0, 34.0),
                (16.0, 34.0),
                (11.5, 36.5),
                (16.5, 36.5),
                (14.0, 38.0),
                // Two stragglers, more than 6" from the sergeant.
                (22.0, 41.0),
                (23.5, 42.3),
            ],
        },
    );
    b.add(
        unit(constabulary, "Inspector Bucket", Infantry)
            .quality(Quality::Veteran)
            .stats(st(9, 1, 4, 3))
            .full(1)
            .special(&[SpecialRule::Pistols])
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[(26.0, 33.5)],
        },
    );
    b.add(
        unit(constabulary, "Detective Branch", Infantry)
            .quality(Quality::Veteran)
            .stats(st(8, 2, 4, 3))
            .full(4)
            .special(&[SpecialRule::Pistols])
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[(28.0, 37.0), (29.5, 38.0), (28.0, 39.5), (30.0, 40.0)],
        },
    );
    b.add(
        unit(constabulary, "Riot Constables", Infantry)
            .quality(Quality::Green)
            .stats(st(6, 1, 3, 4))
            .strength(6, 4)
            .state(|s| s.failed_ld_check = true)
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[(38.0, 31.0), (40.0, 31.0), (39.0, 32.8), (41.5, 32.0)],
        },
    );
    b.add(
        unit(constabulary, "Rural Constables", Infantry)
            .stats(st(7, 1, 3, 3))
            .full(5)
            .led_by(0),
        At::Points {
            facing_deg: 20.0,
            points: &[
                (6.0, 34.0),
                (4.5, 33.0),
                (7.5, 33.0),
                (4.5, 35.5),
                (7.5, 35.5),
            ],
        },
    );

    b.objective(
        "Pike's Farm",
        Place::Table(p(24.0, 24.0)),
        3,
        "Held by whoever alone has models inside at the end of the turn.",
    );
    b.objective(
        "The farm lane gate",
        Place::Table(p(22.5, 31.0)),
        1,
        "The ruffians' way out to the south.",
    );
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_named<'a>(s: &'a Scenario, name: &str) -> &'a Unit {
        s.find_unit(name).expect("unit exists")
    }

    /// Edge-to-edge distance of each model from its leader.
    fn from_leader(u: &Unit) -> Vec<f32> {
        let leader = u.leader().expect("has a leader").footprint();
        u.models
            .iter()
            .filter(|m| Some(m.id) != u.leader_model)
            .map(|m| m.footprint().separation(&leader))
            .collect()
    }

    #[test]
    fn the_r3_situations_are_all_there() {
        let s = build();
        assert!(s.units.iter().all(|u| u.leader().is_some()));
        let cuff = from_leader(unit_named(&s, "Sergeant Cuff's Section"));
        assert_eq!(cuff.iter().filter(|d| **d <= 6.0).count(), 5);
        assert_eq!(cuff.iter().filter(|d| **d > 6.0).count(), 2);
        assert!(unit_named(&s, "Detective Branch").has(SpecialRule::Pistols));
        assert!(unit_named(&s, "The Razor Boys").has(SpecialRule::OneHandedWeapons));
        assert_eq!(unit_named(&s, "Inspector Bucket").models.len(), 1);
        let failed: Vec<(&str, u16, u16)> = s
            .units
            .iter()
            .filter(|u| u.state.failed_ld_check)
            .map(|u| (u.name.as_str(), u.strength.start, u.strength.current))
            .collect();
        // At least half, under half, under a quarter.
        assert!(failed.iter().any(|(_, st, cur)| cur * 2 >= *st));
        assert!(
            failed
                .iter()
                .any(|(_, st, cur)| cur * 2 < *st && cur * 4 >= *st)
        );
        assert!(failed.iter().any(|(_, st, cur)| cur * 4 < *st));
        let homes: Vec<Edge> = s.sides.iter().filter_map(|x| x.home_edge).collect();
        assert_eq!(homes, vec![Edge::South, Edge::North]);
    }
}
