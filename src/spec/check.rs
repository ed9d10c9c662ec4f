//! From the file as written to a checked [`Spec`]: names resolved, sets computed, every
//! error collected with its span.

use super::checked::*;
use super::diag::{near_miss, Diagnostic, Diagnostics};
use super::dsl::{self, Arg, Expr, Op};
use super::raw::{RawVariant, SStr};
use crate::geometry::{CellSet, Corner, Geometry, Notation, NotationKind, Playable, Shape};
use std::ops::Range;
use toml::Spanned;

/// Parses and checks a variant file. `file` is the name shown in diagnostics.
pub fn load(source: &str, file: &str) -> Result<Spec, Diagnostics> {
    let fail = |items| Diagnostics { file: file.to_string(), source: source.to_string(), items };
    let raw: RawVariant = match toml::from_str(source) {
        Ok(r) => r,
        Err(e) => return Err(fail(vec![toml_error(&e, source)])),
    };
    let mut cx = Checker { source, errors: super::options::check_options(&raw) };
    let spec = cx.check_ref(&raw).map(|mut s| {
        super::options::fill_options(&mut s, &raw);
        s
    });
    match spec {
        Some(s) if cx.errors.is_empty() => Ok(s),
        _ => {
            let mut items = cx.errors;
            items.sort_by_key(|d| d.span.start);
            Err(fail(items))
        }
    }
}

fn toml_error(e: &toml::de::Error, source: &str) -> Diagnostic {
    let span = e.span().unwrap_or(0..0);
    let msg = e.message().trim().to_string();
    // serde says: unknown field `foo`, expected one of `a`, `b`
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        if let Some((name, tail)) = rest.split_once('`') {
            let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
            let mut d = Diagnostic::new(format!("unknown key `{name}`"), span, "not a key of this table");
            d.help = Some(match near_miss(name, expected.iter().copied()) {
                Some(m) => format!("did you mean `{m}`? the keys here are: {}", expected.join(", ")),
                None => format!("the keys here are: {}", expected.join(", ")),
            });
            return d;
        }
    }
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or("");
        return Diagnostic::new(format!("missing key `{name}`"), span, format!("this table needs `{name}`"))
            .help("see docs/variant-format.md for the keys of each table");
    }
    let span = if span.is_empty() && span.start < source.len() { span.start..span.start + 1 } else { span };
    Diagnostic::new(msg.replace('\n', " "), span, "here").help("a variant file is TOML; see docs/variant-format.md")
}

struct Checker<'a> {
    source: &'a str,
    errors: Vec<Diagnostic>,
}

/// Context for lowering a cell or direction expression for one side.
struct Ctx<'g> {
    g: &'g Geometry,
    n: &'g Notation,
    side: Side,
    forward: usize,
    /// Whether explicit cells are seen from White and turned for Black.
    relative: bool,
}

fn one_of<T: Copy>(s: &SStr, options: &[(&str, T)], what: &str) -> Result<T, Diagnostic> {
    if let Some((_, v)) = options.iter().find(|(n, _)| *n == s.get_ref()) {
        return Ok(*v);
    }
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    let mut d = Diagnostic::new(format!("unknown {what} `{}`", s.get_ref()), s.span(), format!("not a known {what}"));
    d.help = Some(match near_miss(s.get_ref(), names.iter().copied()) {
        Some(m) => format!("did you mean `{m}`? expected one of: {}", names.join(", ")),
        None => format!("expected one of: {}", names.join(", ")),
    });
    Err(d)
}

impl Checker<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn ok<T>(&mut self, r: Result<T, Diagnostic>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(d) => {
                self.err(d);
                None
            }
        }
    }

    /// Byte offset of the first character inside a string value's quotes.
    fn inner(&self, s: &SStr) -> usize {
        let start = s.span().start;
        let rest = &self.source[start.min(self.source.len())..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            start + 3
        } else if rest.starts_with('"') || rest.starts_with('\'') {
            start + 1
        } else {
            start
        }
    }

    fn parse(&mut self, s: &SStr) -> Option<dsl::Expression> {
        let base = self.inner(s);
        let r = dsl::parse(s.get_ref(), base);
        self.ok(r)
    }

    /// A cell set written from White's point of view, for both sides (Black's is its half
    /// turn): promotion zones and cells to avoid.
    fn relative_cells(&mut self, s: &SStr, g: &Geometry, n: &Notation, forward: [usize; 2]) -> Option<[CellSet; 2]> {
        let e = self.parse(s)?;
        if let Some(c) = &e.condition {
            self.err(Diagnostic::new("cell sets take no `where` condition", c.span(), "not here"));
        }
        let mut zones = [CellSet::EMPTY; 2];
        for side in Side::BOTH {
            let cx = Ctx { g, n, side, forward: forward[side as usize], relative: true };
            let r = lower_cells(&e.body, &cx);
            zones[side as usize] = self.ok(r)?;
        }
        Some(zones)
    }

    fn int(&mut self, v: &Option<Spanned<i64>>, what: &str, range: Range<i64>) -> Option<i64> {
        let v = v.as_ref()?;
        if range.contains(v.get_ref()) {
            Some(*v.get_ref())
        } else {
            self.err(Diagnostic::new(
                format!("{what} must be from {} to {}, not {}", range.start, range.end - 1, v.get_ref()),
                v.span(),
                "out of range",
            ));
            None
        }
    }

    fn check_ref(&mut self, raw: &RawVariant) -> Option<Spec> {
        // Board.
        let board = raw.board.get_ref();
        let shape_span = board.shape.span();
        let shape = match board.shape.get_ref().as_str() {
            "square" => {
                for (k, v) in [("side", &board.side)] {
                    if let Some(v) = v {
                        self.err(
                            Diagnostic::new(format!("`{k}` is for hexagonal boards"), v.span(), "not for a square board")
                                .help("a square board has `width` and `height`"),
                        );
                    }
                }
                let w = self.int(&board.width, "`width`", 4..17);
                let h = self.int(&board.height, "`height`", 4..17);
                if board.width.is_none() || board.height.is_none() {
                    self.err(
                        Diagnostic::new("a square board needs `width` and `height`", raw.board.span(), "in this table")
                            .help("add for example `width = 10` and `height = 10`"),
                    );
                }
                let cells = match &board.cells {
                    None => Some(false),
                    Some(c) => {
                        let r = one_of(c, &[("dark", false), ("all", true)], "cell choice");
                        self.ok(r)
                    }
                }?;
                if let (Some(a), true) = (&board.a1, cells) {
                    self.err(
                        Diagnostic::new("`a1` is for boards of dark squares", a.span(), "every square is played on this board")
                            .help("remove `a1`, or write `cells = \"dark\"`"),
                    );
                }
                let a1_dark = match &board.a1 {
                    None => Some(true),
                    Some(c) => {
                        let r = one_of(c, &[("dark", true), ("light", false)], "colour");
                        self.ok(r)
                    }
                }?;
                let playable = if cells { Playable::All } else { Playable::Dark { a1_dark } };
                Shape::Square { width: w? as u8, height: h? as u8, playable }
            }
            "hex" => {
                for (k, v) in [("width", &board.width), ("height", &board.height)] {
                    if let Some(v) = v {
                        self.err(
                            Diagnostic::new(format!("`{k}` is for square boards"), v.span(), "not for a hexagonal board")
                                .help("a hexagonal board has `side`, the number of cells along each edge"),
                        );
                    }
                }
                if let Some(c) = &board.cells {
                    self.err(
                        Diagnostic::new("`cells` is for square boards", c.span(), "not for a hexagonal board")
                            .help("every cell of a hexagonal board is played on"),
                    );
                }
                if let Some(c) = &board.a1 {
                    self.err(
                        Diagnostic::new("`a1` is for square boards", c.span(), "not for a hexagonal board")
                            .help("every cell of a hexagonal board is played on"),
                    );
                }
                if board.side.is_none() {
                    self.err(
                        Diagnostic::new("a hexagonal board needs `side`", raw.board.span(), "in this table")
                            .help("add for example `side = 5` (61 cells)"),
                    );
                }
                let s = self.int(&board.side, "`side`", 2..10)?;
                Shape::Hex { side: s as u8 }
            }
            other => {
                let mut d = Diagnostic::new(format!("unknown board shape `{other}`"), shape_span, "not a shape");
                d.help = Some("the shapes are `square` and `hex`".into());
                self.err(d);
                return None;
            }
        };
        let geometry = Geometry::new(shape);
        let notation_kind = match &board.notation {
            None => Some(if matches!(shape, Shape::Hex { .. }) { "algebraic" } else { "numeric" }),
            Some(n) => {
                let r = one_of(n, &[("numeric", "numeric"), ("algebraic", "algebraic")], "notation");
                self.ok(r)
            }
        }?;
        let kind = if notation_kind == "numeric" {
            if matches!(shape, Shape::Hex { .. }) {
                self.err(
                    Diagnostic::new(
                        "hexagonal boards name cells algebraically",
                        board.notation.as_ref().map_or(shape_span.clone(), |n| n.span()),
                        "numeric notation is for square boards",
                    )
                    .help("remove `notation` or write `notation = \"algebraic\"`"),
                );
                return None;
            }
            let corner = match &board.numbering {
                None => Some(Corner::TopLeft),
                Some(c) => {
                    let opts: Vec<(&str, Corner)> = Corner::NAMES.iter().map(|n| (*n, Corner::parse(n).expect("named"))).collect();
                    let r = one_of(c, &opts, "corner");
                    self.ok(r)
                }
            }?;
            NotationKind::Numeric(corner)
        } else {
            if let Some(c) = &board.numbering {
                let help = if matches!(shape, Shape::Hex { .. }) {
                    "hexagonal boards name cells algebraically: remove `numbering`"
                } else {
                    "remove it, or set `notation = \"numeric\"`"
                };
                self.err(Diagnostic::new("`numbering` is for numeric notation", c.span(), "not used with algebraic names").help(help));
            }
            NotationKind::Algebraic
        };
        let notation = Notation::new(&geometry, kind);

        // Sides.
        let mut first = Side::White;
        let mut forward = [geometry.dir_index("n").expect("every shape has n"), geometry.dir_index("s").expect("every shape has s")];
        if let Some(sides) = &raw.sides {
            let s = sides.get_ref();
            if let Some(f) = &s.first {
                let r = one_of(f, &[("white", Side::White), ("black", Side::Black)], "side");
                if let Some(v) = self.ok(r) {
                    first = v;
                }
            }
            let names: Vec<(&str, usize)> = geometry.dirs().iter().enumerate().map(|(i, d)| (d.name, i)).collect();
            if let Some(f) = &s.white_forward {
                let r = one_of(f, &names, "direction");
                if let Some(d) = self.ok(r) {
                    forward = [d, geometry.opposite(d)];
                }
            }
            if let Some(f) = &s.black_forward {
                let r = one_of(f, &names, "direction");
                if let Some(d) = self.ok(r) {
                    forward[1] = d;
                }
            }
        }

        // Piece kinds: names first, so that rules may refer to any kind.
        let pieces = &raw.pieces.0;
        if pieces.is_empty() {
            self.err(Diagnostic::new("no piece kinds", raw.board.span(), "`[pieces]` has no kind").help("add at least `[pieces.man]`"));
            return None;
        }
        if pieces.len() > 8 {
            self.err(Diagnostic::new("at most 8 piece kinds", pieces[8].1.span(), "one kind too many"));
            return None;
        }
        let kind_names: Vec<String> = pieces.iter().map(|(k, _)| k.clone()).collect();
        let kind_index = |s: &SStr| -> Result<u8, Diagnostic> {
            let opts: Vec<(&str, u8)> = kind_names.iter().enumerate().map(|(i, n)| (n.as_str(), i as u8)).collect();
            one_of(s, &opts, "piece kind")
        };
        let mut kinds = Vec::new();
        let mut fens: Vec<(String, Range<usize>)> = Vec::new();
        for (i, (name, piece)) in pieces.iter().enumerate() {
            let p = piece.get_ref();
            let fen = p.fen.as_ref().map(|f| f.get_ref().clone()).unwrap_or_else(|| {
                if i == 0 {
                    String::new()
                } else {
                    name.chars().next().map(|c| c.to_uppercase().to_string()).unwrap_or_default()
                }
            });
            let fen_span = p.fen.as_ref().map_or(piece.span(), |f| f.span());
            if !fen.chars().all(|c| c.is_ascii_uppercase()) || fen.len() > 1 {
                self.err(
                    Diagnostic::new(
                        format!("the FEN prefix `{fen}` is not a capital letter"),
                        fen_span.clone(),
                        "a FEN prefix is one capital letter, or empty",
                    )
                    .help("men usually have `fen = \"\"`, kings `fen = \"K\"`"),
                );
            } else if let Some((_, prev)) = fens.iter().find(|(f, _)| *f == fen) {
                let _ = prev;
                self.err(
                    Diagnostic::new(format!("two piece kinds have the FEN prefix `{fen}`"), fen_span.clone(), "already used")
                        .help("give each kind its own prefix"),
                );
            }
            fens.push((fen.clone(), fen_span));
            let symbol = match &p.symbol {
                Some(s) if s.get_ref().chars().count() == 1 && s.get_ref().chars().all(|c| c.is_ascii_alphabetic()) => {
                    s.get_ref().chars().next().expect("one char").to_ascii_lowercase()
                }
                Some(s) => {
                    self.err(Diagnostic::new("a symbol is one letter", s.span(), "not one letter"));
                    'm'
                }
                None => {
                    if i == 0 {
                        'm'
                    } else {
                        name.chars().next().unwrap_or('k').to_ascii_lowercase()
                    }
                }
            };
            let value = self.int(&p.value, "`value`", 0..1_000_001).unwrap_or(1) as u32;
            let max_quiet_moves = self.int(&p.max_quiet_moves, "`max_quiet_moves`", 1..256).map(|v| v as u8);
            let mut moves = Vec::new();
            for m in &p.moves {
                if let Some(e) = self.parse(m) {
                    let r = lower_move(&e, &geometry, &notation, forward);
                    if let Some(rule) = self.ok(r) {
                        moves.push(rule);
                    }
                }
            }
            let mut captures = Vec::new();
            for c in &p.captures {
                if let Some(e) = self.parse(c) {
                    if let Some(cond) = &e.condition {
                        self.err(Diagnostic::new("a capture takes no `where` condition", cond.span(), "only quiet moves have conditions"));
                    }
                    let r = lower_capture(&e.body, &geometry, &notation, forward, &kind_names);
                    if let Some(rule) = self.ok(r) {
                        captures.push(rule);
                    }
                }
            }
            let can_capture = match &p.can_capture {
                None => u8::MAX,
                Some(list) => {
                    let mut m = 0u8;
                    for k in list {
                        let r = kind_index(k);
                        if let Some(i) = self.ok(r) {
                            m |= 1 << i;
                        }
                    }
                    m
                }
            };
            let promotion = match (&p.promotion, &p.promotes_to) {
                (None, None) => None,
                (Some(z), None) => {
                    self.err(
                        Diagnostic::new("`promotion` without `promotes_to`", z.span(), "promotes where, but to what?")
                            .help("add `promotes_to = \"king\"` (the name of another piece kind)"),
                    );
                    None
                }
                (None, Some(t)) => {
                    self.err(
                        Diagnostic::new("`promotes_to` without `promotion`", t.span(), "promotes to what, but where?")
                            .help("add the promotion cells, e.g. `promotion = \"rank(10)\"`"),
                    );
                    None
                }
                (Some(z), Some(t)) => {
                    let target = self.ok(kind_index(t));
                    if target == Some(i as u8) {
                        self.err(Diagnostic::new("a kind cannot promote to itself", t.span(), "same kind"));
                    }
                    let zone = self.relative_cells(z, &geometry, &notation, forward);
                    if zone.is_some_and(|zones| zones[0].is_empty()) {
                        self.err(
                            Diagnostic::new("the promotion zone is empty", z.span(), "no cell")
                                .help("name cells on the board, e.g. `rank(10)`"),
                        );
                    }
                    match (target, zone) {
                        (Some(t), Some(z)) => Some((t, z)),
                        _ => None,
                    }
                }
            };
            let avoid = p.avoid.as_ref().and_then(|z| self.relative_cells(z, &geometry, &notation, forward));
            kinds.push(Kind { name: name.clone(), fen, symbol, value, moves, captures, can_capture, promotion, max_quiet_moves, avoid });
        }
        let all_kinds = (1u16 << kinds.len()) - 1;
        for k in &mut kinds {
            k.can_capture &= all_kinds as u8;
        }

        // Capture rules.
        let mut capture = CaptureRules {
            mandatory: true,
            removal: Removal::End,
            turn_back: true,
            promotion: MidPromotion::AtEnd,
            landing: Landing::Free,
            precedence: Vec::new(),
            halt: None,
        };
        if let Some(c) = &raw.capture {
            let c = c.get_ref();
            if let Some(m) = &c.mandatory {
                capture.mandatory = *m.get_ref();
            }
            if let Some(t) = &c.turn_back {
                capture.turn_back = *t.get_ref();
            }
            if let Some(r) = &c.removal {
                let r = one_of(r, &[("end", Removal::End), ("immediate", Removal::Immediate)], "removal");
                if let Some(v) = self.ok(r) {
                    capture.removal = v;
                }
            }
            if let Some(p) = &c.promotion {
                let r = one_of(
                    p,
                    &[
                        ("at-end", MidPromotion::AtEnd),
                        ("promote-and-continue", MidPromotion::PromoteAndContinue),
                        ("ends-move", MidPromotion::EndsMove),
                    ],
                    "promotion rule",
                );
                if let Some(v) = self.ok(r) {
                    capture.promotion = v;
                }
            }
            if let Some(l) = &c.landing {
                let r = one_of(l, &[("free", Landing::Free), ("must-continue", Landing::MustContinue)], "landing rule");
                if let Some(v) = self.ok(r) {
                    capture.landing = v;
                }
            }
            for p in &c.precedence {
                let r = one_of(p, &Criterion::NAMES, "precedence criterion");
                if let Some(v) = self.ok(r) {
                    if capture.precedence.contains(&v) {
                        self.err(
                            Diagnostic::new(format!("`{}` is listed twice", v.name()), p.span(), "already a criterion")
                                .help("each criterion counts once; remove this one"),
                        );
                    } else {
                        capture.precedence.push(v);
                    }
                }
            }
            let mut kinds = 0u8;
            for k in &c.halt_behind {
                if let Some(i) = self.ok(kind_index(k)) {
                    kinds |= 1 << i;
                }
            }
            let last = self.int(&c.halt_last, "`halt_last`", 1..33).unwrap_or(1) as u8;
            let min_captures = self.int(&c.halt_min_captures, "`halt_min_captures`", 1..65).unwrap_or(1) as u8;
            if kinds != 0 {
                capture.halt = Some(Halt { kinds, last, min_captures });
            } else if let Some(v) = c.halt_last.as_ref().or(c.halt_min_captures.as_ref()) {
                self.err(
                    Diagnostic::new("a halt rule needs `halt_behind`", v.span(), "halt after which kinds?")
                        .help("add e.g. `halt_behind = [\"king\"]`; list every kind to halt after any piece"),
                );
            }
        }

        // Setup.
        let setup_raw = raw.setup.get_ref();
        let mut setup: [Vec<(u16, u8)>; 2] = [Vec::new(), Vec::new()];
        let mut taken = CellSet::EMPTY;
        let mut taken_span: Vec<(u16, Range<usize>)> = Vec::new();
        for side in Side::BOTH {
            let (expr, kind) = match side {
                Side::White => (&setup_raw.white, &setup_raw.white_kind),
                Side::Black => (&setup_raw.black, &setup_raw.black_kind),
            };
            let k = match kind {
                None => 0,
                Some(k) => self.ok(kind_index(k)).unwrap_or(0),
            };
            let Some(e) = self.parse(expr) else { continue };
            if let Some(c) = &e.condition {
                self.err(Diagnostic::new("cell sets take no `where` condition", c.span(), "not here"));
            }
            let cx = Ctx { g: &geometry, n: &notation, side, forward: forward[side as usize], relative: false };
            let Some(cells) = self.ok(lower_cells(&e.body, &cx)) else { continue };
            let overlap = cells.intersection(&taken);
            if let Some(c) = overlap.iter().next() {
                let first_span = taken_span.iter().find(|(t, _)| *t == c).map(|(_, s)| s.clone());
                let mut d = Diagnostic::new(
                    format!("the setup puts both sides on {} cell(s), first {}", overlap.len(), notation.name(c)),
                    expr.span(),
                    "overlaps White's cells",
                );
                if let Some(s) = first_span {
                    let (line, col) = super::diag::line_col(self.source, s.start);
                    d.help = Some(format!("White's cells are set at line {line}, column {col}; give each cell to one side"));
                }
                self.err(d);
            }
            for c in cells.iter() {
                taken_span.push((c, expr.span()));
                setup[side as usize].push((c, k));
            }
            taken = taken.union(&cells);
        }

        // End rules.
        let mut end = EndRules { no_moves_wins: false, promotion_wins: false, repetition: None };
        if let Some(e) = &raw.end {
            let e = e.get_ref();
            if let Some(n) = &e.no_moves {
                let r = one_of(n, &[("loss", false), ("win", true)], "outcome");
                if let Some(v) = self.ok(r) {
                    end.no_moves_wins = v;
                }
            }
            if let Some(p) = &e.promotion_wins {
                end.promotion_wins = *p.get_ref();
            }
            end.repetition = self.int(&e.repetition, "`repetition`", 2..256).map(|v| v as u8);
        }

        let meta = &raw.variant;
        let id = meta.id.get_ref().clone();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            self.err(
                Diagnostic::new(format!("the id `{id}` is not a plain lowercase name"), meta.id.span(), "letters, digits and `-` only")
                    .help("ids are used on the command line, e.g. `international`"),
            );
        }
        let strings = |v: &Vec<SStr>| v.iter().map(|s| s.get_ref().clone()).collect::<Vec<_>>();
        Some(Spec {
            id,
            name: meta.name.get_ref().clone(),
            description: meta.description.as_ref().map(|d| d.get_ref().trim().to_string()).unwrap_or_default(),
            aliases: strings(&meta.aliases),
            gametypes: strings(&meta.gametype),
            sources: strings(&meta.sources),
            geometry,
            notation,
            first,
            forward,
            kinds,
            capture,
            setup,
            end,
            options: Vec::new(),
        })
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Positional and named arguments of a call, checked against what it takes.
struct Args<'e> {
    positional: Vec<&'e Expr>,
    named: Vec<(&'e str, Range<usize>, &'e Expr)>,
}

fn split_args<'e>(name: &str, args: &'e [Arg], span: &Range<usize>, positional: usize, named: &[&str]) -> Result<Args<'e>, Diagnostic> {
    let mut out = Args { positional: Vec::new(), named: Vec::new() };
    for a in args {
        match &a.name {
            None => out.positional.push(&a.value),
            Some((n, s)) => {
                if !named.contains(&n.as_str()) {
                    let mut d = Diagnostic::new(format!("`{name}` takes no argument `{n}`"), s.clone(), "unknown argument");
                    d.help = Some(if named.is_empty() {
                        format!("`{name}` takes no named arguments")
                    } else {
                        match near_miss(n, named.iter().copied()) {
                            Some(m) => format!("did you mean `{m}`? `{name}` takes: {}", named.join(", ")),
                            None => format!("`{name}` takes: {}", named.join(", ")),
                        }
                    });
                    return Err(d);
                }
                out.named.push((n.as_str(), s.clone(), &a.value));
            }
        }
    }
    if out.positional.len() != positional {
        return Err(Diagnostic::new(
            format!("`{name}` takes {}, not {}", plural(positional, "argument"), out.positional.len()),
            span.clone(),
            "wrong number of arguments",
        ));
    }
    Ok(out)
}

fn bare_name(e: &Expr, what: &str, options: &[&str]) -> Result<String, Diagnostic> {
    match e {
        Expr::Name { name, span } => {
            if options.contains(&name.as_str()) {
                Ok(name.clone())
            } else {
                let mut d = Diagnostic::new(format!("unknown {what} `{name}`"), span.clone(), format!("not a {what}"));
                d.help = Some(match near_miss(name, options.iter().copied()) {
                    Some(m) => format!("did you mean `{m}`? expected one of: {}", options.join(", ")),
                    None => format!("expected one of: {}", options.join(", ")),
                });
                Err(d)
            }
        }
        other => Err(Diagnostic::new(format!("expected a {what}"), other.span(), format!("not a {what}"))
            .help(format!("expected one of: {}", options.join(", ")))),
    }
}

const MOVE_CALLS: [&str; 3] = ["step", "slide", "run"];
const CAPTURE_CALLS: [&str; 3] = ["jump", "fly", "leap"];

fn lower_move(e: &dsl::Expression, g: &Geometry, n: &Notation, forward: [usize; 2]) -> Result<MoveRule, Diagnostic> {
    let (name, name_span, args, span) = match &e.body {
        Expr::Call { name, name_span, args, span } => (name, name_span, args, span),
        other => {
            return Err(Diagnostic::new("a move is a call such as `step(diagonal & forward)`", other.span(), "not a move")
                .help("moves are `step(DIRS)`, `slide(DIRS)` and `run(DIRS)`"));
        }
    };
    let kind = match name.as_str() {
        "step" => MoveKind::Step,
        "slide" => MoveKind::Slide,
        "run" => MoveKind::Run,
        other => {
            let mut d = Diagnostic::new(format!("unknown move `{other}`"), name_span.clone(), "not a move");
            d.help = Some(match near_miss(other, MOVE_CALLS) {
                Some(m) => format!("did you mean `{m}`? moves are `step`, `slide` and `run`"),
                None if CAPTURE_CALLS.contains(&other) => format!("`{other}` is a capture: put it under `captures`"),
                None => "moves are `step`, `slide` and `run`".to_string(),
            });
            return Err(d);
        }
    };
    let a = split_args(name, args, span, 1, &[])?;
    let dirs = side_dirs(a.positional[0], g, n, forward)?;
    let condition = match &e.condition {
        None => None,
        Some(c) => {
            bare_name(c, "condition", &["sees_enemy"])?;
            Some(Condition::SeesEnemy)
        }
    };
    Ok(MoveRule { kind, dirs, condition })
}

fn side_dirs(e: &Expr, g: &Geometry, n: &Notation, forward: [usize; 2]) -> Result<[u8; 2], Diagnostic> {
    let mut out = [0u8; 2];
    for side in Side::BOTH {
        let cx = Ctx { g, n, side, forward: forward[side as usize], relative: true };
        out[side as usize] = lower_dirs(e, &cx)?;
    }
    if out[0] == 0 {
        return Err(Diagnostic::new("this direction set is empty", e.span(), "no direction")
            .help("check the operators: `diagonal & forward` keeps the forward diagonals"));
    }
    Ok(out)
}

/// A set of piece kinds: `man`, `man | king`.
fn kind_mask(e: &Expr, kinds: &[String]) -> Result<u8, Diagnostic> {
    match e {
        Expr::Name { name, span } => match kinds.iter().position(|k| k == name) {
            Some(i) => Ok(1 << i),
            None => {
                let mut d = Diagnostic::new(format!("unknown piece kind `{name}`"), span.clone(), "not a piece kind");
                d.help = Some(match near_miss(name, kinds.iter().map(String::as_str)) {
                    Some(m) => format!("did you mean `{m}`? the kinds are: {}", kinds.join(", ")),
                    None => format!("the kinds are: {}", kinds.join(", ")),
                });
                Err(d)
            }
        },
        Expr::Binary { op: Op::Union, lhs, rhs, .. } => Ok(kind_mask(lhs, kinds)? | kind_mask(rhs, kinds)?),
        other => Err(Diagnostic::new("expected piece kinds such as `man | king`", other.span(), "not a set of kinds")),
    }
}

fn lower_capture(e: &Expr, g: &Geometry, n: &Notation, forward: [usize; 2], kind_names: &[String]) -> Result<CaptureRule, Diagnostic> {
    let (name, name_span, args, span) = match e {
        Expr::Call { name, name_span, args, span } => (name, name_span, args, span),
        other => {
            return Err(Diagnostic::new("a capture is a call such as `jump(diagonal)`", other.span(), "not a capture")
                .help("captures are `jump(DIRS)`, `fly(DIRS)` and `leap(DIRS)`"));
        }
    };
    let kind = match name.as_str() {
        "jump" => CaptureKind::Jump,
        "fly" => CaptureKind::Fly,
        "leap" => CaptureKind::Leap,
        other => {
            let mut d = Diagnostic::new(format!("unknown capture `{other}`"), name_span.clone(), "not a capture");
            d.help = Some(match near_miss(other, CAPTURE_CALLS) {
                Some(m) => format!("did you mean `{m}`? captures are `jump`, `fly` and `leap`"),
                None if MOVE_CALLS.contains(&other) => format!("`{other}` is a quiet move: put it under `moves`"),
                None => "captures are `jump`, `fly` and `leap`".to_string(),
            });
            return Err(d);
        }
    };
    let allowed: &[&str] = match kind {
        CaptureKind::Jump => &["when", "kinds"],
        CaptureKind::Fly => &["land", "when", "kinds"],
        CaptureKind::Leap => &["approach", "min", "when", "kinds"],
    };
    let a = split_args(name, args, span, 1, allowed)?;
    let dirs = side_dirs(a.positional[0], g, n, forward)?;
    let mut rule = CaptureRule { kind, dirs, land: Land::Any, approach: false, min: 2, when: When::Always, kinds: u8::MAX };
    if kind == CaptureKind::Leap {
        rule.when = When::First;
    }
    if kind == CaptureKind::Jump {
        rule.land = Land::Next;
    }
    if kind == CaptureKind::Leap {
        rule.land = Land::Next;
    }
    for (arg, _, v) in a.named {
        match arg {
            "land" => rule.land = if bare_name(v, "landing", &["any", "next"])? == "any" { Land::Any } else { Land::Next },
            "approach" => rule.approach = bare_name(v, "approach", &["any", "adjacent"])? == "any",
            "when" => {
                rule.when = match bare_name(v, "moment", &["always", "first", "continuing"])?.as_str() {
                    "always" => When::Always,
                    "first" => When::First,
                    _ => When::Continuing,
                }
            }
            "kinds" => rule.kinds = kind_mask(v, kind_names)?,
            "min" => match v {
                Expr::Number { value, span } => {
                    if !(2..=32).contains(value) {
                        return Err(Diagnostic::new("`min` is from 2 to 32", span.clone(), "out of range")
                            .help("a leap takes a line of two or more pieces; to take one piece, use `jump` or `fly`"));
                    }
                    rule.min = *value as u8;
                }
                other => return Err(Diagnostic::new("`min` is a number", other.span(), "not a number")),
            },
            _ => unreachable!("split_args checked the names"),
        }
    }
    Ok(rule)
}

/// The named direction sets and the directions of a shape, for help texts.
fn dir_names(g: &Geometry) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = g.dirs().iter().map(|d| d.name).collect();
    v.extend(["all", "none", "forward", "backward", "sideways"]);
    if matches!(g.shape(), Shape::Square { .. }) {
        v.extend(["diagonal", "orthogonal"]);
    }
    v
}

fn lower_dirs(e: &Expr, cx: &Ctx) -> Result<u8, Diagnostic> {
    let g = cx.g;
    let nd = g.dirs().len();
    let all = ((1u16 << nd) - 1) as u8;
    match e {
        Expr::Name { name, span } => {
            let fwd = g.dirs()[cx.forward].plane;
            let by_dot = |sign: i32| -> u8 {
                let mut m = 0;
                for (i, d) in g.dirs().iter().enumerate() {
                    let dot = d.plane.0 as i32 * fwd.0 as i32 + d.plane.1 as i32 * fwd.1 as i32;
                    if dot.signum() == sign {
                        m |= 1 << i;
                    }
                }
                m
            };
            let square = matches!(g.shape(), Shape::Square { .. });
            let mask = match name.as_str() {
                "all" => all,
                "none" => 0,
                "forward" => by_dot(1),
                "backward" => by_dot(-1),
                "sideways" => by_dot(0),
                "diagonal" if square => 0b0000_1111,
                "orthogonal" if square => 0b1111_0000,
                other => match g.dir_index(other) {
                    // Compass names turn with the side: Black's `n` is White's `s`.
                    Some(i) if cx.relative && cx.side == Side::Black => 1 << g.opposite(i),
                    Some(i) => 1 << i,
                    None => {
                        let names = dir_names(g);
                        let mut d = Diagnostic::new(format!("unknown direction `{other}`"), span.clone(), "not a direction");
                        let hex = matches!(g.shape(), Shape::Hex { .. });
                        d.help = Some(if hex && ["e", "w", "diagonal", "orthogonal"].contains(&other) {
                            format!(
                                "hexagonal boards have vertical columns and six directions, no `{other}`; directions here are: {}",
                                names.join(", ")
                            )
                        } else {
                            match near_miss(other, names.iter().copied()) {
                                Some(m) => format!("did you mean `{m}`? directions here are: {}", names.join(", ")),
                                None => format!("directions here are: {}", names.join(", ")),
                            }
                        });
                        return Err(d);
                    }
                },
            };
            Ok(mask)
        }
        Expr::Binary { op, lhs, rhs, .. } => {
            let (a, b) = (lower_dirs(lhs, cx)?, lower_dirs(rhs, cx)?);
            Ok(match op {
                Op::Union => a | b,
                Op::Intersection => a & b,
                Op::Difference => a & !b,
            })
        }
        other => Err(Diagnostic::new("expected a direction set", other.span(), "not a direction set")
            .help(format!("directions here are: {}", dir_names(g).join(", ")))),
    }
}

const CELL_CALLS: [&str; 6] = ["row", "rows", "rank", "ranks", "edge", "column"];

/// A cell set for one side. In a side-relative context (promotion, `avoid`) the
/// expression is read as White's and turned a half turn for Black; otherwise cells are
/// absolute and only `rank`/`ranks` count from the side's own edge.
fn lower_cells(e: &Expr, cx: &Ctx) -> Result<CellSet, Diagnostic> {
    if cx.relative && cx.side == Side::Black {
        let white = Ctx { g: cx.g, n: cx.n, side: Side::White, forward: cx.forward, relative: false };
        let set = lower_cells_absolute(e, &white)?;
        return Ok(set.iter().map(|c| cx.g.rotate(c)).collect());
    }
    let absolute = Ctx { g: cx.g, n: cx.n, side: cx.side, forward: cx.forward, relative: false };
    lower_cells_absolute(e, &absolute)
}

fn lower_cells_absolute(e: &Expr, cx: &Ctx) -> Result<CellSet, Diagnostic> {
    let g = cx.g;
    let turn = |c: u16| c;
    let number_cell = |v: u32, span: &Range<usize>| -> Result<u16, Diagnostic> {
        if !cx.n.is_numeric() {
            return Err(Diagnostic::new(
                format!("square {v} needs numeric notation"),
                span.clone(),
                "this board names cells algebraically",
            )
            .help("name cells like `a1`, or use `rank(1)`, `row(1)`"));
        }
        cx.n.number(v).map(turn).ok_or_else(|| {
            Diagnostic::new(format!("there is no square {v} on this board"), span.clone(), "off the board")
                .help(format!("squares are numbered 1 to {}", g.len()))
        })
    };
    match e {
        Expr::Number { value, span } => Ok([number_cell(*value, span)?].into_iter().collect()),
        Expr::Range { from, to, span } => {
            if from > to {
                return Err(Diagnostic::new(format!("the range {from}-{to} runs backwards"), span.clone(), "empty range")
                    .help(format!("write `{to}-{from}`")));
            }
            let mut s = CellSet::EMPTY;
            for v in *from..=*to {
                s.insert(number_cell(v, span)?);
            }
            Ok(s)
        }
        Expr::Name { name, span } => match name.as_str() {
            "all" => Ok((0..g.len() as u16).collect()),
            "none" => Ok(CellSet::EMPTY),
            other => {
                let alg = Notation::new(g, NotationKind::Algebraic);
                match alg.parse(other) {
                    Some(c) => Ok([turn(c)].into_iter().collect()),
                    None => {
                        let looks_like_cell = other.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                            && other[1..].chars().all(|c| c.is_ascii_digit())
                            && other.len() > 1;
                        let unplayable = matches!(g.shape(), Shape::Square { width, height, .. }
                            if other.len() > 1 && (other.as_bytes()[0].wrapping_sub(b'a')) < width && other[1..].parse::<u8>().is_ok_and(|r| (1..=height).contains(&r)));
                        if unplayable {
                            Err(Diagnostic::new(format!("{other} is not a playable square"), span.clone(), "a square of the other colour")
                                .help("only the dark squares are played on this board; see `a1` in `[board]`"))
                        } else if looks_like_cell {
                            Err(Diagnostic::new(format!("there is no cell {other} on this board"), span.clone(), "off the board")
                                .help(describe_cells(g)))
                        } else {
                            let mut d = Diagnostic::new(format!("unknown cell set `{other}`"), span.clone(), "not a cell or cell set");
                            d.help = Some(match near_miss(other, CELL_CALLS.iter().copied().chain(["all", "none"])) {
                                Some(m) => format!("did you mean `{m}`? cells are named like `a1` or numbered; sets are `all`, `rank(N)`, `ranks(A..B)`, `row(N)`, `rows(A..B)`, `column(X)`, `edge(DIRS)`"),
                                None => "cells are named like `a1` or numbered; sets are `all`, `rank(N)`, `ranks(A..B)`, `row(N)`, `rows(A..B)`, `column(X)`, `edge(DIRS)`".into(),
                            });
                            Err(d)
                        }
                    }
                }
            }
        },
        Expr::Binary { op, lhs, rhs, .. } => {
            let (a, b) = (lower_cells_absolute(lhs, cx)?, lower_cells_absolute(rhs, cx)?);
            Ok(match op {
                Op::Union => a.union(&b),
                Op::Intersection => a.intersection(&b),
                Op::Difference => a.difference(&b),
            })
        }
        Expr::Call { name, name_span, args, span } => {
            let rows = g.rows() as u32;
            let interval = |e: &Expr| -> Result<(u32, u32), Diagnostic> {
                let (a, b, s) = match e {
                    Expr::Number { value, span } => (*value, *value, span.clone()),
                    Expr::Interval { from, to, span } => (*from, *to, span.clone()),
                    other => return Err(Diagnostic::new("expected a number or an interval like `1..4`", other.span(), "not a number")),
                };
                if a < 1 || b > rows || a > b {
                    return Err(Diagnostic::new(format!("rows are numbered 1 to {rows} on this board"), s, "no such row")
                        .help("`rank(1)` is a side's own first row, `row(1)` the bottom row seen from White"));
                }
                Ok((a, b))
            };
            match name.as_str() {
                "row" | "rows" | "rank" | "ranks" => {
                    let a = split_args(name, args, span, 1, &[])?;
                    let (lo, hi) = interval(a.positional[0])?;
                    let own = name.starts_with("rank") && cx.side == Side::Black;
                    Ok((0..g.len() as u16)
                        .filter(|&c| {
                            let r = g.row(c) as u32;
                            let r = if own { rows + 1 - r } else { r };
                            (lo..=hi).contains(&r)
                        })
                        .collect())
                }
                "column" => {
                    let a = split_args(name, args, span, 1, &[])?;
                    let col = match a.positional[0] {
                        Expr::Name { name, span } if name.len() == 1 && name.as_bytes()[0].is_ascii_lowercase() => {
                            let col = (name.as_bytes()[0] - b'a') as i8;
                            if !(0..g.len() as u16).any(|c| g.coord(c).0 == col) {
                                return Err(Diagnostic::new(
                                    format!("there is no column {name} on this board"),
                                    span.clone(),
                                    "off the board",
                                )
                                .help(describe_cells(g)));
                            }
                            col
                        }
                        other => return Err(Diagnostic::new("expected a column letter such as `a`", other.span(), "not a column")),
                    };
                    Ok((0..g.len() as u16).filter(|&c| g.coord(c).0 == col).map(turn).collect())
                }
                "edge" => {
                    let a = split_args(name, args, span, 1, &[])?;
                    let dctx = Ctx { g: cx.g, n: cx.n, side: cx.side, forward: cx.forward, relative: false };
                    let mask = lower_dirs(a.positional[0], &dctx)?;
                    Ok((0..g.len() as u16).filter(|&c| (0..g.dirs().len()).any(|d| mask >> d & 1 == 1 && g.step(c, d).is_none())).collect())
                }
                other => {
                    let mut d = Diagnostic::new(format!("unknown cell set `{other}(...)`"), name_span.clone(), "not a cell set");
                    d.help = Some(match near_miss(other, CELL_CALLS) {
                        Some(m) => format!("did you mean `{m}`? cell sets are: {}", CELL_CALLS.join(", ")),
                        None => format!("cell sets are: {}", CELL_CALLS.join(", ")),
                    });
                    Err(d)
                }
            }
        }
        Expr::Interval { span, .. } => Err(Diagnostic::new("an interval is not a cell set", span.clone(), "not cells")
            .help("write `ranks(1..4)` or a square range such as `31-50`")),
    }
}

fn describe_cells(g: &Geometry) -> String {
    match g.shape() {
        Shape::Square { width, height, .. } => format!("this board has columns a to {} and rows 1 to {height}", (b'a' + width - 1) as char),
        Shape::Hex { side } => format!("cells are a1 to {}{}, with |file - rank| < {side}", (b'a' + 2 * side - 2) as char, 2 * side - 1),
    }
}
