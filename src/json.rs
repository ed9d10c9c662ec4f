//! The JSON shapes of polydame's machine-readable output, one struct each: the command
//! line's `--json` and the studio's API answer in them. Other tools are built on them: they
//! change only with a note in the README.
#![allow(missing_docs)] // Each field is named as its JSON key; the structs say what they hold.

use crate::compile::Rules;
use crate::engine::{MoveInfo, Outcome};
use crate::record::{FenError, PlyError, move_text};
use serde::Serialize;

/// `variants --json`: one element per shipped variant.
#[derive(Serialize)]
pub struct VariantJson {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub cells: usize,
    pub gametype: Vec<String>,
    pub options: Vec<OptionJson>,
}

/// An option of a variant.
#[derive(Serialize)]
pub struct OptionJson {
    pub name: String,
    pub choices: Vec<String>,
    pub default: String,
    pub help: String,
}

/// One legal move, in `moves --json` and `play --json`. A pass (in variants where a side
/// without moves passes) has empty `from`, `to` and `path`, and the notation `--`. A drop
/// (`"drop": true`) has as `path` the cells it places pieces on, `from` the first and `to`
/// the last.
#[derive(Serialize)]
pub struct MoveJson {
    pub from: String,
    pub to: String,
    /// The origin and every landing cell.
    pub path: Vec<String>,
    pub captured: Vec<String>,
    /// Pieces taken off without being captured (huffing); left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// The move places pieces from the hand on the cells of `path` (`[drops]`); left out
    /// for a move of a piece.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub drop: bool,
    /// How the move is written: `32-28`, `28x19`, or the full path when another capture
    /// has the same origin and destination.
    pub notation: String,
}

impl MoveJson {
    /// The legal moves of one position, as JSON.
    pub fn all(rules: &Rules, moves: &[MoveInfo]) -> Vec<MoveJson> {
        // A pass has no cells: empty names, an empty path.
        let name = |c: u16| if c == MoveInfo::PASS { String::new() } else { rules.cell_name(c).to_string() };
        moves
            .iter()
            .map(|m| MoveJson {
                from: name(m.from),
                to: name(m.to),
                path: match () {
                    _ if m.is_pass() => Vec::new(),
                    _ if m.drop => m.path.iter().map(|&c| name(c)).collect(),
                    _ => std::iter::once(m.from).chain(m.path.iter().copied()).map(name).collect(),
                },
                captured: m.captured.iter().map(|&c| name(c)).collect(),
                removed: m.removed.iter().map(|&c| name(c)).collect(),
                drop: m.drop,
                notation: move_text(rules, m, moves),
            })
            .collect()
    }
}

/// `moves --json`: one object per position.
#[derive(Serialize)]
pub struct MovesJson {
    pub fen: String,
    pub moves: Vec<MoveJson>,
}

/// `moves --json` for a FEN that cannot be read.
#[derive(Serialize)]
pub struct FenErrorJson {
    pub fen: String,
    pub error: String,
    pub code: &'static str,
    pub column: usize,
}

impl FenErrorJson {
    pub fn new(fen: &str, e: &FenError) -> FenErrorJson {
        FenErrorJson { fen: fen.to_string(), error: e.kind.to_string(), code: e.kind.code(), column: e.column }
    }
}

/// `moves --json`: a position whose capture search passed the budget.
#[derive(Serialize)]
pub struct BudgetJson {
    pub fen: String,
    pub error: String,
    pub code: &'static str,
    pub budget: u64,
}

impl BudgetJson {
    pub fn new(fen: &str, e: &crate::engine::BudgetExceeded) -> BudgetJson {
        BudgetJson { fen: fen.to_string(), error: e.to_string(), code: "capture-budget", budget: e.budget }
    }
}

/// `perft --divide --json`: one line per root move.
#[derive(Serialize)]
pub struct DivideJson {
    #[serde(rename = "move")]
    pub mv: String,
    pub nodes: u64,
}

/// `perft --json`: the last line.
#[derive(Serialize)]
pub struct PerftJson {
    pub variant: String,
    pub depth: u32,
    pub nodes: u64,
    /// Wall-clock seconds, to the microsecond.
    pub seconds: f64,
}

/// `validate --json`: one object per game.
#[derive(Serialize)]
pub struct VerdictJson {
    pub file: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    pub white: String,
    pub black: String,
    /// Half-moves played before the first bad one.
    pub plies: usize,
    /// Whether the game is judged valid (`judgement` is `valid`).
    pub valid: bool,
    /// The game's [`Judgement`](crate::pdn::Judgement): `valid`, `invalid`, `unreadable`,
    /// `not-judged`.
    pub judgement: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<PlyErrorJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<WarningJson>,
    /// How the game stands where its replay stopped, judged with its history (a draw by
    /// a move-count rule says which).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeJson>,
    /// The first bad move of each variation that has one (errors under `--strict`,
    /// otherwise warnings).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<PlyErrorJson>,
    /// The encoding the game's text was decoded from, when it was not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// Where the game comes from, as its tags say.
    #[serde(flatten)]
    pub tags: SourceTags,
}

/// A warning: its stable code and what it says.
#[derive(Serialize)]
pub struct WarningJson {
    pub code: &'static str,
    pub message: String,
}

impl From<&crate::pdn::Warning> for WarningJson {
    fn from(w: &crate::pdn::Warning) -> WarningJson {
        WarningJson { code: w.code, message: w.message.clone() }
    }
}

/// The tags that trace a game to its source (`Event`, `Site`, `Date`, `Round`), where the
/// game has them: a bad game in a dump of millions can be found again.
#[derive(Serialize, Default)]
pub struct SourceTags {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
}

impl SourceTags {
    /// The tags of `game` (those empty or `?` left out).
    pub fn of(game: &crate::pdn::PdnGame) -> SourceTags {
        let tag = |name: &str| {
            game.tag(name).map(str::trim).filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '.')).map(str::to_string)
        };
        SourceTags { event: tag("Event"), site: tag("Site"), date: tag("Date"), round: tag("Round") }
    }
}

/// Why a game is not valid, and where.
#[derive(Serialize)]
pub struct PlyErrorJson {
    /// Half-move number, from 1 (0: before the first move).
    pub ply: usize,
    /// The move as written.
    #[serde(rename = "move")]
    pub mv: String,
    pub line: usize,
    pub column: usize,
    /// A sentence for people.
    pub reason: String,
    /// A stable name for the reason, for programs.
    pub code: &'static str,
}

impl From<&PlyError> for PlyErrorJson {
    fn from(e: &PlyError) -> PlyErrorJson {
        PlyErrorJson { ply: e.ply, mv: e.text.clone(), line: e.line, column: e.column, reason: e.reason.to_string(), code: e.reason.code() }
    }
}

/// `validate --parse-only --json`: one object per game read.
#[derive(Serialize)]
pub struct ReadJson {
    pub file: String,
    pub game: usize,
    pub white: String,
    pub black: String,
    pub moves: usize,
    pub readable: bool,
    /// The encoding the game's text was decoded from, when it was not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

/// `validate --json` for a file that cannot be opened or read to its end (after the
/// objects of the games read before the failure).
#[derive(Serialize)]
pub struct FileErrorJson {
    pub file: String,
    pub error: FileReasonJson,
}

/// Why a file cannot be read.
#[derive(Serialize)]
pub struct FileReasonJson {
    /// A sentence for people.
    pub reason: String,
    /// `unreadable-file`.
    pub code: &'static str,
}

/// `validate --json`: the last line, `{"summary": {...}}`.
#[derive(Serialize)]
pub struct SummaryJson {
    pub summary: SummaryCountsJson,
}

/// The counts of a whole `validate` run.
#[derive(Serialize)]
pub struct SummaryCountsJson {
    /// Games read: `valid` + `invalid` + `not_judged` + `unread`.
    pub games: usize,
    /// Games replayed without an error (with `--parse-only`: read).
    pub valid: usize,
    /// Games with an illegal or unreadable move, or that could not be checked (with
    /// `--parse-only`: not PDN).
    pub invalid: usize,
    /// Games neither valid nor invalid: refused for their size, or with a position whose
    /// capture search passed the budget (`--capture-budget`).
    pub not_judged: usize,
    /// Games with a token that could be a move and was not read (error code
    /// `unreadable-move`): not judged past it.
    pub unread: usize,
    /// Valid games with warnings.
    pub warnings: usize,
    /// Files that could not be opened or read to their end.
    pub files_unreadable: usize,
    /// Wall-clock seconds, to the microsecond.
    pub seconds: f64,
}

/// `play --json`: the position reached, its outcome and its legal moves.
#[derive(Serialize)]
pub struct PlayJson {
    pub fen: String,
    pub outcome: OutcomeJson,
    pub moves: Vec<MoveJson>,
}

/// How a game stands.
#[derive(Clone, Serialize)]
pub struct OutcomeJson {
    /// `ongoing`, `win` or `draw`.
    pub result: &'static str,
    /// `white`, `black`, or null.
    pub winner: Option<String>,
    /// Why it ended (empty while it goes on).
    pub reason: String,
    /// The reason's stable name for programs ([`EndReason::code`](crate::EndReason::code)),
    /// null while it goes on.
    pub code: Option<&'static str>,
}

impl OutcomeJson {
    /// The outcome of a game of `rules`, which say a move-count rule's reason.
    pub fn new(rules: &Rules, o: Outcome) -> Self {
        let reason = o.reason().map_or(String::new(), |r| r.sentence(rules).to_string());
        OutcomeJson { result: o.result(), winner: o.winner().map(|s| s.name().to_lowercase()), reason, code: o.reason().map(|r| r.code()) }
    }
}

/// `play --json` when a move cannot be played.
#[derive(Serialize)]
pub struct PlayErrorJson {
    /// The position before the move.
    pub fen: String,
    pub error: MoveErrorJson,
}

/// Why a move given to `play` cannot be played.
#[derive(Serialize)]
pub struct MoveErrorJson {
    /// The move's place among the moves given, from 1.
    pub ply: usize,
    #[serde(rename = "move")]
    pub mv: String,
    pub reason: String,
    pub code: &'static str,
}

/// A problem of a variant file where it stands, for a program (the studio's
/// `invalid-variant` answer, Python's `VariantError.diagnostics`): lines and columns from 1,
/// columns in characters, the span's end too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiagnosticJson {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    /// The stable code of its [`DiagnosticKind`](crate::spec::DiagnosticKind).
    pub kind: &'static str,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
}

impl DiagnosticJson {
    /// Every problem `d` keeps, in file order.
    pub fn all(d: &crate::spec::Diagnostics) -> Vec<DiagnosticJson> {
        d.items
            .iter()
            .map(|item| {
                let (line, column) = crate::spec::line_col(&d.source, item.span.start);
                let (end_line, end_column) = crate::spec::line_col(&d.source, item.span.end);
                DiagnosticJson {
                    file: d.file.clone(),
                    line,
                    column,
                    end_line,
                    end_column,
                    kind: item.kind.code(),
                    message: item.message.clone(),
                    label: item.label.clone(),
                    help: item.help.clone(),
                }
            })
            .collect()
    }
}
