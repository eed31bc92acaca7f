//! Running the real `sandtable` binary the way a stranger's file would be run: as a child
//! process under an address-space cap (`prlimit --as`, from util-linux) and killed when it
//! overruns its time. One child runs at a time, so children of parallel tests do not share the
//! two cores and slow each other down.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The memory cap: 256 MiB of address space.
pub const MEMORY_CAP: u64 = 256 << 20;
/// The time limit.
pub const TIME_LIMIT: Duration = Duration::from_secs(5);

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// How a capped run ended.
#[derive(Debug)]
pub struct Outcome {
    /// The exit code, or `None` when the child was killed (by the timer or a signal).
    pub code: Option<i32>,
    pub timed_out: bool,
    pub elapsed: Duration,
    /// The time the run was allowed.
    pub time_limit: Duration,
    /// The most address space the child was seen to hold (`VmPeak`, read as it ran), bytes.
    pub peak_vm: u64,
    /// Bytes written to stdout.
    pub stdout_len: u64,
    pub stdout: PathBuf,
    pub stderr: String,
}

impl Outcome {
    /// The run finished within the caps with this exit code.
    #[track_caller]
    pub fn assert_code(&self, code: i32, what: &str) {
        assert!(
            !self.timed_out,
            "{what}: still running after {:?}",
            self.time_limit
        );
        assert_eq!(
            self.code,
            Some(code),
            "{what}: exit {:?} after {:?}, stderr: {}",
            self.code,
            self.elapsed,
            self.stderr
        );
    }

    /// The run was refused (exit 2) with an error that names a limit and says `words`.
    #[track_caller]
    pub fn assert_refused(&self, what: &str, words: &[&str]) {
        self.assert_code(2, what);
        assert!(
            self.stderr.contains("limit"),
            "{what}: the refusal does not name a limit: {}",
            self.stderr
        );
        for w in words {
            assert!(
                self.stderr.contains(w),
                "{what}: no '{w}' in {}",
                self.stderr
            );
        }
        assert!(!self.stderr.contains("panicked"), "{what}: {}", self.stderr);
    }

    pub fn stdout_text(&self) -> String {
        std::fs::read_to_string(&self.stdout).unwrap_or_default()
    }
}

/// Whether `prlimit` is there to cap a child; prints why not when it is not.
pub fn prlimit_available() -> bool {
    let ok = Command::new("prlimit")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!(
            "SKIPPED: `prlimit` (util-linux) is not installed, so the binary cannot be run under \
             a memory cap; install util-linux to run this test"
        );
    }
    ok
}

/// Runs `sandtable ARGS` under the caps, its stdout to a file in `dir`.
pub fn run(dir: &Path, args: &[&str]) -> Outcome {
    run_within(dir, args, MEMORY_CAP, TIME_LIMIT)
}

/// The child's `VmPeak`, bytes (0 once it has gone or where /proc does not say).
fn peak_vm(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmPeak:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kb * 1024)
        })
        .unwrap_or(0)
}

/// Runs `sandtable ARGS` under `memory` bytes of address space and `time`, for the few runs
/// whose own limits are larger than [`MEMORY_CAP`] (a background at its limit).
pub fn run_within(dir: &Path, args: &[&str], memory: u64, time: Duration) -> Outcome {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let stdout = dir.join(format!(
        "stdout-{}.txt",
        args.join("_").replace(['/', ' '], "")
    ));
    let stdout = if stdout.as_os_str().len() > 200 {
        dir.join("stdout.txt")
    } else {
        stdout
    };
    let out = std::fs::File::create(&stdout).expect("stdout file");
    let start = Instant::now();
    let mut child = Command::new("prlimit")
        .arg(format!("--as={memory}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdout(out)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sandtable under prlimit");
    let mut stderr = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut timed_out = false;
    let mut peak = 0;
    let status = loop {
        // prlimit execs the binary in its own process, so the child's id is the binary's.
        peak = peak.max(peak_vm(child.id()));
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > time {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait after kill");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elapsed = start.elapsed();
    let stderr = reader.join().unwrap_or_default();
    Outcome {
        code: status.code(),
        timed_out,
        elapsed,
        time_limit: time,
        peak_vm: peak,
        stdout_len: std::fs::metadata(&stdout).map_or(0, |m| m.len()),
        stdout,
        stderr,
    }
}
