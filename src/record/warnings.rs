//! What a replay says beyond legality: warnings, each with a stable code, about text it
//! skipped or joined and about a result the game's end contradicts.

use super::pdn::PdnGame;
use super::replay::Verdict;
use crate::compile::Rules;
use crate::engine::{EndReason, History, Outcome};
use crate::spec::Side;
use std::fmt;

/// Something in a record that does not make its game illegal but deserves a look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// A stable name, for programs: `capture-written-as-move`, `move-written-as-capture`
    /// (the separator says the other kind of move), `no-separator` (PDN 1.0's `3228`),
    /// `separate-hops`, `partial-path`, `ambiguous-resolved` (only one reading lets the game
    /// go on), `skipped-text`, `unknown-move`, `file-ends`, `result-as-move`,
    /// `result-contradicts`, `result-without-moves`, `goes-on-after-draw`.
    pub code: &'static str,
    /// What it is, and where.
    pub message: String,
}

impl Warning {
    /// Whether the warning is about how a move is written (its separator): `--strict`
    /// makes those errors.
    pub fn is_separator(&self) -> bool {
        matches!(self.code, "capture-written-as-move" | "move-written-as-capture")
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The game's result as written (its `Result` tag, else the result closing its moves)
/// and the winner it names: `Some(side)` a win, `None` a draw; `None` in all when there is
/// no result or it names neither. PlayStrategy names the players P1 (who moves first) and
/// P2, and its `1-0` is P1's win: read so when the game has P1 and no White tag.
pub(super) fn named_winner(rules: &Rules, game: &PdnGame) -> Option<(String, Option<Side>)> {
    let res = game.tag("Result").map(str::to_string).or_else(|| game.result.clone())?;
    let winner = super::write::result_winner(&res)?;
    let first = rules.spec().first;
    let winner = match winner {
        Some(w) if game.tag("P1").is_some() && game.tag("White").is_none() => Some(if w == Side::White { first } else { first.other() }),
        w => w,
    };
    Some((res, winner))
}

/// What the replay met on its way, for its warnings.
#[derive(Default)]
pub(super) struct Seen {
    /// A multi-capture was written as separate hops.
    pub merged_hops: bool,
    /// The moves played are kept ([`Verdict::main`], [`Verdict::lines`]).
    pub record: bool,
    /// The first move written without a separator, and how it was read.
    pub packed: Option<(String, String)>,
    /// Captures written with `-`, and moves with `x`: where the warning about the first
    /// is, and how many more there are.
    pub separators: [Option<(usize, usize)>; 2],
    /// Where a `--` was played as a pass: (line, column).
    pub passes: Vec<(usize, usize)>,
    /// The game's past, followed move by move (the main line only).
    pub past: Option<History>,
    /// The first position where a move-count rule drew the game: its ply and the reason.
    pub drawn: Option<(usize, EndReason)>,
}

/// Warnings about what the replay joined or skipped.
pub(super) fn warn_about_text(game: &PdnGame, seen: &Seen, v: &mut Verdict) {
    if seen.merged_hops {
        v.warn("separate-hops", "multi-captures are written as separate hops; they were joined");
    }
    if let Some(gap) = game.gap.as_ref().filter(|g| !seen.passes.contains(&(g.line, g.column))) {
        v.warn("unknown-move", format!("an unknown move `{}` at line {}, column {} ends the replay", gap.text, gap.line, gap.column));
    }
    for o in game.oddities.iter().filter(|o| !o.may_be_move()) {
        v.warn("skipped-text", format!("unreadable text `{}` at line {}, column {} was skipped", o.text, o.line, o.column));
    }
    for &(at, more) in seen.separators.iter().flatten().filter(|(_, more)| *more > 0) {
        if let Some(w) = v.warnings.get_mut(at) {
            w.message.push_str(&format!(" (and {more} more move{} of this game)", if more == 1 { "" } else { "s" }));
        }
    }
    if let Some((text, reading)) = &seen.packed {
        v.warn("no-separator", format!("moves are written without a separator, as PDN 1.0 allowed: `{text}` was read as {reading}"));
    }
    match &game.cut {
        Some(c) if c.text == "game" => v.warn("file-ends", "the file ends before the game's result: the game is read up to there"),
        Some(c) => v.warn(
            "file-ends",
            format!("the file ends inside a {} opened at line {}, column {}: the game is read up to there", c.text, c.line, c.column),
        ),
        None => {}
    }
}

/// Warnings when the game goes on after a move-count rule drew it, or when the written
/// result contradicts how the game stands at its end.
pub(super) fn warn_about_result(rules: &Rules, game: &PdnGame, outcome: Outcome, seen: &Seen, v: &mut Verdict) {
    if let Some((ply, why)) = seen.drawn.filter(|&(ply, _)| ply < v.plies) {
        let why = why.sentence(rules);
        v.warn("goes-on-after-draw", format!("the game was drawn after move {} (ply {ply}) by {why}, yet it goes on", ply.div_ceil(2)));
    }
    let Some((res, winner)) = named_winner(rules, game) else { return };
    // A decisive result with no move: a forfeit says so with `PlyCount "0"`, a problem
    // with its `FEN` (the result is the solution's); otherwise the moves were lost.
    let declared = game.tag("FEN").is_some_and(|f| !f.trim().is_empty()) || game.tag("PlyCount").is_some_and(|n| n.trim() == "0");
    if v.plies == 0 && game.moves.is_empty() && !declared && winner.is_some() && !matches!(outcome, Outcome::Win(..)) {
        v.warn("result-without-moves", format!("the result is {res}, but no move is written: the game's moves cannot have reached it"));
        return;
    }
    match outcome {
        Outcome::Win(w, why) if winner != Some(w) => {
            let why = why.sentence(rules);
            v.warn(
                "result-contradicts",
                format!("the result is {res}, but in the final position {} has won ({} {why})", w.name(), w.name()),
            );
        }
        Outcome::Draw(why) if winner.is_some() && seen.drawn.is_none_or(|(ply, _)| ply == v.plies) => {
            v.warn("result-contradicts", format!("the result is {res}, but the game is drawn: {}", why.sentence(rules)));
        }
        _ => {}
    }
}
