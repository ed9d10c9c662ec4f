//! Tables in a file: a text header naming the variant, its rules' fingerprint and each
//! class, then every value as two bytes, little-endian, and a checksum (see
//! `docs/egtb.md`, *File format*).

use super::index::Domains;
use super::material::Kinds;
use super::{Class, EgtbError, Material, Tables, stats_of};
use crate::compile::Rules;
use std::io::{BufRead, Read, Write};

/// The first line of every tables file.
const MAGIC: &str = "polydame egtb 1";

/// The most classes a file may name (a header past it is not one of ours).
const MAX_CLASSES: usize = 1 << 16;

/// FNV-1a, 64 bits, fed a block at a time.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

impl Tables {
    /// Writes the tables to `out` (see `docs/egtb.md`, *File format*).
    pub fn save(&self, out: &mut dyn Write, rules: &Rules) -> Result<(), EgtbError> {
        let kinds = rules.spec().kinds.len();
        let mut head = format!("{MAGIC}\nvariant {}\nrules {:016x}\nkinds {kinds}\n", self.variant, self.rules_hash);
        for c in &self.classes {
            head += &format!("class {} {} {:.3}\n", c.stats.material.key(kinds), c.values.len(), c.stats.seconds);
        }
        head += "data\n";
        out.write_all(head.as_bytes())?;
        let mut sum = Fnv::new();
        let mut buf = Vec::with_capacity(1 << 16);
        for c in &self.classes {
            for block in c.values.chunks(1 << 15) {
                buf.clear();
                buf.extend(block.iter().flat_map(|v| v.to_le_bytes()));
                sum.feed(&buf);
                out.write_all(&buf)?;
            }
        }
        out.write_all(&sum.0.to_le_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// Reads tables written by [`Tables::save`] for `rules`; refuses a file of another
    /// variant, or of other rules under the same name (their fingerprints differ).
    pub fn load(input: &mut dyn BufRead, rules: &Rules) -> Result<Tables, EgtbError> {
        let bad = |why: &str| EgtbError::File(format!("not a polydame tables file: {why}"));
        let mut line = |what: &str| -> Result<String, EgtbError> {
            let mut l = String::new();
            (&mut *input).take(4096).read_line(&mut l)?;
            let l = l.strip_suffix('\n').ok_or_else(|| bad(&format!("no {what} line")))?.to_string();
            Ok(l)
        };
        if line("first")? != MAGIC {
            return Err(bad(&format!("its first line is not `{MAGIC}`")));
        }
        let variant = line("variant")?.strip_prefix("variant ").ok_or_else(|| bad("no `variant` line"))?.to_string();
        let hash =
            line("rules")?.strip_prefix("rules ").and_then(|h| u64::from_str_radix(h, 16).ok()).ok_or_else(|| bad("no `rules` line"))?;
        let mut tables = Tables::empty(rules);
        if variant != tables.variant || hash != tables.rules_hash {
            return Err(EgtbError::File(format!(
                "the tables are of {variant} (rules {hash:016x}), not of {} (rules {:016x}): build them for this variant",
                tables.variant, tables.rules_hash
            )));
        }
        let kinds: usize = line("kinds")?.strip_prefix("kinds ").and_then(|k| k.parse().ok()).ok_or_else(|| bad("no `kinds` line"))?;
        if kinds != rules.spec().kinds.len() {
            return Err(bad("its kinds are not the variant's"));
        }
        let mut heads = Vec::new();
        loop {
            let l = line("class")?;
            if l == "data" {
                break;
            }
            let parts: Vec<&str> = l.split(' ').collect();
            let (material, indices, seconds) = match parts[..] {
                ["class", key, n, secs] => (Material::from_key(key, kinds), n.parse::<u64>().ok(), secs.parse::<f64>().ok()),
                _ => return Err(bad(&format!("`{l}` is not a class line"))),
            };
            let (Some(m), Some(n), Some(secs)) = (material, indices, seconds) else {
                return Err(bad(&format!("`{l}` is not a class line")));
            };
            heads.push((m, n, secs));
            if heads.len() > MAX_CLASSES {
                return Err(bad("too many classes"));
            }
        }
        read_values(input, rules, &mut tables, &heads)?;
        Ok(tables)
    }
}

/// Reads each class's values after the header, and the checksum.
fn read_values(input: &mut dyn BufRead, rules: &Rules, tables: &mut Tables, heads: &[(Material, u64, f64)]) -> Result<(), EgtbError> {
    let domains = Domains::of(rules);
    let kinds = Kinds::of(rules)?;
    let mut sum = Fnv::new();
    for &(m, n, secs) in heads {
        kinds.check(rules, &m).map_err(|why| EgtbError::File(format!("the file has a table of {}: {why}", m.describe(rules))))?;
        let indexer = super::plan::class_index(rules, &m, &domains, &tables.binom)?;
        if indexer.placements() * 2 != n {
            return Err(EgtbError::File(format!(
                "the table of {} has {n} values, not the {} its index has",
                m.describe(rules),
                indexer.placements() * 2
            )));
        }
        // Grown as the values are read: a header's count is not trusted with memory.
        let mut values = Vec::with_capacity((n as usize).min(1 << 20));
        let mut buf = vec![0u8; 1 << 16];
        let mut left = n as usize * 2;
        while left > 0 {
            let take = left.min(buf.len());
            input.read_exact(&mut buf[..take]).map_err(|_| EgtbError::File("the file ends before its tables do".into()))?;
            sum.feed(&buf[..take]);
            values.extend(buf[..take].chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
            left -= take;
        }
        let stats = stats_of(rules, &m, &values, indexer.placements(), secs);
        tables.push(Class { indexer, values, stats });
    }
    let mut end = [0u8; 8];
    input.read_exact(&mut end).map_err(|_| EgtbError::File("the file ends before its checksum".into()))?;
    if u64::from_le_bytes(end) != sum.0 {
        return Err(EgtbError::File("the file's checksum does not match its tables (a damaged file)".into()));
    }
    Ok(())
}
