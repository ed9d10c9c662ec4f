//! The rank of a capture by the variant's precedence (`[capture] precedence`): one number,
//! greater is better, built once per variant and read by both engines. The general engine
//! adds it up when it stores a capture, the fast path as it takes each piece; what a
//! criterion counts is said here alone.

use super::KindTable;
use crate::spec::Criterion;

/// The most kinds of piece.
const KINDS: usize = 8;

/// A capture's rank as one `u128`, the criteria in the variant's order from the highest
/// bits down, each in a field of its own: a count (pieces, kings, whether the capturer is
/// a king) 16 bits, a sum of values 32, the earliest king 32 (at most 112 bits for the
/// five criteria, each named once). Comparing two ranks compares the criteria in turn.
/// A field never overflows: a board has at most 256 cells, a value is at most 1,000,000.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankKey {
    /// What taking a piece of kind k adds (its count, its value, whether it is a king).
    take: [u128; KINDS],
    /// Where the rank of a capture by kind k starts (whether it is a king).
    start: [u128; KINDS],
    /// The lowest bit of the earliest-king field: a king taken i-th (from 0, the first 32
    /// only) adds bit `earliest + 31 - i`, so that kings met earlier weigh more, place by
    /// place (FID art. 6.9).
    earliest: Option<u32>,
    /// Bit k: kind k is a king (some kind promotes to it).
    kings: u8,
}

impl RankKey {
    /// The rank by `criteria` of the kinds in `kinds` (one side's tables: a kind's value
    /// and whether it is a king are the same for both sides).
    pub fn new(criteria: &[Criterion], kinds: &[KindTable]) -> RankKey {
        let mut key =
            RankKey { kings: kinds.iter().enumerate().filter(|(_, t)| t.is_king).fold(0, |m, (k, _)| m | 1 << k), ..RankKey::default() };
        let mut top = 128u32;
        for c in criteria {
            top -= match c {
                Criterion::MostValue | Criterion::EarliestKing => 32,
                Criterion::MostPieces | Criterion::KingCaptures | Criterion::MostKings => 16,
            };
            for (k, t) in kinds.iter().enumerate().take(KINDS) {
                match c {
                    Criterion::MostPieces => key.take[k] += 1 << top,
                    Criterion::MostValue => key.take[k] += u128::from(t.value) << top,
                    Criterion::MostKings => key.take[k] += u128::from(t.is_king) << top,
                    Criterion::KingCaptures => key.start[k] += u128::from(t.is_king) << top,
                    Criterion::EarliestKing => key.earliest = Some(top),
                }
            }
        }
        key
    }

    /// The rank of a capture by a piece of kind `kind` before it takes anything.
    #[inline(always)]
    pub fn start(&self, kind: usize) -> u128 {
        self.start[kind & (KINDS - 1)]
    }

    /// What taking a piece of kind `kind` adds, but for the earliest-king criterion.
    #[inline(always)]
    pub fn take(&self, kind: usize) -> u128 {
        self.take[kind & (KINDS - 1)]
    }

    /// What taking a piece of kind `kind` as the `i`-th piece of the move (from 0) adds.
    #[inline(always)]
    pub fn take_at(&self, kind: usize, i: u32) -> u128 {
        let mut r = self.take(kind);
        if let Some(e) = self.earliest
            && self.kings >> kind & 1 == 1
            && i < 32
        {
            r += 1 << (e + 31 - i);
        }
        r
    }

    /// What taking any piece adds, where it is the same for each of the first `kinds`
    /// kinds and the earliest-king criterion is not among the criteria: then the rank of
    /// a capture is its start and this times the pieces taken.
    pub fn uniform_take(&self, kinds: usize) -> Option<u128> {
        let take = &self.take[..kinds.clamp(1, KINDS)];
        (self.earliest.is_none() && take.iter().all(|&t| t == take[0])).then_some(take[0])
    }

    /// Whether the earliest-king criterion is among the criteria.
    pub fn has_earliest(&self) -> bool {
        self.earliest.is_some()
    }

    /// The rank of a whole capture: by a piece of kind `kind`, taking pieces of the kinds
    /// `taken`, in order.
    pub fn of(&self, kind: usize, taken: impl Iterator<Item = usize>) -> u128 {
        taken.zip(0..).fold(self.start(kind), |r, (k, i)| r + self.take_at(k, i))
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::Rules;
    use crate::spec::Criterion;

    fn rules(name: &str) -> Rules {
        crate::load_variant(name).unwrap()
    }

    #[test]
    fn more_pieces_outrank_fewer_and_kings_break_ties_in_italian() {
        // Italian: most pieces, then a king capturing, then most kings, then the earliest king.
        let r = rules("italian");
        assert_eq!(r.capture.precedence(), [Criterion::MostPieces, Criterion::KingCaptures, Criterion::MostKings, Criterion::EarliestKing]);
        let key = &r.rank;
        let (man, king) = (0, 1);
        // Two men beat one king; a king taking beats a man taking the same.
        assert!(key.of(man, [man, man].into_iter()) > key.of(king, [king].into_iter()));
        assert!(key.of(king, [man].into_iter()) > key.of(man, [man].into_iter()));
        // Two kings beat a king and a man; a king met first beats a king met second.
        assert!(key.of(man, [king, king].into_iter()) > key.of(man, [king, man].into_iter()));
        assert!(key.of(man, [king, man].into_iter()) > key.of(man, [man, king].into_iter()));
        assert_eq!(key.of(man, [man, king].into_iter()), key.of(man, [man, king].into_iter()));
    }

    #[test]
    fn without_a_precedence_every_capture_ranks_the_same() {
        let r = rules("russian");
        assert!(r.capture.precedence().is_empty());
        assert_eq!(r.rank.of(0, [0, 1, 1].into_iter()), r.rank.of(1, std::iter::empty()));
    }
}
