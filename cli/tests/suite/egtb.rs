//! `polydame egtb` as a user runs it: a class built and printed, saved, read back and
//! probed; a file of another variant and an unsupported variant refused; `best --egtb`.

use crate::common::{TempFile, polydame, stderr, stdout};

#[test]
fn egtb_builds_saves_reads_and_probes() {
    let file = TempFile::new("english.egtb", "");
    let o = polydame(&["egtb", "english", "--class", "2 king against king", "--save", file.path()]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let row = out.lines().find(|l| l.starts_with("2 king against king")).unwrap_or_else(|| panic!("{out}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[4..8], ["29,760", "14,846/34/0", "412/1,450/13,018", "33"], "{row}");
    assert!(out.contains("6 classes, 32,866 positions, built in "), "{out}");
    // Read back and probed: the value and each move's.
    let o = polydame(&["egtb", "english", "--load", file.path(), "--fen", "W:WK29,K30:BK22"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.contains("6 classes, 32,866 positions, read in "), "{out}");
    assert!(
        out.contains("W:WK29,K30:BK22: draw\n  29-25: then draw\n  30-25: then draw\n  30-26: then win for Black (to move) in 7 plies"),
        "{out}"
    );
    // The player with them: a forced win at the tables' distance.
    let o = polydame(&["best", "english", "--fen", "W:WK1,K2:BK32", "--depth", "2", "--egtb", file.path(), "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["score"], 1_000_000 - 33, "{v}");
    // Another variant's rules.
    let o = polydame(&["egtb", "russian", "--load", file.path()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("the tables are of english (rules "), "{}", stderr(&o));
}

#[test]
fn egtb_json_and_refusals() {
    let o = polydame(&["egtb", "russian", "--class", "king against king", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(last["class"], "king against king");
    assert_eq!(last["positions"], 1_984);
    assert_eq!(last["bytes"], 3_968);
    let o = polydame(&["egtb", "lasca"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(
        stderr(&o).starts_with("error: endgame tables cannot be built for this variant: captured pieces stay in columns"),
        "{}",
        stderr(&o)
    );
    let o = polydame(&["egtb", "english", "--class", "3 queen against king"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("no kind `queen`; the kinds are: man, king"), "{}", stderr(&o));
}
