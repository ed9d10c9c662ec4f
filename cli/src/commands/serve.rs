//! `polydame serve`: the studio ([`polydame_studio`]) on a local port.

use super::{Done, Failure};
use std::sync::Arc;

fn failure(message: String) -> Failure {
    Failure { message, code: 1 }
}

/// Serves the studio on `host:port` until Ctrl-C (or `SIGTERM`), which lets the answers in progress
/// finish. It answers to the address it listens on, this machine's local names and
/// `host` as given (a name of this machine), each with the port.
pub fn run(host: &str, port: u16, open: bool) -> Done {
    let studio = Arc::new(polydame_studio::Studio::new().map_err(failure)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| failure(format!("cannot start the server's threads: {e}")))?;
    runtime.block_on(async {
        let listener =
            tokio::net::TcpListener::bind((host, port)).await.map_err(|e| failure(format!("cannot listen on {host}:{port}: {e}")))?;
        let address = listener.local_addr().map_err(|e| failure(e.to_string()))?;
        let url = format!("http://{address}/");
        eprintln!("polydame studio on {url} (Ctrl-C stops it)");
        if open {
            open_browser(&url);
        }
        let site = polydame_studio::Site::new(address).allow(host);
        polydame_studio::serve_until(listener, studio, site, polydame_studio::stop_signal())
            .await
            .map_err(|e| failure(format!("the server stopped: {e}")))?;
        eprintln!("polydame studio stopped");
        Ok(())
    })
}

/// Opens `url` in the desktop's browser; says so when none can be started.
fn open_browser(url: &str) {
    let tries: &[(&str, &[&str])] = &[("xdg-open", &[]), ("open", &[]), ("cmd", &["/C", "start"])];
    let opened = tries.iter().any(|(cmd, args)| std::process::Command::new(cmd).args(*args).arg(url).spawn().is_ok());
    if !opened {
        eprintln!("no browser could be started: open {url}");
    }
}
