//! The export window through the dialogs trait.

use super::*;
use crate::app::dialogs::ScriptedDialogs;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

struct State {
    window: ExportWindow,
    scenario: Scenario,
    dialogs: ScriptedDialogs,
    status: Vec<String>,
}

/// The window alone, its commands carried out as the app does: notices and the paths asked
/// for go to the state's status.
fn window_harness(state: State) -> Harness<'static, State> {
    Harness::new_ui_state(
        |ui, s: &mut State| {
            for c in s.window.ui(ui.ctx(), &s.scenario, 1) {
                match c {
                    Command::Notify { text, .. } => s.status.push(text),
                    Command::WriteExport => match s.window.ask_path(&s.scenario, &mut s.dialogs) {
                        Pick::Chosen(p) => s.status.push(s.window.start_to(&s.scenario, p)),
                        other => panic!("{other:?}"),
                    },
                    other => panic!("{other:?}"),
                }
            }
        },
        state,
    )
}

/// Clicks Export… and runs frames until the worker has written the pages.
fn export_and_wait(harness: &mut Harness<'static, State>) {
    harness.get_by_label("Export…").click();
    for _ in 0..600 {
        harness.step();
        if !harness.state().window.busy() && harness.state().status.len() >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn exports_the_sheet_through_the_dialogs_trait() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("winceby.pdf");
    let mut window = ExportWindow {
        open: true,
        ..ExportWindow::default()
    };
    window.options.format = Format::Pdf;
    let state = State {
        window,
        scenario: crate::samples::named("winceby"),
        dialogs: ScriptedDialogs {
            export: vec![out.clone()],
            ..ScriptedDialogs::default()
        },
        status: Vec::new(),
    };
    let mut harness = window_harness(state);
    harness.step();
    harness.get_by_label("1 page");
    export_and_wait(&mut harness);
    let status = &harness.state().status;
    assert_eq!(status.first().map(String::as_str), Some("Exporting…"));
    assert!(
        status
            .last()
            .is_some_and(|s| s.starts_with("Exported 1 page")),
        "{status:?}"
    );
    let pdf = std::fs::read(&out).expect("written");
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn previews_tiles_and_reports_the_page_count() {
    let scenario = crate::samples::named("bakambo");
    let mut window = ExportWindow {
        open: true,
        ..ExportWindow::default()
    };
    window.options.layout = Layout::Tiled;
    let ctx = egui::Context::default();
    window.refresh(&ctx, &scenario, 0);
    assert_eq!(
        window.previews.as_ref().expect("previews").thumbs.len(),
        THUMBS_PER_FRAME,
        "a few thumbnails a frame"
    );
    for _ in 0..20 {
        window.refresh(&ctx, &scenario, 0);
    }
    let p = window.previews.as_ref().expect("previews");
    assert!(p.error.is_none(), "{:?}", p.error);
    assert_eq!(p.pages.len(), 51);
    assert_eq!(p.thumbs.len(), 51, "every page has its thumbnail");
    assert_eq!(p.thumbs[0].0, "plan");
    assert_eq!(p.thumbs[1].0, "A1");
    assert!(p.summary.contains("10 columns x 5 rows"), "{}", p.summary);
}

/// File > Export's After-action report: offered once a game has a log, previewed page by page
/// (the cover, the turn, the result) and written through the dialogs as one PDF, named after
/// the scenario.
#[test]
fn exports_the_after_action_report_of_the_game_played() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("report.pdf");
    let mut window = ExportWindow {
        open: true,
        ..ExportWindow::default()
    };
    window.options.format = Format::Pdf;
    let mut scenario = crate::samples::named("winceby");
    scenario = crate::game::play(&scenario, crate::model::game::Action::EndPhase, 3)
        .expect("a game begins")
        .scenario;
    let state = State {
        window,
        scenario,
        dialogs: ScriptedDialogs {
            export: vec![out.clone()],
            ..ScriptedDialogs::default()
        },
        status: Vec::new(),
    };
    let mut harness = window_harness(state);
    harness.step();
    harness.get_by_label("After-action report").click();
    harness.step();
    harness.step();
    harness.get_by_label("3 pages: the cover, each turn and the result");
    assert!(
        harness
            .state()
            .window
            .suggested_name(&harness.state().scenario)
            .ends_with("report.pdf")
    );
    export_and_wait(&mut harness);
    let status = &harness.state().status;
    assert!(
        status
            .last()
            .is_some_and(|s| s.starts_with("Exported 3 pages")),
        "{status:?}"
    );
    assert!(std::fs::read(&out).expect("written").starts_with(b"%PDF-"));
}
