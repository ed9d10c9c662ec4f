//! Splitting a PDN stream into games: a scan of each line for where a game ends (after a
//! result) or starts (a tag pair after moves), which also keeps what is still open at the
//! end of the stream.

/// The splitter's view of a line: whether the game so far has moves, where a new game
/// begins in this line, and whether a result closes it.
#[derive(Default)]
pub(super) struct State {
    depth: usize,
    in_comment: bool,
    pub(super) has_moves: bool,
    /// Where (byte offset in the game's text) the open comment and the open variations
    /// start, and the tag pair the last line ended inside (and whether inside its value).
    comment_at: usize,
    variations_at: Vec<usize>,
    tag_open: Option<(usize, bool)>,
    /// Where a variation is first opened deeper than [`MAX_VARIATION_DEPTH`].
    pub(super) too_deep: Option<usize>,
}

/// The deepest variations may nest in a game (64): a variation inside a variation inside
/// ... Reading a game recurses once a level, so a deeper game is refused unread. Real
/// games nest three or four deep.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Where the game text `text` opens a variation deeper than [`MAX_VARIATION_DEPTH`], if it
/// does (its byte offset), by the splitter's reading of comments and tag pairs.
pub(super) fn too_deep(text: &str) -> Option<usize> {
    // Most games have fewer parentheses in all than the limit: no need to read them.
    if text.bytes().filter(|&b| b == b'(').count() <= MAX_VARIATION_DEPTH {
        return None;
    }
    let mut state = State::default();
    let mut base = 0;
    for line in text.split_inclusive('\n') {
        state.feed(line, base);
        if state.too_deep.is_some() {
            break;
        }
        base += line.len();
    }
    state.too_deep
}

const RESULTS: [&str; 8] = ["1/2-1/2", "2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "*"];

impl State {
    /// Feeds one line, which starts at byte `base` of the game's text; returns the byte
    /// offsets where a game ends in it (after a result) or starts (a tag after moves):
    /// (offset, is_start).
    pub(super) fn feed(&mut self, line: &str, base: usize) -> Vec<(usize, bool)> {
        let mut cuts = Vec::new();
        let bytes = line.as_bytes();
        let mut i = 0;
        self.tag_open = None;
        if !self.in_comment && self.depth == 0 && (line.starts_with('%') || line.starts_with(';')) {
            return cuts;
        }
        while i < bytes.len() {
            let c = bytes[i];
            if self.in_comment {
                if c == b'}' {
                    self.in_comment = false;
                }
                i += 1;
                continue;
            }
            match c {
                b'{' => {
                    self.in_comment = true;
                    self.comment_at = base + i;
                }
                b'(' => {
                    self.depth += 1;
                    if self.depth > MAX_VARIATION_DEPTH {
                        self.too_deep.get_or_insert(base + i);
                    }
                    // What is open is kept as deep as the limit: past it, the game is
                    // refused.
                    if self.variations_at.len() < MAX_VARIATION_DEPTH {
                        self.variations_at.push(base + i);
                    }
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth < MAX_VARIATION_DEPTH {
                        self.variations_at.pop();
                    }
                }
                b'[' if self.depth == 0 => {
                    if self.has_moves {
                        cuts.push((i, true));
                        self.has_moves = false;
                    }
                    // Skip the tag pair (its value may hold anything).
                    let mut j = i + 1;
                    let mut in_str = false;
                    while j < bytes.len() {
                        if bytes[j] == b'"' && bytes[j - 1] != b'\\' {
                            in_str = !in_str;
                        } else if bytes[j] == b']' && !in_str {
                            break;
                        }
                        j += 1;
                    }
                    if j == bytes.len() {
                        self.tag_open = Some((base + i, in_str));
                    }
                    i = j;
                }
                b' ' | b'\t' | b'\r' | b'\n' => {}
                _ if self.depth == 0 => {
                    let start = i;
                    while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'(' | b'[') {
                        i += 1;
                    }
                    let word = &line[start..i];
                    // A lone `-` ending a line is py-draughts' result of a game that goes on
                    // (`- -` is PDN's unknown move).
                    let dash_result = word == "-" && line[i..].trim().is_empty() && !line[..start].trim_end().ends_with(" -");
                    if RESULTS.contains(&word) || dash_result {
                        cuts.push((i, false));
                        self.has_moves = false;
                    } else {
                        self.has_moves = true;
                    }
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        cuts
    }

    /// At the end of the stream: what is still open (the innermost; `game` for moves with
    /// no result after them), where it was opened, and the text that closes everything
    /// open.
    pub(super) fn open(&self) -> Option<(&'static str, usize, String)> {
        let parens = ")".repeat(self.variations_at.len());
        if let Some((at, in_str)) = self.tag_open {
            return Some(("tag pair", at, format!("{}]", if in_str { "\"" } else { "" })));
        }
        if self.in_comment {
            return Some(("comment", self.comment_at, format!("}}{parens}")));
        }
        if let Some(&at) = self.variations_at.last() {
            return Some(("variation", at, parens));
        }
        // Moves and no result after them: the game was cut before its end.
        self.has_moves.then(|| ("game", 0, String::new()))
    }
}
