//! R5 (004) on the Winceby sample, from the command line: reinforcements coming onto the map
//! (`moves` on an off-map unit due this turn) and the reaction charge itself at a check point
//! of an enemy cavalry move (`moves --to X,Y --reaction-charge UNIT`).

use hexx::Hex;
use sandtable::model::*;
use sandtable::rules::hex_commands::{self, HexRules};
use sandtable::samples;
use std::path::Path;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, stderr, stdout};

fn winceby() -> Scenario {
    samples::by_name("winceby")
        .expect("winceby")
        .load()
        .expect("the sample loads")
}

fn saved(dir: &Path, s: &Scenario) -> String {
    let path = dir.join("winceby.json");
    sandtable::io::save(&path, s).expect("save");
    path.display().to_string()
}

/// Winceby on turn 3, when the Bolingbroke garrison sallies onto the east edge, with Sir John
/// Henderson ridden out to meet it: a unit out of command may not move, so a reinforcement comes
/// on only within the span of a leader of its chain.
fn turn_three() -> Scenario {
    let mut s = winceby();
    s.turn = 3;
    let entry = match s
        .reinforcements
        .iter()
        .find(|r| r.turn == 3)
        .map(|r| r.entry)
    {
        Some(Place::Hex(h)) => h,
        other => panic!("the garrison enters at a hex: {other:?}"),
    };
    let henderson = s.find_unit("Sir John Henderson").expect("Henderson").id;
    s.unit_mut(henderson).expect("Henderson").position = Position::Hex {
        hex: entry + Hex::new(-2, 0),
        facing: 0,
    };
    s
}

#[test]
fn r5_reinforcement_due_this_turn_previews_its_moves_from_the_entry_hex() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = turn_three();
    let entry = match s
        .reinforcements
        .iter()
        .find(|r| r.turn == 3)
        .map(|r| r.entry)
    {
        Some(Place::Hex(h)) => h,
        other => panic!("the garrison enters at a hex: {other:?}"),
    };
    let file = saved(dir.path(), &s);
    let out = sandtable(&["moves", &file, "--unit", "Bolingbroke Dragoons"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("off the map, a reinforcement due on turn 3: enters at"),
        "{text}"
    );
    assert!(text.contains("dragoons enter the map mounted"), "{text}");
    let out = sandtable(&["moves", &file, "--unit", "Bolingbroke Dragoons", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["entry"]["turn"], 3);
    assert_eq!(v["entry"]["hex"]["x"], entry.x);
    assert_eq!(v["entry"]["hex"]["y"], entry.y);
    assert_eq!(v["start"], v["entry"]["hex"]);
    let cost = v["entry"]["cost"].as_u64().expect("an entry cost");
    assert!(cost >= 1);
    let legal = v["legal"].as_array().expect("legal");
    assert!(!legal.is_empty(), "the dragoons may come on");
    assert!(
        legal.iter().all(|h| h["cost"].as_u64() >= Some(cost)),
        "every cost counts the entry"
    );
    assert_eq!(v["dragoons"]["mounted"], true, "{}", v["dragoons"]);
    // The garrison horse may not come on charging: under Charge it moves as Advance.
    let out = sandtable(&[
        "moves",
        &file,
        "--unit",
        "Bolingbroke Garrison Horse",
        "--command",
        "charge1",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["command"]["moves_as"], "Advance");
    assert_eq!(v["allowance"], v["mp"], "no +2 MP on entry");
    assert!(
        v["notices"]
            .as_array()
            .expect("notices")
            .iter()
            .any(|n| n["kind"] == "no_charge_on_arrival" || n["code"] == "no_charge_on_arrival"),
        "{}",
        v["notices"]
    );
    // Out of every span of its chain it may not move, so it cannot come on.
    let mut alone = winceby();
    alone.turn = 3;
    let far = saved(dir.path(), &alone);
    let out = sandtable(&["moves", &far, "--unit", "Bolingbroke Dragoons"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("out of command"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("Legal destinations (0)"),
        "{}",
        stdout(&out)
    );
    // On turn 2 they are not due yet.
    let early = saved(dir.path(), &winceby());
    let out = sandtable(&["moves", &early, "--unit", "Bolingbroke Dragoons"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("arrives as a reinforcement on turn 3; this is turn 2"),
        "{}",
        stderr(&out)
    );
}

/// A Winceby cavalry move with a reaction-charge check point, and a cavalry unit that may
/// charge at it: (mover, destination, charger).
fn winceby_reaction(s: &Scenario) -> (UnitId, Hex, UnitId) {
    let mut rules = HexRules::new(s).expect("hex");
    for u in s
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Cavalry && u.hex().is_some())
    {
        let Ok(p) = rules.preview(u.id, None) else {
            continue;
        };
        let mut legal: Vec<Hex> = p.legal().map(|v| v.hex).collect();
        legal.sort_by_key(|h| (h.x, h.y));
        for to in legal {
            let Some(path) = p.path(to) else { continue };
            if let Ok(found) = hex_commands::reaction_chargers(s, u.id, &path)
                && let Some((c, _)) = found.first()
            {
                return (u.id, to, c.id);
            }
        }
    }
    panic!("Winceby has a cavalry move that lets enemy cavalry react");
}

#[test]
fn r5_reaction_charge_previews_the_chargers_moves_against_the_trigger() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = winceby();
    let (mover, to, charger) = winceby_reaction(&s);
    let file = saved(dir.path(), &s);
    let (mover_id, charger_id) = (mover.0.to_string(), charger.0.to_string());
    let to_arg = format!("{},{}", to.x, to.y);
    let args = [
        "moves",
        &file,
        "--unit",
        &mover_id,
        "--to",
        &to_arg,
        "--reaction-charge",
        &charger_id,
    ];
    let out = sandtable(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let name = &s.unit(charger).expect("charger").name;
    assert!(
        text.contains(&format!("Reaction charge by {name}")),
        "{text}"
    );
    assert!(text.contains("halted at"), "{text}");
    assert!(text.contains("Legal ends of the charge ("), "{text}");
    let mut json = args.to_vec();
    json.push("--json");
    let out = sandtable(&json);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let r = &v["reaction_charge"];
    assert_eq!(r["trigger"]["id"], mover.0);
    assert_eq!(r["moves"]["unit"]["id"], charger.0);
    // What the engine says, the command line prints.
    let path = HexRules::new(&s)
        .expect("hex")
        .preview(mover, None)
        .expect("preview")
        .path(to)
        .expect("a path");
    let rc = hex_commands::reaction_charge(&s, charger, mover, &path).expect("may charge");
    assert_eq!(
        r["moves"]["legal"].as_array().map(Vec::len),
        Some(rc.moves.legal().count())
    );
    assert_eq!(r["trigger_reachable"], rc.trigger_reachable);
    if rc.trigger_reachable {
        assert!(
            rc.moves
                .legal()
                .all(|h| h.hex.unsigned_distance_to(rc.trigger_at) == 1),
            "every end is against the trigger"
        );
    }
    // Without a route there is nothing to react to; infantry never charges.
    let out = sandtable(&[
        "moves",
        &file,
        "--unit",
        &mover_id,
        "--reaction-charge",
        &charger_id,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let side = s.unit(charger).expect("charger").side;
    let foot = s
        .units
        .iter()
        .find(|u| {
            u.side == side
                && u.hex().is_some()
                && !u.is_leader()
                && !(u.kind == UnitKind::Cavalry
                    || (u.kind == UnitKind::Dragoons && u.state.mounted))
        })
        .expect("a unit of the charger's side that does not charge")
        .id
        .0
        .to_string();
    let out = sandtable(&[
        "moves",
        &file,
        "--unit",
        &mover_id,
        "--to",
        &to_arg,
        "--reaction-charge",
        &foot,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("may not make this reaction charge"),
        "{}",
        stderr(&out)
    );
}
