//! `[end]` checked: how a game ends.

/// How the game ends.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct EndRules {
    /// What happens to the side to move when it has pieces but no legal move.
    pub no_moves: NoMoves,
    /// What happens when a side has no pieces (on the board or in hand).
    pub no_pieces: NoPieces,
    /// The side that first promotes a piece wins.
    pub promotion_wins: bool,
    /// Draw when the same position occurs this many times.
    pub repetition: Option<u8>,
    /// With [`NoMoves::Pass`]: draw after this many passes in a row.
    pub passes_draw: Option<u8>,
    /// Material endings, checked in order.
    pub material: Vec<MaterialEnd>,
    /// Move-count rules, in file order.
    pub counts: Vec<CountRule>,
    /// End rules on conditions (`[[end.rule]]`), in file order: the first that holds at the
    /// start of a turn decides.
    pub rules: Vec<EndRule>,
}

/// `[[end.rule]]`: where its condition holds at the start of a turn, the side to move has
/// the result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EndRule {
    /// The condition, about the side to move (`own`) and the other (`enemy`).
    pub when: EndCondition,
    /// What it means for the side to move.
    pub result: MaterialResult,
    /// Why the game ended, for people, said of the winner (or of the draw), as an
    /// outcome's [`EndReason::Rule`](crate::EndReason::Rule) reads it from the rules.
    pub reason: String,
}

/// A condition of an end rule: a yes-or-no combination of [`EndTest`]s (`&`, `|`,
/// `except`, `not(...)`), kept as the tests and the truth table over their results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndCondition {
    /// The tests, each once.
    pub tests: Vec<EndTest>,
    /// Bit `r` holds the condition's value when the tests' results are the bits of `r`.
    pub table: u64,
}

impl EndCondition {
    /// The condition's value when the tests' results are the bits of `results`.
    pub fn holds(&self, results: u32) -> bool {
        self.table >> (results & 63) & 1 == 1
    }

    /// Whether it asks whether the side to move has a legal move (then a side that would
    /// pass does not where the rule holds).
    pub fn asks_no_moves(&self) -> bool {
        self.tests.contains(&EndTest::NoMoves)
    }
}

/// One test of an end rule's condition.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EndTest {
    /// `no_moves`: the side to move has no legal move (but a pass).
    NoMoves,
    /// `pieces(own | enemy, N)`, `pieces(own | enemy, A..B)`, with `kinds = ...`: that side
    /// has from `min` to `max` pieces (of the kinds, on the board; without kinds, on the
    /// board and in hand).
    Pieces {
        /// The side to move's (else the other's).
        own: bool,
        /// The kinds counted (a bit per kind), or every kind and the hand.
        kinds: Option<u8>,
        /// The fewest.
        min: u16,
        /// The most.
        max: u16,
    },
    /// `on(own | enemy, CELLS)`: a piece of that side stands on one of the cells, written
    /// from White's side (Black's: their half turn).
    On {
        /// The side to move's (else the other's).
        own: bool,
        /// The cells, per side.
        cells: super::checked::BySide<crate::geometry::CellSet>,
    },
}

/// A move-count rule: the game is drawn after `moves` moves each (`2 × moves`
/// half-moves) in which its count ran without being reset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CountRule {
    /// Its name, with its source, as the file gives it.
    pub name: String,
    /// Moves by each side.
    pub moves: u16,
    /// What starts the count again: bits [`CountRule::CAPTURE`], [`CountRule::MAN_MOVE`],
    /// [`CountRule::PROMOTION`].
    pub reset: u8,
    /// The count runs only while one side has exactly the first material and the other
    /// exactly the second (any of these pairs; none: any material). Counts by kind index.
    pub material: Vec<(Vec<u8>, Vec<u8>)>,
    /// The count runs only while the pieces on the board number from .0 to .1.
    pub pieces: Option<(u16, u16)>,
    /// The count runs only while both sides have a king.
    pub both_kings: bool,
    /// A player may claim the draw; it does not end the game by itself.
    pub claim: bool,
    /// Why the game is drawn, for people: the rule in words and its name. An outcome
    /// names the rule by its index ([`EndReason::Count`](crate::EndReason::Count)) and
    /// reads this sentence from the rules.
    pub reason: String,
}

impl CountRule {
    /// A capture starts the count again.
    pub const CAPTURE: u8 = 1;
    /// A move of a piece that is not a king starts the count again.
    pub const MAN_MOVE: u8 = 2;
    /// A promotion starts the count again.
    pub const PROMOTION: u8 = 4;
}

/// A material ending: a side left with exactly these pieces has this result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MaterialEnd {
    /// How many pieces of each kind, by kind index.
    pub counts: Vec<u8>,
    /// The other side's material, exactly, by kind index (`None`: any).
    pub against: Option<Vec<u8>>,
    /// What it means for the side that has it.
    pub result: MaterialResult,
}

/// The result of a material ending for the side reduced to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MaterialResult {
    /// It loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// It wins.
    Win,
}

impl Default for EndRules {
    /// The side that cannot move, or has no pieces, loses; no promotion win; no draw by
    /// repetition.
    fn default() -> Self {
        EndRules {
            no_moves: NoMoves::Loss,
            no_pieces: NoPieces::Loss,
            promotion_wins: false,
            repetition: None,
            passes_draw: None,
            material: Vec::new(),
            counts: Vec::new(),
            rules: Vec::new(),
        }
    }
}

/// What happens when a side has no pieces left (on the board or in hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoPieces {
    /// The side to move without pieces loses.
    Loss,
    /// The side to move without pieces wins (antidraughts).
    Win,
    /// A move after which either side has no pieces wins for the side that made it.
    MoverWins,
    /// The side to move without pieces passes, and has then lost: its one move is a pass,
    /// after which the game is over (where the end is judged after each move, of the side
    /// that moved: Ludii's `CaptureAll Mover`).
    PassThenLoss,
}

/// What happens to a side to move that has pieces but no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoMoves {
    /// It loses.
    Loss,
    /// It wins (antidraughts).
    Win,
    /// It passes: its one legal move is a pass, and play goes on.
    Pass,
    /// It passes, and has then lost: its one legal move is a pass, after which the game is
    /// over (as where the end is judged after each move: a side that cannot move passes
    /// before its loss is judged).
    PassThenLoss,
}
