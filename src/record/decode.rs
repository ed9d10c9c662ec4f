//! Bytes to lines of text: UTF-8 (a byte-order mark skipped), an encoding given by its
//! WHATWG label, or one guessed for text that is not UTF-8.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{Decoder, Encoding, UTF_8};
use std::collections::VecDeque;
use std::io::BufRead;

/// An encoding label that no encoding answers to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not the label of an encoding (utf-8, windows-1251, iso-8859-1, koi8-r, ... are)")]
pub struct UnknownEncoding(pub String);

/// How a stream's bytes become text.
enum Decoding {
    /// Nothing read yet: a byte-order mark may decide.
    Sniff,
    /// UTF-8 so far; the first line that is not UTF-8 makes a guess.
    Utf8,
    /// UTF-8 where a line is UTF-8, else this guess.
    Guessed(&'static Encoding),
    /// One encoding for the whole stream, decoded as a stream (UTF-16 lines do not end
    /// at a `\n` byte).
    Given(Box<Stream>),
}

/// A decoder working through the stream, and the text it decoded that is not yet a line.
struct Stream {
    decoder: Decoder,
    text: String,
    /// Where the text not yet returned starts.
    start: usize,
    /// The decoder has been told the stream ended.
    ended: bool,
}

impl Stream {
    fn new(encoding: &'static Encoding) -> Stream {
        // `new_decoder` lets a byte-order mark override the encoding, and removes it.
        Stream { decoder: encoding.new_decoder(), text: String::new(), start: 0, ended: false }
    }
}

/// How much of the stream, at most, is looked at to guess its encoding.
const GUESS_BYTES: usize = 1 << 20;

/// The longest line kept, in bytes (1 MiB): a longer one is skipped, not held in memory,
/// and its game refused (see [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES)).
pub(super) const MAX_LINE: usize = 1 << 20;

/// A line's bytes, and its whole length when it was longer than [`MAX_LINE`] (then the
/// bytes are empty).
type RawLine = (Vec<u8>, Option<u64>);

/// Reads one line, up to and with its `\n`, keeping at most [`MAX_LINE`] bytes of it:
/// the line and the bytes read (0 at the end of the stream).
fn read_line<R: BufRead>(reader: &mut R) -> std::io::Result<(RawLine, usize)> {
    let mut buf = Vec::new();
    let (mut n, mut cut) = (0usize, false);
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !cut && buf.len() + take > MAX_LINE {
            cut = true;
            buf = Vec::new();
        }
        if !cut {
            buf.extend_from_slice(&chunk[..take]);
        }
        reader.consume(take);
        n += take;
        if done {
            break;
        }
    }
    Ok(((buf, cut.then_some(n as u64)), n))
}

/// A stream's lines as text, each with its ending and the encoding it was decoded from
/// (`None`: UTF-8).
pub(super) struct Lines<R: BufRead> {
    reader: R,
    decoding: Decoding,
    /// Lines read ahead to guess the encoding, not yet returned.
    ahead: VecDeque<RawLine>,
    bytes: u64,
    /// The length of the line last returned, when it was too long to keep.
    long: Option<u64>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`: UTF-8, or else the encoding guessed for it.
    pub(super) fn new(reader: R) -> Self {
        Lines::decoded(reader, Decoding::Sniff)
    }

    /// The lines of `reader` in the encoding `label` names (a byte-order mark overrides it).
    pub(super) fn with_label(reader: R, label: &str) -> Result<Self, UnknownEncoding> {
        let encoding = Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| UnknownEncoding(label.to_string()))?;
        Ok(Lines::decoded(reader, Decoding::Given(Box::new(Stream::new(encoding)))))
    }

    fn decoded(reader: R, decoding: Decoding) -> Self {
        Lines { reader, decoding, ahead: VecDeque::new(), bytes: 0, long: None }
    }

    /// Bytes read so far.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The encoding text that was not UTF-8 has been decoded from so far, or `None`.
    pub(super) fn encoding(&self) -> Option<&'static str> {
        match &self.decoding {
            Decoding::Sniff | Decoding::Utf8 => None,
            Decoding::Guessed(e) => Some(e.name()),
            Decoding::Given(s) => Some(s.decoder.encoding()).filter(|&e| e != UTF_8).map(Encoding::name),
        }
    }

    /// The length in bytes of the line last returned, when it was longer than
    /// [`MAX_LINE`]: then it was returned empty.
    pub(super) fn long_line(&self) -> Option<u64> {
        self.long
    }

    /// The next line, `None` at the end of the stream. A line longer than [`MAX_LINE`] is
    /// returned empty, and [`Lines::long_line`] says how long it was.
    pub(super) fn next(&mut self) -> std::io::Result<Option<(String, Option<&'static str>)>> {
        if matches!(self.decoding, Decoding::Sniff) {
            self.sniff()?;
        }
        if let Decoding::Given(stream) = &mut self.decoding {
            return read_decoded(&mut self.reader, stream, &mut self.bytes, &mut self.long);
        }
        let (bytes, long) = match self.ahead.pop_front() {
            Some(b) => b,
            None => {
                let (line, n) = read_line(&mut self.reader)?;
                if n == 0 {
                    return Ok(None);
                }
                self.bytes += n as u64;
                line
            }
        };
        self.long = long;
        let line = match String::from_utf8(bytes) {
            Ok(s) => return Ok(Some((without_bom(s), None))),
            Err(e) => e.into_bytes(),
        };
        let encoding = match self.decoding {
            Decoding::Guessed(e) => e,
            _ => self.guess(&line)?,
        };
        let (text, _) = encoding.decode_without_bom_handling(&line);
        Ok(Some((without_bom(text.into_owned()), Some(encoding.name()))))
    }

    /// Looks at the first bytes for a byte-order mark: a UTF-8 one is skipped, a UTF-16
    /// one makes the stream UTF-16.
    fn sniff(&mut self) -> std::io::Result<()> {
        let head = self.reader.fill_buf()?;
        self.decoding = match Encoding::for_bom(head) {
            Some((e, _)) if e != UTF_8 => Decoding::Given(Box::new(Stream::new(e))),
            _ => Decoding::Utf8,
        };
        Ok(())
    }

    /// Guesses the encoding of the stream from its first line that is not UTF-8 and the
    /// lines after it (up to [`GUESS_BYTES`] in all, kept to be returned next).
    fn guess(&mut self, first: &[u8]) -> std::io::Result<&'static Encoding> {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
        detector.feed(first, false);
        let mut seen = first.len() + self.ahead.iter().map(|(l, _)| l.len()).sum::<usize>();
        for (l, _) in &self.ahead {
            detector.feed(l, false);
        }
        let mut ended = false;
        while seen < GUESS_BYTES {
            let (l, n) = read_line(&mut self.reader)?;
            if n == 0 {
                ended = true;
                break;
            }
            self.bytes += n as u64;
            seen += n;
            detector.feed(&l.0, false);
            self.ahead.push_back(l);
        }
        detector.feed(&[], ended);
        let guess = if mostly_utf8(std::iter::once(first).chain(self.ahead.iter().map(|(l, _)| l.as_slice()))) {
            UTF_8
        } else {
            detector.guess(None, Utf8Detection::Deny)
        };
        self.decoding = Decoding::Guessed(guess);
        Ok(guess)
    }
}

/// Whether text that is not all UTF-8 is UTF-8 with a few damaged bytes (a character
/// lost in a copy): at least four characters beyond ASCII are UTF-8 for each byte that
/// is not. Text in a one-byte encoding has next to no UTF-8 sequences (a Windows-1251
/// `Иванов` is six bytes that are not UTF-8).
fn mostly_utf8<'a>(sample: impl Iterator<Item = &'a [u8]>) -> bool {
    let (mut good, mut bad) = (0usize, 0usize);
    for chunk in sample.flat_map(<[u8]>::utf8_chunks) {
        good += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        bad += chunk.invalid().len();
    }
    good >= 4 * bad
}

/// The next line of a stream decoded in one encoding; `long` is set to the length of a
/// line longer than [`MAX_LINE`] (returned empty), and cleared otherwise.
fn read_decoded<R: BufRead>(
    reader: &mut R,
    s: &mut Stream,
    bytes: &mut u64,
    long: &mut Option<u64>,
) -> std::io::Result<Option<(String, Option<&'static str>)>> {
    *long = None;
    // Text of a too-long line dropped so far.
    let mut dropped = 0u64;
    loop {
        let name = Some(s.decoder.encoding()).filter(|&e| e != UTF_8).map(Encoding::name);
        if let Some(i) = s.text[s.start..].find('\n') {
            let mut line = s.text[s.start..s.start + i + 1].to_string();
            s.start += i + 1;
            if dropped > 0 {
                *long = Some(dropped + line.len() as u64);
                line.clear();
            }
            return Ok(Some((without_bom(line), name)));
        }
        if s.text.len() - s.start > MAX_LINE {
            dropped += (s.text.len() - s.start) as u64;
            s.start = s.text.len();
        }
        if s.ended {
            if s.start == s.text.len() && dropped == 0 {
                return Ok(None);
            }
            let mut line = s.text[s.start..].to_string();
            s.start = s.text.len();
            if dropped > 0 {
                *long = Some(dropped + line.len() as u64);
                line.clear();
            }
            return Ok(Some((without_bom(line), name)));
        }
        s.text.drain(..s.start);
        s.start = 0;
        let chunk = reader.fill_buf()?;
        let last = chunk.is_empty();
        s.text.reserve(s.decoder.max_utf8_buffer_length(chunk.len()).unwrap_or(4 * chunk.len() + 16));
        let (_, read, _) = s.decoder.decode_to_string(chunk, &mut s.text, last);
        reader.consume(read);
        *bytes += read as u64;
        s.ended = last;
    }
}

/// A line without the byte-order mark that starts it, if any (files joined end to end
/// keep each one's mark).
fn without_bom(mut line: String) -> String {
    if line.starts_with('\u{feff}') {
        line.drain(..'\u{feff}'.len_utf8());
    }
    line
}
