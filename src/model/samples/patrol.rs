//! "Night Patrol at Kalinovka" (R2, M42 movement): a Soviet reconnaissance patrol works its way
//! up to a German-held collective farm.
//!
//! Laid out for the M42 previews: the 1st Rifle Section has most of its men inside Sergeant
//! Ivanov's command radius and its two-man light machine-gun team outside it, one man within
//! 12" of the enemy (may not regroup) and one further off (may); the partisans are a Swarm; the
//! scouts have Combat Tactics and have lost their lieutenant; the German machine-gun team has lost
//! its leader and cannot move; Gruppe Vogel has fewer than half its men in its leader's radius
//! (Halt or Dig-In only); German sentries stand where the patrol's paths pass within 2".

use super::build::*;
use crate::model::*;

const DESCRIPTION: &str = "Kalinovka, February 1942. The front has frozen along the road, and \
the division needs to know what the Germans have put into the collective farm. Sergeant Ivanov's \
section and Lieutenant Orlov's scouts go out after dark, with a band of local partisans who know \
the birch wood. Orlov is already down, shot by a sentry nobody saw, and the section is strung out \
in the snow. Beyond the road the grenadiers of Gruppe Krause are behind the field wall, a \
machine-gun team covers the barn, and Gruppe Vogel, scattered by the first mortar rounds, is \
trying to pull itself together by the orchard. Get close enough to see, and get back to tell.";

const NOTES: &str = "Rules: R2 M42 movement. Command radius is 2 x Ld, coherency Ld. Models are \
25 mm round bases.

Move types: Halt, Advance (BS -1), At the Double (2 x Mv, Ev -1, no shooting), Dig-In (no \
move, no shooting, To +1 against shooting this turn). Advance and At the Double need half the \
unit's surviving models inside the leader's radius. A unit with a dead leader cannot move, unless \
it is a Swarm (the partisans pick a leader each move) or has Combat Tactics (the scouts: a \
survivor takes the lead). No model may pass within 2\" of an enemy model unless its leader is \
assaulting.

Terrain: the birch wood and the alder copse are difficult, block sight and conceal. Stone walls \
are linear obstacles. Hill 112 is a bare hill. The collective farm barn is a building that blocks \
sight. The Kalinovka road is open going.

Situation: Ivanov's light machine-gun team is outside his radius; the gunner nearer the field \
wall is within 12\" of Gruppe Krause and may not regroup, his loader is further back and may. \
Gruppe Vogel has only three of its eight men near its leader. The MG 34 team has lost its \
leader.

Victory: the Soviet player scores 1 point for each of the barn, Hill 112 and the field wall that \
a Soviet model has seen at close range (ended a move within 6\" of it), and 1 for each unit that \
gets back off the south edge with at least half its models; the German player scores 1 for \
each Soviet unit destroyed. The higher score wins after turn 8.";

pub fn build() -> Scenario {
    let mut b = Build::table("Night Patrol at Kalinovka", Ruleset::M42, 72.0, 48.0);
    b.meta(DESCRIPTION, NOTES);
    let (soviets, germans) = b.sides(
        ("Soviet Reconnaissance", 0xa52a2a, Edge::South),
        ("German Grenadiers", 0x5a6b4a, Edge::North),
    );

    use TerrainKind::{Area, Linear, Road};
    use Trait::*;
    b.open_ground("Snowfield", 0xe8ecef);
    let woods = b.terrain(
        "Woods",
        0x3d5c3a,
        Area,
        HexCost::Mp(2),
        &[Difficult, Conceals, BlocksSight],
    );
    let wall = b.terrain("Stone wall", 0x7d7468, Linear, HexCost::Mp(2), &[]);
    let hill = b.terrain("Bare hill", 0xcfc8b8, Area, HexCost::Mp(2), &[BareHill]);
    let road = b.terrain("Road", 0x9a8c7a, Road, HexCost::Mp(1), &[]);
    let barn = b.terrain(
        "Farm building",
        0x6b4a32,
        Area,
        HexCost::Mp(2),
        &[Building, BlocksSight, Conceals],
    );

    b.line(
        "Kalinovka road",
        road,
        2.0,
        &[(0.0, 22.0), (20.0, 21.0), (40.0, 23.0), (72.0, 21.0)],
    );
    b.area(
        "Birch wood",
        woods,
        &[
            (2.0, 30.0),
            (16.0, 28.0),
            (19.0, 38.0),
            (12.0, 46.0),
            (3.0, 44.0),
        ],
    );
    b.area(
        "Alder copse",
        woods,
        &[
            (58.0, 3.0),
            (70.0, 2.0),
            (71.0, 14.0),
            (62.0, 16.0),
            (57.0, 10.0),
        ],
    );
    b.area(
        "Hill 112",
        hill,
        &[
            (24.0, 2.0),
            (36.0, 1.0),
            (40.0, 8.0),
            (30.0, 11.0),
            (23.0, 7.0),
        ],
    );
    b.area(
        "Collective farm barn",
        barn,
        &[(44.0, 10.0), (52.0, 10.0), (52.0, 15.0), (44.0, 15.0)],
    );
    b.line("Field wall", wall, 0.6, &[(26.0, 18.5), (42.0, 18.5)]);
    b.line(
        "Farmyard wall",
        wall,
        0.6,
        &[(40.0, 8.0), (56.0, 8.0), (56.0, 17.0)],
    );
    b.line("Orchard wall", wall, 0.6, &[(8.0, 16.0), (22.0, 16.0)]);

    b.zone(
        "German line",
        germans,
        &[(0.0, 0.0), (72.0, 0.0), (72.0, 19.5), (0.0, 19.5)],
    );
    b.zone(
        "Soviet start line",
        soviets,
        &[(0.0, 26.0), (72.0, 26.0), (72.0, 48.0), (0.0, 48.0)],
    );

    use UnitKind::Infantry;
    // The Soviets.
    b.add(
        unit(soviets, "1st Rifle Section", Infantry)
            .stats(m42(5, 4, 3, 4, 3))
            .full(10)
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[
                (22.0, 32.0),
                (19.0, 31.0),
                (25.0, 31.0),
                (20.0, 34.0),
                (24.0, 34.0),
                (22.0, 36.0),
                (18.0, 33.5),
                (26.0, 33.5),
                // The light machine-gun team, outside Ivanov's radius: the gunner within 12"
                // of Gruppe Krause, the loader further back.
                (32.0, 27.0),
                (33.0, 30.5),
            ],
        },
    );
    b.add(
        unit(soviets, "Orlov's Scouts", Infantry)
            .quality(Quality::Veteran)
            .stats(m42(6, 5, 4, 5, 3))
            .strength(6, 5)
            .special(&[SpecialRule::CombatTactics])
            .leaderless(),
        At::Points {
            facing_deg: 340.0,
            points: &[
                (52.0, 30.0),
                (54.0, 31.0),
                (50.5, 32.0),
                (53.0, 33.0),
                (55.5, 29.5),
            ],
        },
    );
    b.add(
        unit(soviets, "Partisans", Infantry)
            .quality(Quality::Green)
            .stats(m42(5, 3, 3, 5, 3))
            .full(8)
            .special(&[SpecialRule::Swarm])
            .leaderless(),
        At::Points {
            facing_deg: 30.0,
            points: &[
                (8.0, 32.0),
                (10.0, 34.0),
                (6.0, 36.0),
                (12.0, 37.0),
                (9.0, 39.0),
                (14.0, 33.0),
                (7.0, 41.0),
                (11.0, 42.0),
            ],
        },
    );
    b.add(
        unit(soviets, "Anti-tank Rifle Team", Infantry)
            .stats(m42(4, 4, 4, 3, 3))
            .full(2)
            .led_by(0),
        At::Points {
            facing_deg: 0.0,
            points: &[(40.0, 34.0), (41.5, 35.0)],
        },
    );

    // The Germans.
    b.add(
        unit(germans, "Gruppe Krause", Infantry)
            .quality(Quality::Veteran)
            .stats(m42(5, 5, 4, 4, 3))
            .full(9)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[
                (34.0, 16.0),
                (30.0, 16.5),
                (32.0, 15.0),
                (36.0, 15.0),
                (38.0, 16.5),
                (31.0, 13.5),
                (35.0, 13.0),
                (37.5, 13.0),
                (33.0, 12.0),
            ],
        },
    );
    b.add(
        unit(germans, "MG 34 Team", Infantry)
            .stats(m42(4, 4, 4, 3, 3))
            .strength(3, 2)
            .leaderless(),
        At::Points {
            facing_deg: 200.0,
            points: &[(48.0, 17.5), (49.5, 17.5)],
        },
    );
    b.add(
        unit(germans, "Feldposten", Infantry)
            .stats(m42(5, 4, 4, 4, 3))
            .full(2)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[(22.0, 18.5), (24.2, 18.1)],
        },
    );
    b.add(
        unit(germans, "Gruppe Vogel", Infantry)
            .stats(m42(5, 4, 4, 4, 3))
            .full(8)
            .led_by(0),
        At::Points {
            facing_deg: 180.0,
            points: &[
                (8.0, 12.0),
                (10.0, 13.0),
                (6.0, 13.5),
                // Scattered beyond Vogel's 8" radius.
                (17.0, 4.0),
                (19.0, 5.5),
                (21.0, 3.5),
                (1.5, 3.0),
                (1.5, 5.0),
            ],
        },
    );

    b.objective(
        "Collective farm barn",
        Place::Table(p(48.0, 12.5)),
        1,
        "Seen at close range: a Soviet model ends a move within 6\".",
    );
    b.objective(
        "Hill 112",
        Place::Table(p(31.0, 6.0)),
        1,
        "Seen at close range: a Soviet model ends a move within 6\".",
    );
    b.objective(
        "The field wall",
        Place::Table(p(34.0, 18.5)),
        1,
        "Seen at close range: a Soviet model ends a move within 6\".",
    );
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_named<'a>(s: &'a Scenario, name: &str) -> &'a Unit {
        s.find_unit(name).expect("unit exists")
    }

    /// Edge-to-edge distance from a model to the nearest enemy model.
    fn to_enemy(s: &Scenario, side: SideId, m: &Model) -> f32 {
        s.units
            .iter()
            .filter(|u| u.side != side)
            .flat_map(|u| u.models.iter())
            .map(|e| e.footprint().separation(&m.footprint()))
            .fold(f32::INFINITY, f32::min)
    }

    /// Models (the leader counts) whose base is inside the leader's command radius, 2 x Ld,
    /// with a margin so edge and centre measurement agree.
    fn in_radius(u: &Unit) -> (usize, usize) {
        let leader = u.leader().expect("has a leader");
        let r = 2.0 * u.stats.ld as f32;
        let d: Vec<f32> = u
            .models
            .iter()
            .map(|m| m.pos.distance(leader.pos))
            .collect();
        assert!(d.iter().all(|d| *d < r - 1.0 || *d > r + 1.0));
        (d.iter().filter(|d| **d < r).count(), u.models.len())
    }

    #[test]
    fn the_m42_situations_are_all_there() {
        let s = build();
        let section = unit_named(&s, "1st Rifle Section");
        let (inside, all) = in_radius(section);
        assert_eq!((inside, all), (8, 10));
        let team = &section.models[8..];
        assert!(to_enemy(&s, section.side, &team[0]) < 11.0);
        assert!(to_enemy(&s, section.side, &team[1]) > 13.0);

        let vogel = unit_named(&s, "Gruppe Vogel");
        let (inside, all) = in_radius(vogel);
        assert!(inside * 2 < all, "{inside} of {all}");

        let partisans = unit_named(&s, "Partisans");
        assert!(partisans.has(SpecialRule::Swarm) && partisans.leader_model.is_none());
        let scouts = unit_named(&s, "Orlov's Scouts");
        assert!(scouts.has(SpecialRule::CombatTactics) && scouts.leader_model.is_none());
        let mg = unit_named(&s, "MG 34 Team");
        assert!(mg.special.is_empty() && mg.leader_model.is_none());

        // The sentries stand within 2" of the section's straight way north past them.
        let sentries = unit_named(&s, "Feldposten");
        let leader = section.leader().expect("Ivanov").pos;
        let ahead = leader + crate::geom::Point::new(0.0, -14.0);
        let near = sentries
            .models
            .iter()
            .map(|m| crate::geom::point_segment_distance(m.pos, leader, ahead))
            .fold(f32::INFINITY, f32::min);
        assert!(near < 2.0, "{near}");
    }
}
