//! The command line as clap reads it: the editor's file, or one headless command and its
//! options.

use super::values::{PlayTest, TableOrder};
use crate::model::{Command as Chit, Morale, MoveType, OrdersAction, TestCause, TestKind};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "sandtable",
    version,
    about = "Design tabletop wargame scenarios, preview legal moves, print deployment maps",
    long_about = "Sandtable opens the scenario editor when run without a command (on FILE, or on \
                  the built-in Bakambo sample). The commands below work headless.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Scenario file to open in the editor (.sandtable or .json).
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

// `play` has many options; a command is parsed once per run, so its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Summarise a scenario: map, sides, every unit, leader, column and terrain piece with its ID.
    Info {
        file: PathBuf,
        /// Print JSON (shape documented in docs/cli.md).
        #[arg(long)]
        json: bool,
    },
    /// Validate a scenario; exits 1 when it finds errors.
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Convert between the binary and JSON encodings (chosen by OUT's extension: .json or not).
    Convert { input: PathBuf, output: PathBuf },
    /// Preview a unit's legal moves: hex commands (R5) on a hex map; M42 (R2), orders (R3) or
    /// column (R1) moves on a table.
    Moves {
        file: PathBuf,
        /// The unit, by ID or name.
        #[arg(long)]
        unit: String,
        /// Hex map: preview under this command instead of the traced one.
        #[arg(long, ignore_case = true)]
        command: Option<Chit>,
        /// R3 table: the order.
        #[arg(long, conflicts_with = "move_type", ignore_case = true)]
        action: Option<OrdersAction>,
        /// R2 table: the move type.
        #[arg(long, ignore_case = true)]
        move_type: Option<MoveType>,
        /// Table: check one destination for the leader, as X,Y in inches. Hex map: the route
        /// to one hex, named by its label as printed on the map (e.g. 0406) or axial X,Y (as
        /// `info` prints it), and its reaction-charge check points.
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        to: Option<String>,
        /// Hex map: the cavalry second combat advance from the unit's hex.
        #[arg(long)]
        second_combat: bool,
        /// Hex map, with --to: the reaction charge of this enemy cavalry unit (by ID or name)
        /// against the moving unit, at the first check point of the route that lets it charge.
        #[arg(long, value_name = "UNIT", requires = "to")]
        reaction_charge: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Show a hex leader's command span and the units in command (R5).
    Span {
        file: PathBuf,
        /// The leader, by ID or name.
        #[arg(long)]
        leader: String,
        #[arg(long)]
        json: bool,
    },
    /// Move a column of march (R1): every unit's end position, exits, entries, break warnings.
    Column {
        file: PathBuf,
        /// The column, by ID or name.
        #[arg(long)]
        column: String,
        /// How far the lead moves, in inches (at most its Mv; 0 without a route is Stand To;
        /// needed for an order, not used with --failed-order or --voluntary-break). On a broken
        /// column: how far the unit coming on moves (default its Mv).
        #[arg(long, allow_negative_numbers = true)]
        distance: Option<f32>,
        /// The lead's route as X,Y;X,Y;... in inches (default: straight on).
        #[arg(long, value_name = "X,Y;X,Y...", allow_hyphen_values = true)]
        route: Option<String>,
        /// Preview the move a failed order forces instead.
        #[arg(long)]
        failed_order: bool,
        /// A formed column: preview breaking it on purpose with an order to this unit (by ID
        /// or name) before the column activates: passed, the column breaks with no pin tests;
        /// failed, it repeats its last successful action.
        #[arg(long, value_name = "UNIT", conflicts_with_all = ["failed_order", "route", "enter"])]
        voluntary_break: Option<String>,
        /// A broken column: the unit still off table (by ID or name) that tries to come on at
        /// the entry point this turn (default: the first in march order).
        #[arg(long, value_name = "UNIT", conflicts_with_all = ["failed_order", "route"])]
        enter: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Preview a morale or rally test (R4): the number needed, modifiers, odds and outcomes.
    Test {
        file: PathBuf,
        /// The unit, by ID or name.
        #[arg(long)]
        unit: String,
        /// The test.
        #[arg(long, ignore_case = true)]
        kind: TestKind,
        /// Also show what this die roll does (1-6).
        #[arg(long, allow_negative_numbers = true)]
        roll: Option<u8>,
        /// With --roll: the re-roll taken after that roll failed (1-6).
        #[arg(long, requires = "roll", allow_negative_numbers = true)]
        reroll: Option<u8>,
        /// What the test is for (a wagon routed by fire flees, in melee it is captured).
        #[arg(long, default_value = "fire", ignore_case = true)]
        cause: TestCause,
        #[arg(long)]
        json: bool,
    },
    /// Print the map: a one-page scenario sheet, or the map at table scale tiled over pages
    /// with an assembly plan; PNG pages (one file each) or one vector PDF. With --out MAP.tmx,
    /// write the hex map for the Tiled editor instead (and its tileset MAP-terrain.png).
    Export {
        file: PathBuf,
        /// Output path. Its extension picks the format unless --format is given (.pdf: PDF,
        /// .tmx: a Tiled map, anything else PNG). Tiled PNG pages go to STEM-plan.png,
        /// STEM-A1.png, ...
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// One scenario sheet (the default).
        #[arg(long, conflicts_with = "tiled")]
        sheet: bool,
        /// The map at true scale over as many pages as it needs.
        #[arg(long)]
        tiled: bool,
        /// Paper size: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Turn the paper sideways.
        #[arg(long)]
        landscape: bool,
        /// Resolution of PNG pages in dots per inch.
        #[arg(long, allow_negative_numbers = true, default_value_t = crate::io::export::DEFAULT_DPI)]
        dpi: u32,
        /// png or pdf (default: from the extension of --out, else png).
        #[arg(long)]
        format: Option<String>,
        /// Map shared by neighbouring tiles, in millimetres.
        #[arg(long, value_name = "MM", allow_negative_numbers = true,
              default_value_t = crate::io::export::DEFAULT_OVERLAP_MM)]
        overlap: f32,
        /// Leave the inch grid off the table.
        #[arg(long)]
        no_grid: bool,
        /// A handout for one side (by name or ID): only its deployment zones, entry points,
        /// columns, units and reinforcements; the legend and order of march follow.
        #[arg(long, value_name = "NAME")]
        side: Option<String>,
        /// One printer test page: 100 mm and 4 inch rules across and down, to measure what
        /// the printer does to a page's size.
        #[arg(long, conflicts_with_all = ["tiled", "sheet", "side"])]
        printer_test: bool,
        /// The printer's correction, applied to true-scale pages (--tiled, --printer-test):
        /// X across and Y down, each 100 / the millimetres the test page's 100 mm rule
        /// measured (e.g. 1.032,0.987).
        #[arg(long, value_name = "X,Y")]
        scale_fix: Option<String>,
        /// The printer the correction was measured on, printed on each corrected page.
        #[arg(long, value_name = "NAME", requires = "scale_fix")]
        printer: Option<String>,
    },
    /// Lay a hex map over its background image: --find-grid measures the grid printed on the
    /// scan (orientation, hex size, turn, offset) and prints it with its confidence; --hex
    /// names the hex at a pixel for the numbering (a second --hex is checked); --out writes
    /// the calibrated scenario.
    Calibrate {
        file: PathBuf,
        /// Find the grid printed on the background image.
        #[arg(long, required = true)]
        find_grid: bool,
        /// Use this PNG or JPEG as the background image first (kept as given).
        #[arg(long, value_name = "PATH")]
        image: Option<PathBuf>,
        /// The hex whose centre is at an image pixel: its label as printed (or axial Q,R),
        /// `@`, the pixel X,Y. Once for the numbering, twice to check it.
        #[arg(long = "hex", value_name = "LABEL@X,Y", allow_hyphen_values = true)]
        hexes: Vec<String>,
        /// Write the calibrated scenario here (its encoding from the extension).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Import a Tiled hex map (.tmx or .tmj) as a new scenario: its size, orientation and
    /// stagger carry over, and each tile becomes the terrain its tileset names (a tile's
    /// `terrain`, `name` or `type`/`class`) or the one given with --terrain.
    Import {
        /// The Tiled map (.tmx XML or .tmj JSON; external tilesets are read beside it).
        file: PathBuf,
        /// The scenario to write (.sandtable or .json).
        #[arg(long, value_name = "SCENARIO")]
        out: PathBuf,
        /// The terrain of a tile: TILESET:ID=TERRAIN, or ID=TERRAIN when the map has one
        /// tileset. Repeat for each tile; wins over what the tileset says.
        #[arg(long, value_name = "TILE=TERRAIN")]
        terrain: Vec<String>,
    },
    /// A hex map's terrain as a grid (CSV: one line per row of hexes as printed, north first,
    /// one terrain name per hex, west to east): --export writes it, --import paints the map
    /// from it (a name the scenario has no type for becomes a new type) and saves.
    Terrain {
        file: PathBuf,
        /// Paint the map from this grid (.csv; tabs or semicolons also separate cells; an
        /// empty cell leaves its hex as it is).
        #[arg(
            long,
            value_name = "GRID.csv",
            conflicts_with = "export",
            required_unless_present = "export"
        )]
        import: Option<PathBuf>,
        /// Write the map's terrain as a grid here (- for the standard output).
        #[arg(long, value_name = "GRID.csv")]
        export: Option<PathBuf>,
        /// A symbol used in the grid for a terrain: SYMBOL=NAME (W=Woods). Repeat for each.
        #[arg(long = "symbol", value_name = "SYMBOL=NAME", requires = "import")]
        symbols: Vec<String>,
        /// With --import: save the painted scenario here instead of over FILE.
        #[arg(long, value_name = "SCENARIO", requires = "import")]
        out: Option<PathBuf>,
    },
    /// The order of battle as a table (name, side, type, quality, strength, commander, at):
    /// written for a spreadsheet, or read back to change, add and group units by name.
    Oob {
        file: PathBuf,
        /// Write the order of battle here (.csv; - for the standard output).
        #[arg(
            long,
            value_name = "OOB.csv",
            conflicts_with = "import",
            required_unless_present = "import"
        )]
        out: Option<PathBuf>,
        /// Change the units this table names (by name), add the ones it names anew, and
        /// group reinforcements by side, turn and entry; the others stay as they are.
        #[arg(long, value_name = "OOB.csv")]
        import: Option<PathBuf>,
        /// With --import: save the scenario here instead of over FILE.
        #[arg(long, value_name = "SCENARIO", requires = "import")]
        save: Option<PathBuf>,
        /// With --import: save even when the result fails `check` (two units in one hex,
        /// say), to set it right in the editor; the errors are said and the exit is 1.
        #[arg(long, requires = "import")]
        keep_errors: bool,
    },
    /// The after-action report of a game saved in a scenario: a cover with the starting
    /// positions, each turn's map (cropped to the action) with its moves drawn and numbered and
    /// its log entries, and the result and losses. PDF or one PNG per page.
    Report {
        file: PathBuf,
        /// Output path (.pdf: one vector PDF; anything else: PNG pages STEM-cover.png, ...).
        #[arg(long, value_name = "REPORT.pdf")]
        out: PathBuf,
        /// Paper size: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Turn the paper sideways.
        #[arg(long)]
        landscape: bool,
        /// Resolution of PNG pages in dots per inch.
        #[arg(long, allow_negative_numbers = true, default_value_t = crate::io::export::DEFAULT_DPI)]
        dpi: u32,
        /// png or pdf (default: from the extension of --out, else png).
        #[arg(long)]
        format: Option<String>,
        /// The date printed on the report (default: today, UTC).
        #[arg(long)]
        date: Option<String>,
    },
    /// Print the game log saved in a scenario: turn, phase, each entry with its reasons.
    Log {
        file: PathBuf,
        /// Also check the game: its start against the fingerprint recorded when it began, then
        /// every entry replayed through the rules and compared with the one logged, then the
        /// position now (exit 1 naming the first difference).
        #[arg(long)]
        verify: bool,
        /// With --verify: the scenario both players agreed on; the game must have started
        /// from it.
        #[arg(long, value_name = "SCENARIO", requires = "verify")]
        against: Option<PathBuf>,
        /// Write a note on log entry N (1 = the first; an empty text removes it) and save.
        #[arg(long, num_args = 2, value_names = ["N", "TEXT"], conflicts_with = "verify")]
        note: Vec<String>,
        /// Bookmark the log after N entries (0 = the start) with a label (an empty label
        /// removes it) and save.
        #[arg(long, num_args = 2, value_names = ["N", "LABEL"], conflicts_with_all = ["verify", "note"])]
        bookmark: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Commit one action of a game under the rules and save the game (exit 1 with the reason
    /// when the rules refuse it; nothing is written then).
    Play {
        file: PathBuf,
        /// The unit that acts, by ID or name.
        #[arg(long)]
        unit: Option<String>,
        /// Move the unit: the leader's destination X,Y in inches on a table; on a hex map the
        /// hex's label as printed (such as 1504) or axial X,Y, as `info` prints them.
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        to: Option<String>,
        /// Hex map: alone, the leader's new command chit (Command Phase); with --to, the
        /// command the unit moves under (the one it traces: another is refused).
        #[arg(long, ignore_case = true)]
        command: Option<Chit>,
        /// Table: the R3 order or the R2 move type, read under the scenario's ruleset.
        #[arg(long, ignore_case = true)]
        order: Option<TableOrder>,
        /// A follower set down by hand: MODEL=X,Y (repeatable); others go where the rules
        /// suggest. Under M42 a model regrouping from outside the radius is set down on its
        /// way toward the leader (its start keeps it where it stands).
        #[arg(long, value_name = "MODEL=X,Y", allow_hyphen_values = true)]
        place: Vec<String>,
        /// Take a test: morale or rally (R4), ld (R3, the Ld check before an order), or pin
        /// (R1, a pin test after a column broke, or a pinned unit's rally from it).
        #[arg(long, value_name = "KIND", ignore_case = true)]
        test: Option<PlayTest>,
        /// With --test: what the test is for.
        #[arg(long, requires = "test", ignore_case = true)]
        cause: Option<TestCause>,
        /// With --test on a routing unit: rout on without testing (still losing a stand).
        #[arg(long, requires = "test")]
        keep_routing: bool,
        /// A physical roll typed in, its total: D6 for a morale or rally test or a reaction
        /// check; 2D6 for an Ld check, a pin test or a column order. Without it the game rolls.
        #[arg(long, allow_negative_numbers = true)]
        roll: Option<u8>,
        /// With --test: take the re-roll after a failed first roll, typed in.
        #[arg(
            long,
            requires = "test",
            allow_negative_numbers = true,
            conflicts_with = "reroll_app"
        )]
        reroll: Option<u8>,
        /// With --test: take the re-roll after a failed first roll, rolled by the game.
        #[arg(long, requires = "test")]
        reroll_app: bool,
        /// With --test: a roll the outcome asks for next, typed in (repeatable, in order: an
        /// artillery retire distance; an elephant's stampede D6, then its 3D6); others are
        /// rolled by the game.
        #[arg(long = "then", value_name = "N", requires = "test")]
        then: Vec<u8>,
        /// R1: give this column (by ID or name) its order: --distance D [--route ...], or
        /// Stand To with --distance 0, --voluntary-break UNIT, --enter UNIT.
        #[arg(long)]
        column: Option<String>,
        /// With --column: how far the lead moves, in inches (0: Stand To).
        #[arg(long, requires = "column", allow_negative_numbers = true)]
        distance: Option<f32>,
        /// With --column: the lead's route as X,Y;X,Y;... in inches (default straight on).
        #[arg(
            long,
            requires = "column",
            value_name = "X,Y;X,Y...",
            allow_hyphen_values = true
        )]
        route: Option<String>,
        /// With --column: break the formed column on purpose with an order to this unit.
        #[arg(long, requires = "column", value_name = "UNIT")]
        voluntary_break: Option<String>,
        /// With --column: after a break, this off-table unit tries to come on.
        #[arg(long, requires = "column", value_name = "UNIT")]
        enter: Option<String>,
        /// A referee override with this note: with --unit, --to moves the unit freely and
        /// --morale sets its state, outside the rules.
        #[arg(long, value_name = "NOTE", requires = "unit")]
        referee: Option<String>,
        /// With --referee: the unit's morale.
        #[arg(long, requires = "referee", ignore_case = true)]
        morale: Option<Morale>,
        /// With --referee: the unit's current strength.
        #[arg(long, requires = "referee")]
        strength: Option<u16>,
        /// R5: at a move halted at a charge-check point, check this leader of the other side
        /// for a Charge (a D6, 4 or more; --roll types it).
        #[arg(long, value_name = "LEADER")]
        reaction_check: Option<String>,
        /// R5: at a move halted at a charge-check point, charge the mover with this cavalry
        /// unit of the other side, ending at --to.
        #[arg(long, value_name = "UNIT", requires = "to")]
        charge: Option<String>,
        /// R5: the halted move goes on.
        #[arg(long)]
        go_on: bool,
        /// R5, with --unit: dragoons mount (under their leader's Stand chit).
        #[arg(long, requires = "unit", conflicts_with = "dismount")]
        mount: bool,
        /// R5, with --unit: dragoons dismount (under their leader's Stand chit).
        #[arg(long, requires = "unit")]
        dismount: bool,
        /// End the current phase (from the last phase: the turn).
        #[arg(long)]
        end_phase: bool,
        /// End the turn: the counter advances, every unit may act again.
        #[arg(long)]
        end_turn: bool,
        /// Take back the last entry of the log.
        #[arg(long)]
        take_back: bool,
        /// Write the game here instead of back to FILE.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The dice's seed when this action starts the game (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Print the entry as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write a built-in sample scenario (bakambo, rearguard, skirmish, patrol, winceby).
    Sample {
        /// Sample name; omit with --list.
        #[arg(required_unless_present = "list")]
        name: Option<String>,
        /// Output path (.sandtable or .json).
        #[arg(required_unless_present = "list")]
        output: Option<PathBuf>,
        /// List the samples.
        #[arg(long)]
        list: bool,
    },
}
