//! Edit or Play: what the editor is for right now, and what each allows. Play keeps the tools
//! that look and measure and refuses authoring edits, and while a step of the game's log is
//! shown in place of the present nothing is played or edited at all.

use super::tools::Tool;

/// What the editor is for right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activity {
    /// Authoring the scenario (every tool, the palette, the inspector).
    #[default]
    Edit,
    /// Playing it: moves under the rules, referee overrides with a note.
    Play,
}

impl Activity {
    pub fn name(self) -> &'static str {
        match self {
            Activity::Edit => "Edit",
            Activity::Play => "Play",
        }
    }
}

/// Why an authoring edit is refused in Play.
pub const REFUSED_IN_PLAY: &str = "the scenario is not edited in Play: units move under their \
    rule preview, and a referee override changes anything else (switch to Edit with F5 to author)";

/// Why nothing is played or edited while a replay is shown.
pub fn replay_refusal(at: usize, of: usize) -> String {
    format!(
        "Showing the game after entry {at} of {of}: go back to the present (Log panel) to play on"
    )
}

/// Whether a tool is one of Play's: looking and measuring, never authoring.
pub fn tool_in_play(t: Tool) -> bool {
    matches!(t, Tool::Select | Tool::Measure | Tool::Sight)
}
