//! A deterministic text dump of compiled rules, for snapshots and `polydame show`.

use super::condition_words::{condition_words, end_condition_words};
use super::{CapRule, KindTable, MoveRule, Rules, Shape as CaptureShape};
use crate::geometry::{CellSet, DirSet, NotationKind, Playable, Shape, square_name};
use crate::spec::{
    ColumnTake, Columns, Huff, JumpAgain, Land, Landing, MaterialResult, MidPromotion, MoveKind, NoMoves, NoPieces, Removal, Side, When,
};
use std::fmt::Write;

pub(crate) fn dir_list(rules: &Rules, dirs: DirSet) -> String {
    let g = &rules.spec().geometry;
    let names: Vec<&str> = dirs.iter().map(|d| g.dirs()[d].name).collect();
    names.join(" ")
}

pub(super) fn cell_list(rules: &Rules, set: &CellSet) -> String {
    let mut names: Vec<&str> = set.iter().map(|c| rules.cell_name(c)).collect();
    if rules.spec().notation.is_numeric() {
        names.sort_by_key(|n| n.parse::<u32>().unwrap_or(0));
    }
    names.join(" ")
}

impl Rules {
    /// The rules in words and tables, the same text for the same file on every run (what
    /// `polydame show` prints, and the snapshot every shipped variant is checked against).
    pub fn describe(&self) -> String {
        dump(self)
    }
}

/// [`Rules::describe`].
fn dump(rules: &Rules) -> String {
    let mut o = String::new();
    board(&mut o, rules);
    layout(&mut o, rules);
    let spec = rules.spec();
    let g = &spec.geometry;
    let _ = writeln!(
        o,
        "first to move: {}; forward: White {}, Black {}",
        spec.first.name(),
        g.dirs()[spec.forward[0]].name,
        g.dirs()[spec.forward[1]].name
    );
    for k in 0..spec.kinds.len() {
        piece(&mut o, rules, k);
    }
    capture(&mut o, rules);
    drops(&mut o, rules);
    end(&mut o, rules);
    let hand = |s: Side| match &spec.drops {
        Some(d) if d.hand[s] > 0 => format!(" and {} in hand", d.hand[s]),
        _ => String::new(),
    };
    let (w, b) = (hand(Side::White), hand(Side::Black));
    let _ = writeln!(o, "setup: White {} pieces{w}, Black {} pieces{b}", spec.setup[0].len(), spec.setup[1].len());
    o.push_str(&setup_diagram(rules));
    o
}

/// `[drops]`: pieces placed from a hand.
fn drops(o: &mut String, rules: &Rules) {
    let Some(d) = &rules.spec().drops else { return };
    let kind = &rules.spec().kinds[d.kind as usize].name;
    let _ = writeln!(o, "drops: the side to move may place a {kind} from its hand, {} a turn, on empty cells", d.per_turn);
    if d.before_moves {
        let _ = writeln!(o, "  while its hand holds pieces, placing is its only move (its pieces move once it is empty)");
    }
    if d.cells[0] == d.cells[1] {
        let _ = writeln!(o, "  on {}", cell_list(rules, &d.cells[0]));
    } else {
        for side in Side::BOTH {
            let _ = writeln!(o, "  {}: on {}", side.name(), cell_list(rules, &d.cells[side]));
        }
    }
    if let Some(c) = &d.condition {
        let except = if d.first_anywhere { ", except the side's first placement of the game (its hand still full)" } else { "" };
        let which = if d.per_turn == 1 { "only where" } else { "the first of a turn only where" };
        let _ = writeln!(o, "  {which} {}{except}", condition_words(rules, Side::White, c));
    }
    if d.per_turn == 2 {
        let _ = writeln!(o, "  the second next to the first, directions {}", dir_list(rules, d.next[0]));
        let alone = if d.incomplete_wins { "is placed alone and wins the game" } else { "is not placed" };
        let _ = writeln!(o, "  a first piece that leaves the second no place (or the last in hand) {alone}");
    }
    if !d.enclose[0].is_empty() {
        let _ = writeln!(
            o,
            "  then every enemy piece with a neighbour in each direction {}, all the mover's pieces, is taken",
            dir_list(rules, d.enclose[0])
        );
    }
}

/// The variant's names, its board, notation, directions and neighbour table.
fn board(o: &mut String, rules: &Rules) {
    let spec = rules.spec();
    let g = &spec.geometry;
    let _ = writeln!(o, "variant {} ({})", spec.id, spec.name);
    if !spec.aliases.is_empty() {
        let _ = writeln!(o, "aliases: {}", spec.aliases.join(", "));
    }
    if !spec.gametypes.is_empty() {
        let _ = writeln!(o, "PDN GameType: {}", spec.gametypes.join(" | "));
    }
    let board = match g.shape() {
        Shape::Square { width, height, playable: Playable::Lines } => {
            let lines: Vec<String> = g.lines().iter().map(|&(a, b)| format!("{}-{}", square_name(a), square_name(b))).collect();
            let rings: Vec<String> = g.rings().iter().map(|r| r.iter().map(|&p| square_name(p)).collect::<Vec<_>>().join("-")).collect();
            let rings = if rings.is_empty() { String::new() } else { format!(" and {} rings: {}", rings.len(), rings.join(" ")) };
            let links: Vec<String> = g.links().iter().map(|&(a, b)| format!("{}-{}", square_name(a), square_name(b))).collect();
            let links = if links.is_empty() { String::new() } else { format!("; links (for `along = links`): {}", links.join(" ")) };
            format!("points on a {width}x{height} grid, joined by {} lines: {}{rings}{links}", lines.len(), lines.join(" "))
        }
        Shape::Square { width, height, playable } => {
            let cells = match playable {
                Playable::Dark { a1_dark } => format!("dark squares only, a1 {}", if a1_dark { "dark" } else { "light" }),
                _ => "every square".to_string(),
            };
            let holes: Vec<String> = g.holes().iter().map(|&at| square_name(at)).collect();
            let holes = if holes.is_empty() { String::new() } else { format!(", without {}", holes.join(" ")) };
            format!("square {width}x{height}, {cells}{holes}")
        }
        Shape::Hex { side } => format!("hexagon of side {side}, columns vertical"),
    };
    let notation = match spec.notation.kind() {
        NotationKind::Numeric(c) => format!("numbers 1-{} from the {} corner", g.len(), c.name()),
        NotationKind::Algebraic => "algebraic".to_string(),
        NotationKind::AlgebraicFromBlack => "algebraic from Black's side".to_string(),
    };
    let _ = writeln!(o, "board: {board}; {} cells; notation: {notation}", g.len());
    let _ = writeln!(o, "directions: {}", g.dirs().iter().map(|d| d.name).collect::<Vec<_>>().join(" "));
    let links = (0..g.len() as u16).map(|c| (0..g.dirs().len()).filter(|&d| g.step(c, d).is_some()).count()).sum::<usize>();
    let _ = writeln!(o, "neighbour table: {} cells x {} directions, {} links", g.len(), g.dirs().len(), links);
}

/// The bit layout, the engine that finds the moves, and how perft counts the moves at
/// its leaves: the fast path counts quiet moves in bulk, one by one for the kinds whose
/// [`KindTable::quiet_count`](super::KindTable::quiet_count) says why; the general engine
/// counts them cell by cell.
fn layout(o: &mut String, rules: &Rules) {
    let Some(l) = &rules.layout else {
        let why = crate::geometry::Layout::refusal(&rules.spec().geometry).map_or("", |r| r.reason());
        let _ = writeln!(o, "bit layout: none ({why}): moves are found and counted cell by cell");
        if let Err(why) = rules.fast_path() {
            let _ = writeln!(o, "moves: the general engine (not the fast path: {why})");
        }
        return;
    };
    let _ = writeln!(
        o,
        "bit layout: {} bits ({}), each direction one shift",
        l.width,
        if l.width <= 64 { "one 64-bit word" } else { "128-bit words" }
    );
    let (engine, leaves) = match (rules.engine(), rules.fast_path()) {
        (super::Engine::Fast, _) => {
            let words = if l.width <= 64 { 64 } else { 128 };
            (
                format!("the fast path (the position as {words}-bit sets copied from move to move, captures searched on them)"),
                fast_leaves(rules),
            )
        }
        (_, Ok(())) => {
            ("the general engine (chosen with --movegen; the fast path takes these rules too)".to_string(), general_leaves(rules))
        }
        (_, Err(why)) => (format!("the general engine (not the fast path: {why})"), general_leaves(rules)),
    };
    let _ = writeln!(o, "moves: {engine}; {leaves}");
}

/// How the fast path counts the moves at perft's leaves.
fn fast_leaves(rules: &Rules) -> String {
    if rules.count_by_generating {
        return "perft generates the moves at its leaves (a rule its count does not know)".to_string();
    }
    let slow: Vec<String> = rules.tables[0]
        .iter()
        .zip(&rules.spec().kinds)
        .filter_map(|(t, k)| t.quiet_count.reason().map(|why| format!("{} ({why})", k.name)))
        .collect();
    let slow = if slow.is_empty() { String::new() } else { format!(", one by one for {}", slow.join(", ")) };
    format!("perft counts quiet moves at its leaves in bulk{slow}")
}

/// How the general engine counts the moves at perft's leaves.
fn general_leaves(rules: &Rules) -> String {
    if rules.count_by_generating {
        "perft generates the moves at its leaves (a rule its count does not know)".to_string()
    } else {
        "perft counts quiet moves at its leaves piece by piece".to_string()
    }
}

/// The names of the kinds in a bit mask of kinds.
fn kind_names(rules: &Rules, mask: u8) -> Vec<&str> {
    rules.spec().kinds.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, k)| k.name.as_str()).collect()
}

/// A kind of piece: its letters and value, then per side its moves, captures and
/// promotion, then what it may capture, its cells to avoid and its quiet-move limit.
fn piece(o: &mut String, rules: &Rules, k: usize) {
    let spec = rules.spec();
    let kind = &spec.kinds[k];
    let t = &rules.tables[0][k];
    let _ = writeln!(
        o,
        "piece {}: FEN prefix {:?}, diagram {}/{}, value {}{}",
        kind.name,
        kind.fen,
        rules.piece_char(Side::White, k as u8),
        rules.piece_char(Side::Black, k as u8),
        kind.value,
        if t.is_king { ", a promoted kind" } else { "" }
    );
    for side in Side::BOTH {
        let t = &rules.tables[side][k];
        for m in &t.moves {
            move_rule(o, rules, side, m);
        }
        for c in &t.captures {
            capture_rule(o, rules, side, t, c);
        }
        if let Some((to, zone)) = &t.promotion {
            let _ = writeln!(o, "  {} promotes to {} on: {}", side.name(), spec.kinds[*to as usize].name, cell_list(rules, zone));
        }
    }
    let all = (1u16 << spec.kinds.len()) as u8;
    if t.can_capture != all.wrapping_sub(1) {
        let _ = writeln!(o, "  may capture only: {}", kind_names(rules, t.can_capture).join(", "));
    }
    for side in Side::BOTH {
        if let Some(z) = &rules.tables[side][k].avoid {
            let _ = writeln!(o, "  {}: may end a move on {} only when no other move is legal", side.name(), cell_list(rules, z));
        }
    }
    if let Some(m) = t.max_quiet_moves {
        let _ = writeln!(o, "  at most {m} quiet moves in a row by one such piece while its side has other pieces");
    }
    if t.may_stop {
        let _ = writeln!(o, "  may stop a capture after any capture, though it could go on");
    }
    // Its own capture lines, where they are not `[capture]`'s.
    let c = &spec.capture;
    match (kind.straight.filter(|&s| s != c.straight), kind.turn_back.filter(|&b| b != c.turn_back)) {
        (Some(true), _) => {
            let _ = writeln!(o, "  its capture goes on only straight ahead, in the direction of the capture before");
        }
        (Some(false), _) | (None, Some(_)) => {
            let turn_back = kind.turn_back.unwrap_or(c.turn_back);
            let way = if turn_back { "any way, back the way it came too" } else { "any way but back the way it came" };
            let _ = writeln!(o, "  its capture may turn {way}");
        }
        (None, None) => {}
    }
    if kind.turn_at_edge {
        let _ = writeln!(o, "  on a cell at the board's edge its capture may turn, any way but back");
    }
    match (&rules.tables[0][k].cells, &rules.tables[1][k].cells) {
        (Some(w), Some(b)) if w == b => {
            let _ = writeln!(o, "  stands only on {}", cell_list(rules, w));
        }
        (Some(w), Some(b)) => {
            let _ = writeln!(o, "  White: stands only on {}", cell_list(rules, w));
            let _ = writeln!(o, "  Black: stands only on {}", cell_list(rules, b));
        }
        _ => {}
    }
}

/// One quiet-move rule of one side.
fn move_rule(o: &mut String, rules: &Rules, side: Side, m: &MoveRule) {
    let how = match m.kind {
        MoveKind::Step if m.stride == 1 => "steps one cell".to_string(),
        MoveKind::Step if m.over_own => format!("steps {} cells over empty cells or its own pieces", m.stride),
        MoveKind::Step => format!("steps {} cells over empty cells", m.stride),
        MoveKind::Slide => "slides any distance".to_string(),
        MoveKind::Run => "runs over its own pieces to the first empty cell".to_string(),
    };
    let cond = match &m.condition {
        Some(c) if c.is_sees_enemy() => ", only to a cell that sees an enemy piece along an open line".to_string(),
        Some(c) => format!(", only where {}", condition_words(rules, side, c)),
        None => String::new(),
    };
    let along = if m.along_links { ", along lines and links" } else { "" };
    let becomes = m.becomes.map_or_else(String::new, |k| format!(", becoming a {}", rules.spec().kinds[k as usize].name));
    let _ = writeln!(o, "  {} moves: {how}, directions {}{cond}{along}{becomes}", side.name(), dir_list(rules, m.dirs));
}

/// One capture rule of one side, of the kind whose table is `t`.
fn capture_rule(o: &mut String, rules: &Rules, side: Side, t: &KindTable, c: &CapRule) {
    let distance = |gap| match gap {
        (0, u8::MAX) => "at any distance".to_string(),
        (a, b) if a == b => format!("with exactly {a} empty cells before it"),
        (a, u8::MAX) => format!("with at least {a} empty cells before it"),
        (a, b) => format!("with {a} to {b} empty cells before it"),
    };
    let how = match c.shape {
        CaptureShape::Jump => "jumps an adjacent piece, landing just beyond".to_string(),
        CaptureShape::Displace => {
            "jumps an adjacent piece of its own onto the enemy piece just beyond, which it takes and replaces (the move ends there)"
                .to_string()
        }
        CaptureShape::LongJump(stride) => {
            format!("jumps a piece {stride} cells away over empty cells, landing {stride} cells beyond it over empty cells")
        }
        CaptureShape::Fly { gap, .. } => {
            let distance = distance(gap);
            match c.shape.land() {
                Land::ANY => format!("flies to a piece {distance}, landing on any empty cell beyond"),
                Land::NEXT => format!("flies to a piece {distance}, landing just beyond"),
                Land { min, max } if min == max => format!("flies to a piece {distance}, landing on the cell {min} beyond it"),
                Land { min, max } => format!("flies to a piece {distance}, landing on an empty cell {min} to {max} beyond it"),
            }
        }
        CaptureShape::StepTaking { withdrawal: false } => {
            "steps to an adjacent empty cell and takes the line of pieces just beyond it".to_string()
        }
        CaptureShape::StepTaking { withdrawal: true } => {
            "steps to an adjacent empty cell and takes the line of pieces just behind the cell it left".to_string()
        }
        CaptureShape::Leap { min, approach, next, ends } => format!(
            "leaps a line of {} or more pieces{}, landing {}; {}",
            min,
            if approach { " at any distance" } else { "" },
            if next { "just beyond" } else { "on any empty cell beyond" },
            if ends { "the move ends" } else { "the capture may go on" }
        ),
    };
    let when = match c.when {
        When::Always => "",
        When::First => " (only as the first capture of a move)",
        When::Continuing => " (only after its first capture)",
    };
    let all = ((1u16 << rules.spec().kinds.len()) - 1) as u8;
    let only = if c.prey & all != t.can_capture & all {
        format!(", taking only {}", kind_names(rules, c.prey).join(" or "))
    } else {
        String::new()
    };
    let cond = c.condition.as_ref().map_or_else(String::new, |cond| format!(", landing only where {}", condition_words(rules, side, cond)));
    let when = format!("{only}{cond}{when}");
    let _ = writeln!(o, "  {} captures: {how}, directions {}{when}", side.name(), dir_list(rules, c.dirs));
}

/// The capture rules the search runs on ([`Rules::capture`]).
fn capture(o: &mut String, rules: &Rules) {
    let c = &rules.capture;
    let captures = match rules.optional_captures {
        0 => "compulsory".to_string(),
        o if o == rules.every_kind => "optional".to_string(),
        o => format!("compulsory, but optional for {}", kind_names(rules, o).join(", ")),
    };
    let _ = writeln!(o, "capture: {captures}");
    match rules.columns {
        Some(columns) => columns_rules(o, rules, columns),
        None => {
            let _ = writeln!(
                o,
                "  captured pieces are removed {}",
                match c.removal {
                    Removal::End => "when the move ends (they block, and are never taken twice)",
                    Removal::Immediate => "at once (their cells are free)",
                }
            );
        }
    }
    if let Some(zone) = c.cleared {
        let names: Vec<&str> = zone.iter().map(|z| rules.cell_name(z)).collect();
        let _ = writeln!(
            o,
            "  after every jump (whether the capture goes on is decided first) the pieces on {} cells are taken off, either side's, the capturing piece's too (then its capture ends): {}",
            names.len(),
            names.join(" ")
        );
    }
    if c.straight {
        let _ = writeln!(o, "  a capture goes on only straight ahead, in the direction of the capture before");
    } else if !c.turn_back {
        let _ = writeln!(o, "  a capture may not turn back the way it came");
    }
    let _ = writeln!(
        o,
        "  a man reaching its promotion cells during a capture: {}",
        match c.mid_promotion {
            MidPromotion::AtEnd => "promotes only if the move ends there",
            MidPromotion::PromoteAndContinue => "promotes at once and goes on capturing",
            MidPromotion::PromoteAndContinueIfAble =>
                "promotes at once, and goes on capturing as its new kind only where it could have gone on as before",
            MidPromotion::EndsMove => "the move ends there and it promotes",
        }
    );
    if c.landing == Landing::MustContinue {
        let _ = writeln!(o, "  a flying capture must land where it can go on capturing, if it can");
    }
    if let Some(h) = c.halt {
        let last = if h.last == 1 { "the last piece it takes is".to_string() } else { format!("the last {} pieces it takes are", h.last) };
        let min = if h.min_captures > 1 { format!(" and it takes at least {} pieces", h.min_captures) } else { String::new() };
        let names = kind_names(rules, h.kinds).join(" or ");
        let _ = writeln!(o, "  halt rule: a flying capture lands directly behind the last piece when {last} {names}{min}");
    }
    if !c.revisit {
        let _ = writeln!(o, "  a capture never lands where its piece has stood during the move, its start included");
    }
    if !c.stop_promotes && rules.tables[0].iter().any(|t| t.may_stop) {
        let _ = writeln!(o, "  a piece that stops a capture on its promotion cells, though it could go on, does not promote");
    }
    if c.precedence().is_empty() {
        let _ = writeln!(o, "  precedence: free choice among complete captures");
    } else {
        let _ = writeln!(o, "  precedence: {}", c.precedence().iter().map(|p| p.name()).collect::<Vec<_>>().join(", then "));
        if c.precedence_kinds & rules.every_kind != rules.every_kind {
            let ranked = kind_names(rules, c.precedence_kinds).join(", ");
            let _ = writeln!(o, "    ranking only the captures of: {ranked}; the others' captures are offered beside the best of them");
        }
        if c.longest_after_crowning {
            let _ = writeln!(o, "    a piece crowned during its capture into a ranked kind takes the most pieces it can from there");
        }
        if c.per_piece {
            let _ = writeln!(o, "    each piece's captures ranked among themselves: a piece that captures makes one of its own best");
        }
    }
    huff(o, c);
    if rules.spec().capture.moves_again {
        let _ = writeln!(
            o,
            "  after a capture that ends where its piece could begin another, the same side moves again: a whole new move, of any piece"
        );
    }
}

/// Huffing, if the variant has it.
fn huff(o: &mut String, c: &crate::compile::CaptureSettings) {
    let when = match c.huff {
        Huff::None => return,
        Huff::RemovedAtOnce => "they are taken off at the end of that move",
        Huff::OpponentRemovesOne => "the opponent may take one of them off before its next move, the removal and its move one move",
    };
    let best = if c.precedence().is_empty() { "could capture" } else { "could have made one of its best captures, over all its pieces" };
    let _ = writeln!(
        o,
        "  huffing: when a side moves without capturing, though it could, its pieces that {best} (the moved one where it went): {when}"
    );
    if c.huff_spares_last_landing {
        let _ = writeln!(o, "    except after a move that ends where its side's last capture first landed");
    }
}

/// How the game ends.
fn end(o: &mut String, rules: &Rules) {
    let e = &rules.spec().end;
    let no_moves = match e.no_moves {
        NoMoves::Loss => "loses",
        NoMoves::Win => "wins",
        NoMoves::Pass => "passes",
        NoMoves::PassThenLoss => "passes, and the game is over after its pass: it loses",
    };
    let _ = writeln!(o, "end: a side without a legal move {no_moves}");
    match e.no_pieces {
        NoPieces::MoverWins => {
            let _ = writeln!(o, "  a move after which either side has no pieces wins for the side that made it");
        }
        NoPieces::PassThenLoss => {
            let _ = writeln!(o, "  a side without pieces passes, and the game is over after its pass: it loses");
        }
        NoPieces::Win | NoPieces::Loss => {
            let wins = e.no_pieces == NoPieces::Win;
            if matches!(e.no_moves, NoMoves::Pass | NoMoves::PassThenLoss) || wins != (e.no_moves == NoMoves::Win) {
                let _ = writeln!(o, "  a side without pieces {}", if wins { "wins" } else { "loses" });
            }
        }
    }
    if let Some(n) = e.passes_draw {
        let _ = writeln!(o, "  draw after {n} passes in a row");
    }
    if e.promotion_wins {
        let _ = writeln!(o, "  the first side to promote wins");
    }
    for c in &e.counts {
        let _ = writeln!(o, "  {} after {}", if c.claim { "a draw may be claimed" } else { "draw" }, c.reason);
    }
    if let Some(n) = e.repetition {
        let _ = writeln!(o, "  draw when a position occurs {n} times");
    }
    for m in &e.material {
        let result = match m.result {
            MaterialResult::Loss => "loses",
            MaterialResult::Draw => "draws",
            MaterialResult::Win => "wins",
        };
        let against = m.against.as_ref().map(|a| format!(" against exactly {}", material_words(rules, a))).unwrap_or_default();
        let _ = writeln!(o, "  a side left with exactly {}{against} {result}", material_words(rules, &m.counts));
    }
    for r in &e.rules {
        let result = match r.result {
            MaterialResult::Loss => "loses",
            MaterialResult::Draw => "draws",
            MaterialResult::Win => "wins",
        };
        let _ = writeln!(o, "  the side to move {result} where {} (`[[end.rule]]`)", end_condition_words(rules, &r.when));
    }
}

/// `1 king and 2 men`-style words for a material, kind names as in the file.
fn material_words(rules: &Rules, counts: &[u8]) -> String {
    let parts: Vec<String> =
        counts.iter().zip(&rules.spec().kinds).filter(|(n, _)| **n > 0).map(|(n, k)| format!("{n} {}", k.name)).collect();
    parts.join(" + ")
}

/// The start position as a diagram.
fn setup_diagram(rules: &Rules) -> String {
    let spec = rules.spec();
    spec.geometry.diagram(|cell| {
        for side in Side::BOTH {
            if let Some(&(_, k)) = spec.setup[side].iter().find(|(c, _)| *c == cell) {
                return rules.piece_char(side, k);
            }
        }
        '.'
    })
}

/// What `[columns]` makes of captures: what a jump takes, and when a column may be jumped
/// again.
fn columns_rules(o: &mut String, rules: &Rules, columns: Columns) {
    let c = &rules.capture;
    let whole = columns.take == ColumnTake::Column;
    let _ = writeln!(
        o,
        "  captured pieces are kept, in columns: a jump takes {} and puts it at the bottom of the capturing column",
        if whole { "the whole jumped column, in its order," } else { "the top piece of the jumped column" }
    );
    let _ =
        writeln!(o, "  a column belongs to the side of its top piece, and moves, captures and promotes (its top piece only) as that piece");
    let _ = writeln!(
        o,
        "  {}",
        match (c.removal, columns.jump_again) {
            (Removal::End, _) if whole => "a jumped column blocks until the move ends, then leaves its cell whole",
            (Removal::End, _) => "a jumped column blocks until the move ends: a capture jumps it at most once",
            (Removal::Immediate, _) if whole => "a jumped column leaves its cell at once",
            (Removal::Immediate, JumpAgain::Any) => {
                "the rest of a jumped column stands at once: a capture may jump it again whenever an enemy piece is on its top"
            }
            (Removal::Immediate, JumpAgain::NotNext) => {
                "the rest of a jumped column stands at once: a capture may jump it again, but not by the very next jump"
            }
        }
    );
}
