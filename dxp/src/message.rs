//! Reading DXP messages off a byte stream: each is ended by a NUL byte, and none is
//! longer than [`MAX_MESSAGE`] bytes, so that a peer that never sends a NUL cannot make the
//! follower hold what it sends.

use std::io::{BufRead, Error, ErrorKind};

/// The longest message the follower reads, in bytes (its NUL not counted). DXP's messages
/// have 1 to 127 characters (a GAMEREQ with a position 94, a MOVE taking 20 pieces 51); this
/// leaves room for a program that strays from that, and a longer one ends the connection.
pub const MAX_MESSAGE: usize = 1024;

/// Reads the next message into `buf` (cleared first, the NUL left out). `Ok(false)` at
/// the end of the stream with nothing read; a message cut short by the end of the stream
/// is read as it is. An error of kind [`ErrorKind::InvalidData`] once the message passes
/// [`MAX_MESSAGE`] bytes: at most that many are stored, and no more is read.
pub fn read_message(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(!buf.is_empty());
        }
        let (part, end) = match available.iter().position(|&b| b == 0) {
            Some(nul) => (&available[..nul], Some(nul + 1)),
            None => (available, None),
        };
        if buf.len() + part.len() > MAX_MESSAGE {
            let why = format!("a message longer than {MAX_MESSAGE} bytes (DXP's have at most 127 characters)");
            return Err(Error::new(ErrorKind::InvalidData, why));
        }
        buf.extend_from_slice(part);
        let used = end.unwrap_or(part.len());
        input.consume(used);
        if end.is_some() {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    #[test]
    fn messages_are_split_at_their_nul() {
        let mut input = BufReader::with_capacity(3, "R01\0M00013228\0\0E0".as_bytes());
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while read_message(&mut input, &mut buf).unwrap() {
            got.push(String::from_utf8(buf.clone()).unwrap());
        }
        // An empty message between two NULs, and the last one cut short by the end.
        assert_eq!(got, ["R01", "M00013228", "", "E0"]);
    }

    #[test]
    fn a_message_past_the_limit_is_an_error_without_reading_on() {
        // A stream of a gigabyte with no NUL, made as it is read.
        let mut input = BufReader::new(std::io::repeat(b'C').take(1 << 30));
        let mut buf = Vec::new();
        let e = read_message(&mut input, &mut buf).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidData);
        assert!(buf.len() <= MAX_MESSAGE, "{} bytes stored", buf.len());
        // What was read: the message allowed and one buffer more at most.
        let left = input.into_inner().limit();
        assert!((1 << 30) - left <= (MAX_MESSAGE + 8192) as u64, "{} bytes read", (1 << 30) - left);
        // A message of exactly the limit is read.
        let text = format!("C{}\0", "x".repeat(MAX_MESSAGE - 1));
        assert!(read_message(&mut text.as_bytes(), &mut buf).unwrap());
        assert_eq!(buf.len(), MAX_MESSAGE);
    }
}
