//! `POST /api/validate`: the games of a PDN, pasted as text or sent as a file's bytes,
//! each replayed and judged by the library's one verdict, as the command line judges them.
//!
//! A file is read as `polydame validate` reads one: unpacked as its first bytes say
//! (gzip, bzip2, zstd: [`unpack`]), its text decoded as UTF-8, as UTF-16 when a byte-order
//! mark says so, or else in the encoding it looks like (Windows-1251 for a Russian
//! archive: [`pdn_games`]). The page sends the bytes as base64 in the JSON body, so a file
//! is within the body's limit ([`MAX_BODY`](crate::api::MAX_BODY)), and what it unpacks
//! to within [`MAX_UNPACKED`].

use crate::api::{Answer, ApiError, parse};
use crate::variants::{Compiled, VariantRef};
use polydame::json::{PlyErrorJson, WarningJson};
use polydame::notation::Notations;
use polydame::pdn::{Judgement, Packing, PdnGame, Registry, TooLarge, parse_game, pdn_games, replay_recorded, unpack};
use polydame::{Game, MoveInfo};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::{BufRead, Cursor};
use std::sync::atomic::{AtomicBool, Ordering};

/// The most bytes of text a file may unpack to (8 MiB): past it, `too-large`.
pub const MAX_UNPACKED: u64 = 8 << 20;

/// `/api/validate`: the PDN as text, or a file's bytes; the variant of every game, if one
/// is given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    #[serde(default)]
    pdn: Option<String>,
    #[serde(default)]
    file: Option<FileBytes>,
    #[serde(default)]
    variant: Option<VariantRef>,
}

/// A file as the page sends it: its name (for the messages) and its bytes in base64.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileBytes {
    #[serde(default)]
    name: Option<String>,
    base64: String,
}

/// Where the games come from: the text read, and for a file its name and packing.
struct Source {
    reader: Box<dyn BufRead + Send>,
    file: Option<(String, Packing)>,
}

/// `POST /api/validate`: each game's verdict, and its moves up to the first bad one. It
/// stops between two games when `stop` is set.
pub fn validate(compiled: &Compiled, body: &[u8], stop: &AtomicBool) -> Answer {
    let req: Request = parse(body)?;
    let source = open(req.pdn, req.file)?;
    let fixed = req.variant.as_ref().map(|v| compiled.rules(v)).transpose()?;
    let fixed_notations = fixed.as_deref().map(Notations::new);
    let registry = Registry::new(compiled.shipped());
    let mut games = Vec::new();
    let mut encoding = None;
    for (i, text) in pdn_games(source.reader).enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err(ApiError::stopped());
        }
        let text = text.map_err(|e| unreadable(source.file.as_ref(), &e))?;
        encoding = encoding.or(text.encoding);
        games.push(judge(&parse_game(&text), i + 1, &registry, fixed_notations.as_ref()));
    }
    let mut answer = json!({ "games": games, "encoding": encoding });
    if let Some((name, packing)) = source.file {
        answer["file"] = json!({"name": name, "packing": packing_name(packing)});
    }
    Ok(answer)
}

/// The text of the request: `pdn`, or `file` decoded and unpacked (one of the two).
fn open(pdn: Option<String>, file: Option<FileBytes>) -> Result<Source, ApiError> {
    let file = match (pdn, file) {
        (Some(text), None) => return Ok(Source { reader: Box::new(Cursor::new(text.into_bytes())), file: None }),
        (None, Some(file)) => file,
        _ => {
            return Err(ApiError::new(400, "bad-request", "a validation is of \"pdn\" (the text) or \"file\" (its bytes), one of the two"));
        }
    };
    let name = file.name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "the file".to_string());
    let bytes =
        base64_bytes(&file.base64).map_err(|e| ApiError::new(400, "bad-request", format!("the bytes of {name} are not base64: {e}")))?;
    if bytes.starts_with(b"PK\x03\x04") {
        let why = "it is a zip archive, which the studio does not unpack (gzip, bzip2 and zstd are read): unpack it and open its PDN file";
        return Err(ApiError::new(422, "unreadable-file", format!("{name} cannot be read: {why}")));
    }
    let (packing, reader) =
        unpack(Cursor::new(bytes), Some(MAX_UNPACKED)).map_err(|e| unreadable(Some(&(name.clone(), Packing::Plain)), &e))?;
    Ok(Source { reader, file: Some((name, packing)) })
}

/// A read that failed: `too-large` past [`MAX_UNPACKED`], else `unreadable-file` (a
/// damaged archive) or `bad-pdn` (text that cannot be split into games), saying why.
fn unreadable(file: Option<&(String, Packing)>, e: &std::io::Error) -> ApiError {
    let Some((name, packing)) = file else { return ApiError::new(422, "bad-pdn", e.to_string()) };
    if let Some(t) = TooLarge::of(e) {
        return ApiError::new(413, "too-large", format!("{name} cannot be read: {t}"));
    }
    let how = match packing {
        Packing::Plain => String::new(),
        p => format!(" (it is packed with {}, and the packed data is damaged or cut short)", packing_name(*p)),
    };
    ApiError::new(422, "unreadable-file", format!("{name} cannot be read{how}: {e}"))
        .with_extra(json!({"file": name, "packing": packing_name(*packing)}))
}

fn packing_name(p: Packing) -> &'static str {
    match p {
        Packing::Plain => "plain",
        Packing::Gzip => "gzip",
        Packing::Bzip2 => "bzip2",
        Packing::Zstd => "zstd",
    }
}

/// One game's verdict, as the answer gives it.
fn judge(game: &PdnGame, number: usize, registry: &Registry, fixed: Option<&Notations>) -> Value {
    let tag = |t: &str| game.tag(t).unwrap_or("").to_string();
    let mut out = json!({"game": number, "line": game.line, "white": tag("White"), "black": tag("Black"), "variant": null});
    let found = match game.not_pdn() {
        Some(why) => Err(("not-pdn", why)),
        None => registry.of(game, fixed),
    };
    let n = match found {
        Ok(n) => n,
        Err((code, why)) => {
            // Where the text that is no PDN is, or the game's first line.
            let (line, column) = game.oddities.first().filter(|_| code == "not-pdn").map_or((game.line, 1), |o| (o.line, o.column));
            out["valid"] = json!(false);
            out["judgement"] = json!(Judgement::without_variant(code).code());
            out["plies"] = json!(0);
            out["error"] = json!({"ply": 0, "move": "", "line": line, "column": column, "reason": why, "code": code});
            out["variations"] = json!([]);
            out["warnings"] = json!([]);
            out["moves"] = json!([]);
            return out;
        }
    };
    let v = replay_recorded(n, game);
    let rules = n.rules();
    // A game from a set position (a FEN tag) says where it starts.
    let standard = polydame::fen::write_fen(rules, &polydame::Position::start(rules));
    let start = v.main.start.as_ref().map(|p| polydame::fen::write_fen(rules, p)).filter(|f| *f != standard);
    let played: Vec<MoveInfo> = v.main.moves.iter().map(|(m, _)| m.clone()).collect();
    let moves = v.main.start.clone().map_or_else(Vec::new, |p| Game::from_position(rules, p).line_text(&played));
    // The library's one verdict: bad moves in variations are warnings.
    let judgement = v.judgement(false);
    out["variant"] = json!(rules.id());
    out["valid"] = json!(judgement == Judgement::Valid);
    out["judgement"] = json!(judgement.code());
    out["plies"] = json!(v.plies);
    out["error"] = json!(v.error.as_ref().map(PlyErrorJson::from));
    out["variations"] = json!(v.variations.iter().map(PlyErrorJson::from).collect::<Vec<_>>());
    out["warnings"] = json!(v.warnings.iter().map(WarningJson::from).collect::<Vec<_>>());
    out["start_fen"] = json!(start);
    out["moves"] = json!(moves);
    out
}

/// The bytes of base64 text (RFC 4648, the standard alphabet, as the page's `btoa` writes
/// it): padding optional, ASCII white space skipped (a text wrapped at 76 columns reads);
/// else where it is not base64, counted in characters of `text` from 1.
fn base64_bytes(text: &str) -> Result<Vec<u8>, String> {
    use base64::Engine;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    // Each byte kept, with the number of the character it is in `text`.
    let kept: Vec<(usize, u8)> = text.bytes().enumerate().filter(|(_, b)| !b.is_ascii_whitespace()).collect();
    let compact: Vec<u8> = kept.iter().map(|&(_, b)| b).collect();
    LENIENT.decode(&compact).map_err(|e| match e {
        base64::DecodeError::InvalidByte(at, _) | base64::DecodeError::InvalidLastSymbol(at, _) => {
            let (i, _) = kept[at];
            let c = text[i..].chars().next().unwrap_or('?');
            format!("`{}` at character {} is not a base64 digit there", c.escape_default(), text[..i].chars().count() + 1)
        }
        other => other.to_string(),
    })
}
