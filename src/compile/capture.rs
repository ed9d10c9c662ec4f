//! The capture rules of a variant as the capture search reads them.

use crate::spec::{CaptureRules, Criterion, Halt, Huff, Landing, MidPromotion, Removal};

/// The variant's capture rules, compiled once into [`Rules::capture`](super::Rules::capture)
/// and copied into each capture search, so no node reads the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureSettings {
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// Whether a capture may turn back the way it came.
    pub turn_back: bool,
    /// Whether a capture goes on only in the direction of the capture before.
    pub straight: bool,
    /// Bit k: the precedence ranks captures by kind k.
    pub precedence_kinds: u8,
    /// What a man that reaches its promotion cells during a capture does.
    pub mid_promotion: MidPromotion,
    /// Which landing a flying capture may choose.
    pub landing: Landing,
    /// The halt rule, if any.
    pub halt: Option<Halt>,
    /// Whether a capture stopped on promotion cells, though it could go on, promotes.
    pub stop_promotes: bool,
    /// Whether a capture may land where its piece has stood during the move.
    pub revisit: bool,
    /// Whether a piece crowned mid-capture into a ranked kind must take the most pieces it
    /// can from there (see [`CaptureRules::longest_after_crowning`]).
    pub longest_after_crowning: bool,
    /// Whether the precedence ranks each piece's captures among themselves only.
    pub per_piece: bool,
    /// Huffing (see [`Huff`]).
    pub huff: Huff,
    /// Whether huffing spares a move that ends where its side's last capture first landed.
    pub huff_spares_last_landing: bool,
    /// Cells emptied after every jump of a capture (see [`CaptureRules::cleared`]).
    pub cleared: Option<crate::geometry::CellSet>,
    /// The precedence criteria, the first `precedence_len` of them (the checker refuses a
    /// criterion named twice, so there are at most as many as criteria exist).
    pub(crate) precedence: [Criterion; Criterion::NAMES.len()],
    pub(crate) precedence_len: u8,
}

impl CaptureSettings {
    /// The settings of a checked variant's capture rules.
    pub fn new(c: &CaptureRules) -> CaptureSettings {
        let mut precedence = [Criterion::MostPieces; Criterion::NAMES.len()];
        assert!(c.precedence.len() <= precedence.len(), "a precedence criterion is named twice");
        precedence[..c.precedence.len()].copy_from_slice(&c.precedence);
        CaptureSettings {
            removal: c.removal,
            turn_back: c.turn_back,
            straight: c.straight,
            precedence_kinds: c.precedence_kinds,
            mid_promotion: c.promotion,
            landing: c.landing,
            halt: c.halt,
            stop_promotes: c.stop_promotes,
            revisit: c.revisit,
            longest_after_crowning: c.longest_after_crowning,
            per_piece: c.precedence_per_piece,
            huff: c.huff,
            huff_spares_last_landing: c.huff_spares_last_landing,
            cleared: c.cleared,
            precedence,
            precedence_len: c.precedence.len() as u8,
        }
    }

    /// The precedence criteria in order: the legal captures are the best by the first,
    /// then among those by the second, and so on; none means free choice.
    #[inline]
    pub fn precedence(&self) -> &[Criterion] {
        &self.precedence[..self.precedence_len as usize]
    }
}
