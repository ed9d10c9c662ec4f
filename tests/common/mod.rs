//! What several test files share: a temporary file.

/// A file in a fresh temporary folder of its own, removed when dropped.
pub struct TempFile(std::path::PathBuf);

impl TempFile {
    /// Writes `text` to a new file `name`.
    pub fn new(name: &str, text: &str) -> TempFile {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("polydame-test-{}-{n}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("a temporary file");
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
