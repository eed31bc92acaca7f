//! "The Rearguard at Jagdalak" (R4 morale and rally, R3 movement): a British rearguard holds the
//! Kabul road while the baggage gets away, with units in every morale state R4 knows.
//!
//! The 44th Foot is the worked example of 001: Veteran, 7 stands, 2 lost, unsteady, no
//! commander attached. Brigadier Shelton (+1, one re-roll, unused) stands just behind it,
//! attached to nobody, so attaching him reproduces the rest of the example.

use super::build::*;
use crate::model::*;

/// The worked example of 001.
pub const FORTY_FOURTH: &str = "44th Foot";
/// The +1 commander with one re-roll who stands by the 44th, unattached.
pub const SHELTON: &str = "Brigadier Shelton";

const DESCRIPTION: &str = "January 1842, the road from Kabul. The army is retreating through \
the passes to Jalalabad and the Ghilzai are in the hills on every side. At the Jagdalak serai \
the rearguard turns at bay: what is left of the 44th Foot, shaken but still Veteran, a couple of \
sepoy battalions, the sappers, the guns that can still be dragged, and behind them the baggage \
elephant and the last two wagons. The tribesmen are coming down from the heights and the Afghan \
horse is working round the flank. Hold the road long enough for the baggage to get clear.";

const NOTES: &str = "Rules: R3 orders for movement, R4 morale and rally. Stands are the models: \
infantry 40x20 mm, cavalry, guns and commanders 40x40, the elephant 50x50, wagons 40x60.

Morale: start numbers Veteran 3, Regular 4, Green 5; -1 per stand lost; + the attached \
commander's bonus; +1 in buildings (the serai). A unit at half its stands or worse fails every \
test and is removed. Optional rules in play: artillery may rally, artillery hit points (3 per \
gun, 4 for the siege gun), elephant stampede, morale re-rolls for attached commanders and Elite \
units. Routers are removed at 50%.

Situation: the 44th Foot (7 stands, 2 lost) is unsteady with no commander: it rallies on 5+. \
Brigadier Shelton (+1, one re-roll) is behind it and may be attached at the end of the turn. \
Brigadier Anquetil is with the 37th Native Infantry. The Shah's irregular horse is routing \
towards the baggage. No. 6 Light Field Battery has already failed once: it is unsteady and \
limbered. The 54th Native Infantry holds the walled serai with the 18-pounder, which never moves. \
The second band of Ghilzai has lost half its stands: it will fail its next test.

Victory: the British win if the elephant and at least one wagon leave by the east edge on the \
Kabul road by the end of turn 10 and the serai is still held. The Afghans win if they capture \
both wagons, take the serai, or drive the 44th Foot from the table. Otherwise the night and the \
snow decide it: a draw.";

/// Stats for a unit of this scenario: R3 movement values and the R4 rout distance.
fn st(mv: u8, ld: u8, rof: u8, rout_in: u8) -> Stats {
    Stats {
        rout_in,
        ..orders(mv, ld, rof, 18, 3, 3)
    }
}

pub fn build() -> Scenario {
    let mut b = Build::table("The Rearguard at Jagdalak", Ruleset::Orders, 72.0, 48.0);
    b.meta(DESCRIPTION, NOTES);
    b.s.rules.morale_tests = true;
    b.s.rules.in_buildings_bonus = 1;
    b.s.rules.optional = OptionalRules {
        keep_routers_on_table: false,
        artillery_may_rally: true,
        artillery_hit_points: true,
        elephant_stampede: true,
        morale_rerolls: true,
    };
    let (british, afghans) = b.sides(
        ("British Rearguard", 0xc0392b, Edge::East),
        ("Afghan Tribes", 0x2e7d32, Edge::North),
    );

    use TerrainKind::{Area, Linear, Road};
    use Trait::*;
    b.open_ground("Stony plain", 0xc9b99a);
    let nullah = b.terrain("Nullah", 0x8c7a5b, Linear, HexCost::Mp(2), &[Difficult]);
    let hills = b.terrain("Rocky hills", 0xa39580, Area, HexCost::Mp(2), &[BareHill]);
    let serai = b.terrain(
        "Serai",
        0x9b7b55,
        Area,
        HexCost::Mp(2),
        &[Building, BlocksSight, Conceals],
    );
    let road = b.terrain("Road", 0xb8a27a, Road, HexCost::Mp(1), &[]);

    b.line(
        "Kabul road",
        road,
        2.0,
        &[
            (0.0, 34.0),
            (20.0, 32.0),
            (36.0, 30.0),
            (52.0, 29.0),
            (72.0, 27.0),
        ],
    );
    b.line(
        "Jagdalak nullah",
        nullah,
        1.5,
        &[
            (22.0, 0.0),
            (25.0, 12.0),
            (23.0, 24.0),
            (26.0, 36.0),
            (24.0, 48.0),
        ],
    );
    b.area(
        "Khurd hills",
        hills,
        &[
            (4.0, 2.0),
            (20.0, 1.0),
            (22.0, 10.0),
            (12.0, 14.0),
            (3.0, 11.0),
        ],
    );
    b.area(
        "Jagdalak heights",
        hills,
        &[
            (32.0, 2.0),
            (50.0, 1.0),
            (56.0, 8.0),
            (46.0, 14.0),
            (34.0, 12.0),
        ],
    );
    b.area(
        "Jagdalak serai",
        serai,
        &[(42.0, 31.5), (52.0, 31.5), (52.0, 40.0), (42.0, 40.0)],
    );

    b.zone(
        "British rearguard position",
        british,
        &[(28.0, 20.0), (72.0, 20.0), (72.0, 48.0), (28.0, 48.0)],
    );
    b.zone(
        "Hills and the Kabul side",
        afghans,
        &[
            (0.0, 0.0),
            (72.0, 0.0),
            (72.0, 16.0),
            (20.0, 16.0),
            (20.0, 48.0),
            (0.0, 48.0),
        ],
    );

    use Quality::*;
    use UnitKind::*;
    let gun = |class, draught, hit_points| Artillery {
        class,
        draught,
        hit_points,
    };
    let ranks = |x: f32, y: f32, facing_deg: f32, frontage: usize| At::Ranks {
        centre: (x, y),
        facing_deg,
        frontage,
        gap_in: 0.05,
    };

    // The British.
    b.add(
        unit(british, FORTY_FOURTH, Infantry)
            .quality(Veteran)
            .stats(st(6, 8, 2, 12))
            .strength(7, 5)
            .morale(Morale::Unsteady)
            .rect(40.0, 20.0)
            .led_by(2),
        ranks(32.0, 38.0, 270.0, 5),
    );
    b.add(
        leader(british, SHELTON, commander(1, 1, 0))
            .quality(Veteran)
            .stats(st(8, 8, 0, 0))
            .rect(40.0, 40.0),
        ranks(34.5, 38.0, 270.0, 1),
    );
    let anquetil = b.add(
        leader(british, "Brigadier Anquetil", commander(1, 2, 1))
            .stats(st(8, 7, 0, 0))
            .rect(40.0, 40.0),
        ranks(40.0, 25.8, 0.0, 1),
    );
    b.add(
        unit(british, "37th Bengal Native Infantry", Infantry)
            .stats(st(6, 7, 2, 12))
            .strength(6, 6)
            .rect(40.0, 20.0)
            .attached(anquetil)
            .led_by(2),
        ranks(40.0, 23.5, 0.0, 6),
    );
    b.add(
        unit(british, "Shah's 2nd Irregular Horse", Cavalry)
            .quality(Green)
            .stats(st(10, 6, 1, 16))
            .strength(4, 3)
            .morale(Morale::Routing)
            .rect(40.0, 40.0)
            .led_by(1),
        At::Ranks {
            centre: (58.0, 44.5),
            facing_deg: 90.0,
            frontage: 3,
            gap_in: 0.1,
        },
    );
    b.add(
        unit(british, "Broadfoot's Sappers", Infantry)
            .stats(st(6, 8, 2, 12))
            .full(4)
            .special(&[SpecialRule::Elite])
            .rect(40.0, 20.0)
            .led_by(1),
        ranks(52.0, 23.0, 0.0, 4),
    );
    b.add(
        unit(british, "54th Bengal Native Infantry", Infantry)
            .stats(st(6, 7, 2, 12))
            .full(6)
            .rect(40.0, 20.0)
            .state(|s| s.in_buildings = true)
            .led_by(1),
        ranks(45.0, 35.75, 270.0, 3),
    );
    b.add(
        unit(
            british,
            "The Serai 18-pounder",
            gun(GunClass::Siege, Draught::Foot, 4),
        )
        .quality(Veteran)
        .stats(st(0, 7, 1, 0))
        .full(1)
        .rect(40.0, 40.0)
        .led_by(0),
        ranks(49.5, 36.0, 270.0, 1),
    );
    b.add(
        unit(
            british,
            "Bengal Horse Artillery",
            gun(GunClass::Light, Draught::Horse, 3),
        )
        .quality(Veteran)
        .stats(st(12, 8, 2, 12))
        .full(2)
        .rect(40.0, 40.0)
        .led_by(0),
        At::Ranks {
            centre: (34.0, 45.0),
            facing_deg: 270.0,
            frontage: 2,
            gap_in: 0.5,
        },
    );
    b.add(
        unit(
            british,
            "No. 6 Light Field Battery",
            gun(GunClass::Medium, Draught::Foot, 3),
        )
        .stats(st(6, 7, 2, 8))
        .full(2)
        .rect(40.0, 40.0)
        .morale(Morale::Unsteady)
        .state(|s| s.limbered = true)
        .led_by(0),
        At::Ranks {
            centre: (57.0, 35.0),
            facing_deg: 90.0,
            frontage: 2,
            gap_in: 0.5,
        },
    );
    b.add(
        unit(british, "Baggage Elephant", Elephant)
            .quality(Green)
            .stats(st(6, 5, 0, 12))
            .full(1)
            .rect(50.0, 50.0)
            .led_by(0),
        ranks(61.0, 28.1, 90.0, 1),
    );
    b.add(
        unit(british, "Commissariat Wagon", Wagon)
            .quality(Green)
            .stats(st(4, 5, 0, 6))
            .full(1)
            .rect(40.0, 60.0)
            .led_by(0),
        ranks(64.8, 27.7, 90.0, 1),
    );
    b.add(
        unit(british, "Treasure Wagon", Wagon)
            .quality(Green)
            .stats(st(4, 5, 0, 6))
            .full(1)
            .rect(40.0, 60.0)
            .led_by(0),
        ranks(68.4, 27.4, 90.0, 1),
    );

    // The Afghans.
    b.add(
        unit(afghans, "Ghilzai Tribesmen", Infantry)
            .quality(Green)
            .stats(st(7, 6, 1, 12))
            .full(8)
            .rect(40.0, 20.0)
            .led_by(1),
        ranks(13.0, 26.0, 90.0, 4),
    );
    b.add(
        unit(afghans, "Ghilzai Tribesmen (2nd band)", Infantry)
            .quality(Green)
            .stats(st(7, 6, 1, 12))
            .strength(8, 4)
            .morale(Morale::Unsteady)
            .rect(40.0, 20.0)
            .led_by(1),
        ranks(12.0, 7.0, 135.0, 4),
    );
    b.add(
        unit(afghans, "Jezailchis", Infantry)
            .stats(st(6, 7, 2, 12))
            .full(6)
            .rect(40.0, 20.0)
            .led_by(2),
        At::Ranks {
            centre: (44.0, 7.0),
            facing_deg: 180.0,
            frontage: 6,
            gap_in: 0.6,
        },
    );
    let akbar = b.add(
        leader(afghans, "Akbar Khan", commander(1, 1, 0))
            .stats(st(10, 8, 0, 0))
            .rect(40.0, 40.0),
        ranks(6.5, 40.0, 90.0, 1),
    );
    b.add(
        unit(afghans, "Afghan Horse", Cavalry)
            .stats(st(10, 7, 1, 16))
            .full(4)
            .rect(40.0, 40.0)
            .attached(akbar)
            .led_by(1),
        At::Ranks {
            centre: (9.0, 40.0),
            facing_deg: 90.0,
            frontage: 4,
            gap_in: 0.1,
        },
    );

    b.objective(
        "Jagdalak serai",
        Place::Table(p(47.0, 35.75)),
        2,
        "Walled: units inside take +1 on morale and rally tests.",
    );
    b.objective(
        "Road to Jalalabad",
        Place::Table(p(71.0, 27.0)),
        3,
        "The elephant and the wagons leave the table here.",
    );
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::point_in_polygon;

    fn unit_named<'a>(s: &'a Scenario, name: &str) -> &'a Unit {
        s.find_unit(name).expect("unit exists")
    }

    #[test]
    fn every_r4_case_is_there() {
        let s = build();
        for u in s.units.iter().filter(|u| !u.is_leader()) {
            assert!(u.stats.rout_in > 0 || u.stats.mv == 0, "{}", u.name);
            assert!(matches!(u.models[0].base, Base::Rect { .. }));
            if u.kind.is_single_stand() && u.kind.tag() != KindTag::Artillery {
                assert_eq!(u.strength.start, 1, "{}", u.name);
            }
        }
        let serai = s
            .pieces
            .iter()
            .find(|p| s.terrain(p.terrain).is_some_and(|t| t.building))
            .expect("the serai");
        let garrison = unit_named(&s, "54th Bengal Native Infantry");
        assert!(garrison.state.in_buildings);
        assert!(
            garrison
                .models
                .iter()
                .all(|m| point_in_polygon(m.pos, serai.shape.points()))
        );
        let routing = unit_named(&s, "Shah's 2nd Irregular Horse");
        assert_eq!(
            (routing.kind, routing.quality, routing.state.morale),
            (UnitKind::Cavalry, Quality::Green, Morale::Routing)
        );
        assert!(unit_named(&s, "Broadfoot's Sappers").has(SpecialRule::Elite));
        let attached = unit_named(&s, "37th Bengal Native Infantry");
        assert!(
            attached
                .attached_leader
                .and_then(|id| s.unit(id))
                .is_some_and(|l| l.name == "Brigadier Anquetil")
        );
        let rha = unit_named(&s, "Bengal Horse Artillery");
        assert_eq!(
            rha.kind,
            UnitKind::Artillery {
                class: GunClass::Light,
                draught: Draught::Horse,
                hit_points: 3
            }
        );
        assert_eq!(rha.models.len(), 2);
        let battery = unit_named(&s, "No. 6 Light Field Battery");
        assert!(battery.state.limbered && battery.state.morale == Morale::Unsteady);
        assert!(matches!(
            battery.kind,
            UnitKind::Artillery {
                draught: Draught::Foot,
                ..
            }
        ));
        assert!(matches!(
            unit_named(&s, "The Serai 18-pounder").kind,
            UnitKind::Artillery {
                class: GunClass::Siege,
                draught: Draught::Foot,
                hit_points: 4
            }
        ));
        let kinds: Vec<KindTag> = s.units.iter().map(|u| u.kind.tag()).collect();
        assert_eq!(kinds.iter().filter(|k| **k == KindTag::Elephant).count(), 1);
        assert_eq!(kinds.iter().filter(|k| **k == KindTag::Wagon).count(), 2);
        let half = unit_named(&s, "Ghilzai Tribesmen (2nd band)");
        assert_eq!(half.strength.lost() * 2, half.strength.start);
        assert_eq!(unit_named(&s, "Ghilzai Tribesmen").quality, Quality::Green);
        assert_eq!(unit_named(&s, "Jezailchis").quality, Quality::Regular);
    }
}
