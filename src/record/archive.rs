//! Game archives as people keep them: plain, or packed with gzip, bzip2 or zstd, told by
//! their first bytes rather than their names (a `.pdn` that is gzip inside reads, a `.gz`
//! that is plain text reads too). Behind the library's `archives` feature, which the
//! command line and the Python package turn on (zstd builds its reference C library).
//!
//! ```
//! use polydame::pdn::{Packing, unpack};
//! use std::io::Read;
//!
//! let (packing, mut text) = unpack(&b"1. 32-28 *\n"[..], None).unwrap();
//! let mut s = String::new();
//! text.read_to_string(&mut s).unwrap();
//! assert_eq!((packing, s.as_str()), (Packing::Plain, "1. 32-28 *\n"));
//! ```

use std::io::{self, BufRead, BufReader, Read};

/// How an archive's bytes are packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// Not packed.
    Plain,
    /// gzip (one member or several, as `cat a.gz b.gz` makes).
    Gzip,
    /// bzip2 (one stream or several).
    Bzip2,
    /// zstd.
    Zstd,
}

impl Packing {
    /// The packing that the first bytes of a stream show.
    pub fn of(head: &[u8]) -> Packing {
        match head {
            [0x1f, 0x8b, ..] => Packing::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Packing::Bzip2,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Packing::Zstd,
            _ => Packing::Plain,
        }
    }
}

/// The error of a read past the limit given to [`unpack`]: what passed it (`"record"`,
/// `"packed file"`, `"unpacked text"`) and the limit. A reader's [`io::Error`] carries it:
/// [`TooLarge::of`] finds it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {what} is more than {limit} bytes long, the most that is read")]
pub struct TooLarge {
    /// What passed the limit.
    pub what: &'static str,
    /// The limit, in bytes.
    pub limit: u64,
}

impl TooLarge {
    /// The [`TooLarge`] an I/O error of a reader of [`unpack`] carries, if it does.
    pub fn of(e: &io::Error) -> Option<&TooLarge> {
        e.get_ref().and_then(|inner| inner.downcast_ref::<TooLarge>())
    }
}

/// A reader that gives at most `left` bytes of `inner`, and then fails with
/// [`TooLarge`] if `inner` has more (it never holds more than the caller's buffer).
struct Capped<R> {
    inner: R,
    left: u64,
    error: TooLarge,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // The limit is reached: one more byte, if there is one, passes it.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::other(self.error.clone())),
            };
        }
        let room = usize::try_from(self.left).unwrap_or(usize::MAX).min(buf.len());
        let n = self.inner.read(&mut buf[..room])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// `raw`'s packing, and its text unpacked as its first bytes say. With a `limit`, at
/// most that many bytes are read of `raw` and of the unpacked text (a decompression bomb
/// is an error after `limit` bytes, not a full memory): past it a read fails with
/// [`TooLarge`].
pub fn unpack<'a>(raw: impl Read + Send + 'a, limit: Option<u64>) -> io::Result<(Packing, Box<dyn BufRead + Send + 'a>)> {
    let limit = limit.unwrap_or(u64::MAX);
    fn capped<R>(inner: R, what: &'static str, limit: u64) -> Capped<R> {
        Capped { inner, left: limit, error: TooLarge { what, limit } }
    }
    let mut raw = BufReader::with_capacity(1 << 16, capped(raw, "record", limit));
    let packing = Packing::of(raw.fill_buf()?);
    if packing != Packing::Plain {
        raw.get_mut().error.what = "packed file";
    }
    let unpacked: Box<dyn Read + Send + 'a> = match packing {
        Packing::Plain => return Ok((packing, Box::new(raw))),
        Packing::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
        Packing::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        Packing::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
    };
    Ok((packing, Box::new(BufReader::with_capacity(1 << 16, capped(unpacked, "unpacked text", limit)))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &str = "[GameType \"20\"]\n1. 32-28 19-23 *\n";

    fn read_all(bytes: Vec<u8>, limit: Option<u64>) -> io::Result<String> {
        let mut out = String::new();
        unpack(io::Cursor::new(bytes), limit)?.1.read_to_string(&mut out)?;
        Ok(out)
    }

    fn gzip(t: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(t).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn each_packing_reads_back() {
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(TEXT.as_bytes()).unwrap();
        let zst = zstd::encode_all(TEXT.as_bytes(), 3).unwrap();
        for (bytes, packing) in [
            (TEXT.as_bytes().to_vec(), Packing::Plain),
            (gzip(TEXT.as_bytes()), Packing::Gzip),
            (bz.finish().unwrap(), Packing::Bzip2),
            (zst, Packing::Zstd),
        ] {
            assert_eq!(Packing::of(&bytes), packing);
            assert_eq!(read_all(bytes, None).unwrap(), TEXT, "{packing:?}");
        }
    }

    #[test]
    fn two_gzip_members_are_one_text() {
        let mut bytes = gzip(b"a\n");
        bytes.extend(gzip(b"b\n"));
        assert_eq!(read_all(bytes, None).unwrap(), "a\nb\n");
    }

    #[test]
    fn a_bomb_stops_at_the_limit() {
        let bomb = gzip(&vec![b' '; 1 << 20]);
        let e = read_all(bomb.clone(), Some(1000)).unwrap_err();
        assert_eq!(TooLarge::of(&e), Some(&TooLarge { what: "unpacked text", limit: 1000 }));
        assert_eq!(read_all(bomb, Some(1 << 20)).unwrap().len(), 1 << 20, "exactly the limit is taken");
        let e = read_all(vec![b'x'; 2000], Some(1000)).unwrap_err();
        assert_eq!(TooLarge::of(&e).map(|t| t.what), Some("record"));
    }
}
