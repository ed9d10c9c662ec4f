//! Opening a game archive as people keep them: a file or standard input (`-`), plain or
//! compressed with gzip, bzip2 or zstd, told by its first bytes rather than its name (a
//! `.pdn` that is gzip inside reads, a `.gz` that is plain text reads too).

use std::io::{BufRead, BufReader, Read};

/// How an archive's bytes are packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    Plain,
    Gzip,
    Bzip2,
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

/// The text of the archive `path` (`-`: standard input), unpacked.
pub fn open(path: &str) -> std::io::Result<Box<dyn BufRead + Send>> {
    let raw: Box<dyn Read + Send> = if path == "-" { Box::new(std::io::stdin()) } else { Box::new(std::fs::File::open(path)?) };
    unpack(BufReader::with_capacity(1 << 16, raw))
}

/// `reader`'s text, unpacked as its first bytes say (several gzip or bzip2 members one
/// after the other, as `cat a.gz b.gz` makes, read as one stream).
pub fn unpack<R: BufRead + Send + 'static>(mut reader: R) -> std::io::Result<Box<dyn BufRead + Send>> {
    let packing = Packing::of(reader.fill_buf()?);
    Ok(match packing {
        Packing::Plain => Box::new(reader),
        Packing::Gzip => Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(reader))),
        Packing::Bzip2 => Box::new(BufReader::new(bzip2::bufread::MultiBzDecoder::new(reader))),
        Packing::Zstd => Box::new(BufReader::new(zstd::stream::read::Decoder::with_buffer(reader)?)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &str = "[GameType \"20\"]\n1. 32-28 19-23 *\n";

    fn read_all(bytes: Vec<u8>) -> String {
        let mut out = String::new();
        unpack(std::io::Cursor::new(bytes)).unwrap().read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn each_packing_reads_back() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(TEXT.as_bytes()).unwrap();
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(TEXT.as_bytes()).unwrap();
        let zst = zstd::encode_all(TEXT.as_bytes(), 3).unwrap();
        for (bytes, packing) in [
            (TEXT.as_bytes().to_vec(), Packing::Plain),
            (gz.finish().unwrap(), Packing::Gzip),
            (bz.finish().unwrap(), Packing::Bzip2),
            (zst, Packing::Zstd),
        ] {
            assert_eq!(Packing::of(&bytes), packing);
            assert_eq!(read_all(bytes), TEXT, "{packing:?}");
        }
    }

    #[test]
    fn two_gzip_members_are_one_text() {
        let member = |t: &str| {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(t.as_bytes()).unwrap();
            gz.finish().unwrap()
        };
        let mut bytes = member("a\n");
        bytes.extend(member("b\n"));
        assert_eq!(read_all(bytes), "a\nb\n");
    }
}
