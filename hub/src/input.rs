//! The GUI's input, read on a thread of its own within two limits: a line is at most
//! [`MAX_LINE`] bytes (the rest of a longer one is read past, not stored), and at most
//! [`MAX_AHEAD`] lines are read ahead of the session, so that a GUI that sends faster than
//! the engine answers is made to wait rather than held in memory.

use super::Event;
use super::line::excerpt;
use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::{Receiver, Sender, SyncSender, sync_channel};

/// The longest line read, in bytes, its end not counted: 64 KiB. A `pos` line of a 10x10
/// position is about 100 bytes, and a game of 300 plies in `moves=` about 2,000.
pub const MAX_LINE: usize = 64 << 10;

/// The most lines read and not yet handled: 64. While a search stops, the lines after
/// the one that stopped it wait for it to end; past these, the input waits too.
pub const MAX_AHEAD: usize = 64;

/// A line of the GUI.
pub(crate) enum Heard {
    /// A line, its end taken off (bytes that are not UTF-8 read as replacement characters).
    Line(String),
    /// A line longer than [`MAX_LINE`]: its first characters, and its length in bytes.
    TooLong { start: String, bytes: u64 },
}

impl Heard {
    /// The line's text; empty for a line too long to read.
    pub fn text(&self) -> &str {
        match self {
            Heard::Line(text) => text,
            Heard::TooLong { .. } => "",
        }
    }

    /// Why a line cannot be read, if it cannot.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Heard::Line(_) => None,
            Heard::TooLong { start, bytes } => {
                Some(format!("a line has at most {MAX_LINE} bytes; this one has {bytes}, starting `{start}`: it is not read"))
            }
        }
    }
}

/// The session's side of the limit on lines read ahead: a line handled gives its room
/// back.
pub(crate) struct Room(SyncSender<()>);

impl Room {
    /// A line has been handled: the input may read one more.
    pub fn give_back(&self) {
        let _ = self.0.try_send(());
    }
}

/// The room for [`MAX_AHEAD`] lines: the session's side, and the reader's.
pub(crate) fn room() -> (Room, Receiver<()>) {
    let (give, take) = sync_channel(MAX_AHEAD);
    for _ in 0..MAX_AHEAD {
        let _ = give.try_send(());
    }
    (Room(give), take)
}

/// Sends each line of the input, then its end, waiting for room before each line (a read
/// error ends the input; the session gone, the reader stops).
pub(crate) fn read_input(mut input: impl BufRead, events: &Sender<Event>, room: &Receiver<()>) {
    let mut bytes = Vec::new();
    loop {
        if room.recv().is_err() {
            return;
        }
        match read_line(&mut input, &mut bytes) {
            Ok(Some(heard)) => {
                if events.send(Event::Line(heard)).is_err() {
                    return;
                }
            }
            Ok(None) | Err(_) => break,
        }
    }
    let _ = events.send(Event::Eof);
}

/// The next line of `input` (`None` at its end), `bytes` its buffer: at most
/// [`MAX_LINE`] bytes of it are kept, and the rest up to its end is read past.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>) -> std::io::Result<Option<Heard>> {
    bytes.clear();
    // Past the line's end, one byte more is kept (a `\r` before the `\n` is no part of
    // the line); what comes after is counted only.
    let keep = MAX_LINE + 1;
    let mut passed: u64 = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if bytes.is_empty() && passed == 0 {
                return Ok(None);
            }
            break;
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let part = &available[..newline.unwrap_or(available.len())];
        let taken = part.len().min(keep - bytes.len());
        bytes.extend_from_slice(&part[..taken]);
        passed += (part.len() - taken) as u64;
        let used = newline.map_or(part.len(), |n| n + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if passed == 0 && bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let text = String::from_utf8_lossy(bytes);
    if passed > 0 || bytes.len() > MAX_LINE {
        let start = excerpt(&text);
        return Ok(Some(Heard::TooLong { start, bytes: bytes.len() as u64 + passed }));
    }
    Ok(Some(Heard::Line(text.into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    /// The lines of `input`, read through a buffer of `capacity` bytes.
    fn lines(capacity: usize, input: impl Read) -> Vec<String> {
        let mut input = BufReader::with_capacity(capacity, input);
        let mut bytes = Vec::new();
        let mut got = Vec::new();
        while let Some(heard) = read_line(&mut input, &mut bytes).unwrap() {
            got.push(match heard {
                Heard::Line(text) => text,
                Heard::TooLong { start, bytes } => format!("too long: {bytes} bytes from `{start}`"),
            });
        }
        got
    }

    #[test]
    fn lines_lose_their_ends() {
        assert_eq!(lines(7, Cursor::new("hub\r\ninit\n\nping")), ["hub", "init", "", "ping"]);
    }

    #[test]
    fn a_line_too_long_is_counted_not_kept() {
        let exact = "x".repeat(MAX_LINE);
        let input = Cursor::new(format!("{exact}\r\n{exact}y\nping\n"));
        let got = lines(7, input);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], format!("too long: {} bytes from `{}`", MAX_LINE + 1, excerpt(&exact)));
        assert_eq!(got[2], "ping");
        // A gigabyte with no end, made as it is read: read past in one line.
        let gigabyte = Cursor::new("pos pos=").chain(std::io::repeat(b'e').take(1 << 30));
        let got = lines(8192, gigabyte);
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with(&format!("too long: {} bytes from `pos pos=eee", 8 + (1u64 << 30))), "{}", got[0]);
    }
}
