//! `where` conditions on moves and on the landings of jumps: [`Test`]s and their
//! combination, a [`Condition`].

use super::checked::BySide;
use crate::geometry::DirSet;

/// One test of a `where` condition on a move (or on each landing of a capture), about
/// the cell it comes from and the cell it goes to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Test {
    /// `sees_enemy`: from where it ends, the moved piece sees an enemy piece along an
    /// open line.
    #[default]
    SeesEnemy,
    /// `touches(own | enemy, DIRS)`: a piece of that side stands next to where it ends, in
    /// one of the directions (the moving piece itself not counted).
    Touches {
        /// The mover's pieces (else the enemy's).
        own: bool,
        /// The directions, per side.
        dirs: BySide<DirSet>,
    },
    /// `touched(own | enemy, DIRS)`: such a piece stood next to where it came from.
    Touched {
        /// The mover's pieces (else the enemy's).
        own: bool,
        /// The directions, per side.
        dirs: BySide<DirSet>,
    },
    /// `inward`: the move brings the piece nearer the middle of its line: the larger of its
    /// two distances to the board's edge along the line shrinks.
    Inward,
    /// `from(CELLS)`, `to(CELLS)`, `over(CELLS)`: the cell the move (or this jump of a
    /// capture) starts from, ends on, or passes over (the piece a jump or a fly jumps), is
    /// one of a cell set: the set numbered `set` in
    /// [`Spec::condition_cells`](super::Spec::condition_cells), per side.
    In {
        /// Which cell of the move.
        at: Place,
        /// The set's number.
        set: u8,
    },
    /// `played(N)`, `played(A..B)`: the moves played in the game before this one, by both
    /// sides, number from `min` to `max` (`played(0)`: this is the game's first move).
    Played {
        /// The fewest.
        min: u16,
        /// The most.
        max: u16,
    },
    /// `taken(N)`, `taken(A..B)`: the pieces the move has taken before this jump number
    /// from `min` to `max` (`taken(0)`: the move's first capture; 0 on a quiet move).
    Taken {
        /// The fewest.
        min: u16,
        /// The most.
        max: u16,
    },
    /// `jump_open(DIRS)`: from the cell the move (or this jump) starts from, a jump in
    /// one of the directions is open: over an adjacent enemy piece not yet taken onto the
    /// empty cell beyond, as the board stands before the jump.
    JumpOpen {
        /// The directions, per side.
        dirs: BySide<DirSet>,
    },
    /// `pieces(own | enemy, N)`, `pieces(own | enemy, A..B)`, with `kinds = ...`: that side
    /// has from `min` to `max` pieces (of the kinds, on the board; without kinds, on the
    /// board and in hand), pieces taken by the move so far not counted.
    Pieces {
        /// The mover's pieces (else the enemy's).
        own: bool,
        /// The kinds counted (a bit per kind), or every kind and the hand.
        kinds: Option<u8>,
        /// The fewest.
        min: u16,
        /// The most.
        max: u16,
    },
    /// `nearer(enemy)`: the move ends nearer the nearest enemy piece than it starts,
    /// counted in steps along the board's lines whatever stands on them.
    Nearer,
}

/// A cell of a move that a test looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// Where the move, or this jump of a capture, starts.
    From,
    /// Where it ends: the move's destination, or the landing of this jump.
    To,
    /// The piece this jump of a capture jumps: the piece taken, or with `over = own` the
    /// mover's own piece. Only on captures.
    Over,
}

impl Place {
    /// Its name in a condition.
    pub fn name(self) -> &'static str {
        match self {
            Place::From => "from",
            Place::To => "to",
            Place::Over => "over",
        }
    }
}

/// A condition on a move: a yes-or-no combination of [`Test`]s (`&`, `|`, `except`,
/// `not(...)`), kept as the tests and the truth table over their results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Condition {
    tests: [Test; Condition::MAX_TESTS],
    len: u8,
    /// Bit `r` holds the condition's value when the tests' results are the bits of `r`.
    table: u64,
}

impl Condition {
    /// The most tests a condition may name (its truth table fits 64 bits).
    pub const MAX_TESTS: usize = 6;

    /// A condition on `tests` whose value, for results `r` (bit i: test i holds), is bit
    /// `r` of `table`.
    pub fn new(tests: &[Test], table: u64) -> Condition {
        assert!(tests.len() <= Condition::MAX_TESTS, "at most six tests");
        let mut t = [Test::default(); Condition::MAX_TESTS];
        t[..tests.len()].copy_from_slice(tests);
        Condition { tests: t, len: tests.len() as u8, table }
    }

    /// The tests, in order.
    pub fn tests(&self) -> &[Test] {
        &self.tests[..self.len as usize]
    }

    /// The condition's value when the tests' results are the bits of `results`.
    #[inline]
    pub fn holds(&self, results: u32) -> bool {
        self.table >> (results & 63) & 1 == 1
    }

    /// The most moves played that a `played` test of the condition tells apart from more
    /// (0 without one): past it, the number no longer changes what the condition says.
    pub fn played_bound(&self) -> u16 {
        self.tests().iter().map(|t| if let Test::Played { max, .. } = *t { max.saturating_add(1) } else { 0 }).max().unwrap_or(0)
    }

    /// Whether it is `sees_enemy` alone.
    pub fn is_sees_enemy(&self) -> bool {
        self.tests() == [Test::SeesEnemy] && self.table == 0b10
    }
}

impl super::Spec {
    /// Every `where` condition of the rules: on the kinds' moves and captures, and on
    /// drops.
    pub fn conditions(&self) -> impl Iterator<Item = &Condition> {
        let kinds = self.kinds.iter().flat_map(|k| {
            k.moves.iter().filter_map(|m| m.condition.as_ref()).chain(k.captures.iter().filter_map(|c| c.condition.as_ref()))
        });
        kinds.chain(self.drops.iter().filter_map(|d| d.condition.as_ref()))
    }

    /// How far positions count the moves played (see [`Position::played`]): the bound of
    /// the `played` tests of its conditions, 0 where none asks.
    ///
    /// [`Position::played`]: crate::Position::played
    pub fn played_bound(&self) -> u16 {
        self.conditions().map(Condition::played_bound).max().unwrap_or(0)
    }
}
