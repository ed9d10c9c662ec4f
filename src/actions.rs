//! An exact action space for learning: every legal move of every variant spelled as a
//! short sequence of actions from one fixed set, so that two different moves never share
//! a spelling.
//!
//! A move is first written as its *key*, a sequence of tokens that says everything about
//! it:
//!
//! - a pass: `Pass`;
//! - a drop: `Drop(first cell)`, then `Step(a, b)` for each next cell placed on, then
//!   `Kind(kind placed)` and `End`;
//! - any other move: `Step(from, to)` (its origin and destination), then `Step(a, b)` for
//!   each leg of its path (the origin to the first landing, and so on), `Take(c)` for each
//!   piece captured in capture order, `Remove(c)` for each piece huffed, `Kind(kind after)`
//!   and `End`.
//!
//! The keys of a position's legal moves form a tree. An agent chooses at the root (its
//! first action: for a move of a piece, its origin and destination, the index
//! `from × squares + to`), and after that only where the tree branches: where several legal
//! moves share the tokens so far. Tokens every remaining move shares are followed without
//! an action, and once one move is left it is played. So a move whose origin and
//! destination name it alone (nearly every move) takes one action, and a capture that
//! shares its ends with another takes one more for the leg, the piece taken or the huff
//! that tells them apart.
//!
//! Two legal moves with equal keys would have the same origin, path, captured and huffed
//! pieces and kind: the same move by everything a move shows. They count as one
//! ([`Decisions::merged`] says how many were), and the tests check that no shipped
//! variant has any.
//!
//! ```
//! use polydame::actions::{ActionSpace, Decisions, Next};
//! use polydame::{Game, load_variant};
//!
//! let rules = load_variant("international").unwrap();
//! let legal = Game::new(&rules).legal_moves().unwrap();
//! let space = ActionSpace::new(&rules);
//! let decisions = Decisions::new(&space, &legal);
//! for (i, m) in legal.iter().enumerate() {
//!     let actions = decisions.actions(i);
//!     assert_eq!(actions, vec![space.step(m.from, m.to)]);
//!     assert_eq!(decisions.after(&actions), Ok(Next::Move(i)));
//! }
//! assert_eq!(space.len(), 50 * 50 + 3 * 50 + 2 + 2);
//! ```

use crate::{MoveInfo, Rules};

/// One token of a move's key, or one action (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// From one cell to another: a move's origin and destination (its first token), or a
    /// leg of its path, or the next cell a drop places on.
    Step(u16, u16),
    /// A pass.
    Pass,
    /// The move captures the piece on this cell.
    Take(u16),
    /// The move takes this piece off without capturing it (huffing).
    Remove(u16),
    /// A drop starts on this cell.
    Drop(u16),
    /// The moving (or dropped) piece is of this kind after the move.
    Kind(u8),
    /// The move ends here (tells a move apart from a longer one that goes on).
    End,
}

/// A variant's action space: the indices of its tokens.
///
/// Layout: `Step(a, b)` is `a × squares + b`; then `Pass`; `Take(c)`, `Remove(c)`,
/// `Drop(c)`, each `squares` long; `Kind(k)`, `kinds` long; `End` last. A variant without
/// drops or huffing never uses those parts; the layout is the same for every variant so
/// that an index means one thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    squares: usize,
    kinds: usize,
}

impl ActionSpace {
    /// The action space of a variant.
    pub fn new(rules: &Rules) -> ActionSpace {
        ActionSpace { squares: rules.spec().geometry.len(), kinds: rules.spec().kinds.len() }
    }

    /// How many actions there are: `squares² + 3 × squares + kinds + 2`.
    pub fn len(&self) -> usize {
        let n = self.squares;
        n * n + 3 * n + self.kinds + 2
    }

    /// Never: every variant has a cell.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of `Step(a, b)`: `a × squares + b`.
    pub fn step(&self, a: u16, b: u16) -> u32 {
        (a as usize * self.squares + b as usize) as u32
    }

    /// The index of a token.
    pub fn index(&self, t: Token) -> u32 {
        let n = self.squares;
        let i = match t {
            Token::Step(a, b) => return self.step(a, b),
            Token::Pass => n * n,
            Token::Take(c) => n * n + 1 + c as usize,
            Token::Remove(c) => n * n + 1 + n + c as usize,
            Token::Drop(c) => n * n + 1 + 2 * n + c as usize,
            Token::Kind(k) => n * n + 1 + 3 * n + k as usize,
            Token::End => n * n + 1 + 3 * n + self.kinds,
        };
        i as u32
    }

    /// The token of an index, if it is one of this space's.
    pub fn token(&self, index: u32) -> Option<Token> {
        let (n, i) = (self.squares, index as usize);
        let cell = |j: usize| j as u16;
        Some(match i {
            _ if i < n * n => Token::Step(cell(i / n), cell(i % n)),
            _ if i == n * n => Token::Pass,
            _ if i < n * n + 1 + n => Token::Take(cell(i - n * n - 1)),
            _ if i < n * n + 1 + 2 * n => Token::Remove(cell(i - n * n - 1 - n)),
            _ if i < n * n + 1 + 3 * n => Token::Drop(cell(i - n * n - 1 - 2 * n)),
            _ if i < n * n + 1 + 3 * n + self.kinds => Token::Kind((i - n * n - 1 - 3 * n) as u8),
            _ if i == self.len() - 1 => Token::End,
            _ => return None,
        })
    }

    /// A move's key, as indices (see the module's documentation).
    pub fn key(&self, m: &MoveInfo) -> Vec<u32> {
        if m.is_pass() {
            return vec![self.index(Token::Pass)];
        }
        let mut key = Vec::with_capacity(m.path.len() + m.captured.len() + m.removed.len() + 4);
        let mut at = if m.drop {
            key.push(self.index(Token::Drop(m.from)));
            m.from
        } else {
            key.push(self.step(m.from, m.to));
            m.from
        };
        let legs = if m.drop { m.path.get(1..).unwrap_or(&[]) } else { &m.path };
        for &next in legs {
            key.push(self.step(at, next));
            at = next;
        }
        key.extend(m.captured.iter().map(|&c| self.index(Token::Take(c))));
        key.extend(m.removed.iter().map(|&c| self.index(Token::Remove(c))));
        key.push(self.index(Token::Kind(m.kind_after)));
        key.push(self.index(Token::End));
        key
    }

    /// An action seen from the other side: its cells through `turn` (a cell's image, as
    /// [`Geometry::rotate`](crate::geometry::Geometry::rotate) gives; its own inverse).
    pub fn turned(&self, index: u32, turn: impl Fn(u16) -> u16) -> u32 {
        match self.token(index) {
            Some(Token::Step(a, b)) => self.step(turn(a), turn(b)),
            Some(Token::Take(c)) => self.index(Token::Take(turn(c))),
            Some(Token::Remove(c)) => self.index(Token::Remove(turn(c))),
            Some(Token::Drop(c)) => self.index(Token::Drop(turn(c))),
            _ => index,
        }
    }
}

/// What comes after some actions in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The actions name this legal move (its index in the list given).
    Move(usize),
    /// More actions are needed: one of these (sorted).
    Choose(Vec<u32>),
}

/// Why some actions name no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The action at this place of the sequence continues no legal move.
    NotLegal {
        /// Its place in the sequence, from 0.
        at: usize,
        /// The action.
        action: u32,
    },
    /// A move was complete before the action at this place.
    TooMany {
        /// Its place in the sequence, from 0.
        at: usize,
    },
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::NotLegal { at, action } => {
                write!(f, "action {action} (number {} of the sequence) continues no legal move", at + 1)
            }
            ActionError::TooMany { at } => write!(f, "a move was complete before action number {} of the sequence", at + 1),
        }
    }
}

impl std::error::Error for ActionError {}

/// The decisions of one position: its legal moves' keys, and the actions that spell each.
#[derive(Clone, Debug)]
pub struct Decisions {
    keys: Vec<Vec<u32>>,
    /// For each legal move, the first of the list with the same key (itself, nearly always).
    same: Vec<usize>,
}

impl Decisions {
    /// The decisions among `legal`, a position's legal moves.
    pub fn new(space: &ActionSpace, legal: &[MoveInfo]) -> Decisions {
        let keys: Vec<Vec<u32>> = legal.iter().map(|m| space.key(m)).collect();
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| keys[a].cmp(&keys[b]).then(a.cmp(&b)));
        let mut same: Vec<usize> = (0..keys.len()).collect();
        for w in order.windows(2) {
            if keys[w[0]] == keys[w[1]] {
                same[w[1]] = same[w[0]];
            }
        }
        Decisions { keys, same }
    }

    /// How many legal moves had the key of an earlier one (and count as it): 0 on every
    /// shipped variant.
    pub fn merged(&self) -> usize {
        self.same.iter().enumerate().filter(|&(i, &s)| s != i).count()
    }

    /// The moves still named by the actions so far, and the depth in their keys reached.
    fn walk(&self, actions: &[u32]) -> Result<(Vec<usize>, usize), ActionError> {
        let mut left: Vec<usize> = (0..self.keys.len()).filter(|&i| self.same[i] == i).collect();
        let mut depth = 0;
        for (at, &a) in actions.iter().enumerate() {
            if at > 0 && left.len() == 1 {
                return Err(ActionError::TooMany { at });
            }
            left.retain(|&i| self.keys[i].get(depth) == Some(&a));
            if left.is_empty() {
                return Err(ActionError::NotLegal { at, action: a });
            }
            depth += 1;
            // The tokens every move left shares are followed without an action.
            while left.len() > 1 && left.iter().all(|&i| self.keys[i].get(depth) == self.keys[left[0]].get(depth)) {
                depth += 1;
            }
        }
        Ok((left, depth))
    }

    /// What comes after `actions` (none: the first action to choose).
    pub fn after(&self, actions: &[u32]) -> Result<Next, ActionError> {
        let (left, depth) = self.walk(actions)?;
        if !actions.is_empty() && left.len() == 1 {
            return Ok(Next::Move(left[0]));
        }
        let mut next: Vec<u32> = left.iter().filter_map(|&i| self.keys[i].get(depth).copied()).collect();
        next.sort_unstable();
        next.dedup();
        Ok(Next::Choose(next))
    }

    /// The actions that spell legal move `i`: its first token, then its token at each
    /// place where the moves left branch.
    pub fn actions(&self, i: usize) -> Vec<u32> {
        let i = self.same[i];
        let key = &self.keys[i];
        let mut actions = vec![key[0]];
        loop {
            // A legal move's own tokens always continue it (`walk` cannot fail here).
            let Ok((left, depth)) = self.walk(&actions) else { return actions };
            if left.len() == 1 {
                return actions;
            }
            actions.push(key[depth]);
        }
    }

    /// The first action of each legal move, sorted and without repeats: the choices of
    /// the position.
    pub fn first_actions(&self) -> Vec<u32> {
        let mut first: Vec<u32> = self.keys.iter().map(|k| k[0]).collect();
        first.sort_unstable();
        first.dedup();
        first
    }
}
