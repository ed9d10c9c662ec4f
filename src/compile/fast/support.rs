//! Whether the fast path takes a variant: one look at the whole compiled rules. Every
//! field of [`Rules`], of the checked [`Spec`] it was built from and of their parts is
//! named here, and every rule enum is matched without a wildcard, so that a new field or
//! rule atom does not compile until this place decides whether the fast path implements
//! it. What it does not take is [`FastRefusal::ALL`]: the rules it has not implemented,
//! and the limits of its board (bit sets of at most 128 bits, two planes of kind bits) and
//! of its precedence key. The manual (section 20), the README and `polydame show` say
//! these, and `tests/suite/engines.rs` holds them to this list.

use super::tables::MAX_KINDS;
use crate::compile::{CapRule, CaptureSettings, KindTable, MoveRule, Rules, Shape};
use crate::geometry::LayoutRefusal;
use crate::spec::{
    CaptureRule, CaptureRules, CountRule, Criterion, EndRule, EndRules, Halt, Huff, Kind, Landing, MaterialEnd, MidPromotion, MoveKind,
    NoMoves, Removal, Spec, When,
};

/// Why the fast path does not take a variant: a rule it has not implemented, or a limit of
/// its board or of its precedence key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastRefusal {
    /// The board has no bit layout.
    Layout(LayoutRefusal),
    /// A step of the board's layout is a shift of 64 bits or more, or on a layout of more
    /// than 64 bits one of more than 16 bits, or such a layout is more than 112 bits wide:
    /// the fast path's step of 128 bits, a left shift and a constant right shift of 16,
    /// needs that room.
    LongShift,
    /// Columns (`[columns]`).
    Columns,
    /// Pieces placed from a hand (`[drops]`).
    Drops,
    /// Cells cleared after every jump (`[capture] cleared`).
    Cleared,
    /// A precedence per piece (`precedence_scope = "piece"`).
    PerPiece,
    /// Huffing (`huff`).
    Huff,
    /// A halt rule that looks at more than 64 pieces.
    LongHalt,
    /// More than four kinds of piece.
    ManyKinds,
    /// Piece values whose sum over a full board passes 32 bits.
    LargeValues,
    /// A step longer than one cell (`stride`).
    Stride,
    /// A condition on quiet moves other than `sees_enemy`.
    MoveCondition,
    /// A condition on where a jump lands.
    LandingCondition,
    /// An end rule that asks whether the side to move has a move.
    EndRuleNoMoves,
    /// A capture by displacement (a jump over one's own piece onto an enemy).
    Displace,
    /// A quiet move that changes the piece's kind (`becomes`).
    Becomes,
    /// A step along the board's links (`along = links`).
    Links,
    /// A side that moves again after a capture (`moves_again`).
    MovesAgain,
}

impl FastRefusal {
    /// Every reason, in the order the manual lists them.
    pub const ALL: [FastRefusal; 21] = [
        FastRefusal::Layout(LayoutRefusal::Wide),
        FastRefusal::Layout(LayoutRefusal::Slopes),
        FastRefusal::Layout(LayoutRefusal::Rings),
        FastRefusal::Layout(LayoutRefusal::Uneven),
        FastRefusal::LongShift,
        FastRefusal::Columns,
        FastRefusal::Drops,
        FastRefusal::Cleared,
        FastRefusal::PerPiece,
        FastRefusal::Huff,
        FastRefusal::LongHalt,
        FastRefusal::ManyKinds,
        FastRefusal::LargeValues,
        FastRefusal::Stride,
        FastRefusal::MoveCondition,
        FastRefusal::LandingCondition,
        FastRefusal::EndRuleNoMoves,
        FastRefusal::Displace,
        FastRefusal::Becomes,
        FastRefusal::Links,
        FastRefusal::MovesAgain,
    ];

    /// The reason in words, as `polydame show` and the manual say it.
    pub fn reason(self) -> &'static str {
        match self {
            FastRefusal::Layout(l) => l.reason(),
            FastRefusal::LongShift => {
                "a step too long for the fast path's bit sets: 64 bits or more, or on a layout of more than 64 bits, more than 16 bits or a layout of more than 112"
            }
            FastRefusal::Columns => "columns: a cell holds a stack of pieces, and the fast path's bit sets hold one piece a cell",
            FastRefusal::Drops => "pieces placed from a hand (`[drops]`)",
            FastRefusal::Cleared => "cells cleared after every jump (`[capture] cleared`)",
            FastRefusal::PerPiece => "a precedence that ranks each piece's captures apart (`precedence_scope = \"piece\"`)",
            FastRefusal::Huff => "huffing (`huff`): pieces taken off for a capture not made",
            FastRefusal::LongHalt => "a halt rule that looks at more than 64 pieces",
            FastRefusal::ManyKinds => "more than four kinds of piece",
            FastRefusal::LargeValues => "piece values too large to add up in 32 bits",
            FastRefusal::Stride => "a step longer than one cell (`step(..., stride = N)`)",
            FastRefusal::MoveCondition => "a condition on moves other than `sees_enemy`",
            FastRefusal::LandingCondition => "a condition on where a jump lands",
            FastRefusal::EndRuleNoMoves => {
                "an end rule on a side without moves (`[[end.rule]]` with `no_moves`), which decides whether it passes"
            }
            FastRefusal::Displace => "a capture by displacement (`jump(..., over = own, onto = enemy)`)",
            FastRefusal::Becomes => "a quiet move that changes the piece's kind (`becomes = KIND`)",
            FastRefusal::Links => "a step along links no line draws (`step(..., along = links)`)",
            FastRefusal::MovesAgain => "a side that moves again after a capture (`moves_again`)",
        }
    }

    /// The reason in a few words, as the README lists it.
    pub fn short(self) -> &'static str {
        match self {
            FastRefusal::Layout(_) => "boards without a bit layout",
            FastRefusal::LongShift => "long shifts",
            FastRefusal::Columns => "columns",
            FastRefusal::Drops => "pieces placed from a hand",
            FastRefusal::Cleared => "cells cleared after every jump",
            FastRefusal::PerPiece => "a precedence per piece",
            FastRefusal::Huff => "huffing",
            FastRefusal::LongHalt => "a halt rule looking back past 64 pieces",
            FastRefusal::ManyKinds => "more than four kinds",
            FastRefusal::LargeValues => "piece values past 32 bits",
            FastRefusal::Stride => "steps longer than one cell",
            FastRefusal::MoveCondition => "conditions on quiet moves but `sees_enemy`",
            FastRefusal::LandingCondition => "conditions on landings",
            FastRefusal::EndRuleNoMoves => "end rules on a side without moves",
            FastRefusal::Displace => "captures by displacement",
            FastRefusal::Becomes => "moves that change a piece's kind",
            FastRefusal::Links => "steps along links",
            FastRefusal::MovesAgain => "moving again after a capture",
        }
    }
}

impl std::fmt::Display for FastRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

/// `Ok` if `cond` holds, else the reason the fast path does not take the rules.
fn need(cond: bool, why: FastRefusal) -> Result<(), FastRefusal> {
    if cond { Ok(()) } else { Err(why) }
}

/// `Ok` if the fast path implements every rule of `rules`, else why not.
pub(crate) fn support(rules: &Rules) -> Result<(), FastRefusal> {
    let Rules {
        spec,
        capture,
        // The precedence: the key's fields fit (at most 112 bits, see `RankKey`).
        rank: _,
        // The board's shape: the layout carries it.
        cells: _,
        dirs: _,
        neighbour: _,
        opposite: _,
        tables,
        // Hashing is the general engine's (the fast path keeps none).
        zobrist: _,
        zobrist_black: _,
        cell_keys: _,
        // Summaries of the tables, read there.
        has_quiet_limit: _,
        // Only `played` conditions count the moves played, and the fast path refuses them.
        played_bound: _,
        has_avoid: _,
        plain_moves: _,
        // Decided with the capture settings (huffing, `cleared`).
        removals: _,
        columns,
        // Passes (a side with pieces and no move, a side without pieces): in the tables.
        passes: _,
        no_pieces_passes: _,
        has_kind_cells: _,
        optional_captures: _,
        count_by_generating: _,
        every_kind: _,
        one_capture_rule: _,
        layout,
        cell_bits: _,
        // What is being decided, and the choice of engine.
        fast: _,
        general_chosen: _,
        capture_budget: _,
        // Only `nearer` conditions read it, and the fast path refuses them.
        steps_apart: _,
    } = rules;
    if layout.is_none() {
        return Err(FastRefusal::Layout(crate::geometry::Layout::refusal(&spec.geometry).unwrap_or(LayoutRefusal::Wide)));
    }
    // Each step is one the fast path's sets of the layout's width take (see `Bits::fits`).
    need(layout.as_ref().is_some_and(super::fits), FastRefusal::LongShift)?;
    need(columns.is_none(), FastRefusal::Columns)?;
    spec_support(spec)?;
    capture_support(capture)?;
    for side in tables {
        need(side.len() <= MAX_KINDS, FastRefusal::ManyKinds)?;
        for t in side {
            kind_support(t, spec.geometry.len())?;
        }
    }
    Ok(())
}

/// The checked variant: what is not about moves, and what the tables compile.
fn spec_support(spec: &Spec) -> Result<(), FastRefusal> {
    let Spec {
        // Names, sources, notation and the start position: not about moves.
        id: _,
        name: _,
        description: _,
        aliases: _,
        gametypes: _,
        sources: _,
        notation: _,
        first: _,
        setup: _,
        options: _,
        // The cells conditions test: a condition is refused below (but `sees_enemy`).
        condition_cells: _,
        // Compiled into the layout and the tables.
        geometry: _,
        forward: _,
        kinds,
        capture,
        columns: _,
        end,
        drops,
    } = spec;
    need(drops.is_none(), FastRefusal::Drops)?;
    kinds_support(kinds);
    let CaptureRules {
        // Compiled into the capture settings and the kinds' tables.
        mandatory: _,
        removal: _,
        turn_back: _,
        straight: _,
        promotion: _,
        landing: _,
        precedence: _,
        precedence_kinds: _,
        halt: _,
        stop_promotes: _,
        // The fast capture search keeps the cells stood on (see `FastRules::revisit`).
        revisit: _,
        // The fast capture search measures a crowned piece's routes first (`FastSearch::go_on`).
        longest_after_crowning: _,
        // Decided with the capture settings (`capture_support`).
        precedence_per_piece: _,
        huff: _,
        huff_spares_last_landing: _,
        // Decided with the capture settings.
        cleared: _,
        // A turn of several moves: the fast path's moves each end the turn.
        moves_again,
    } = capture;
    need(!moves_again, FastRefusal::MovesAgain)?;
    end_support(end)
}

/// The kinds: everything compiled into their tables (decided in `table_support`).
fn kinds_support(kinds: &[Kind]) {
    for k in kinds {
        let Kind {
            name: _,
            fen: _,
            symbol: _,
            // Compiled into the kind's table.
            value: _,
            moves,
            captures,
            can_capture: _,
            promotion: _,
            max_quiet_moves: _,
            avoid: _,
            may_stop: _,
            mandatory: _,
            // Compiled into the kind's table (its `barred_after`, `edge` and
            // `barred_at_edge`, decided there).
            turn_back: _,
            straight: _,
            turn_at_edge: _,
            cells: _,
        } = k;
        for m in moves {
            // Compiled into the kind's move rules (see `table_support`).
            let crate::spec::MoveRule { kind: _, dirs: _, condition: _, stride: _, over_own: _, becomes: _, along_links: _ } = m;
        }
        for c in captures {
            // Decided with the compiled rules (`CapRule::condition`).
            let CaptureRule {
                kind: _,
                dirs: _,
                land: _,
                approach: _,
                min: _,
                ends_move: _,
                when: _,
                kinds: _,
                stride: _,
                gap: _,
                condition: _,
                displace: _,
            } = c;
        }
    }
}

/// How a game ends.
fn end_support(end: &EndRules) -> Result<(), FastRefusal> {
    let EndRules {
        no_moves,
        // How a game ends: judged on the general engine's positions, not about moves (a
        // side without pieces passing is a move: `Rules::no_pieces_passes`, in the tables).
        no_pieces: _,
        promotion_wins: _,
        repetition: _,
        passes_draw: _,
        material,
        counts,
        rules,
    } = end;
    for r in rules {
        // Judged on the general engine's positions, but one that asks for a move decides
        // whether a side passes, which the fast path does not ask.
        let EndRule { when, result: _, reason: _ } = r;
        need(!when.asks_no_moves(), FastRefusal::EndRuleNoMoves)?;
    }
    for m in material {
        let MaterialEnd { counts: _, against: _, result: _ } = m;
    }
    for c in counts {
        let CountRule { name: _, moves: _, reset: _, material: _, pieces: _, both_kings: _, claim: _, reason: _ } = c;
    }
    match no_moves {
        // A pass is a move of the fast path.
        NoMoves::Loss | NoMoves::Win | NoMoves::Pass | NoMoves::PassThenLoss => Ok(()),
    }
}

/// The capture settings.
fn capture_support(c: &CaptureSettings) -> Result<(), FastRefusal> {
    let CaptureSettings {
        removal,
        turn_back: _,
        straight: _,
        precedence_kinds: _,
        mid_promotion,
        landing,
        halt,
        stop_promotes: _,
        revisit: _,
        longest_after_crowning: _,
        per_piece,
        huff,
        // Only with huffing, which the fast path does not take.
        huff_spares_last_landing: _,
        cleared,
        precedence,
        precedence_len,
    } = c;
    // Its captures take off only the pieces they jump.
    need(cleared.is_none(), FastRefusal::Cleared)?;
    // The fast path ranks the captures of all the side's pieces together.
    need(!per_piece, FastRefusal::PerPiece)?;
    match huff {
        Huff::None => {}
        // Its moves carry no pieces taken off but those captured, and its positions no
        // memory of the move before.
        Huff::OpponentRemovesOne | Huff::RemovedAtOnce => return Err(FastRefusal::Huff),
    }
    match removal {
        Removal::End | Removal::Immediate => {}
    }
    match mid_promotion {
        MidPromotion::AtEnd | MidPromotion::PromoteAndContinue | MidPromotion::PromoteAndContinueIfAble | MidPromotion::EndsMove => {}
    }
    match landing {
        Landing::Free | Landing::MustContinue => {}
    }
    if let Some(Halt { kinds: _, last, min_captures: _ }) = halt {
        // The kinds of the last pieces taken are kept in one 64-bit word.
        need(*last <= 64, FastRefusal::LongHalt)?;
    }
    for criterion in &precedence[..*precedence_len as usize] {
        // Each criterion has its bits in a 128-bit key: a count 16, a sum of values or the
        // order kings are met 32 (the first 32 pieces, as the general engine ranks them).
        match criterion {
            Criterion::MostPieces | Criterion::MostValue | Criterion::KingCaptures | Criterion::MostKings | Criterion::EarliestKing => {}
        }
    }
    Ok(())
}

/// One side's table of a kind on a board of `cells` cells.
fn kind_support(t: &KindTable, cells: usize) -> Result<(), FastRefusal> {
    let KindTable {
        moves,
        captures,
        promotion,
        promoted: _,
        can_capture: _,
        value,
        is_king: _,
        max_quiet_moves: _,
        may_stop: _,
        avoid: _,
        cells: _,
        must_capture: _,
        // Read per kind by the fast capture search.
        barred_after: _,
        edge: _,
        barred_at_edge: _,
        // The general engine's quick tests; the fast path has its own.
        first_jumps: _,
        first_flies: _,
        first_leaps: _,
        jump_reach: _,
        // How the tables count its quiet moves (in bulk or one by one): any way is taken.
        quiet_count: _,
    } = t;
    // A sum of values of every piece on the board fits the key's 32 bits.
    need(u64::from(*value) * cells as u64 <= u64::from(u32::MAX), FastRefusal::LargeValues)?;
    if let Some((to, _)) = promotion {
        need((*to as usize) < MAX_KINDS, FastRefusal::ManyKinds)?;
    }
    for m in moves {
        // `over_own` is for steps longer than one cell, which are refused (`Stride`).
        let MoveRule { kind, dirs: _, condition, stride, over_own: _, becomes, along_links } = m;
        need(becomes.is_none(), FastRefusal::Becomes)?;
        need(!along_links, FastRefusal::Links)?;
        match kind {
            MoveKind::Step | MoveKind::Slide | MoveKind::Run => {}
        }
        need(*stride == 1, FastRefusal::Stride)?;
        // The fast path tests `sees_enemy` alone (its quiet moves on bit sets).
        need(condition.is_none_or(|c| c.is_sees_enemy()), FastRefusal::MoveCondition)?;
    }
    for c in captures {
        let CapRule { shape, dirs: _, when, prey: _, condition } = c;
        need(condition.is_none(), FastRefusal::LandingCondition)?;
        match shape {
            // Every landing range and gap: the fast path's flight masks the landings by
            // distance and counts the gap.
            Shape::Jump | Shape::LongJump(_) | Shape::Fly { reach: _, gap: _ } => {}
            Shape::Leap { min: _, approach: _, next: _, ends: _ } | Shape::StepTaking { withdrawal: _ } => {}
            Shape::Displace => return Err(FastRefusal::Displace),
        }
        match when {
            When::Always | When::First | When::Continuing => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::FastRefusal;
    use crate::geometry::bits::WIDE_MARGIN;

    /// The words `polydame show` uses for a step too long name the limits of
    /// `Bits::fits`.
    #[test]
    fn long_shift_names_the_limits() {
        let why = FastRefusal::LongShift.reason();
        assert!(why.contains(&format!("more than {WIDE_MARGIN} bits")), "{why}");
        assert!(why.ends_with(&format!("more than {}", 128 - WIDE_MARGIN)), "{why}");
    }
}
