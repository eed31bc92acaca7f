//! `sandtable moves` and `sandtable span` on a hex map, as a user runs them: real process, real
//! exit codes, the text and the JSON documented in docs/cli.md.

use hexx::Hex;
use sandtable::model::*;
use std::path::Path;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, text};

struct Ids {
    general: UnitId,
    colonel: UnitId,
    foot: UnitId,
    horse: UnitId,
    enemy_horse: UnitId,
}

fn unit(s: &mut Scenario, name: &str, side: SideId, kind: UnitKind, hex: Hex, mp: u8) -> UnitId {
    let id = UnitId(s.alloc());
    s.units.push(Unit {
        stats: Stats {
            mp,
            ..Stats::default()
        },
        strength: Strength::full(4),
        position: Position::Hex { hex, facing: 0 },
        leadership: None,
        exerts_zoc: true,
        ..Unit::new(id, name, side, kind)
    });
    id
}

fn offset(col: i32, row: i32) -> Hex {
    Hex::from_offset_coordinates(
        [col, row],
        hexx::OffsetHexMode::Even,
        hexx::HexOrientation::Flat,
    )
}

/// A 20 x 15 flat map: a Blue general and colonel, foot and horse; Red foot and horse.
fn scenario() -> (Scenario, Ids) {
    let mut s = Scenario::new_hex("Hex command line");
    let (blue, red) = (s.sides[0].id, s.sides[1].id);
    let general = unit(&mut s, "General", blue, UnitKind::Leader, offset(2, 7), 6);
    let colonel = unit(&mut s, "Colonel", blue, UnitKind::Leader, offset(5, 7), 6);
    let foot = unit(
        &mut s,
        "Blue Foot",
        blue,
        UnitKind::Infantry,
        offset(6, 7),
        4,
    );
    let horse = unit(
        &mut s,
        "Blue Horse",
        blue,
        UnitKind::Cavalry,
        offset(6, 11),
        6,
    );
    let red_foot = unit(
        &mut s,
        "Red Foot",
        red,
        UnitKind::Infantry,
        offset(14, 7),
        4,
    );
    let enemy_horse = unit(
        &mut s,
        "Red Horse",
        red,
        UnitKind::Cavalry,
        offset(12, 11),
        6,
    );
    let red_general = unit(
        &mut s,
        "Red General",
        red,
        UnitKind::Leader,
        offset(16, 8),
        6,
    );
    let lead = |command, span, superior| Leadership {
        command,
        span,
        superior,
        bonus: 0,
        rerolls: 0,
        rerolls_used: 0,
    };
    for (id, l) in [
        (general, lead(Command::Advance, 8, None)),
        (colonel, lead(Command::Attack, 2, Some(general))),
        (red_general, lead(Command::Stand, 8, None)),
    ] {
        s.unit_mut(id).expect("leader").leadership = Some(l);
    }
    for (id, c) in [
        (foot, colonel),
        (horse, colonel),
        (red_foot, red_general),
        (enemy_horse, red_general),
    ] {
        s.unit_mut(id).expect("unit").commander = Some(c);
    }
    assert_eq!(s.validate(), vec![]);
    (
        s,
        Ids {
            general,
            colonel,
            foot,
            horse,
            enemy_horse,
        },
    )
}

fn saved(dir: &Path, s: &Scenario) -> String {
    let path = dir.join("hex.json");
    sandtable::io::save(&path, s).expect("save");
    path.display().to_string()
}

#[test]
fn moves_prints_legal_and_rejected_hexes_with_reasons() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, ids) = scenario();
    let file = saved(dir.path(), &s);
    let out = sandtable(&["moves", &file, "--unit", "Blue Foot"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("Blue Foot"), "{t}");
    assert!(t.contains("Command: Attack, the chit of Colonel"), "{t}");
    assert!(t.contains("traces to Colonel"), "{t}");
    assert!(t.contains("+1 melee die roll"), "{t}");
    assert!(t.contains("Legal destinations ("), "{t}");
    assert!(t.contains("below the minimum move"), "{t}");
    let _ = ids.foot;
}

#[test]
fn moves_json_has_the_documented_shape() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, ids) = scenario();
    let file = saved(dir.path(), &s);
    let id = ids.foot.0.to_string();
    let out = sandtable(&["moves", &file, "--unit", &id, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["unit"]["id"], ids.foot.0);
    assert_eq!(v["unit"]["name"], "Blue Foot");
    assert_eq!(v["kind"], "infantry");
    assert_eq!(v["start"]["col"], 6);
    assert_eq!(v["start"]["row"], 7);
    assert!(v["start"]["x"].is_i64() && v["start"]["y"].is_i64());
    assert_eq!(v["mp"], 4);
    assert_eq!(v["allowance"], 4);
    assert_eq!(v["command"]["source"], "traced");
    assert_eq!(v["command"]["chit"], "Attack");
    assert_eq!(v["command"]["moves_as"], "Attack");
    assert_eq!(v["command"]["uses"]["id"], ids.colonel.0);
    let chain = v["command"]["chain"].as_array().expect("chain");
    assert_eq!(chain.len(), 2);
    assert_eq!(chain[1]["leader"]["id"], ids.general.0);
    assert_eq!(chain[0]["reaches"], true);
    assert!(
        v["constraints"]
            .as_array()
            .expect("list")
            .iter()
            .any(|c| c["code"] == "minimum_move")
    );
    assert!(
        v["effects"]
            .as_array()
            .expect("list")
            .iter()
            .any(|e| e["code"] == "melee" && e["value"] == 1)
    );
    let legal = v["legal"].as_array().expect("legal");
    assert!(!legal.is_empty());
    for l in legal {
        let path = l["path"].as_array().expect("path");
        assert_eq!(path[0], v["start"]);
        assert_eq!(path.last(), Some(&l["hex"]));
        assert!(l["cost"].as_u64().expect("cost") <= 4);
    }
    let rejected = v["rejected"].as_array().expect("rejected");
    assert!(rejected.iter().any(|r| r["reason"] == "below_minimum_move"));
    assert!(rejected.iter().all(|r| r["text"].is_string()));
    assert!(v["route"].is_null());
    assert!(v["second_combat"].is_null());
    assert!(v["dragoons"].is_null());
}

#[test]
fn moves_with_a_command_a_route_and_a_second_combat() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, ids) = scenario();
    let file = saved(dir.path(), &s);
    // The Red horse rides west past Blue Horse: the route has a reaction-charge check point.
    let to = offset(7, 11);
    let to_arg = format!("{},{}", to.x, to.y);
    let id = ids.enemy_horse.0.to_string();
    let out = sandtable(&[
        "moves",
        &file,
        "--unit",
        &id,
        "--command",
        "advance",
        "--to",
        &to_arg,
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["command"]["source"], "override");
    assert_eq!(v["command"]["chit"], "Advance");
    let route = &v["route"];
    assert_eq!(route["legal"], true, "{route}");
    let checks = route["charge_checks"].as_array().expect("checks");
    assert_eq!(checks.len(), 1, "{route}");
    assert_eq!(checks[0]["kind"], "command_check");
    // Blue Horse is beyond the colonel's span: its leader is the general.
    assert_eq!(checks[0]["leader"]["id"], ids.general.0);
    assert_eq!(checks[0]["cavalry"][0]["unit"]["id"], ids.horse.0);
    // Second combat, text.
    let id = ids.horse.0.to_string();
    let out = sandtable(&["moves", &file, "--unit", &id, "--second-combat"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Second combat from"));
    // A bad command name is a usage error.
    let out = sandtable(&["moves", &file, "--unit", &id, "--command", "gallop"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid value 'gallop' for '--command <COMMAND>'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn span_prints_the_hexes_and_the_units_in_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, ids) = scenario();
    let file = saved(dir.path(), &s);
    let out = sandtable(&["span", &file, "--leader", "Colonel"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("Colonel"), "{t}");
    assert!(t.contains("Span: 19 hexes"), "{t}");
    assert!(t.contains("within the span of General"), "{t}");
    let id = ids.general.0.to_string();
    let out = sandtable(&["span", &file, "--leader", &id, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["leader"]["id"], ids.general.0);
    assert_eq!(v["command"], "Advance");
    assert_eq!(v["span"], 8);
    assert_eq!(v["effective_span"], 8);
    assert!(v["traces_to"].is_null());
    assert!(v["hexes"].as_array().expect("hexes").len() > 100);
    let force = v["force"].as_array().expect("force");
    assert_eq!(force.len(), 3, "the colonel and his two units");
    // The foot stands next to the colonel and uses his chit; the horse is beyond the colonel's
    // span of 2 and uses the general's.
    let uses = |id: UnitId| {
        force
            .iter()
            .find(|u| u["unit"]["id"] == id.0)
            .map(|u| u["uses"]["id"].clone())
    };
    assert_eq!(uses(ids.foot), Some(ids.colonel.0.into()));
    assert_eq!(uses(ids.horse), Some(ids.general.0.into()));
    assert_eq!(
        v["in_command"],
        serde_json::json!([ids.colonel.0, ids.horse.0])
    );
    assert_eq!(v["muster"]["met"], false);
    let changes = v["changes"].as_array().expect("changes");
    assert_eq!(changes.len(), 9);
    assert!(
        changes
            .iter()
            .any(|c| c["command"] == "Muster" && c["allowed"] == false)
    );
    // Not a leader.
    let id = ids.foot.0.to_string();
    let out = sandtable(&["span", &file, "--leader", &id]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn printed_numbering_to_takes_the_label_as_printed_and_every_answer_shows_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut s, ids) = scenario();
    // Lettered columns counted from the north-east, rows from 1 without padding: the hex at
    // offset (7, 11) of a 20-column map is column 13 from the east, M, row 12.
    if let Map::Hex(m) = &mut s.map {
        m.labels = LabelScheme {
            column_letters: true,
            row_digits: 1,
            start: Corner::NorthEast,
            ..LabelScheme::default()
        };
    }
    let file = saved(dir.path(), &s);
    let to = offset(7, 11);
    let id = ids.enemy_horse.0.to_string();
    let moves = |to: &str, json: bool| {
        let mut args = vec![
            "moves",
            &file,
            "--unit",
            &id,
            "--command",
            "advance",
            "--to",
            to,
        ];
        if json {
            args.push("--json");
        }
        sandtable(&args)
    };
    let by_label = moves("M12", false);
    assert!(by_label.status.success(), "{}", text(&by_label.stderr));
    let axial = format!("{},{}", to.x, to.y);
    let by_axial = moves(&axial, false);
    assert_eq!(text(&by_label.stdout), text(&by_axial.stdout));
    assert!(
        text(&by_label.stdout).contains(&format!("Route to M12 ({}, {})", to.x, to.y)),
        "{}",
        text(&by_label.stdout)
    );
    // Lower case reads the same; the JSON carries the printed label.
    let json = moves("m12", true);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(v["route"]["to"]["label"], "M12", "{}", v["route"]);
    // A label of another scheme, or off the map, is refused naming what is expected.
    let out = moves("0812", false);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("'0812' is not a hex of this map") && err.contains("such as T1"),
        "{err}"
    );
}

/// `terrain`: Winceby's map out as a grid and in again unchanged; a grid with woods written
/// in by a symbol paints them and saves; a grid of the wrong shape is refused with its row,
/// and nothing is written.
#[test]
fn terrain_grid_exports_imports_and_refuses_a_misshapen_grid() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("w.sandtable");
    let grid = dir.path().join("grid.csv");
    let f = file.display().to_string();
    let g = grid.display().to_string();
    assert!(sandtable(&["sample", "winceby", &f]).status.success());
    let before = sandtable::io::load(&file).expect("loads");
    let o = sandtable(&["terrain", &f, "--export", &g]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = sandtable(&["terrain", &f, "--import", &g]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("0 hexes changed"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(sandtable::io::load(&file).expect("loads"), before);
    // The first row's first two hexes as woods, by a symbol.
    let csv = std::fs::read_to_string(&grid).expect("grid");
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    let mut first: Vec<&str> = lines[0].split(',').collect();
    first[0] = "W";
    first[1] = "W";
    lines[0] = first.join(",");
    std::fs::write(&grid, lines.join("\n")).expect("write");
    let o = sandtable(&["terrain", &f, "--import", &g, "--symbol", "W=Woods"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let after = sandtable::io::load(&file).expect("loads");
    let woods = after
        .terrain_types
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("woods"))
        .expect("woods")
        .id;
    let m = after.map.as_hex().expect("hex");
    assert_eq!(&m.terrain[..2], &[woods, woods]);
    // A row short: refused, naming it; the file is as it was.
    lines[2] = lines[2].rsplit_once(',').expect("cells").0.to_string();
    std::fs::write(&grid, lines.join("\n")).expect("write");
    let o = sandtable(&["terrain", &f, "--import", &g, "--symbol", "W=Woods"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("row 3"), "{}", text(&o.stderr));
    assert_eq!(sandtable::io::load(&file).expect("loads"), after);
}

/// `oob`: Winceby's order of battle out as a table and in again unchanged; a row added for a
/// new brigade arriving on turn 3 makes the unit and its reinforcement group; a row naming a
/// side the scenario lacks is refused with its row and column, and nothing is written.
#[test]
fn oob_table_exports_imports_adds_a_reinforcement_and_refuses_an_unknown_side() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("w.sandtable");
    let table = dir.path().join("oob.csv");
    let f = file.display().to_string();
    let t = table.display().to_string();
    assert!(sandtable(&["sample", "winceby", &f]).status.success());
    let before = sandtable::io::load(&file).expect("loads");
    let o = sandtable(&["oob", &f, "--out", &t]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let csv = std::fs::read_to_string(&table).expect("table");
    assert!(
        csv.starts_with("name,side,type,quality,strength,commander,at\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), before.units.len() + 1);
    let o = sandtable(&["oob", &f, "--import", &t]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("0 changed, 0 added"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(sandtable::io::load(&file).expect("loads"), before);
    let side = &before.sides[1].name;
    std::fs::write(
        &table,
        format!("{csv}Newark Foot,{side},Infantry,Green,5,,turn 3 at 0101\n"),
    )
    .expect("write");
    let o = sandtable(&["oob", &f, "--import", &t]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("1 added, 1 new reinforcement group"),
        "{}",
        text(&o.stdout)
    );
    let after = sandtable::io::load(&file).expect("loads");
    let foot = after
        .units
        .iter()
        .find(|u| u.name == "Newark Foot")
        .expect("added");
    let group = after
        .reinforcements
        .iter()
        .find(|r| r.units.contains(&foot.id))
        .expect("its group");
    assert_eq!((group.turn, group.side), (3, foot.side));
    std::fs::write(&table, "name,side\nNewark Horse,Scots\n").expect("write");
    let o = sandtable(&["oob", &f, "--import", &t]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("row 2, column 2: no side is named 'Scots'"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(sandtable::io::load(&file).expect("loads"), after);
}

/// A table whose result fails the scenario's check (a new unit put on a hex a unit holds) is
/// refused with the row of the unit the error is about, and nothing is written; with
/// --keep-errors it is written, its errors said, and the exit is 1.
#[test]
fn oob_import_whose_result_fails_the_check_writes_nothing_unless_asked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("w.sandtable");
    let table = dir.path().join("oob.csv");
    let f = file.display().to_string();
    let t = table.display().to_string();
    assert!(sandtable(&["sample", "winceby", &f]).status.success());
    let before = sandtable::io::load(&file).expect("loads");
    let first = before
        .units
        .iter()
        .find(|u| !u.is_leader() && u.hex().is_some())
        .expect("a combat unit on a hex");
    let side = before.side(first.side).expect("side").name.clone();
    let held = before
        .map
        .as_hex()
        .expect("hex")
        .label(first.hex().expect("on a hex").0);
    std::fs::write(
        &table,
        format!("name,side,type,at\nNewark Foot,{side},Infantry,{held}\n"),
    )
    .expect("write");
    let o = sandtable(&["oob", &f, "--import", &t]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.contains("nothing is written"), "{err}");
    assert!(err.contains("row 2 (Newark Foot)"), "{err}");
    assert!(err.contains("--keep-errors"), "{err}");
    assert_eq!(sandtable::io::load(&file).expect("loads"), before);
    let o = sandtable(&["oob", &f, "--import", &t, "--keep-errors"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("check: row 2 (Newark Foot)"),
        "{}",
        text(&o.stdout)
    );
    let kept = sandtable::io::load(&file).expect("loads");
    assert!(kept.units.iter().any(|u| u.name == "Newark Foot"));
}
