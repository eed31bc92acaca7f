//! `sandtable moves` on the R3 skirmish sample, as a user runs it.

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, text};

fn skirmish() -> String {
    saves("skirmish.sandtable")
}

#[test]
fn moves_prints_an_r3_preview() {
    let f = skirmish();
    let out = sandtable(&[
        "moves",
        &f,
        "--unit",
        "Sergeant Cuff's Section",
        "--action",
        "advance",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.starts_with("Advance! for 'Sergeant Cuff's Section'"),
        "{s}"
    );
    assert!(s.contains("orderly movement"), "{s}");
    assert!(
        s.contains("fires at 1/2 RoF (RoF 1 → 0.5), before or after moving"),
        "{s}"
    );
    assert!(
        s.contains("placed anywhere within 6\" of the leader's end"),
        "{s}"
    );
    assert!(s.contains("disorderly, up to 6\""), "{s}");
}

#[test]
fn moves_to_reports_the_terrain_cap_with_the_hedge_named() {
    let f = skirmish();
    let out = sandtable(&[
        "moves",
        &f,
        "--unit",
        "Sergeant Cuff's Section",
        "--action",
        "At the Double!",
        "--to",
        "14,27",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains(
            "destination (14.00, 27.00): illegal: crosses South field hedge: disorderly moves \
             through terrain are capped at 6\" (this move is 8\")"
        ),
        "{s}"
    );
}

#[test]
fn moves_json_has_the_documented_shape() {
    let f = skirmish();
    let out = sandtable(&[
        "moves",
        &f,
        "--unit",
        "Sergeant Cuff's Section",
        "--action",
        "at-the-double",
        "--to",
        "14,27",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in [
        "unit",
        "name",
        "side",
        "action",
        "action_name",
        "movement",
        "mv_in",
        "strength",
        "actions",
        "leader",
        "models",
        "effects",
        "targets",
        "fall_back",
        "destination",
        "notes",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["action"], "at-the-double");
    assert_eq!(v["movement"], "disorderly");
    assert_eq!(v["destination"]["legal"], false);
    assert_eq!(v["destination"]["reason"]["reason"], "terrain_cap");
    assert_eq!(
        v["destination"]["reason"]["piece"]["name"],
        "South field hedge"
    );
    assert_eq!(v["destination"]["reason"]["crossing"], "crosses");
    assert_eq!(v["leader"]["cap"]["cap_in"], 6.0);
    let region = &v["leader"]["region"];
    assert!(region["area_sq_in"].as_f64().is_some_and(|a| a > 100.0));
    assert!(region["outline"][0][0][0].is_number());
    assert_eq!(v["models"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["models"][0]["mode"], "disorderly");
    assert_eq!(v["effects"]["fire"]["rate"], "none");
}

#[test]
fn moves_defaults_to_fall_back_after_a_failed_ld_check() {
    let f = skirmish();
    let out = sandtable(&["moves", &f, "--unit", "Riot Constables", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["action"], "fall-back");
    assert_eq!(v["fall_back"]["branch"], "fire_or_move");
    assert_eq!(v["fall_back"]["nearest_enemy"]["name"], "Dockside Mob");
}

#[test]
fn moves_refuses_what_the_unit_may_not_do() {
    let f = skirmish();
    let out = sandtable(&["moves", &f, "--unit", "The Sloggers", "--action", "advance"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("Fall Back! is its only order"), "{err}");
    let out = sandtable(&["moves", &f, "--unit", "The Sloggers", "--action", "charge"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid value 'charge' for '--action <ACTION>'"));
    assert!(text(&out.stderr).contains("open-fire, advance, rally"));
    let out = sandtable(&["moves", &f, "--unit", "The Sloggers", "--move-type", "halt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--action"));
    let out = sandtable(&["moves", &f, "--unit", "Jack Sheppard", "--to", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
}
