//! The transcripts of the manual (docs/variant-format.md) and of the README, run: the
//! documents are the only copy of them, read here as they are.
//!
//! A transcript is a ```text (or ```console) block whose first line is `$ polydame ...`.
//! Each `$ ` line is a command, split into words as a shell would (quotes keep spaces and
//! brackets); the lines after it are what it prints, standard output and standard error
//! merged in the order printed, as a terminal shows them. In those lines `...` on a line
//! of its own stands for any lines and `[..]` for any part of a line (snapbox's patterns):
//! what varies from run to run, such as perft's time, and what the text leaves out.
//!
//! The files the transcripts use come from the same document. A ```toml block whose first
//! line is `# NAME.toml` is that file. One whose first line is `# NAME.toml: BASE.toml
//! with ...` is BASE (another such block, or a file of the repository) with the block's
//! lines put in: a key replaces the same key of the same table, or is added at the end of
//! that table; a table that BASE lacks is added at the end. A transcript that uses such a
//! file runs in a scratch folder holding them all; the others run in the repository's root,
//! as a reader who has cloned it runs them.
//!
//! A transcript with prompts (`white> 32-28`) is a session of `polydame play`, which talks
//! only to a terminal: it runs on a pseudo-terminal where the text after each prompt is
//! typed when the prompt appears, and it ends at the prompt after the last line typed.

use snapbox::IntoData;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The prompts of `polydame play` at a terminal: the side to move, or the game's end.
const PROMPTS: [&str; 3] = ["white> ", "black> ", "game over> "];

/// How long a command may run, or a session wait for its next prompt, before it fails.
const PATIENCE: Duration = Duration::from_secs(60);

#[test]
fn the_manual_s_transcripts_are_what_polydame_prints() {
    check("docs/variant-format.md");
}

#[test]
fn the_readme_s_transcript_is_what_polydame_prints() {
    check("README.md");
}

/// The repository's root: the test runs in `cli/`.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("cli/ is in the repository").to_path_buf()
}

/// Runs every transcript of the document at `path` (from the root), and fails with every
/// difference found, each with the document's line of its command.
fn check(path: &str) {
    let markdown = std::fs::read_to_string(root().join(path)).expect("the document is readable");
    let blocks = blocks(&markdown);
    let scratch = Scratch::new(path, &named_files(&blocks));
    let mut failures = Vec::new();
    let mut commands = 0;
    for block in blocks.iter().filter(|b| is_transcript(b)) {
        let steps = steps(block);
        let uses_a_file = steps.iter().flat_map(|s| words(&s.command)).any(|w| scratch.files.contains(&w));
        let dir = if uses_a_file { scratch.dir.clone() } else { root() };
        for step in &steps {
            commands += 1;
            if let Err(why) = run(step, &dir).and_then(|actual| compare(actual, &step.expected)) {
                failures.push(format!("{path}:{}: $ {}\n{why}", step.line, step.command));
            }
        }
    }
    // A transcript the reader above does not take (another fence, a stray space) would
    // otherwise go untested without a word.
    let written = markdown.lines().filter(|l| l.starts_with("$ polydame")).count();
    assert_eq!(commands, written, "{path}: every `$ polydame` line is in a transcript that runs");
    assert!(failures.is_empty(), "{} of {commands} commands of {path} differ:\n\n{}", failures.len(), failures.join("\n"));
}

/// A fenced block of a Markdown document.
struct Block {
    /// The fence's info string (`text`, `toml`, ...).
    info: String,
    /// The document's line of the block's first line.
    line: usize,
    text: String,
}

/// The ``` blocks of `markdown`, in order.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        match (open.as_mut(), line.strip_prefix("```")) {
            (None, Some(info)) => open = Some(Block { info: info.trim().to_string(), line: i + 2, text: String::new() }),
            (Some(_), Some(rest)) if rest.trim().is_empty() => blocks.extend(open.take()),
            (Some(block), _) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

fn is_transcript(block: &Block) -> bool {
    matches!(block.info.as_str(), "text" | "console") && block.text.starts_with("$ polydame")
}

/// One command of a transcript and what it prints.
struct Step {
    /// The document's line of the command.
    line: usize,
    /// The command, without its `$ `.
    command: String,
    expected: String,
}

/// The commands of a transcript, each with the lines up to the next command.
fn steps(block: &Block) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, line) in block.text.lines().enumerate() {
        match (line.strip_prefix("$ "), steps.last_mut()) {
            (Some(command), _) => steps.push(Step { line: block.line + i, command: command.to_string(), expected: String::new() }),
            (None, Some(step)) => {
                step.expected.push_str(line);
                step.expected.push('\n');
            }
            (None, None) => unreachable!("a transcript starts with a command"),
        }
    }
    steps
}

/// The words of a command line: split at spaces, except inside '...' or "..." (no escapes:
/// the documents need none).
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quote, mut any) = (String::new(), None, false);
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if std::mem::take(&mut any) {
                    words.push(std::mem::take(&mut word));
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(quote.is_none(), "a quote is left open in `{command}`");
    if any {
        words.push(word);
    }
    words
}

/// Runs a step's command in `dir`; what it printed, or why it failed whatever it printed.
fn run(step: &Step, dir: &Path) -> Result<String, String> {
    let words = words(&step.command);
    let (program, args) = words.split_first().expect("a command has a program");
    assert_eq!(program, "polydame", "transcripts run polydame only: `{}`", step.command);
    let typed: Vec<&str> = step.expected.lines().filter_map(|l| PROMPTS.iter().find_map(|p| l.strip_prefix(p))).collect();
    let (printed, status) = if typed.is_empty() {
        piped(args, dir)
    } else {
        match session::run(env!("CARGO_BIN_EXE_polydame"), args, dir, &typed) {
            Some(run) => run,
            None => return Ok(step.expected.clone()),
        }
    };
    // A transcript does not show the exit status (1 for a refused file or move), but a
    // panic is never what the manual means.
    match status {
        Some(101) | None => Err(format!("polydame crashed (status {status:?}), printing:\n{printed}")),
        Some(_) => Ok(printed),
    }
}

/// Runs polydame with `args` in `dir`, with nothing on its standard input; what it printed
/// on both outputs, and its exit status (None when a signal ended it).
fn piped(args: &[String], dir: &Path) -> (String, Option<i32>) {
    let output = snapbox::cmd::Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(args)
        .current_dir(dir)
        .stderr_to_stdout()
        .timeout(PATIENCE)
        .output()
        .expect("the polydame binary runs");
    (String::from_utf8_lossy(&output.stdout).into_owned(), output.status.code())
}

/// Compares what a command printed with its transcript, with snapbox's patterns.
fn compare(actual: String, expected: &str) -> Result<(), String> {
    snapbox::Assert::new().try_eq(Some(&"what polydame prints"), actual.into_data(), expected.into_data()).map_err(|e| e.to_string())
}

/// The files a document's TOML blocks name, by name (see the module's comment).
fn named_files(blocks: &[Block]) -> BTreeMap<String, String> {
    let mut named = BTreeMap::new();
    for block in blocks.iter().filter(|b| b.info == "toml") {
        let first = block.text.lines().next().unwrap_or_default();
        let mut names = first.strip_prefix("# ").unwrap_or_default().split_whitespace().map(|w| w.trim_end_matches(':'));
        if let Some(name) = names.next().filter(|n| n.ends_with(".toml")) {
            let base = names.next().filter(|b| b.ends_with(".toml"));
            named.insert(name.to_string(), (base.map(str::to_string), block.text.clone()));
        }
    }
    let names: Vec<String> = named.keys().cloned().collect();
    names.into_iter().map(|name| (name.clone(), made(&name, &named, 0))).collect()
}

/// The text of the file `name`: a named block, made on its base when it has one, or else a
/// file of the repository.
fn made(name: &str, named: &BTreeMap<String, (Option<String>, String)>, depth: usize) -> String {
    assert!(depth < 8, "the named blocks are made on each other in a loop, at {name}");
    match named.get(name) {
        Some((Some(base), patch)) => put_in(&made(base, named, depth + 1), patch),
        Some((None, text)) => text.clone(),
        None => std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name} is no named block nor file: {e}")),
    }
}

/// `base` with the keys and tables of `patch` put in (see the module's comment). Lines are
/// matched as text, a key by what stands before its `=`: enough for the documents' blocks,
/// whose keys each hold one line, and a line of `base` changed keeps its place, so the line
/// numbers of a diagnostic stay those of `base`.
fn put_in(base: &str, patch: &str) -> String {
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    let mut table = String::new();
    for line in patch.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with('[') {
            table = t.to_string();
            if !lines.iter().any(|l| header(l) == Some(t)) {
                lines.extend([String::new(), table.clone()]);
            }
            continue;
        }
        let span = table_span(&lines, &table);
        match span.clone().find(|&i| key(&lines[i]).is_some() && key(&lines[i]) == key(t)) {
            Some(i) => lines[i] = line.to_string(),
            None => {
                let end = span.clone().rev().find(|&i| !lines[i].trim().is_empty()).map_or(span.start, |i| i + 1);
                lines.insert(end, line.to_string());
            }
        }
    }
    lines.join("\n") + "\n"
}

/// The header a line opens a table with (`[capture]`), without a comment after it.
fn header(line: &str) -> Option<&str> {
    let t = line.split('#').next().unwrap_or_default().trim();
    t.starts_with('[').then_some(t)
}

/// The key a line gives a value to.
fn key(line: &str) -> Option<&str> {
    let t = line.trim();
    if t.starts_with('#') || t.starts_with('[') {
        return None;
    }
    t.split_once('=').map(|(k, _)| k.trim())
}

/// The lines of the table `table` (`""`: the top, before any header), its header left out.
fn table_span(lines: &[String], table: &str) -> std::ops::Range<usize> {
    let start = if table.is_empty() { 0 } else { lines.iter().position(|l| header(l) == Some(table)).map_or(lines.len(), |i| i + 1) };
    let end = (start..lines.len()).find(|&i| header(&lines[i]).is_some()).unwrap_or(lines.len());
    start..end
}

/// A folder of its own holding a document's named files, removed when dropped.
struct Scratch {
    dir: PathBuf,
    files: Vec<String>,
}

impl Scratch {
    fn new(document: &str, files: &BTreeMap<String, String>) -> Scratch {
        let stem = Path::new(document).file_stem().and_then(|s| s.to_str()).unwrap_or("document");
        let dir = std::env::temp_dir().join(format!("polydame-transcripts-{}-{stem}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        for (name, text) in files {
            std::fs::write(dir.join(name), text).expect("a named file written");
        }
        Scratch { dir, files: files.keys().cloned().collect() }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// Sessions of `polydame play` at a terminal. Only where a pseudo-terminal can be opened
/// with openpty; elsewhere a session is not run.
#[cfg(not(unix))]
mod session {
    pub fn run(_: &str, _: &[String], _: &std::path::Path, _: &[&str]) -> Option<(String, Option<i32>)> {
        eprintln!("a session of `polydame play` runs on Unix only: not run");
        None
    }
}

#[cfg(unix)]
mod session {
    use super::{PATIENCE, PROMPTS};
    use std::fs::File;
    use std::io::{Read, Write};
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::path::Path;
    use std::process::{Child, Command, Stdio};
    use std::sync::mpsc;

    /// Runs `program ARGS` in `dir` on a pseudo-terminal, typing each of `typed` at a
    /// prompt, and Ctrl-D (the end of input) at the prompt after the last; what the terminal
    /// showed up to that prompt, and the exit status.
    pub fn run(program: &str, args: &[String], dir: &Path, typed: &[&str]) -> Option<(String, Option<i32>)> {
        let (mut terminal, side) = open();
        let stdio = || Stdio::from(side.try_clone().expect("the terminal's side duplicated"));
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .stdin(stdio())
            .stdout(stdio())
            .stderr(stdio())
            .spawn()
            .expect("polydame runs");
        // The program's end must close the terminal's last side, so that reading ends.
        drop(side);
        let chunks = read_on(terminal.try_clone().expect("the terminal duplicated"));
        let mut shown = String::new();
        let mut typed = typed.iter();
        let end = loop {
            match chunks.recv_timeout(PATIENCE) {
                Ok(chunk) => shown.push_str(&String::from_utf8_lossy(&chunk).replace("\r\n", "\n")),
                Err(mpsc::RecvTimeoutError::Disconnected) => break shown.len(),
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("no prompt for {PATIENCE:?}; the terminal shows:\n{shown}"),
            }
            let last_line = shown.rfind('\n').map_or(0, |i| i + 1);
            if PROMPTS.contains(&&shown[last_line..]) {
                match typed.next() {
                    Some(line) => terminal.write_all(format!("{line}\n").as_bytes()),
                    None => break last_line,
                }
                .expect("a line typed");
            }
        };
        terminal.write_all(b"\x04").ok(); // Ctrl-D: the end of input
        let status = wait(&mut child);
        shown.truncate(end);
        Some((shown, status))
    }

    /// A new pseudo-terminal: the side this test reads and types on, and the side the
    /// program gets as its standard input and outputs. (The project's one unsafe code: the
    /// standard library opens no pseudo-terminal.)
    #[allow(unsafe_code)]
    fn open() -> (File, OwnedFd) {
        let (mut ours, mut theirs) = (-1, -1);
        // SAFETY: openpty only writes the two descriptors it opens (no name, the default
        // settings and size are asked for); each is then owned by one value here.
        let opened = unsafe { libc::openpty(&mut ours, &mut theirs, std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut()) };
        assert_eq!(opened, 0, "a pseudo-terminal: {}", std::io::Error::last_os_error());
        unsafe { (File::from_raw_fd(ours), OwnedFd::from_raw_fd(theirs)) }
    }

    /// What the terminal shows, chunk by chunk, read on a thread of its own so that waiting
    /// for a prompt can time out. The channel closes when the program's side is closed.
    fn read_on(mut terminal: File) -> mpsc::Receiver<Vec<u8>> {
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // On Linux, reading a terminal whose other side is closed fails (EIO): the end.
            while let Ok(n @ 1..) = terminal.read(&mut buf) {
                if send.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        receive
    }

    /// The program's exit status; it is killed if it does not end in time.
    fn wait(child: &mut Child) -> Option<i32> {
        let start = std::time::Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(status) = child.try_wait().expect("the program waited for") {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        child.kill().ok();
        panic!("polydame did not end at the end of input");
    }
}
