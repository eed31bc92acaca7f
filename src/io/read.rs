//! Reading a file a stranger names, within bounds: only a regular file is opened (a FIFO would
//! block `open` until someone writes to it, a device could be read without end, a folder is not
//! a file), and no more than a stated number of bytes is read from it.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// Why a bounded read failed.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The file could not be opened or read (a FIFO, device or folder among them, said so).
    Io(io::Error),
    /// The file holds more than the limit; `size` is what it holds (or at least holds).
    TooLarge { size: u64 },
}

/// What kind of thing a path names when it is not a regular file, in words.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

fn not_a_file(meta: &Metadata) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {}, not a regular file", kind(meta)),
    )
}

/// Opens `path` for reading if it names a regular file (links followed), refusing anything
/// else before `open` is called on it.
pub(crate) fn open_regular(path: &Path) -> io::Result<File> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_a_file(&meta));
    }
    let file = File::open(path)?;
    // The name may have been pointed elsewhere between the look and the open.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_file(&meta));
    }
    Ok(file)
}

/// Reads a whole regular file of at most `limit` bytes; a larger one is refused before it is
/// read, and one that grows while read stops one byte past the limit.
pub(crate) fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path).map_err(ReadError::Io)?;
    let size = file.metadata().map_err(ReadError::Io)?.len();
    if size > limit {
        return Err(ReadError::TooLarge { size });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let e = open_regular(dir.path()).expect_err("a folder");
        assert_eq!(e.to_string(), "it is a folder, not a regular file");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_before_open_blocks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("SKIPPED: mkfifo is not available");
            return;
        }
        // Opening a FIFO for reading with no writer would block this test for ever.
        let e = read_limited(&fifo, 16).expect_err("a FIFO");
        match e {
            ReadError::Io(e) => {
                assert_eq!(
                    e.to_string(),
                    "it is a FIFO (named pipe), not a regular file"
                )
            }
            ReadError::TooLarge { .. } => panic!("not a size problem"),
        }
    }

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_at_it_is_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("f");
        std::fs::write(&path, [7u8; 10]).expect("write");
        assert_eq!(read_limited(&path, 10).expect("at the limit").len(), 10);
        assert!(matches!(
            read_limited(&path, 9),
            Err(ReadError::TooLarge { size: 10 })
        ));
    }
}
