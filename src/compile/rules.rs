//! [`Rules`]: the compiled rules of a variant.

use super::{CaptureSettings, KindTable, NO_PROMOTION};
use crate::geometry::{DirSet, Layout, MAX_DIRS};
use crate::rng::Rng;
use crate::spec::{BySide, Kind, Side, Spec};

/// Which move generator runs a variant's rules (see [`Rules::set_engine`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The fast path: the position as a few bit sets copied from move to move, tables
    /// built for the variant's shape of rules; it takes a variant only when one look at
    /// the whole compiled rules finds every one of them implemented.
    Fast,
    /// The general, table-driven engine: every rule the format has; the reference the
    /// fast path is checked against.
    General,
}

impl Engine {
    /// `fast` or `general`, as `--movegen` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast",
            Engine::General => "general",
        }
    }
}

/// The compiled rules of a variant.
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) spec: Spec,
    /// The capture rules, as the search reads them.
    pub(crate) capture: CaptureSettings,
    /// A capture's rank by the precedence (both engines rank by it).
    pub(crate) rank: super::rank::RankKey,
    /// Number of cells.
    pub(crate) cells: usize,
    /// Number of directions.
    pub(crate) dirs: usize,
    /// `neighbour[cell * MAX_DIRS + dir]`, with a row for the off-board marker (and every
    /// index past it) leading off the board. Fixed size, so lookups need no bounds check.
    pub(crate) neighbour: Box<[u16; NEIGHBOURS]>,
    /// Opposite direction of each direction.
    pub(crate) opposite: [u8; MAX_DIRS],
    /// `tables[side][kind]`.
    pub(crate) tables: BySide<Vec<KindTable>>,
    /// Zobrist keys: `zobrist[cell * 32 + code]` (see [`Rules::zobrist_key`]). Fixed
    /// size, so lookups need no bounds check.
    pub(crate) zobrist: Box<[u64; 256 * 32]>,
    /// Key xored in when Black is to move.
    pub(crate) zobrist_black: u64,
    /// Per cell, a random key for telling capture sets apart.
    pub(crate) cell_keys: Vec<u64>,
    /// Whether any kind has a quiet-move limit.
    pub(crate) has_quiet_limit: bool,
    /// How far positions count the moves played ([`Spec::played_bound`]; 0: not at all).
    pub(crate) played_bound: u16,
    /// Whether any kind has cells to avoid.
    pub(crate) has_avoid: bool,
    /// Whether every move is played the plain way: no passes, no columns, no huffing, no
    /// drops.
    pub(crate) plain_moves: bool,
    /// Whether moves may take off pieces they do not capture (huffing, `[capture]
    /// cleared`).
    pub(crate) removals: bool,
    /// Captured pieces kept in columns, if the variant has them.
    pub(crate) columns: Option<crate::spec::Columns>,
    /// Whether a side with pieces but no legal move passes (its one move is a pass).
    pub(crate) passes: bool,
    /// Whether a side without pieces passes once, and has then lost (`no_pieces =
    /// "pass-then-loss"`).
    pub(crate) no_pieces_passes: bool,
    /// Whether some kind may stand on some cells only.
    pub(crate) has_kind_cells: bool,
    /// Bit k: captures by kind k are not compulsory.
    pub(crate) optional_captures: u8,
    /// Whether counting moves must generate them: a rule the counting shortcuts do not
    /// know (cells to avoid, passes, compulsory captures for some kinds only, precedence
    /// for some kinds only or for each piece apart, huffing).
    pub(crate) count_by_generating: bool,
    /// A bit for every kind of piece.
    pub(crate) every_kind: u8,
    /// Whether every kind has at most one capture rule (then two captures found by the
    /// search are always different routes).
    pub(crate) one_capture_rule: bool,
    /// The board's bit layout, if it fits the engine's bit sets.
    pub(crate) layout: Option<Layout>,
    /// Per cell, its bit in the layout (zero without a layout). Fixed size, so lookups
    /// need no bounds check.
    pub(crate) cell_bits: Box<[u128; 256]>,
    /// The fast path's tables, when the rules have its shape, or why they do not.
    pub(crate) fast: Result<Box<super::fast::Fast>, super::fast::FastRefusal>,
    /// The general engine was chosen though the fast path takes the rules (see
    /// [`Rules::set_engine`]).
    pub(crate) general_chosen: bool,
    /// Capture-search steps one position may take (see [`Rules::set_capture_budget`]).
    pub(crate) capture_budget: u64,
    /// `steps_apart[a * cells + b]`: the fewest steps along the board's lines from cell `a`
    /// to cell `b` (`u8::MAX`: unreachable or farther), whatever stands on them; filled
    /// only where a condition asks (`nearer`), else empty.
    pub(crate) steps_apart: Vec<u8>,
}

/// The Zobrist keys of a board of `cells` cells: per cell and piece code, for Black to
/// move, and per cell (capture sets, huffing, landings).
type ZobristKeys = (Box<[u64; 256 * 32]>, u64, Vec<u64>);

/// [`ZobristKeys`] from the rules' fixed seed.
fn zobrist_keys(cells: usize) -> ZobristKeys {
    let mut rng = Rng::new(0x005E_ED0F_D4A6);
    // Keys for the cells and the off-board row, as many as ever; the table keeps those
    // that fit (the off-board row never holds a piece).
    let mut zobrist = Box::new([0u64; 256 * 32]);
    for i in 0..(cells + 1) * 32 {
        let key = rng.next_u64();
        if let Some(z) = zobrist.get_mut(i) {
            *z = key;
        }
    }
    let zobrist_black = rng.next_u64();
    let cell_keys = (0..cells + 1).map(|_| rng.next_u64()).collect();
    (zobrist, zobrist_black, cell_keys)
}

/// The neighbour table's size: a row of [`MAX_DIRS`] per cell and one for the off-board
/// marker, a power of two.
const NEIGHBOURS: usize = (crate::geometry::MAX_CELLS + 1).next_power_of_two() * MAX_DIRS;

/// Per direction of a capture (index [`NO_DIR_INDEX`](super::NO_DIR_INDEX): none), the directions the next capture of a
/// piece of `kind` may not take: straight back unless it may turn back, every other one
/// when it goes on only straight (the kind's own `turn_back` and `straight`, else those
/// of `[capture]`).
fn barred_after(spec: &Spec, kind: &Kind, opposite: &[u8; MAX_DIRS], dirs: usize) -> [DirSet; 2 * MAX_DIRS] {
    let mut barred = [DirSet::EMPTY; 2 * MAX_DIRS];
    let turn_back = kind.turn_back.unwrap_or(spec.capture.turn_back);
    let straight = kind.straight.unwrap_or(spec.capture.straight);
    for (d, b) in barred.iter_mut().enumerate().take(dirs) {
        if !turn_back {
            *b |= DirSet::one(opposite[d] as usize);
        }
        if straight {
            *b |= !DirSet::one(d);
        }
    }
    barred
}

impl Rules {
    /// Builds the tables of a checked variant.
    pub(crate) fn new(spec: Spec) -> Rules {
        let g = &spec.geometry;
        let cells = g.len();
        let dirs = g.dirs().len();
        let mut opposite = [0u8; MAX_DIRS];
        for (d, o) in opposite.iter_mut().enumerate().take(dirs) {
            *o = g.opposite(d) as u8;
        }
        let kings: Vec<bool> =
            (0..spec.kinds.len()).map(|k| spec.kinds.iter().any(|o| o.promotion.as_ref().is_some_and(|(t, _)| *t as usize == k))).collect();
        let tables: BySide<Vec<KindTable>> = Side::BOTH.map(|side| {
            spec.kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| {
                    let barred = barred_after(&spec, kind, &opposite, dirs);
                    KindTable::new(g, kind, side.index(), kings[k], spec.capture.mandatory, barred)
                })
                .collect()
        });
        let (zobrist, zobrist_black, cell_keys) = zobrist_keys(cells);
        let has_quiet_limit = spec.kinds.iter().any(|k| k.max_quiet_moves.is_some());
        let played_bound = spec.played_bound();
        let has_avoid = spec.kinds.iter().any(|k| k.avoid.is_some());
        let has_kind_cells = spec.kinds.iter().any(|k| k.cells.is_some());
        let one_capture_rule = spec.kinds.iter().all(|k| k.captures.len() <= 1);
        let every_kind = ((1u16 << spec.kinds.len()) - 1) as u8;
        let mut neighbour = Box::new([cells as u16; NEIGHBOURS]);
        for c in 0..cells {
            for d in 0..dirs {
                neighbour[c * MAX_DIRS + d] = g.neighbours()[c * dirs + d];
            }
        }
        let layout = Layout::new(g);
        let columns = spec.columns;
        let optional_captures = tables[0].iter().enumerate().filter(|(_, t)| !t.must_capture).fold(0u8, |m, (k, _)| m | 1 << k);
        let super::summary::Summary { removals, passes, no_pieces_passes, plain_moves, count_by_generating } =
            super::summary::Summary::of(&spec, optional_captures, every_kind);
        let mut cell_bits = Box::new([0u128; 256]);
        if let Some(l) = &layout {
            for (c, b) in cell_bits.iter_mut().enumerate().take(cells) {
                *b = l.cell_bit(c as u16);
            }
        }
        let mut rules = Rules {
            neighbour,
            capture: CaptureSettings::new(&spec.capture),
            rank: super::rank::RankKey::new(&spec.capture.precedence, &tables[0]),
            spec,
            cells,
            dirs,
            opposite,
            tables,
            zobrist,
            zobrist_black,
            cell_keys,
            has_quiet_limit,
            played_bound,
            has_avoid,
            has_kind_cells,
            one_capture_rule,
            every_kind,
            passes,
            no_pieces_passes,
            columns,
            plain_moves,
            removals,
            optional_captures,
            count_by_generating,
            layout,
            cell_bits,
            fast: Err(super::fast::FastRefusal::Layout(crate::geometry::LayoutRefusal::Wide)),
            general_chosen: false,
            capture_budget: super::DEFAULT_CAPTURE_BUDGET,
            steps_apart: Vec::new(),
        };
        if rules.spec.conditions().any(|c| c.tests().contains(&crate::spec::Test::Nearer)) {
            rules.steps_apart = rules.all_steps_apart();
        }
        rules.fast = super::fast::Fast::new(&rules).map(Box::new);
        rules
    }

    /// The fewest steps from each cell to each other along the board's lines, by a
    /// breadth-first walk from each (see [`Rules::steps_apart`]).
    fn all_steps_apart(&self) -> Vec<u8> {
        let n = self.cells;
        let mut table = vec![u8::MAX; n * n];
        let mut queue = std::collections::VecDeque::with_capacity(n);
        for a in 0..n {
            let row = &mut table[a * n..(a + 1) * n];
            row[a] = 0;
            queue.push_back(a as u16);
            while let Some(c) = queue.pop_front() {
                let next = row[c as usize].saturating_add(1);
                for d in 0..self.dirs {
                    let m = self.next(c, d);
                    if (m as usize) < n && row[m as usize] == u8::MAX && next < u8::MAX {
                        row[m as usize] = next;
                        queue.push_back(m);
                    }
                }
            }
        }
        table
    }

    /// The fewest steps along the board's lines from `a` to `b`, whatever stands on them
    /// (`u8::MAX`: unreachable); only for rules with a `nearer` condition.
    pub(crate) fn steps_apart(&self, a: u16, b: u16) -> u8 {
        self.steps_apart[a as usize * self.cells + b as usize]
    }

    /// Bounds the capture search of one position to `steps` steps (a step is one capture
    /// tried: a piece taken and a landing cell reached). A search that needs more stops,
    /// and what asked for the moves gets a [`BudgetExceeded`](crate::BudgetExceeded)
    /// error instead of an answer: [`Position::try_generate`](crate::Position::try_generate),
    /// [`perft`](crate::perft), [`Game::play`](crate::Game::play), [`replay`](crate::pdn::replay).
    /// The rules start with [`DEFAULT_CAPTURE_BUDGET`](super::DEFAULT_CAPTURE_BUDGET).
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Routes};
    /// use polydame::fen::parse_fen;
    ///
    /// let mut rules = load_variant("international").unwrap();
    /// let mut pos = parse_fen(&rules, "W:WK46:B41,32,23,14,42,33,24,15").unwrap();
    /// rules.set_capture_budget(5);
    /// let err = pos.try_generate(&rules, &mut MoveList::new(), Routes::Distinct).unwrap_err();
    /// assert_eq!(err.budget, 5);
    /// rules.set_capture_budget(1_000);
    /// assert!(pos.try_generate(&rules, &mut MoveList::new(), Routes::Distinct).is_ok());
    /// ```
    pub fn set_capture_budget(&mut self, steps: u64) {
        self.capture_budget = steps;
        if let Ok(f) = &mut self.fast {
            f.set_budget(steps);
        }
    }

    /// The engine that runs these rules: the fast path where it takes them (unless
    /// [`Rules::set_engine`] chose the general engine), else the general engine.
    pub fn engine(&self) -> Engine {
        if self.fast_rules().is_some() { Engine::Fast } else { Engine::General }
    }

    /// `Ok` if the fast path takes these rules, else why not (in words, what `polydame
    /// show` prints).
    pub fn fast_path(&self) -> Result<(), super::fast::FastRefusal> {
        self.fast.as_ref().map(|_| ()).map_err(|why| *why)
    }

    /// Runs these rules on `engine` from now on. Both engines give the same moves and
    /// counts (the project checks them against each other); choosing the general engine,
    /// the reference, is how another engine's author or a bug report checks a number
    /// twice. The fast path can be chosen only where it takes the rules: the error is why
    /// it does not.
    ///
    /// ```
    /// use polydame::{load_variant, perft, Engine, Position, Routes};
    ///
    /// let mut rules = load_variant("international").unwrap();
    /// assert_eq!(rules.engine(), Engine::Fast);
    /// let fast = perft(&mut Position::start(&rules), &rules, 4, Routes::Distinct);
    /// rules.set_engine(Engine::General).unwrap();
    /// let general = perft(&mut Position::start(&rules), &rules, 4, Routes::Distinct);
    /// assert_eq!(fast, general);
    /// ```
    pub fn set_engine(&mut self, engine: Engine) -> Result<(), super::fast::FastRefusal> {
        match engine {
            Engine::Fast => {
                self.fast_path()?;
                self.general_chosen = false;
            }
            Engine::General => self.general_chosen = true,
        }
        Ok(())
    }

    /// Whether the game is over after a pass by a side with pieces (`[end] no_moves =
    /// "pass-then-loss"`; a side without pieces: `Position::pass_ends`).
    pub(crate) fn pass_ends(&self) -> bool {
        self.spec().end.no_moves == crate::spec::NoMoves::PassThenLoss
    }

    /// The fast path's tables, when it runs these rules.
    #[inline]
    pub(crate) fn fast_rules(&self) -> Option<&super::fast::Fast> {
        match &self.fast {
            Ok(f) if !self.general_chosen => Some(f),
            _ => None,
        }
    }

    /// The capture-search steps one position may take (see [`Rules::set_capture_budget`]).
    pub fn capture_budget(&self) -> u64 {
        self.capture_budget
    }

    /// The checked variant these rules were built from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.spec.id
    }

    /// The name of a cell in the variant's notation.
    pub fn cell_name(&self, cell: u16) -> &str {
        self.spec.notation.name(cell)
    }

    /// The cell with this name in the variant's notation (`"32"`, `"c3"`).
    pub fn cell(&self, name: &str) -> Option<u16> {
        self.spec.notation.parse(name)
    }

    /// The kind named `name` in the variant file (`"king"`): its index, as in
    /// [`Position::piece`](crate::Position::piece).
    pub fn kind(&self, name: &str) -> Option<u8> {
        self.spec.kinds.iter().position(|k| k.name == name).map(|k| k as u8)
    }

    /// The diagram letter of a piece: `w`/`b` for men, `W`/`B` for promoted kinds; with
    /// more than two kinds, the kind's own symbol (lower case White, upper case Black).
    pub fn piece_char(&self, side: Side, kind: u8) -> char {
        let spec = &self.spec;
        if spec.kinds.len() <= 2 {
            let c = if side == Side::White { 'w' } else { 'b' };
            if self.tables[0][kind as usize].is_king { c.to_ascii_uppercase() } else { c }
        } else {
            let s = spec.kinds[kind as usize].symbol;
            if side == Side::White { s.to_ascii_lowercase() } else { s.to_ascii_uppercase() }
        }
    }

    /// The bit of a cell in the layout (zero without a layout).
    #[inline(always)]
    pub(crate) fn cell_bit(&self, cell: u16) -> u128 {
        self.cell_bits[cell as usize & 255]
    }

    /// The kind a piece of `kind` of `side` becomes when a move ends on `cell`.
    #[inline(always)]
    pub(crate) fn kind_after(&self, side: usize, kind: u8, cell: u16) -> u8 {
        match self.tables[side][kind as usize].promoted[cell as usize & 255] {
            NO_PROMOTION => kind,
            t => t,
        }
    }

    /// The Zobrist key of a piece code on a cell.
    #[inline(always)]
    pub(crate) fn zobrist_key(&self, cell: u16, code: u8) -> u64 {
        self.zobrist[(cell as usize * 32 + code as usize) & (256 * 32 - 1)]
    }

    /// The Zobrist key of the pieces under a cell's top piece, `bits` four bits a piece
    /// (top first) and `len` of them: zero for none.
    #[inline]
    pub(crate) fn column_key(&self, cell: u16, bits: u128, len: u8) -> u64 {
        if len == 0 {
            return 0;
        }
        // Each word of the pieces mixed as the first number of a generator seeded with it.
        let mix = |x: u64| Rng::new(x).next_u64();
        let mut state = self.cell_keys[cell as usize] ^ (len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        state ^= mix(bits as u64);
        state ^= mix((bits >> 64) as u64 ^ 0x5851_F42D_4C95_7F2D).rotate_left(17);
        mix(state)
    }

    /// The hash key of a piece on `cell` that the side to move may take off (huffing).
    pub(crate) fn huff_key(&self, cell: u16) -> u64 {
        // A cell's key turned half round: another random word, not a piece's key.
        self.cell_keys[cell as usize].rotate_left(32)
    }

    /// The hash key of `n` moves played (see [`Position::played`]): zero for none, so
    /// positions of rules that do not count them hash as before.
    ///
    /// [`Position::played`]: crate::Position::played
    pub(crate) fn played_key(&self, n: u16) -> u64 {
        if n == 0 {
            return 0;
        }
        Rng::new(u64::from(n).wrapping_mul(0xA076_1D64_78BD_642F) ^ self.zobrist_black).next_u64()
    }

    /// The hash key of `side` holding `n` pieces in hand (zero for none, so positions
    /// without hands hash as before).
    #[inline]
    pub(crate) fn hand_key(&self, side: crate::spec::Side, n: u8) -> u64 {
        if n == 0 {
            return 0;
        }
        // SplitMix64's finaliser of the count and the side: a fixed random word per count.
        let mut z = (u64::from(n) | (side.index() as u64) << 8).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.zobrist_black;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The hash key of `side`'s last capture having first landed on `cell` (none for no
    /// cell).
    pub(crate) fn landing_key(&self, side: crate::spec::Side, cell: u16) -> u64 {
        if cell as usize >= self.cell_keys.len() {
            return 0;
        }
        self.cell_keys[cell as usize].rotate_left(16 + 16 * side.index() as u32)
    }

    /// The next cell in a direction (or the off-board marker).
    #[inline(always)]
    pub(crate) fn next(&self, cell: u16, dir: usize) -> u16 {
        // SAFETY-free fast path: the table has a row for every cell and the marker.
        self.neighbour[(cell as usize * MAX_DIRS + dir) & (NEIGHBOURS - 1)]
    }
}
