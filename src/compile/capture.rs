//! The capture rules of a variant as both capture searches read them: the settings of
//! `[capture]`, and each kind's capture rules as one description ([`CapRule`], its
//! [`Shape`]), built once here; the general engine and the fast path dispatch on the same
//! value.

use crate::geometry::DirSet;
use crate::spec::{CaptureKind, CaptureRule, CaptureRules, Condition, Criterion, Halt, Huff, Land, Landing, MidPromotion, Removal, When};

/// How a capture rule reaches and takes its pieces: the one description of a capture both
/// engines search by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Over an adjacent piece, landing just beyond.
    Jump,
    /// Over a piece this many cells away (every cell between empty), landing as far
    /// beyond it.
    LongJump(u8),
    /// Over the first piece along the line (across from `gap.0` to `gap.1` empty cells),
    /// landing on an empty cell from the `reach.0`-th to the `reach.1`-th beyond it
    /// ((1, 1): just beyond; (1, 255): anywhere beyond).
    Fly { reach: (u8, u8), gap: (u8, u8) },
    /// Over a contiguous line of at least `min` pieces (adjacent, or with `approach` at any
    /// distance), landing just beyond (`next`) or anywhere beyond; the move ends there
    /// (`ends`) or goes on.
    Leap { min: u8, approach: bool, next: bool, ends: bool },
    /// A step to the adjacent empty cell that takes the line of pieces starting just
    /// beyond it (an approach), or just behind the cell left (a `withdrawal`).
    StepTaking { withdrawal: bool },
    /// Over an adjacent piece of its own onto the enemy piece just beyond, which it takes
    /// and replaces; the move ends there (a capture by displacement).
    Displace,
}

impl Shape {
    /// The shape of a checked capture rule.
    pub fn of(c: &CaptureRule) -> Shape {
        match c.kind {
            CaptureKind::Jump if c.displace => Shape::Displace,
            CaptureKind::Jump if c.stride == 1 => Shape::Jump,
            CaptureKind::Jump => Shape::LongJump(c.stride),
            CaptureKind::Fly => Shape::Fly { reach: (c.land.min, c.land.max), gap: c.gap },
            CaptureKind::Leap => Shape::Leap { min: c.min, approach: c.approach, next: c.land == Land::NEXT, ends: c.ends_move },
            CaptureKind::Approach => Shape::StepTaking { withdrawal: false },
            CaptureKind::Withdrawal => Shape::StepTaking { withdrawal: true },
        }
    }

    /// Where the capture may land, counted from the (last) piece it takes.
    pub fn land(self) -> Land {
        match self {
            Shape::Fly { reach: (min, max), .. } => Land { min, max },
            Shape::Leap { next: false, .. } => Land::ANY,
            Shape::Jump | Shape::LongJump(_) | Shape::Leap { next: true, .. } | Shape::StepTaking { .. } | Shape::Displace => Land::NEXT,
        }
    }
}

/// A capture rule of a kind, compiled for one side: what both capture searches read.
#[derive(Clone, Copy, Debug)]
pub struct CapRule {
    /// How it reaches and takes its pieces.
    pub shape: Shape,
    /// The directions it captures in (this side's directions).
    pub dirs: DirSet,
    /// Whether it applies to a move's first capture, the later ones, or both.
    pub when: When,
    /// Bit k: may take kind k (the kind's `can_capture` and the rule's `kinds`).
    pub prey: u8,
    /// Where it may land (a jump's `where`), judged at each landing.
    pub condition: Option<Condition>,
}

impl CapRule {
    /// Whether the rule applies at this capture of a move: its first (`later` false) or
    /// a later one.
    #[inline(always)]
    pub fn applies(&self, later: bool) -> bool {
        match self.when {
            When::Always => true,
            When::First => !later,
            When::Continuing => later,
        }
    }
}

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

    /// Whether captured pieces stay on the board, blocking, until the move ends (else they
    /// leave it as they are jumped).
    #[inline]
    pub fn removes_at_end(&self) -> bool {
        match self.removal {
            Removal::End => true,
            Removal::Immediate => false,
        }
    }

    /// Whether a capture that may land on several cells must land where it can go on, if
    /// it can anywhere.
    #[inline]
    pub fn must_continue(&self) -> bool {
        match self.landing {
            Landing::MustContinue => true,
            Landing::Free => false,
        }
    }

    /// The precedence criteria in order: the legal captures are the best by the first,
    /// then among those by the second, and so on; none means free choice.
    #[inline]
    pub fn precedence(&self) -> &[Criterion] {
        &self.precedence[..self.precedence_len as usize]
    }

    /// Whether a precedence ranks the captures.
    #[inline]
    pub fn ranks(&self) -> bool {
        self.precedence_len > 0
    }
}
