//! Opening a game archive as people keep them: a file or standard input (`-`), plain or
//! packed, as the library's [`unpack`] tells by its first bytes.

use polydame::pdn::unpack;
use std::io::{BufRead, Read};

/// The text of the archive `path` (`-`: standard input), unpacked. The command line
/// streams what it reads, so nothing caps it.
pub fn open(path: &str) -> std::io::Result<Box<dyn BufRead + Send>> {
    let raw: Box<dyn Read + Send> = if path == "-" { Box::new(std::io::stdin()) } else { Box::new(std::fs::File::open(path)?) };
    Ok(unpack(raw, None)?.1)
}
