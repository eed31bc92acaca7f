//! The start-up measurement's probe: with `SANDTABLE_FIRST_FRAME` set, the editor says on
//! standard error when its first frame has been painted (as seconds since the Unix epoch, so
//! the script that launched it can take the launch time from its own clock) and closes. The
//! bare window it is measured against (`examples/bare_window.rs`) does the same, so both
//! are timed from the same launch to the same point: the second frame begins only once the
//! first has been painted and shown.

/// The environment variable that turns the probe on.
pub const FIRST_FRAME_ENV: &str = "SANDTABLE_FIRST_FRAME";

/// Called at the start of every frame: on the second, says when and asks the window to close.
pub fn after_first_frame(ctx: &egui::Context) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*ON.get_or_init(|| std::env::var_os(FIRST_FRAME_ENV).is_some()) {
        return;
    }
    match ctx.cumulative_frame_nr() {
        // A second frame is needed to know the first was shown.
        0 => ctx.request_repaint(),
        1 => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0.0, |d| d.as_secs_f64());
            eprintln!("first-frame {now:.6}");
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        _ => {}
    }
}
