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
