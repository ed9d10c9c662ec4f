//! What several test files share: running the `polydame` binary, and a temporary file.
// Each test file uses some of these, not all.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `polydame ARGS` and waits for it.
pub fn polydame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polydame")).args(args).output().expect("the polydame binary runs")
}

/// Runs `polydame ARGS` with `input` on its standard input, and waits for it.
pub fn polydame_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the polydame binary runs");
    child.stdin.take().expect("a pipe").write_all(input).expect("the input is written");
    child.wait_with_output().expect("the polydame binary ends")
}

/// What a run printed on standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file in a fresh temporary folder of its own, removed when dropped.
pub struct TempFile(std::path::PathBuf);

impl TempFile {
    /// Writes `text` to a new file `name`.
    pub fn new(name: &str, text: &str) -> TempFile {
        TempFile::with_bytes(name, text.as_bytes())
    }

    /// Writes `bytes` to a new file `name`.
    pub fn with_bytes(name: &str, bytes: &[u8]) -> TempFile {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("polydame-test-{}-{n}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("a temporary file");
        TempFile(path)
    }

    /// Its path.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            std::fs::remove_dir_all(dir).ok();
        }
    }
}
