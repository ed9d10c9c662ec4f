//! Why a game ended: one value per end rule, with a stable code for programs and the
//! sentence people read.

use crate::compile::Rules;

/// Why a game ended, as [`Outcome::Win`](super::Outcome::Win) and
/// [`Outcome::Draw`](super::Outcome::Draw) carry it.
///
/// Each reason has a stable [`code`](EndReason::code) for programs, the same in every
/// variant, and a [`sentence`](EndReason::sentence) for people. A win's sentence is said
/// of the side that won, so it reads after the winner's name (`White wins: the opponent
/// has no legal move`).
///
/// | reason | code | sentence |
/// |---|---|---|
/// | [`PromotionWins`](EndReason::PromotionWins) | `promotion-wins` | crowned a king |
/// | [`NoMoves`](EndReason::NoMoves) | `no-moves` | the opponent has no legal move |
/// | [`NoMovesWins`](EndReason::NoMovesWins) | `no-moves-wins` | has no legal move (which wins in this variant) |
/// | [`NoPieces`](EndReason::NoPieces) | `no-pieces` | the opponent has no pieces left |
/// | [`NoPiecesWins`](EndReason::NoPiecesWins) | `no-pieces-wins` | has no pieces left (which wins in this variant) |
/// | [`NoPiecesMoverWins`](EndReason::NoPiecesMoverWins) | `no-pieces-mover-wins` | left a side without pieces (which wins for the side that moved) |
/// | [`IncompleteTurn`](EndReason::IncompleteTurn) | `incomplete-turn` | placed a piece that left the next one of its turn no place (which wins in this variant) |
/// | [`MaterialLoss`](EndReason::MaterialLoss) | `material-loss` | the opponent is left with a material that loses |
/// | [`MaterialDraw`](EndReason::MaterialDraw) | `material-draw` | a side is left with a material that draws |
/// | [`MaterialWin`](EndReason::MaterialWin) | `material-win` | is left with a material that wins |
/// | [`Repetition`](EndReason::Repetition) | `repetition` | the same position occurred again (repetition) |
/// | [`Passes`](EndReason::Passes) | `passes` | both sides passed |
/// | [`Count`](EndReason::Count) | `count` | the rule in words and its name, from the variant |
/// | [`Rule`](EndReason::Rule) | `rule` | the end rule's condition and result, from the variant |
///
/// ```
/// use polydame::{load_variant, EndReason, MoveList, Outcome, Side};
/// use polydame::fen::parse_fen;
///
/// let rules = load_variant("international").unwrap();
/// // White to move, with no piece left.
/// let mut pos = parse_fen(&rules, "W:W:B1").unwrap();
/// let outcome = pos.outcome(&rules, &mut MoveList::new());
/// assert_eq!(outcome, Outcome::Win(Side::Black, EndReason::NoPieces));
/// assert_eq!(EndReason::NoPieces.code(), "no-pieces");
/// assert_eq!(outcome.describe(&rules), "Black wins: the opponent has no pieces left");
/// // A move-count rule's sentence is the variant's: FMJD's 25-move rule comes first.
/// assert!(EndReason::Count(0).sentence(&rules).contains("25-move rule"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The winner has a king on the board, where promotion wins (`promotion_wins`).
    PromotionWins,
    /// The loser is to move with pieces but no legal move (`no_moves = "loss"`).
    NoMoves,
    /// The winner is to move with pieces but no legal move, and that wins
    /// (`no_moves = "win"`).
    NoMovesWins,
    /// The loser is to move with no pieces (`no_pieces = "loss"`).
    NoPieces,
    /// The winner is to move with no pieces, and that wins (`no_pieces = "win"`).
    NoPiecesWins,
    /// The winner made the move after which a side, either side, has no pieces
    /// (`no_pieces = "mover-wins"`).
    NoPiecesMoverWins,
    /// The winner placed a piece from its hand that left the next piece of its turn no
    /// place, and that wins (`[drops] incomplete = "wins"`).
    IncompleteTurn,
    /// The loser is left with a material that loses (`[[end.material]]`,
    /// `result = "loss"`).
    MaterialLoss,
    /// A side is left with a material that draws (`result = "draw"`).
    MaterialDraw,
    /// The winner is left with a material that wins (`result = "win"`).
    MaterialWin,
    /// The same position occurred as often as `repetition` says.
    Repetition,
    /// Both sides passed, as many times in a row as `passes_draw` says.
    Passes,
    /// A move-count rule ran its course: its index in
    /// [`EndRules::counts`](crate::spec::EndRules), the order of `[[end.count]]` in the file.
    Count(u8),
    /// An end rule on a condition held at the start of a turn: its index in
    /// [`EndRules::rules`](crate::spec::EndRules), the order of `[[end.rule]]` in the file.
    Rule(u8),
}

impl EndReason {
    /// A stable name for the reason, for programs: one of the codes in the table of
    /// [`EndReason`]. Every move-count rule has the code `count`; its index tells them
    /// apart.
    pub fn code(&self) -> &'static str {
        match self {
            EndReason::PromotionWins => "promotion-wins",
            EndReason::NoMoves => "no-moves",
            EndReason::NoMovesWins => "no-moves-wins",
            EndReason::NoPieces => "no-pieces",
            EndReason::NoPiecesWins => "no-pieces-wins",
            EndReason::NoPiecesMoverWins => "no-pieces-mover-wins",
            EndReason::IncompleteTurn => "incomplete-turn",
            EndReason::MaterialLoss => "material-loss",
            EndReason::MaterialDraw => "material-draw",
            EndReason::MaterialWin => "material-win",
            EndReason::Repetition => "repetition",
            EndReason::Passes => "passes",
            EndReason::Count(_) => "count",
            EndReason::Rule(_) => "rule",
        }
    }

    /// The reason in words, as the engine prints it. A move-count rule's sentence is
    /// written from the rules (the rule in words and its name, as `show` says it); an
    /// index the variant has no rule for reads `a move-count rule`.
    pub fn sentence<'r>(&self, rules: &'r Rules) -> &'r str {
        match self {
            EndReason::PromotionWins => "crowned a king",
            EndReason::NoMoves => "the opponent has no legal move",
            EndReason::NoMovesWins => "has no legal move (which wins in this variant)",
            EndReason::NoPieces => "the opponent has no pieces left",
            EndReason::NoPiecesWins => "has no pieces left (which wins in this variant)",
            EndReason::NoPiecesMoverWins => "left a side without pieces (which wins for the side that moved)",
            EndReason::IncompleteTurn => "placed a piece that left the next one of its turn no place (which wins in this variant)",
            EndReason::MaterialLoss => "the opponent is left with a material that loses",
            EndReason::MaterialDraw => "a side is left with a material that draws",
            EndReason::MaterialWin => "is left with a material that wins",
            EndReason::Repetition => "the same position occurred again (repetition)",
            EndReason::Passes => "both sides passed",
            EndReason::Count(i) => rules.spec().end.counts.get(usize::from(*i)).map_or("a move-count rule", |c| c.reason.as_str()),
            EndReason::Rule(i) => rules.spec().end.rules.get(usize::from(*i)).map_or("an end rule of the variant", |r| r.reason.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EndReason;
    use crate::variants::load_variant;

    /// Every reason with its code and its sentence. Programs match on the codes and
    /// people read the sentences: neither changes once released.
    const ALL: [(EndReason, &str, &str); 14] = [
        (EndReason::PromotionWins, "promotion-wins", "crowned a king"),
        (EndReason::NoMoves, "no-moves", "the opponent has no legal move"),
        (EndReason::NoMovesWins, "no-moves-wins", "has no legal move (which wins in this variant)"),
        (EndReason::NoPieces, "no-pieces", "the opponent has no pieces left"),
        (EndReason::NoPiecesWins, "no-pieces-wins", "has no pieces left (which wins in this variant)"),
        (EndReason::NoPiecesMoverWins, "no-pieces-mover-wins", "left a side without pieces (which wins for the side that moved)"),
        (
            EndReason::IncompleteTurn,
            "incomplete-turn",
            "placed a piece that left the next one of its turn no place (which wins in this variant)",
        ),
        (EndReason::MaterialLoss, "material-loss", "the opponent is left with a material that loses"),
        (EndReason::MaterialDraw, "material-draw", "a side is left with a material that draws"),
        (EndReason::MaterialWin, "material-win", "is left with a material that wins"),
        (EndReason::Repetition, "repetition", "the same position occurred again (repetition)"),
        (EndReason::Passes, "passes", "both sides passed"),
        (EndReason::Count(0), "count", "25 moves each without a capture or a man moving (the 25-move rule, FMJD art. 6; KNDB remise d)"),
        (EndReason::Rule(0), "rule", "an end rule of the variant"),
    ];

    #[test]
    fn every_reason_has_a_distinct_stable_code_and_its_sentence() {
        let rules = load_variant("international").unwrap();
        for (reason, code, sentence) in ALL {
            // A reason added to the enum fails to compile here until it is listed above.
            match reason {
                EndReason::PromotionWins
                | EndReason::NoMoves
                | EndReason::NoMovesWins
                | EndReason::NoPieces
                | EndReason::NoPiecesWins
                | EndReason::NoPiecesMoverWins
                | EndReason::IncompleteTurn
                | EndReason::MaterialLoss
                | EndReason::MaterialDraw
                | EndReason::MaterialWin
                | EndReason::Repetition
                | EndReason::Passes
                | EndReason::Count(_)
                | EndReason::Rule(_) => {}
            }
            assert_eq!((reason.code(), reason.sentence(&rules)), (code, sentence), "{reason:?}");
        }
        let mut codes: Vec<&str> = ALL.iter().map(|r| r.1).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ALL.len(), "every code names one reason");
        // Every move-count rule has the one code; its index tells them apart.
        assert_eq!(EndReason::Count(2).code(), "count");
        assert_ne!(EndReason::Count(1), EndReason::Count(2));
    }

    #[test]
    fn a_count_rule_says_the_sentence_of_the_rules_it_is_read_in() {
        let rules = load_variant("international").unwrap();
        for (i, rule) in rules.spec().end.counts.iter().enumerate() {
            assert_eq!(EndReason::Count(i as u8).sentence(&rules), rule.reason);
        }
        let english = load_variant("english").unwrap();
        assert!(EndReason::Count(0).sentence(&english).contains("40-move rule"), "{}", EndReason::Count(0).sentence(&english));
        // An index past the variant's rules still reads as a sentence.
        assert_eq!(EndReason::Count(15).sentence(&english), "a move-count rule");
    }
}
