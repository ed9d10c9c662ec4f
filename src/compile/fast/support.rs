//! Whether the fast path takes a variant: one look at the whole compiled rules. Every
//! field of [`Rules`], of the checked [`Spec`] it was built from and of their parts is
//! named here, and every rule enum is matched without a wildcard, so that a new field or
//! rule atom does not compile until this place decides whether the fast path implements
//! it. The fast path implements every rule the format has but columns; the other limits
//! are those of its board (bit sets of at most 128 bits, two planes of kind bits) and of
//! its precedence key.

use super::tables::MAX_KINDS;
use crate::compile::{CapRule, CaptureSettings, KindTable, MoveRule, Rules, Searcher};
use crate::spec::{
    CaptureKind, CaptureRule, CaptureRules, CountRule, Criterion, EndRules, Halt, Huff, Kind, Land, Landing, MaterialEnd, MidPromotion,
    MoveKind, NoMoves, Removal, Spec, When,
};

/// `Ok` if `cond` holds, else the reason the fast path does not take the rules.
fn need(cond: bool, why: &'static str) -> Result<(), &'static str> {
    if cond { Ok(()) } else { Err(why) }
}

/// `Ok` if the fast path implements every rule of `rules`, else why not, in words.
pub(crate) fn support(rules: &Rules) -> Result<(), &'static str> {
    let Rules {
        spec,
        capture,
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
        has_avoid: _,
        bit_leaves: _,
        plain_moves: _,
        // Decided with the capture settings (huffing, `cleared`).
        removals: _,
        columns,
        passes: _,
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
    } = rules;
    if layout.is_none() {
        return Err(crate::geometry::Layout::refusal(&spec.geometry).unwrap_or("the board has no bit layout"));
    }
    // A step is a shift of under 64 bits (see `Bits::step_by`).
    need(layout.as_ref().is_some_and(|l| l.shl.iter().chain(&l.shr).all(|&s| s < 64)), "a step of 64 bits or more in the board's layout")?;
    need(columns.is_none(), "columns: a cell holds a stack of pieces, and the fast path's bit sets hold one piece a cell")?;
    spec_support(spec)?;
    capture_support(capture)?;
    for side in tables {
        need(side.len() <= MAX_KINDS, "more than four kinds of piece")?;
        for t in side {
            kind_support(t, spec.geometry.len())?;
        }
    }
    Ok(())
}

/// The checked variant: what is not about moves, and what the tables compile.
fn spec_support(spec: &Spec) -> Result<(), &'static str> {
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
        // Compiled into the layout and the tables.
        geometry: _,
        forward: _,
        kinds,
        capture,
        columns: _,
        end,
        drops,
    } = spec;
    need(drops.is_none(), "pieces placed from a hand (`[drops]`)")?;
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
    } = capture;
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
            let crate::spec::MoveRule { kind: _, dirs: _, condition: _, stride: _ } = m;
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
            } = c;
        }
    }
}

/// How a game ends.
fn end_support(end: &EndRules) -> Result<(), &'static str> {
    let EndRules {
        no_moves,
        // How a game ends: judged on the general engine's positions, not about moves.
        no_pieces_wins: _,
        no_pieces_mover_wins: _,
        promotion_wins: _,
        repetition: _,
        passes_draw: _,
        material,
        counts,
    } = end;
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
fn capture_support(c: &CaptureSettings) -> Result<(), &'static str> {
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
    need(cleared.is_none(), "cells cleared after every jump (`[capture] cleared`)")?;
    // The fast path ranks the captures of all the side's pieces together.
    need(!per_piece, "a precedence that ranks each piece's captures apart (`precedence_scope = \"piece\"`)")?;
    match huff {
        Huff::None => {}
        // Its moves carry no pieces taken off but those captured, and its positions no
        // memory of the move before.
        Huff::OpponentRemovesOne | Huff::RemovedAtOnce => return Err("huffing (`huff`): pieces taken off for a capture not made"),
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
        need(*last <= 64, "a halt rule that looks at more than 64 pieces")?;
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
fn kind_support(t: &KindTable, cells: usize) -> Result<(), &'static str> {
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
        quiet_count: _,
    } = t;
    // A sum of values of every piece on the board fits the key's 32 bits.
    need(u64::from(*value) * cells as u64 <= u64::from(u32::MAX), "piece values too large to add up in 32 bits")?;
    if let Some((to, _)) = promotion {
        need((*to as usize) < MAX_KINDS, "more than four kinds of piece")?;
    }
    for m in moves {
        let MoveRule { kind, dirs: _, condition, stride } = m;
        match kind {
            MoveKind::Step | MoveKind::Slide | MoveKind::Run => {}
        }
        need(*stride == 1, "a step longer than one cell (`step(..., stride = N)`)")?;
        // The fast path tests `sees_enemy` alone (its quiet moves on bit sets).
        need(condition.is_none_or(|c| c.is_sees_enemy()), "a condition on moves other than `sees_enemy`")?;
    }
    for c in captures {
        let CapRule { kind, searcher, dirs: _, land, approach: _, min: _, ends_move: _, when, kinds: _, stride: _, gap: _, condition } = c;
        need(condition.is_none(), "a condition on where a jump lands")?;
        match kind {
            CaptureKind::Jump | CaptureKind::Fly | CaptureKind::Leap | CaptureKind::Approach | CaptureKind::Withdrawal => {}
        }
        match searcher {
            Searcher::Jump
            | Searcher::LongJump
            | Searcher::Fly
            | Searcher::GapFly
            | Searcher::Leap
            | Searcher::Approach
            | Searcher::Withdrawal => {}
        }
        // Every landing range: the fast path's flight masks the landings by distance.
        let Land { min: _, max: _ } = land;
        match when {
            When::Always | When::First | When::Continuing => {}
        }
    }
    Ok(())
}
