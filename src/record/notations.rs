//! The notations a variant's records may be written in: the variant's own, and the
//! others that real archives use (numbers in an algebraic variant, algebraic squares seen
//! from Black, square 1 in another corner).

use super::fen::{Fallback, FenError, FenRead, read_among};
use crate::compile::Rules;
use crate::geometry::{Corner, Notation, NotationKind, Shape};
use std::sync::OnceLock;

/// Notations a record of this variant may be written in, the variant's own first.
pub fn candidate_notations(rules: &Rules) -> Vec<(String, Notation)> {
    let g = &rules.spec().geometry;
    let own = rules.spec().notation.clone();
    let mut kinds = vec![own.kind()];
    if let Shape::Square { .. } = g.shape() {
        for k in [
            NotationKind::Algebraic,
            NotationKind::Numeric(Corner::TopLeft),
            NotationKind::Numeric(Corner::BottomRight),
            NotationKind::AlgebraicFromBlack,
            NotationKind::Numeric(Corner::TopRight),
            NotationKind::Numeric(Corner::BottomLeft),
        ] {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds.into_iter().map(|k| (notation_name(rules, k), Notation::new(g, k))).collect()
}

/// The notations a variant's records may be read in: the variant's own, and the others
/// of [`candidate_notations`], built only when a record needs them and then kept (keep one
/// `Notations` for many games of a variant to build them once).
pub struct Notations<'a> {
    rules: &'a Rules,
    all: OnceLock<Vec<(String, Notation)>>,
}

impl<'a> Notations<'a> {
    /// The notations of a variant; none is built yet.
    pub fn new(rules: &'a Rules) -> Notations<'a> {
        Notations { rules, all: OnceLock::new() }
    }

    /// The rules these notations belong to.
    pub fn rules(&self) -> &'a Rules {
        self.rules
    }

    /// Every candidate notation, the variant's own first.
    pub(crate) fn all(&self) -> &[(String, Notation)] {
        self.all.get_or_init(|| candidate_notations(self.rules))
    }

    /// Reads a FEN given by hand (`--fen`, a line of `--fen-file`): squares in the
    /// variant's notation, or, when the FEN names a square that notation does not have,
    /// in the first other notation that has them all, named in [`FenRead::notation`]
    /// (the same notations, in the same order, as a record's `FEN` tag is read in). The
    /// fields lidraughts appends (`:H0:F1`, `:+0+0`) are kept in [`FenRead::extras`].
    ///
    /// ```
    /// use polydame::{load_variant, Position};
    /// use polydame::notation::Notations;
    ///
    /// let rules = load_variant("russian").unwrap();
    /// let read = Notations::new(&rules).read_fen("W:W21-32:B1-12:H0:F1").unwrap();
    /// assert_eq!(read.notation.as_deref(), Some("numeric, square 1 top-left"));
    /// assert_eq!((read.extras.half_moves, read.extras.move_number), (Some(0), Some(1)));
    /// assert_eq!(read.position, Position::start(&rules));
    /// ```
    pub fn read_fen(&self, text: &str) -> Result<FenRead, FenError> {
        read_among(self, &self.rules.spec().notation, text, Fallback::Names, false)
    }

    /// [`Notations::read_fen`], taking a position no game reaches as it is (see
    /// [`FenError::ignore_unreachable`]).
    pub fn read_fen_as_given(&self, text: &str) -> Result<FenRead, FenError> {
        read_among(self, &self.rules.spec().notation, text, Fallback::Names, true)
    }
}

/// How a verdict names a notation.
pub(crate) fn notation_name(rules: &Rules, k: NotationKind) -> String {
    let name = match k {
        NotationKind::Algebraic => "algebraic".to_string(),
        NotationKind::AlgebraicFromBlack => "algebraic from Black's side".to_string(),
        NotationKind::Numeric(c) => format!("numeric, square 1 {}", c.name()),
    };
    if k == rules.spec().notation.kind() { format!("{name} (the variant's own)") } else { name }
}
