//! pydraughts, an independent draughts library from PyPI, drives `polydame hub` and
//! `polydame dxp` (cli/tests/peers/pydraughts_peer.py): every move polydame gives is
//! checked legal by another program. It needs Python with pydraughts (`python3 -m pip
//! install pydraughts==0.6.7`, as .ci/run does); without it the test says so and passes,
//! unless POLYDAME_PEERS=required (set by .ci/run), where a missing peer fails it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn pydraughts_drives_polydame_over_hub_and_dxp() {
    let has_pydraughts = Command::new("python3").args(["-c", "import draughts.engine"]).output().is_ok_and(|o| o.status.success());
    if !has_pydraughts {
        assert_ne!(std::env::var("POLYDAME_PEERS").as_deref(), Ok("required"), "pydraughts is required here but not installed");
        eprintln!("pydraughts is not installed (python3 -m pip install pydraughts==0.6.7): the peer test is not run");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_polydame");
    let mut server =
        Command::new(bin).args(["dxp", "--once", "--port", "0", "--depth", "2"]).stderr(Stdio::piped()).spawn().expect("dxp starts");
    let mut errors = BufReader::new(server.stderr.take().expect("a pipe"));
    let mut said = String::new();
    errors.read_line(&mut said).expect("its address");
    let drain = std::thread::spawn(move || std::io::copy(&mut errors, &mut std::io::sink()));
    let port = said.rsplit(':').next().and_then(|r| r.split(',').next()).expect("a port").to_string();
    let o = Command::new("python3").args(["tests/peers/pydraughts_peer.py", bin, &port]).output().expect("python runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    for name in ["hub-standard", "hub-english", "hub-russian", "hub-brazilian", "hub-italian", "hub-frisian", "dxp-standard"] {
        let plies: usize =
            out.lines().find_map(|l| l.strip_prefix(&format!("{name} plies "))).and_then(|n| n.trim().parse().ok()).unwrap_or(0);
        assert!(plies >= 20, "{name}: {plies} plies\n{out}");
    }
    let _ = server.wait();
    drain.join().expect("drained").expect("read");
}
