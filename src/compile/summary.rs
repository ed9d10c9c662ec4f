//! What the whole engine reads of a variant's rules at a glance: whether its moves are
//! played the plain way, whether counting them must generate them, how the fast path
//! counts a kind's quiet moves. Every field of the capture rules and of each kind is named here and
//! every rule enum is matched without a wildcard, so that a new rule does not compile
//! until this place decides whether it changes how moves are played or counted (as
//! `fast::support` decides whether the fast path takes it).

use super::kinds::QuietCount;
use crate::spec::{CaptureRules, Huff, Kind, NoMoves, NoPieces, Spec};

/// The summaries of a variant's rules (see [`Rules`](super::Rules), where they are kept).
pub(super) struct Summary {
    /// Moves that take off pieces they do not capture (huffing, `[capture] cleared`).
    pub removals: bool,
    /// A side with pieces but no legal move passes.
    pub passes: bool,
    /// A side without pieces passes once, and has then lost (`no_pieces =
    /// "pass-then-loss"`).
    pub no_pieces_passes: bool,
    /// Every move is played the plain way: no passes, no columns, no removals, no drops.
    pub plain_moves: bool,
    /// Counting moves must generate them (a rule the counting shortcuts do not know).
    pub count_by_generating: bool,
}

impl Summary {
    /// The summaries of `spec`, whose kinds' captures are optional for the kinds in
    /// `optional_captures` (of `every_kind`).
    pub fn of(spec: &Spec, optional_captures: u8, every_kind: u8) -> Summary {
        let CaptureRules {
            // How a capture is searched: both engines' searches decide these.
            mandatory: _,
            removal: _,
            turn_back: _,
            straight: _,
            promotion: _,
            landing: _,
            halt: _,
            stop_promotes: _,
            revisit: _,
            longest_after_crowning: _,
            huff_spares_last_landing: _,
            // The counting shortcuts rank every kind's captures together, or none.
            precedence,
            precedence_kinds,
            precedence_per_piece,
            // Pieces taken off that a capture does not take.
            huff,
            cleared,
            // A turn of several moves: counted by playing them.
            moves_again,
        } = &spec.capture;
        let huffing = match huff {
            Huff::None => false,
            Huff::OpponentRemovesOne | Huff::RemovedAtOnce => true,
        };
        let removals = huffing || cleared.is_some();
        let passes = match spec.end.no_moves {
            NoMoves::Pass | NoMoves::PassThenLoss => true,
            NoMoves::Loss | NoMoves::Win => false,
        };
        let no_pieces_passes = match spec.end.no_pieces {
            NoPieces::PassThenLoss => true,
            NoPieces::Loss | NoPieces::Win | NoPieces::MoverWins => false,
        };
        let drops = spec.drops.is_some();
        let avoids = spec.kinds.iter().any(|k| kind_counts(k).1);
        let some_optional = optional_captures != 0 && optional_captures != every_kind;
        let some_ranked = !precedence.is_empty() && precedence_kinds & every_kind != every_kind;
        Summary {
            removals,
            passes,
            no_pieces_passes,
            plain_moves: !passes && !no_pieces_passes && spec.columns.is_none() && !removals && !drops,
            count_by_generating: avoids
                || passes
                || no_pieces_passes
                || some_optional
                || some_ranked
                || *precedence_per_piece
                || removals
                || drops
                || *moves_again,
        }
    }
}

/// How the fast path counts a kind's quiet moves, and whether the kind has cells to avoid
/// (then counting moves generates them).
pub(super) fn kind_counts(kind: &Kind) -> (QuietCount, bool) {
    let Kind {
        // Names, value, captures and promotion: not about counting quiet moves.
        name: _,
        fen: _,
        symbol: _,
        value: _,
        captures: _,
        can_capture: _,
        promotion: _,
        may_stop: _,
        mandatory: _,
        turn_back: _,
        straight: _,
        turn_at_edge: _,
        // Where and how far its quiet moves go. A limit on quiet moves holds one piece
        // back, which a count in bulk leaves out of the kind's pieces.
        moves,
        max_quiet_moves: _,
        avoid,
        cells,
    } = kind;
    let count = if moves.len() > 1 {
        QuietCount::SeveralRules
    } else if moves.iter().any(|m| m.condition.is_some()) {
        QuietCount::Condition
    } else if cells.is_some() {
        QuietCount::Cells
    } else if moves.iter().any(|m| m.stride > 1) {
        QuietCount::Stride
    } else {
        QuietCount::Bulk
    };
    (count, avoid.is_some())
}
