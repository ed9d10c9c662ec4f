//! What a variant's endgame tables say, for the report: per class of few pieces, how its
//! positions end with White to move and with Black to move (`polydame report --egtb N`).

use polydame::Rules;
use polydame::egtb::{ClassStats, Tables};
use serde::Serialize;

/// A variant's endgame tables of every class of at most `pieces` pieces, reduced to their
/// results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Endgames {
    /// The most pieces of a class built.
    pub pieces: usize,
    /// Why the variant cannot have tables (then there are no classes).
    pub refused: Option<String>,
    /// The positions solved, both sides to move.
    pub positions: u64,
    /// The seconds the build took.
    pub seconds: f64,
    /// Every class built where both sides have pieces, in build order.
    pub classes: Vec<EndgameClass>,
}

/// One class: its material and how its positions end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndgameClass {
    /// The material in the variant's words, White's first (`3 king against king`).
    pub class: String,
    /// White's pieces.
    pub white_pieces: usize,
    /// Black's pieces.
    pub black_pieces: usize,
    /// Positions, both sides to move.
    pub positions: u64,
    /// Positions won, drawn and lost by the side to move, with White to move.
    pub white_to_move: Wdl,
    /// The same with Black to move.
    pub black_to_move: Wdl,
    /// The longest win in plies, White to move and Black to move.
    pub longest: [u16; 2],
}

/// Positions won, drawn and lost by the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Won by the side to move.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost by the side to move.
    pub loss: u64,
}

impl Wdl {
    /// Shares won, drawn and lost (none of an empty count).
    pub fn shares(&self) -> Option<[f64; 3]> {
        let n = (self.win + self.draw + self.loss) as f64;
        (n > 0.0).then(|| [self.win as f64 / n, self.draw as f64 / n, self.loss as f64 / n])
    }
}

impl Endgames {
    /// Builds the tables of `rules` to `pieces` pieces (docs/egtb.md), on all cores, and
    /// keeps their results; a variant that cannot have them says why.
    pub fn build(rules: &Rules, pieces: usize) -> Endgames {
        let start = std::time::Instant::now();
        match Tables::build(rules, pieces, &mut |_| {}) {
            Ok(tables) => Endgames { pieces, ..Endgames::of(&tables, start.elapsed().as_secs_f64()) },
            Err(e) => Endgames { pieces, refused: Some(e.to_string()), positions: 0, seconds: 0.0, classes: Vec::new() },
        }
    }

    /// The results of tables built (in `seconds`).
    pub fn of(tables: &Tables, seconds: f64) -> Endgames {
        let classes = tables.classes().filter_map(class).collect();
        let positions = tables.classes().map(ClassStats::positions).sum();
        Endgames { pieces: tables.max_pieces(), refused: None, positions, seconds, classes }
    }
}

/// A class where both sides have pieces.
fn class(c: &ClassStats) -> Option<EndgameClass> {
    let (white, black) = (c.material.side_total(polydame::Side::White), c.material.side_total(polydame::Side::Black));
    if white == 0 || black == 0 {
        return None;
    }
    let wdl = |r: [u64; 3]| Wdl { win: r[0], draw: r[1], loss: r[2] };
    Some(EndgameClass {
        class: c.name.clone(),
        white_pieces: white,
        black_pieces: black,
        positions: c.positions(),
        white_to_move: wdl(c.results[0]),
        black_to_move: wdl(c.results[1]),
        longest: c.longest,
    })
}
