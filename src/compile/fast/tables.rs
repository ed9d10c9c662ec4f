//! The fast path's tables, built once per variant from its compiled rules: the board's
//! steps and rays as bit sets, and per side and kind its move and capture rules.

use super::shortcuts::SingleJumps;
use super::steps::Shifts;
use crate::compile::{CapRule, KindTable, MoveRule, RankKey, Rules, Shape};
use crate::geometry::bits::Bits;
use crate::geometry::{DirSet, Layout, MAX_DIRS};
use crate::spec::{MidPromotion, MoveKind, Side, When};

/// The most kinds of piece the fast path's board holds (two planes of kind bits).
pub(crate) const MAX_KINDS: usize = 4;

/// The row length of the per-cell tables: the widest layout's bits, so one table shape
/// serves both widths and every index is masked into range (no bounds checks).
pub(crate) const STRIDE: usize = 128;

/// The shapes of rules the capture search is compiled for (see `engine::fast`'s
/// `FastSearch`): what it may leave out.
pub(crate) const LEAN: u8 = 0;
pub(crate) const PLAIN: u8 = 1;
pub(crate) const GENERAL: u8 = 2;

/// What else a search of plain rules is compiled for (bits of [`FastRules::opts`]): the
/// landings a jump could go on from found first ([`FastRules::cont_test`]), and a rank
/// to which each piece taken adds the same ([`FastRules::rank_uniform`]).
pub(crate) const CONT: u8 = 1;
pub(crate) const UNIFORM: u8 = 2;

/// The index of (direction `d`, bit `bit`) in a per-direction table.
#[inline(always)]
pub(crate) fn at(d: usize, bit: usize) -> usize {
    (d * STRIDE + bit) & (8 * STRIDE - 1)
}

/// What the capture search reads of a kind at every landing, kept in a fixed array (no
/// bounds checks, no pointer to follow): where it promotes and to which kind, where it
/// may stand, whether it may stop, and where the rules are plain (see
/// [`FastRules::plain`]) its one rule for a move's first capture and for the later ones.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hot<B> {
    pub zone: B,
    pub promotes_to: usize,
    pub cells: B,
    pub may_stop: bool,
    pub stages: [Stage; 2],
}

/// A kind's one capture rule at a stage of a move (its first capture, or the later ones)
/// where the rules are plain: its directions and prey, whether it is a flying capture
/// (else a jump) and lands just beyond.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stage {
    pub dirs: DirSet,
    pub prey: u8,
    pub flies: bool,
    pub land_next: bool,
}

/// The rules of `caps` usable at a stage of a move: 0 its first capture, 1 the later ones.
pub(super) fn at_stage(caps: &[CapRule], stage: usize) -> impl Iterator<Item = &CapRule> {
    caps.iter().filter(move |c| c.applies(stage == 1))
}

/// How a kind's quiet moves are counted in bulk (see [`KindRules::bulk_quiet`]): the
/// directions of its one rule, as steps, slides or runs (the others empty); `bulk`:
/// whether it is counted so at all.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BulkQuiet<B> {
    pub bulk: bool,
    pub steps: Shifts<B>,
    pub slides: Shifts<B>,
    pub runs: Shifts<B>,
}

/// One side's quick test of which pieces may capture: per kind, the directions back from
/// a first jump (the opposites of its jump directions), from a first leap (it starts next
/// to an enemy piece), and the kinds it may take; the
/// kinds whose first capture may be of another shape (always searched when an enemy
/// piece is on one of their lines).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Prefilter<B> {
    pub kinds: u8,
    pub backs: [Shifts<B>; MAX_KINDS],
    pub leap_backs: [DirSet; MAX_KINDS],
    pub prey: [u8; MAX_KINDS],
    pub others: u8,
    /// The kinds whose later captures are jumps, none the way back of another (bit k), and the directions back from
    /// those jumps: what tells the landings a capture may go on from (see
    /// [`FastRules::cont_test`]).
    pub cont_kinds: u8,
    pub cont_backs: Shifts<B>,
}

/// One side's rules for one kind of piece.
#[derive(Clone, Debug)]
pub(crate) struct KindRules<B> {
    /// Its quiet-move rules, as the general engine reads them; a condition is `sees_enemy`
    /// (the only one `support` takes).
    pub moves: Vec<MoveRule>,
    pub caps: Vec<CapRule>,
    /// Where it promotes (empty: nowhere) and to which kind.
    pub zone: B,
    pub promotes_to: usize,
    pub may_stop: bool,
    /// The only cells it may stand on (every cell where the rules say none).
    pub cells: B,
    /// Cells where its move may end only if no other move is legal (none: empty).
    pub avoid: B,
    /// Cells at the board's edge where its straight capture may turn (`turn_at_edge`;
    /// none: empty).
    pub edge: B,
    /// Most quiet moves in a row by one piece of the kind while its side has others.
    pub limit: Option<u8>,
    /// Its quiet moves are counted for all its pieces at once, a shift per direction
    /// (its `KindTable::quiet_count` is `Bulk`).
    pub bulk_quiet: bool,
    /// Its one move rule is a step (no condition, every cell), in the directions
    /// `step_dirs`.
    pub steps_only: bool,
    pub step_dirs: DirSet,
    /// Directions of its first-capture jumps over an adjacent piece, of its first-capture
    /// leaps from an adjacent piece, and whether any other rule may make its first
    /// capture (then it is searched when an enemy piece is on one of its lines).
    pub first_jumps: DirSet,
    pub first_leaps: DirSet,
    pub first_other: bool,
    /// Bit k: its first jumps and leaps may take kind k.
    pub first_prey: u8,
}

/// What the fast path needs of a variant's rules, built once when the rules are compiled.
#[derive(Clone, Debug)]
pub(crate) struct FastRules<B> {
    /// Per direction: the amount that steps a set (see [`Bits::amount`]: a shift that
    /// never wraps for the cells that have a neighbour there), those cells, and those
    /// with two.
    pub(crate) amount: [u32; MAX_DIRS],
    /// The same steps as a left and a right shift, one of them zero.
    pub(crate) shl: [u32; MAX_DIRS],
    pub(crate) shr: [u32; MAX_DIRS],
    pub(crate) from: [B; MAX_DIRS],
    pub(crate) from2: [B; MAX_DIRS],
    /// `next[d * STRIDE + bit]`: the neighbour of `bit` in direction `d` (zero: none);
    /// `next2`: the cell beyond it; `rays`: every cell beyond `bit` in direction `d`.
    pub(crate) next: Box<[B; 8 * STRIDE]>,
    pub(crate) next2: Box<[B; 8 * STRIDE]>,
    pub(crate) rays: Box<[B; 8 * STRIDE]>,
    /// `dir_of[(other - bit) & 255]`: the direction from `bit` to its neighbour `other`
    /// (each direction is one step of bits; 0xFF: none).
    pub(crate) dir_of: [u8; 256],
    /// `around[bit]`: its neighbours; `lines[bit]`: every cell on a line from it;
    /// `jump_around[side][(kind * 2 + stage) * STRIDE + bit]`: its
    /// neighbours in the directions of the kind's rule at that stage where the rules are
    /// plain.
    pub(crate) around: Box<[B; STRIDE]>,
    pub(crate) lines: Box<[B; STRIDE]>,
    pub(crate) jump_around: Box<[[B; MAX_KINDS * 2 * STRIDE]; 2]>,
    /// `jump_land[bit]`: the cells two steps from it in one direction (the landings of
    /// its jumps: a step is one shift, so the landing over a neighbour at bit `v` is bit
    /// `2v - bit`, and it is a landing if it is in this set).
    pub(crate) jump_land: Box<[B; STRIDE]>,
    /// The only direction barred after a capture is the way back (or none), and taken
    /// pieces block until the move ends: a jump's way back meets the piece it took, so
    /// counting jumps needs no direction at all (see `FastSearch::jumps_blind`).
    pub(crate) blind_jumps: bool,
    /// Every cell.
    pub(crate) cells: B,
    /// Number of directions.
    pub(crate) dirs: usize,
    /// Per direction, whether a step raises the bit index (the nearest cell of a ray is
    /// its lowest bit).
    pub(crate) up: u8,
    pub(crate) opposite: [u8; MAX_DIRS],
    /// Per kind, per direction of the last capture (15: none), the directions barred
    /// after it (a kind's own capture lines, or `[capture]`'s).
    pub(crate) barred: [[DirSet; 16]; MAX_KINDS],
    /// A capture may land where its piece has stood during the move (`[capture]
    /// revisit`); else the search keeps those cells.
    pub(crate) revisit: bool,
    /// Per kind, the directions barred on a cell of its `edge`: the way back.
    pub(crate) barred_edge: [[DirSet; 16]; MAX_KINDS],
    /// Per cell its bit, per bit its cell.
    pub(crate) bit: Box<[u8; 256]>,
    pub(crate) cell: Box<[u16; STRIDE]>,
    /// `kinds[side][kind]`, what the capture search reads most of them, and how their
    /// quiet moves are counted.
    pub(crate) kinds: [Vec<KindRules<B>>; 2],
    pub(crate) hot: [[Hot<B>; MAX_KINDS]; 2],
    pub(crate) bulk: [[BulkQuiet<B>; MAX_KINDS]; 2],
    /// A bit for every kind.
    pub(crate) every_kind: u8,
    /// Captured pieces stay on the board, blocking, until the move ends.
    pub(crate) removal_end: bool,
    pub(crate) mid: MidPromotion,
    /// A flying capture must land where it can go on, if it can somewhere.
    pub(crate) must_continue: bool,
    /// A capture stopped where it could go on promotes where it stops.
    pub(crate) stop_promotes: bool,
    /// The halt rule: bit k for the kinds it looks at, how many of the last pieces taken,
    /// the fewest pieces taken.
    pub(crate) halt: Option<crate::spec::Halt>,
    /// Whether a precedence ranks the captures, and of which kinds (the others' are
    /// offered beside the best).
    pub(crate) ranked: bool,
    pub(crate) ranked_kinds: u8,
    /// A piece crowned mid-capture into a ranked kind goes on by its longest routes only
    /// (`[capture] longest_after_crowning`).
    pub(crate) longest_after_crowning: bool,
    /// The rank of a capture by the precedence, kept as pieces are taken (the general
    /// engine's, [`Rules`]' `rank`); where taking any piece adds the same to it
    /// ([`RankKey::uniform_take`]), `rank_uniform` and that in `rank_step` (zero
    /// otherwise): the search then adds it at the end, not as each piece is taken.
    pub(crate) rank: RankKey,
    pub(crate) rank_uniform: bool,
    pub(crate) rank_step: u128,
    /// Bit k: captures by kind k are optional.
    pub(crate) optional: u8,
    /// A side with pieces and no move passes.
    pub(crate) passes: bool,
    /// A side without pieces passes once, and has then lost.
    pub(crate) no_pieces_passes: bool,
    /// Some side may pass (`passes || no_pieces_passes`), and a pass may end the game
    /// (`pass_ends || no_pieces_passes`): one test each where no pass is the rule.
    pub(crate) may_pass: bool,
    pub(crate) pass_may_end: bool,
    /// The game is over after a pass ([`NoMoves::PassThenLoss`](crate::spec::NoMoves)):
    /// a pass has no moves after it.
    pub(crate) pass_ends: bool,
    /// Counting a position's moves lists them (see [`Rules::count_by_generating`]).
    pub(crate) count_by_generating: bool,
    /// Two rules of a kind may find the same capture route: routes are compared (by
    /// their landings) before they are stored.
    pub(crate) route_dedup: bool,
    /// The fewest pieces two different captures with the same origin, destination and
    /// taken pieces can take: 3 on a board of two lines through each cell with one capture
    /// rule of each kind of the shapes of draughts, 2 otherwise, 0 (always compare) when
    /// two rules may find the same capture.
    pub(crate) dedup_from: u32,
    /// Per side, what tells the pieces that may capture from those that cannot (see
    /// [`Prefilter`]).
    pub(crate) prefilter: [Prefilter<B>; 2],
    /// Per side, the kinds whose captures are counted at once where each is a single jump
    /// (see [`SingleJumps`]).
    pub(crate) single_jumps: [SingleJumps<B>; 2],
    /// The rules have the plain shape of draughts: at most two kinds, each with one
    /// capture rule for a move's first capture and one for the later ones (most often the
    /// same), a short jump or a flying capture across any gap; no cells per kind, no
    /// stopping, no precedence for some kinds only. The capture search leaves the rest
    /// out.
    pub(crate) plain: bool,
    /// Each side has two kinds at most: kind 1 is the only one with a bit in the planes.
    pub(crate) two_kinds: bool,
    /// Per side, the number of directions back from its men's first jumps where the quick
    /// test of which pieces may capture reads them as a list of known length (see
    /// `FastRules::origins_n`): 2, 4 or 8 where the side has two kinds at most and the
    /// first kind's only first captures are jumps (no other shape, no leap); 0 otherwise.
    pub(crate) men_backs: [u8; 2],
    /// Per side, 2 where the side has two kinds at most, and the first kind's quiet moves
    /// are counted in bulk, as steps in two directions and nothing else, with no limit on
    /// them (see `FastRules::count_quiet`); 0 otherwise.
    pub(crate) men_steps: [u8; 2],
    /// The shape the capture search is compiled for (see `captures::FastSearch`).
    pub(crate) shape: u8,
    /// The rules are plain and taken pieces block until the move ends: the cells a jump
    /// could go on from (next to an enemy piece with an empty cell beyond it, the cells
    /// of the side's pieces taken as empty) are found once a search, and a landing
    /// outside them is not searched from.
    pub(crate) cont_test: bool,
    /// What else the search of plain rules is compiled for ([`CONT`], [`UNIFORM`]).
    pub(crate) opts: u8,
    /// Some kind may stand on some cells only; some kind may stop a capture.
    pub(crate) kind_cells: bool,
    pub(crate) may_stop: bool,
    /// Kinds with a quiet-move limit, and each kind's limit; any kind with cells to avoid.
    pub(crate) limited: u8,
    pub(crate) limits: Vec<Option<u8>>,
    pub(crate) has_avoid: bool,
    /// Capture-search steps one position may take (the rules' capture budget).
    pub(crate) budget: u64,
}

impl<B: Bits> FastRules<B> {
    /// The tables of rules that `support` takes, on their layout.
    pub fn new(rules: &Rules, l: &Layout) -> FastRules<B> {
        let cap = &rules.capture;
        let uniform = rules.rank.uniform_take(rules.tables[0].len());
        let mut f = FastRules {
            amount: [0; MAX_DIRS],
            shl: [0; MAX_DIRS],
            shr: [0; MAX_DIRS],
            from: [B::ZERO; MAX_DIRS],
            from2: [B::ZERO; MAX_DIRS],
            next: Box::new([B::ZERO; 8 * STRIDE]),
            next2: Box::new([B::ZERO; 8 * STRIDE]),
            rays: Box::new([B::ZERO; 8 * STRIDE]),
            dir_of: [0xFF; 256],
            around: Box::new([B::ZERO; STRIDE]),
            lines: Box::new([B::ZERO; STRIDE]),
            jump_around: Box::new([[B::ZERO; MAX_KINDS * 2 * STRIDE]; 2]),
            jump_land: Box::new([B::ZERO; STRIDE]),
            blind_jumps: false,
            cells: B::from_wide(l.cells),
            dirs: rules.dirs,
            up: 0,
            opposite: rules.opposite,
            barred: std::array::from_fn(|k| rules.tables[0].get(k).map_or([DirSet::EMPTY; 16], |t| fast_barred(&t.barred_after))),
            revisit: rules.capture.revisit,
            barred_edge: std::array::from_fn(|k| rules.tables[0].get(k).map_or([DirSet::EMPTY; 16], |t| fast_barred(&t.barred_at_edge))),
            bit: Box::new(std::array::from_fn(|c| l.bit.get(c).copied().unwrap_or(0))),
            cell: Box::new(std::array::from_fn(|b| l.cell.get(b).copied().unwrap_or(0))),
            kinds: [Vec::new(), Vec::new()],
            bulk: [[BulkQuiet::default(); MAX_KINDS]; 2],
            hot: [[Hot { zone: B::ZERO, promotes_to: 0, cells: B::ZERO, may_stop: false, stages: [Stage::default(); 2] }; MAX_KINDS]; 2],
            every_kind: rules.every_kind,
            removal_end: cap.removes_at_end(),
            mid: cap.mid_promotion,
            must_continue: cap.must_continue(),
            stop_promotes: cap.stop_promotes,
            halt: cap.halt,
            ranked: !cap.precedence().is_empty(),
            ranked_kinds: cap.precedence_kinds & rules.every_kind,
            longest_after_crowning: cap.longest_after_crowning,
            rank: rules.rank,
            rank_uniform: uniform.is_some(),
            rank_step: uniform.unwrap_or(0),
            optional: rules.optional_captures,
            passes: rules.passes,
            no_pieces_passes: rules.no_pieces_passes,
            may_pass: rules.passes || rules.no_pieces_passes,
            pass_may_end: rules.pass_ends() || rules.no_pieces_passes,
            pass_ends: rules.pass_ends(),
            count_by_generating: rules.count_by_generating,
            route_dedup: false,
            dedup_from: 0,
            prefilter: [Prefilter::default(); 2],
            single_jumps: [SingleJumps::default(); 2],
            plain: false,
            two_kinds: rules.tables.iter().all(|t| t.len() <= 2),
            men_backs: [0; 2],
            men_steps: [0; 2],
            shape: 0,
            cont_test: false,
            opts: 0,
            kind_cells: rules.has_kind_cells,
            may_stop: rules.tables.iter().flatten().any(|t| t.may_stop),
            limited: 0,
            limits: rules.tables[0].iter().map(|t| t.max_quiet_moves).collect(),
            has_avoid: rules.has_avoid,
            budget: rules.capture_budget,
        };
        f.directions(l);
        f.blind_jumps =
            f.removal_end && f.barred.iter().all(|barred| (0..f.dirs).all(|d| barred[d].iter().all(|b| b == f.opposite[d] as usize)));
        for side in Side::BOTH {
            f.kinds[side] = rules.tables[side].iter().map(|t| f.kind(t, l)).collect();
        }
        f.limited = f.kinds[0].iter().enumerate().filter(|(_, k)| k.limit.is_some()).fold(0, |m, (i, _)| m | 1 << i);
        f.dedup(rules);
        f.kind_tables();
        f.plain = f.is_plain();
        f.shape = f.shape_of();
        f.cont_test = f.shape <= PLAIN && f.removal_end && f.prefilter.iter().any(|pf| pf.cont_kinds != 0);
        let uniform = f.shape <= PLAIN && f.ranked && f.rank_uniform;
        f.opts = if f.cont_test { CONT } else { 0 } | if uniform { UNIFORM } else { 0 };
        f.single_jumps = [0, 1].map(|side| f.single_jumps_of(side));
        f.men_backs = [0, 1].map(|side| f.men_backs_of(side));
        f.men_steps = [0, 1].map(|side| f.men_steps_of(side));
        f
    }

    /// Each side's [`Prefilter`], and per kind what the capture search reads most
    /// ([`Hot`], the jump neighbours of its first two capture stages) and how its quiet
    /// moves are counted ([`BulkQuiet`]).
    fn kind_tables(&mut self) {
        for side in 0..2 {
            self.prefilter[side] = self.prefilter_of(side);
            for (k, kind) in self.kinds[side].iter().enumerate().take(MAX_KINDS) {
                let stages = [0, 1].map(|stage| {
                    at_stage(&kind.caps, stage).next().map_or(Stage::default(), |c| Stage {
                        dirs: c.dirs,
                        prey: c.prey,
                        flies: matches!(c.shape, Shape::Fly { .. }),
                        land_next: matches!(c.shape, Shape::Fly { reach: (1, 1), .. }),
                    })
                });
                for (stage, st) in stages.iter().enumerate() {
                    for bit in 0..STRIDE {
                        self.jump_around[side][(k * 2 + stage) * STRIDE + bit] =
                            st.dirs.iter().fold(B::ZERO, |m, d| m | self.next[at(d, bit)]);
                    }
                }
                self.hot[side][k] =
                    Hot { zone: kind.zone, promotes_to: kind.promotes_to, cells: kind.cells, may_stop: kind.may_stop, stages };
                let dirs = |kind_of: MoveKind| kind.moves.iter().filter(|m| m.kind == kind_of).fold(DirSet::EMPTY, |d, m| d | m.dirs);
                self.bulk[side][k] = BulkQuiet {
                    bulk: kind.bulk_quiet,
                    steps: self.shifts(dirs(MoveKind::Step), false),
                    slides: self.shifts(dirs(MoveKind::Slide), false),
                    runs: self.shifts(dirs(MoveKind::Run), false),
                };
            }
        }
    }

    /// The shape of the rules, for the capture search.
    fn shape_of(&self) -> u8 {
        if !self.plain {
            GENERAL
        } else if self.halt.is_some()
            || self.rank.has_earliest()
            || self.hot.iter().flatten().any(|h| h.stages.iter().any(|st| !st.dirs.is_empty() && st.prey != self.every_kind))
        {
            PLAIN
        } else {
            LEAN
        }
    }

    fn prefilter_of(&self, side: usize) -> Prefilter<B> {
        let mut pf = Prefilter { kinds: self.kinds[side].len().min(MAX_KINDS) as u8, ..Prefilter::default() };
        let mut cont_backs = DirSet::EMPTY;
        for (k, kind) in self.kinds[side].iter().enumerate().take(MAX_KINDS) {
            if kind.first_other {
                pf.others |= 1 << k;
            }
            let back = |dirs: DirSet| dirs.iter().map(|d| self.opposite[d] as usize).collect::<DirSet>();
            pf.backs[k] = self.shifts(back(kind.first_jumps), true);
            pf.leap_backs[k] = back(kind.first_leaps);
            pf.prey[k] = kind.first_prey;
            // A jump's way back (over the piece just taken) would let every landing
            // through: only kinds that never jump back are tested.
            let one_way = |c: &&CapRule| c.dirs.iter().all(|d| !c.dirs.contains(self.opposite[d] as usize));
            if let Some(c) = at_stage(&kind.caps, 1).next().filter(|c| c.shape == Shape::Jump).filter(one_way) {
                pf.cont_kinds |= 1 << k;
                cont_backs |= back(c.dirs);
            }
        }
        pf.cont_backs = self.shifts(cont_backs, true);
        pf
    }

    /// Whether the rules have the plain shape (see [`FastRules::plain`]).
    fn is_plain(&self) -> bool {
        // At each stage of a move, at most one rule of a kind, a jump or a flying capture.
        let shape_ok = |c: &CapRule| matches!(c.shape, Shape::Jump | Shape::Fly { gap: (0, u8::MAX), reach: (1, 1) | (1, u8::MAX) });
        let stage_ok = |caps: &[CapRule], stage| at_stage(caps, stage).count() <= 1 && at_stage(caps, stage).all(shape_ok);
        self.kinds.iter().all(|side| side.len() <= 2 && side.iter().all(|k| stage_ok(&k.caps, 0) && stage_ok(&k.caps, 1)))
            && !self.kind_cells
            && !self.may_stop
            && self.kinds.iter().flatten().all(|k| k.edge == B::ZERO)
            && (!self.ranked || self.ranked_kinds == self.every_kind)
            && !self.longest_after_crowning
            && !self.route_dedup
    }

    /// The shifts, masks and rays of every direction.
    fn directions(&mut self, l: &Layout) {
        for d in 0..self.dirs {
            self.amount[d] = B::amount(l.shl[d], l.shr[d]);
            (self.shl[d], self.shr[d]) = (l.shl[d], l.shr[d]);
            self.from[d] = B::from_wide(l.from[d]);
            self.from2[d] = B::from_wide(l.from2[d]);
            if l.shl[d] > 0 {
                self.up |= 1 << d;
            }
            // A direction no line of the board runs along (a board of points) has no step.
            if l.from[d] == 0 {
                continue;
            }
            let delta = (l.shl[d] as usize).wrapping_sub(l.shr[d] as usize) & 255;
            debug_assert_eq!(self.dir_of[delta], 0xFF, "two directions of one step");
            self.dir_of[delta] = d as u8;
        }
        for d in 0..self.dirs {
            for bit in 0..l.width as usize {
                let one = B::bit(bit as u32) & self.cells;
                let next = self.step(one, d);
                let mut ray = B::ZERO;
                let mut x = next;
                while x != B::ZERO {
                    ray |= x;
                    x = self.step(x, d);
                }
                self.next[at(d, bit)] = next;
                self.next2[at(d, bit)] = self.step(next, d);
                self.jump_land[bit] |= self.step(next, d);
                self.rays[at(d, bit)] = ray;
                self.around[bit] |= next;
                self.lines[bit] |= ray;
            }
        }
    }

    /// A set of cells of the layout.
    fn set(l: &Layout, cells: impl Iterator<Item = u16>) -> B {
        cells.fold(B::ZERO, |s, c| s | B::bit(l.bit[c as usize] as u32))
    }

    /// One side's rules of a kind.
    fn kind(&self, t: &KindTable, l: &Layout) -> KindRules<B> {
        let caps: Vec<CapRule> = t.captures.iter().map(|c| CapRule { prey: c.prey & self.every_kind, ..*c }).collect();
        let first = |c: &&CapRule| c.applies(false);
        let first_jumps = caps.iter().filter(first).filter(|c| c.shape == Shape::Jump).fold(DirSet::EMPTY, |m, c| m | c.dirs);
        KindRules {
            moves: t.moves.clone(),
            first_jumps,
            first_leaps: caps.iter().filter(first).filter(|c| adjacent_leap(c)).fold(DirSet::EMPTY, |m, c| m | c.dirs),
            first_other: caps.iter().filter(first).any(|c| c.shape != Shape::Jump && !adjacent_leap(c)),
            first_prey: caps.iter().filter(first).filter(|c| c.shape == Shape::Jump || adjacent_leap(c)).fold(0, |m, c| m | c.prey),
            caps,
            zone: t.promotion.as_ref().map_or(B::ZERO, |(_, z)| Self::set(l, z.iter())),
            promotes_to: t.promotion.as_ref().map_or(0, |(k, _)| *k as usize),
            may_stop: t.may_stop,
            cells: t.cells.as_ref().map_or(self.cells, |z| Self::set(l, z.iter())),
            avoid: t.avoid.as_ref().map_or(B::ZERO, |z| Self::set(l, z.iter())),
            edge: t.edge.as_ref().map_or(B::ZERO, |z| Self::set(l, z.iter())),
            limit: t.max_quiet_moves,
            bulk_quiet: t.quiet_count.in_bulk(),
            steps_only: t.quiet_count.in_bulk() && t.moves.len() == 1 && t.moves[0].kind == MoveKind::Step,
            step_dirs: t.moves.first().map_or(DirSet::EMPTY, |m| m.dirs),
        }
    }

    /// When captures must be compared before they are stored (see
    /// [`FastRules::dedup_from`]).
    fn dedup(&mut self, rules: &Rules) {
        let draughts_shapes = self
            .kinds
            .iter()
            .flatten()
            .all(|k| k.caps.len() <= 1 && k.caps.iter().all(|c| matches!(c.shape, Shape::Jump | Shape::Fly { .. })));
        // Two rules of a kind usable at the same capture may find the same route.
        self.route_dedup =
            self.kinds.iter().flatten().any(|k| k.caps.iter().enumerate().any(|(i, a)| k.caps[i + 1..].iter().any(|b| may_coincide(a, b))));
        self.dedup_from = if self.route_dedup || !draughts_shapes {
            0
        } else if rules.dirs <= 4 {
            3
        } else {
            2
        };
    }
}

/// Whether a capture rule is a leap that starts from an adjacent piece.
fn adjacent_leap(c: &CapRule) -> bool {
    matches!(c.shape, Shape::Leap { approach: false, .. })
}

/// Whether two capture rules of a kind may make the same capture: in a common direction,
/// at the same capture of a move, taking as many pieces (a leap takes a whole line of at
/// least its `min`, the others one piece).
fn may_coincide(a: &CapRule, b: &CapRule) -> bool {
    let pieces = |c: &CapRule| match c.shape {
        Shape::Leap { min, .. } => (min.max(1), u8::MAX),
        // A step that takes a line takes one piece or more.
        Shape::StepTaking { .. } => (1, u8::MAX),
        Shape::Jump | Shape::LongJump(_) | Shape::Fly { .. } | Shape::Displace => (1, 1),
    };
    let ((a0, a1), (b0, b1)) = (pieces(a), pieces(b));
    let same_capture = !matches!((a.when, b.when), (When::First, When::Continuing) | (When::Continuing, When::First));
    !(a.dirs & b.dirs).is_empty() && same_capture && a0 <= b1 && b0 <= a1
}

/// A kind's directions barred after each direction of the previous capture, as the fast
/// path indexes them: its directions (at most eight) first, index 15 for none.
fn fast_barred(general: &[DirSet; 2 * MAX_DIRS]) -> [DirSet; 16] {
    std::array::from_fn(|d| if d == 15 { general[crate::compile::NO_DIR_INDEX] } else { general[d] })
}
