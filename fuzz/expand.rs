//! Deep nesting and long repetition, which a fuzzer's byte mutations of a few kilobytes
//! never reach: an input that begins with the byte 0xFE is a pattern,
//!
//! ```text
//! 0xFE, n (two bytes, little-endian), a (one byte), A (a bytes), b (one byte), B (b bytes), TEXT
//! ```
//!
//! read as TEXT with A written 2n times where its first byte 0xFF stands, and B written
//! 2n times where its second 0xFF stands (or after the As, with one 0xFF): `(` and `)`
//! around `rank(8)` nest a cell set 100,000 deep, `rank(8) | ` and nothing make a chain of
//! 100,000 terms, `(9-13 ` and `)` nest PDN variations. Any other input is itself. The checks of the `variant`, `pdn` and `studio` targets read their input
//! through [`expand`], and the seeds in `fuzz/corpus/` hold such patterns.

/// The text an input stands for (see the module's head).
pub fn expand(data: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let Some((&0xFE, rest)) = data.split_first() else { return data.into() };
    let Some(((lo, hi), rest)) = rest.split_first().and_then(|(lo, r)| Some(((lo, r.first()?), &r[1..]))) else {
        return data.into();
    };
    let n = 2 * (usize::from(*lo) | usize::from(*hi) << 8);
    let part = |rest: &mut &[u8]| -> Option<Vec<u8>> {
        let (&len, r) = rest.split_first()?;
        let p = r.get(..usize::from(len))?.to_vec();
        *rest = &r[usize::from(len)..];
        Some(p)
    };
    let mut rest = rest;
    let (Some(a), Some(b)) = (part(&mut rest), part(&mut rest)) else { return data.into() };
    let first = rest.iter().position(|&x| x == 0xFF).unwrap_or(rest.len());
    let after = rest.get(first + 1..).unwrap_or(&[]);
    let second = after.iter().position(|&x| x == 0xFF).unwrap_or(0);
    let mut out = Vec::with_capacity(rest.len() + n * (a.len() + b.len()));
    out.extend_from_slice(&rest[..first]);
    for _ in 0..n {
        out.extend_from_slice(&a);
    }
    out.extend_from_slice(&after[..second]);
    for _ in 0..n {
        out.extend_from_slice(&b);
    }
    out.extend_from_slice(after.get(second + 1..).unwrap_or(&[]));
    out.into()
}

/// The pattern that writes `a` and `b` each `2 * n` times where the markers (0xFF) stand
/// in `text`: what the seeds are made of.
#[allow(dead_code)]
pub fn pattern(n: u16, a: &[u8], b: &[u8], text: &[u8]) -> Vec<u8> {
    let mut out = vec![0xFE, n as u8, (n >> 8) as u8, a.len() as u8];
    out.extend_from_slice(a);
    out.push(b.len() as u8);
    out.extend_from_slice(b);
    out.extend_from_slice(text);
    out
}
