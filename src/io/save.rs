//! Saving a scenario so that it always opens again. Every writer of scenario files (save and
//! save as, autosave and recovery, `play`, `import`, `convert`, `sample`) comes through
//! [`save`], which streams the encoding into a temporary file beside the target (never holding
//! the whole text: a long game is tens of megabytes of JSON), stopping at the file's limit
//! (`codec::file_limit`: 64 MiB, and room beside it for the scenario's background image), then
//! reads that file back through loading itself (`decode_mended`: its decoder, decoding budget,
//! limits and checks) before it replaces the old file. A scenario that breaks a limit loading
//! applies (a log entry's text, a route's points, a point far off the table, the file's size)
//! is refused with the item and the limit named; the temporary is removed and the old file
//! stays as it was.
//!
//! Reading back decodes the file from memory, as loading does: reading JSON through a stream
//! instead takes serde_json twice as long, and the file is at most its limit.

use super::atomic::{failed, replace};
use super::codec::{self, Encoding};
use super::error::SaveError;
use crate::model::Scenario;
use std::fs::File;
use std::io::{self, Read, Seek, Write};
use std::path::Path;

/// Saves atomically, in JSON when the path ends in `.json`, else in the binary format, after
/// checking that the file written loads again (see the module's comment). JSON is written
/// pretty, or compact when pretty would be over the file's limit (a long game's indentation
/// alone can be tens of megabytes).
pub fn save(path: &Path, scenario: &Scenario) -> Result<(), SaveError> {
    let encoding = Encoding::for_path(path);
    replace(path, |file| {
        let size = match write(file, scenario, encoding, false, path) {
            Err(SaveError::TooLarge { .. }) if encoding == Encoding::Json => {
                file.set_len(0)
                    .and_then(|()| file.rewind())
                    .map_err(|e| failed(path, "writing", e))?;
                write(file, scenario, encoding, true, path)?
            }
            written => written?,
        };
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(size as usize)
            .map_err(|e| failed(path, "reading back", io::Error::other(e)))?;
        file.rewind()
            .and_then(|()| (&mut *file).take(size).read_to_end(&mut bytes))
            .map_err(|e| failed(path, "reading back", e))?;
        codec::decode_mended(&bytes).map_err(|reason| SaveError::Refused {
            path: path.to_path_buf(),
            reason,
        })?;
        Ok(())
    })
}

/// Streams the encoding into `file`, stopping at the scenario's [`codec::file_limit`];
/// returns the bytes written.
fn write(
    file: &mut File,
    scenario: &Scenario,
    encoding: Encoding,
    compact: bool,
    path: &Path,
) -> Result<u64, SaveError> {
    let limit = codec::file_limit(scenario, encoding);
    // The encoders write many small pieces: they are gathered before they are counted.
    let mut out = io::BufWriter::with_capacity(
        1 << 16,
        Capped {
            out: &mut *file,
            limit,
            written: 0,
            over: false,
        },
    );
    let written = if compact {
        codec::encode_compact_json_to(scenario, &mut out)
    } else {
        codec::encode_to(scenario, encoding, &mut out)
    }
    .and_then(|()| out.flush());
    let (over, size) = (out.get_ref().over, out.get_ref().written);
    drop(out);
    if over {
        return Err(SaveError::TooLarge {
            path: path.to_path_buf(),
            limit,
            json: encoding == Encoding::Json,
        });
    }
    written.map_err(|e| failed(path, "writing", e))?;
    Ok(size)
}

/// A writer that refuses to write past `limit` bytes.
struct Capped<W: Write> {
    out: W,
    limit: u64,
    written: u64,
    over: bool,
}

impl<W: Write> Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.written + buf.len() as u64 > self.limit {
            self.over = true;
            return Err(io::Error::other("over the size limit for scenario files"));
        }
        let n = self.out.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
