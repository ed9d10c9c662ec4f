//! The studio in a real browser: Debian's `chromium` driven by Playwright
//! (`studio/tests/browser/e2e.mjs`) against the server started here, step by step as a
//! user would (pick a variant, play by clicks against the engine, an illegal move, a
//! broken variant file and its fix, a PDN with an illegal move, a report, a HexDame game,
//! fast clicks racing the engine, files opened and dropped, edits kept across a reload, a
//! report cancelled, the board by keyboard, a phone's width), a screenshot of each step in
//! `target/studio-browser/`. It needs Node.js, Chromium and
//! the test's packages (`apt-get install -y chromium && npm ci --prefix
//! studio/tests/browser`, as .ci/run does); without them the test says so and passes,
//! unless POLYDAME_BROWSER=required (set by .ci/run), where it fails.

use std::path::Path;
use std::sync::Arc;

#[test]
fn the_page_works_in_a_browser() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let node = std::process::Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    let ready = node && Path::new(&chromium).exists() && dir.join("node_modules/playwright-core").exists();
    if !ready {
        let required = std::env::var("POLYDAME_BROWSER").as_deref() == Ok("required");
        assert!(!required, "the browser test is required, but Node.js, {chromium} or the test's packages are missing");
        eprintln!("the browser test is not run: apt-get install -y chromium && npm ci --prefix studio/tests/browser");
        return;
    }
    let studio = Arc::new(polydame_studio::Studio::new().expect("the studio"));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let url = format!("http://{}/", listener.local_addr().expect("its address"));
    runtime.spawn(polydame_studio::serve(listener, studio));
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/studio-browser");
    let o = std::process::Command::new("node").arg(dir.join("e2e.mjs")).arg(&url).arg(&out).output().expect("node runs");
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{said}\n{}", String::from_utf8_lossy(&o.stderr));
    // Each step with its time, the races' counts (seen with `--nocapture`).
    eprintln!("{said}");
}
