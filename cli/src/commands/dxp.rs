//! `polydame dxp`: the DXP follower ([`polydame_dxp::listen`]) on a TCP port, several
//! connections at once within its bounds.

use super::{Done, Failure, OptionArgs};
use polydame::Limits;
use polydame_dxp::{Bounds, Follower, listen};
use std::io::Write;
use std::net::TcpListener;

/// Says something on standard error; a closed standard error is no reason to stop serving.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "polydame dxp: {text}");
}

/// Listens on `host:port` and serves the initiators that connect (only the first with
/// `once`).
pub fn run(variant: &str, options: &OptionArgs, host: &str, port: u16, depth: u32, once: bool) -> Done {
    let rules = options.load(variant)?;
    // The positions DXP can say (the library's refusals, Hub's too), on 50 squares.
    match polydame::notation::Squares::new(&rules) {
        Ok(s) if s.len() == 50 => {}
        Ok(_) => return Err(Failure { message: format!("DXP plays on 50 numbered squares; variant {} has not", rules.id()), code: 2 }),
        Err(why) => return Err(Failure { message: format!("DXP cannot say the positions of variant {}: it {why}", rules.id()), code: 2 }),
    }
    let listener =
        TcpListener::bind((host, port)).map_err(|e| Failure { message: format!("cannot listen on {host}:{port}: {e}"), code: 1 })?;
    let address = listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| format!("{host}:{port}"));
    note(&format!("{} on {address}, waiting for an initiator", rules.id()));
    let follower = Follower { rules: &rules, limits: Limits::depth(depth) };
    listen(&follower, &listener, &Bounds::default(), once, &note);
    Ok(())
}
