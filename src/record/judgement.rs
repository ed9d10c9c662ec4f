//! How a game of a record is judged: the one verdict every front end gives.

use super::replay::Verdict;
use super::warnings::Warning;

/// What a game of a record is judged to be: the one verdict that the command line, the
/// studio and the Python package each give ([`Verdict::judgement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Every move of the main line is legal (bad moves in variations and moves written
    /// with the other kind's separator are warnings, unless strict).
    Valid,
    /// A move of the main line is illegal or ambiguous, its FEN tag is not a position of
    /// the variant, its variant cannot be told; or, strict, a variation has a bad move
    /// or a move is written with the other kind's separator.
    Invalid,
    /// A move of the main line cannot be read as a move at all.
    Unreadable,
    /// Not judged either way: the game is refused unread for its size, or a position of it
    /// passes the capture budget.
    NotJudged,
}

impl Judgement {
    /// A stable name: `valid`, `invalid`, `unreadable`, `not-judged`.
    pub fn code(self) -> &'static str {
        match self {
            Judgement::Valid => "valid",
            Judgement::Invalid => "invalid",
            Judgement::Unreadable => "unreadable",
            Judgement::NotJudged => "not-judged",
        }
    }

    /// The judgement of a game whose variant could not be found: `code` is
    /// [`Registry::of`](crate::pdn::Registry::of)'s (a game refused unread is `too-large`:
    /// not judged; any other is invalid).
    pub fn without_variant(code: &str) -> Judgement {
        if code == "too-large" { Judgement::NotJudged } else { Judgement::Invalid }
    }
}

impl Verdict {
    /// How the game is judged; `strict` makes a bad move in a variation, or a move
    /// written with the other kind's separator, invalid (otherwise each is a warning).
    ///
    /// ```
    /// use polydame::load_variant;
    /// use polydame::pdn::{Judgement, parse_game, pdn_games, replay};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let text = "1. 32-28 (1. 32-27 19-24 2. 27x20 ) 19-23 2. 28x19 14x23 *";
    /// let game = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    /// let v = replay(&rules, &game);
    /// assert_eq!(v.variations.len(), 1, "27x20 is no capture");
    /// assert_eq!((v.judgement(false), v.judgement(true)), (Judgement::Valid, Judgement::Invalid));
    /// ```
    pub fn judgement(&self, strict: bool) -> Judgement {
        match &self.error {
            Some(e) if e.reason.is_limit() => Judgement::NotJudged,
            Some(e) if e.reason.code() == "unreadable-move" => Judgement::Unreadable,
            Some(_) => Judgement::Invalid,
            None if strict && (!self.variations.is_empty() || self.warnings.iter().any(Warning::is_separator)) => Judgement::Invalid,
            None => Judgement::Valid,
        }
    }
}
