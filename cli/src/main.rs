//! The `polydame` command line.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod commands;

use commands::{FenArgs, OptionArgs, Out, RouteArgs, VariantArgs};

#[derive(Parser)]
#[command(name = "polydame", version, about = "Plays the rules of any checkers/draughts variant from a description file")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the shipped variants.
    Variants {
        /// One JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Show a variant's rules in words and its board.
    Show {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        fen: FenArgs,
    },
    /// The board alone: a position's diagram with the variant's square numbers beside it,
    /// or an SVG picture of it (--svg).
    Board {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        fen: FenArgs,
        /// Print the board as an SVG picture (square numbers, coordinates, columns, the last
        /// move as an arrow) instead of the text diagram.
        #[arg(long)]
        svg: bool,
        /// Play this move, in the variant's notation (`32x23`, `c3xe5`), in the position
        /// given (the start or --fen), and show the position after it: in SVG with an arrow
        /// along its path and its captured pieces marked, in text with a line naming it.
        #[arg(long, value_name = "MOVE")]
        last: Option<String>,
    },
    /// The generic player's best move for a position (alpha-beta on an evaluation built
    /// from the rules: material by kind worth, advance towards promotion, mobility).
    Best {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        fen: FenArgs,
        /// Search this many plies deep (and on while captures are compulsory); default 6, or
        /// as deep as --time allows.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Stop after this many milliseconds, with the deepest search finished.
        #[arg(long, value_name = "MS")]
        time: Option<u64>,
        /// Probe these endgame tables (written by `egtb --save` for the variant) at the
        /// search's nodes: a position they hold is scored by them, not searched on.
        #[arg(long, value_name = "FILE")]
        egtb: Option<String>,
        /// One JSON object: move, score, depth, line, nodes, seconds.
        #[arg(long)]
        json: bool,
        /// The game so far: moves played from the start (or --fen) before the search, in
        /// the variant's notation. The search knows the game's past: a line back to one of
        /// its positions is a draw by repetition, and move-count rules count on.
        #[arg(conflicts_with = "pdn")]
        moves: Vec<String>,
        /// The game so far from a PDN record (gzip, bzip2 or zstd packed, in any encoding
        /// `validate` reads): its start (FEN tag) and main line; the position searched is
        /// the one it ends at.
        #[arg(long, value_name = "FILE", conflicts_with = "fen")]
        pdn: Option<std::path::PathBuf>,
        /// With --pdn: the game of the file, from 1.
        #[arg(long, value_name = "N", default_value_t = 1, requires = "pdn", value_parser = clap::value_parser!(u64).range(1..))]
        game: u64,
        /// Value the pieces by these learned weights (`polydame tune`'s file) instead of
        /// the rules' own.
        #[arg(long, value_name = "FILE")]
        weights: Option<String>,
    },
    /// Learn the player's worth of each piece on each cell, and of runaways and balance,
    /// from its own games (Texel's method), and write it as a weights file for `best
    /// --weights`.
    ///
    /// The games are played as `match` plays them; the fit keeps their quiet positions
    /// (none where a capture is due) and the games' results. With --check N, the learned
    /// player then plays N games against the rules' own at the same depth, colours
    /// alternating, and its score is printed.
    Tune {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        games: commands::selfplay::GameArgs,
        /// Steps of gradient descent over all the positions.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        epochs: u32,
        /// Write the weights to this file.
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Then play this many games of the learned player against the rules' own.
        #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000))]
        check: u32,
        /// Learn patterns too: what each arrangement of pieces on each small window of
        /// cells is worth (docs/player.md says which windows).
        #[arg(long)]
        patterns: bool,
        /// Start from this weights file instead of the rules' own worth, and play the
        /// tuning games (and --check's learned side) with it: a second round of tuning.
        #[arg(long, value_name = "FILE")]
        weights: Option<String>,
    },
    /// The player against itself, from random openings or ballots: the games as PDN.
    ///
    /// The score goes to standard error (or --json). Every move is played through the
    /// rules; games run in parallel and are the same with any number of threads.
    Match {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        games: commands::selfplay::GameArgs,
        /// Write the games to this file instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
        /// The score as one JSON object on standard output (games, white_wins, black_wins,
        /// draws, unfinished; with --against, the first player's wins, draws, losses and
        /// score too).
        #[arg(long)]
        json: bool,
        /// The player values the pieces by this weights file (`polydame tune`'s) instead of
        /// the variant's shipped weights or its rules' own worth.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["engine", "dxp"])]
        weights: Option<String>,
        /// Two players: this one (a weights file, or `own` for the worth the rules give)
        /// against the player of --weights (or the default one), colours alternating, the
        /// two games of a pair from one opening; the score is the first player's.
        #[arg(long, value_name = "FILE|own", conflicts_with_all = ["engine", "dxp"])]
        against: Option<String>,
        /// Play against this engine over the Hub protocol (a command line, run by the
        /// shell, e.g. "scan hub"); twice, the two engines against each other. Colours
        /// alternate; an engine's move that is not legal loses the game.
        #[arg(long, value_name = "COMMAND", num_args = 1, action = clap::ArgAction::Append)]
        engine: Vec<String>,
        /// Play against the DXP follower at this address (HOST:PORT, e.g. a `polydame dxp`
        /// or Kingsrow waiting there): a game request for each game, moves exchanged.
        #[arg(long, value_name = "HOST:PORT", conflicts_with = "engine")]
        dxp: Option<String>,
        /// With --engine or --dxp: the players think on a clock instead of to --depth,
        /// SECONDS for the game and INC more with each move (e.g. 60+0.5); a player whose
        /// clock runs out loses. A DXP follower is asked for the whole minutes.
        #[arg(long, value_name = "SECONDS[+INC]")]
        clock: Option<commands::engine_match::TimeControl>,
        /// With --engine: games played at once, each with its own engine processes.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        concurrency: u16,
        /// With --engine or --dxp and no --clock: the seconds an opponent may take for one
        /// move; past them the match stops with an error (with --clock: its clock and 5 s).
        #[arg(long, value_name = "SECONDS", default_value_t = commands::peers::DEFAULT_MOVE_LIMIT_SECS,
              value_parser = clap::value_parser!(u64).range(1..=86_400))]
        move_limit: u64,
    },
    /// Compile a variant file and report its errors with line and column.
    Check {
        /// The .toml file.
        file: String,
    },
    /// List the legal moves of a position.
    Moves {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        fen: FenArgs,
        /// A file with one FEN per line (instead of --fen).
        #[arg(long, conflicts_with = "fen")]
        fen_file: Option<String>,
        #[command(flatten)]
        routes: RouteArgs,
        /// One JSON object per position.
        #[arg(long)]
        json: bool,
    },
    /// Play moves from the start (or a FEN): the position reached, its outcome, its legal moves.
    ///
    /// Without moves, the game is played from standard input, a move or a command a line:
    /// undo, moves, board, fen, pdn, help, quit. At a terminal it shows the board after each
    /// move and prompts the side to move. Piped, it is quiet for scripts: a move played
    /// prints nothing, a line that cannot be played prints its ply, its text and why on
    /// standard error and the game goes on (exit status 1 at the end), and board, moves, fen
    /// and pdn print what they ask for; input without a line shows the position as moves
    /// given here do.
    ///
    /// With --engine LEVEL, you play against the generic player: it answers each of your
    /// moves (at a terminal it names its move and shows the board; piped, it prints its
    /// move on a line of its own), undo takes back its reply and your move, and the PDN
    /// names the players. With moves given, it plays one reply after them when it is to
    /// move.
    Play {
        #[command(flatten)]
        variant: VariantArgs,
        #[command(flatten)]
        fen: FenArgs,
        #[command(flatten)]
        engine: commands::play_engine::EngineArgs,
        /// The moves, in the variant's notation: 32-28 28x19 ... (none: read them from
        /// standard input).
        moves: Vec<String>,
        /// Print the position reached as one JSON object (with moves from standard input:
        /// at the end of input).
        #[arg(long)]
        json: bool,
        /// Print the game played as PDN instead (with moves from standard input: at the end
        /// of input).
        #[arg(long, conflicts_with = "json")]
        pdn: bool,
    },
    /// Count the leaves of the legal-move tree.
    Perft {
        #[command(flatten)]
        variant: VariantArgs,
        /// Plies deep (at most 64).
        #[arg(value_parser = clap::value_parser!(u32).range(..=i64::from(polydame::engine::MAX_PERFT_DEPTH)))]
        depth: u32,
        #[command(flatten)]
        fen: FenArgs,
        /// Counts per root move.
        #[arg(long)]
        divide: bool,
        /// Threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=polydame::engine::MAX_PERFT_THREADS as i64))]
        threads: Option<u16>,
        #[command(flatten)]
        routes: RouteArgs,
        /// JSON lines; the last has the total and the time.
        #[arg(long)]
        json: bool,
    },
    /// Endgame tables built from the rules alone: every position of a few pieces solved by
    /// retrograde analysis (win, draw or loss for the side to move, and the plies to the
    /// end), per material class.
    Egtb {
        #[command(flatten)]
        variant: VariantArgs,
        /// Every class of at most this many pieces, both sides together (default 3).
        #[arg(long, value_parser = clap::value_parser!(u8).range(0..=16), conflicts_with = "load")]
        pieces: Option<u8>,
        /// Only this class and those it leads to, as `3 king against king` (White's pieces
        /// first; repeatable).
        #[arg(long = "class", value_name = "MATERIAL", conflicts_with_all = ["pieces", "load"])]
        classes: Vec<String>,
        /// Write the tables to this file.
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
        /// Read the tables from this file (written by --save for the same variant) instead
        /// of building them.
        #[arg(long, value_name = "FILE")]
        load: Option<String>,
        /// Probe this position: its value and each move's.
        #[command(flatten)]
        fen: FenArgs,
        /// One JSON line per class.
        #[arg(long)]
        json: bool,
    },
    /// Write PDN files again canonically: the variant's own GameType and notation, captures
    /// in full only where ambiguous, results as the variant writes them, with their tags,
    /// comments and variations
    Convert {
        /// PDN files (`-`: standard input); gzip, bzip2 and zstd files are unpacked.
        #[arg(required = true)]
        files: Vec<String>,
        /// The variant of every game (otherwise each game's GameType or Variant tag decides)
        #[arg(long)]
        variant: Option<String>,
        #[command(flatten)]
        options: commands::OptionArgs,
        /// Write to this file (default: standard output)
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
    },
    /// Check every move of every game in PDN files.
    Validate {
        /// PDN files (`-`: standard input); gzip, bzip2 and zstd files are unpacked, told by their first bytes.
        #[arg(required = true)]
        files: Vec<String>,
        /// The variant of every game (otherwise each game's GameType or Variant tag decides).
        #[arg(long)]
        variant: Option<String>,
        #[command(flatten)]
        options: OptionArgs,
        /// One JSON object per game.
        #[arg(long)]
        json: bool,
        /// Only read the games (PDN syntax, tags, move texts) without replaying them.
        #[arg(long)]
        parse_only: bool,
        /// The text encoding of the files: any WHATWG label (windows-1251, cp1252, latin1,
        /// koi8-r, utf-16le, ...). Default: UTF-8, or the encoding a file looks like when it
        /// is not UTF-8.
        #[arg(long, value_name = "LABEL", value_parser = commands::validate::encoding_label)]
        encoding: Option<&'static encoding_rs::Encoding>,
        /// An illegal or unreadable move inside a variation `( ... )`, or a move written with
        /// the other kind's separator (a capture with `-`, a quiet move with `x`), makes its
        /// game invalid (without it, a warning).
        #[arg(long)]
        strict: bool,
        /// Only games N to M of each file, counting from 1 (`N..`: from N on): shards of one
        /// archive checked apart keep each game's number, and merge by it.
        #[arg(long, value_name = "N..M", value_parser = commands::validate::game_range)]
        range: Option<(usize, usize)>,
        /// Print only the summary (and files that cannot be read), not each game.
        #[arg(long)]
        summary: bool,
    },
    /// Print random legal games as PDN.
    RandomGame {
        #[command(flatten)]
        variant: VariantArgs,
        /// Seed of the random choices (the same seed gives the same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Most half-moves.
        #[arg(long, default_value_t = 300)]
        plies: usize,
        /// How many games: the seeds SEED, SEED+1, ... one game each.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
    },
    /// Be an engine for draughts GUIs: speak Scan's Hub protocol on standard input and output.
    ///
    /// GUIs such as Hub and Dam, and lidraughts bots, can then use the generic player as
    /// an engine (see docs/hub.md).
    Hub {
        /// The variant to start with: a Hub name (normal, killer, bt, frisian, losing) or a
        /// variant whose squares are numbered (a shipped id or a .toml file). The GUI may
        /// change it with `set-param name=variant`. Default: normal (international).
        #[arg(long)]
        variant: Option<String>,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Serve polydame studio: a web page to design, play and judge a variant in the browser.
    ///
    /// A local web server with one page (the file and its errors, the rules in words, a
    /// clickable board against the player, records, the designer's report) and its JSON
    /// API. See docs/studio.md.
    Serve {
        /// The port to listen on (0: any free one, said on standard error).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: this machine only unless another is given.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Open the page in the browser (xdg-open, open or start).
        #[arg(long)]
        open: bool,
    },
    /// Play as a DXP follower: answer another draughts program's game requests and moves over TCP.
    ///
    /// The DamExchange Protocol of Kingsrow, Moby Dam and pydraughts' DXP client. Listens on
    /// HOST:PORT and serves the initiators that connect, up to 8 at once (or, with --once,
    /// the first only); a peer silent for 10 minutes is dropped. Each game is International
    /// draughts (or --variant, on 50 numbered squares), its moves chosen by the generic
    /// player to --depth. See docs/hub.md.
    Dxp {
        /// A variant on 50 numbered squares (default: international).
        #[arg(long, default_value = "international")]
        variant: String,
        #[command(flatten)]
        options: OptionArgs,
        /// The address to listen on (default: this machine only).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port to listen on (27531 is DXP's usual one).
        #[arg(long, default_value_t = 27531)]
        port: u16,
        /// How deep the player searches each move (within its share of the clock when the
        /// game request gives one).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Serve the first connection only, then stop.
        #[arg(long)]
        once: bool,
    },
    /// The designer's report: self-play games of one or more variants, side by side.
    ///
    /// The player plays many games against itself at a fixed depth, and the report tells
    /// who wins (and whether moving first is an advantage, with its 95% interval), how long
    /// games last, how many legal moves there are along the game, how often captures are
    /// forced and how many pieces they take, when men promote, and how games end.
    ///
    /// As text on standard output, as one HTML page with charts (--out FILE.html), as
    /// Markdown with its charts in SVG files beside it (--out FILE.md), or as JSON
    /// (--json). docs/report.md says what every number means.
    Report {
        #[command(flatten)]
        args: commands::report::ReportArgs,
    },
}

fn run(command: Command, out: &mut Out) -> commands::Done {
    match command {
        Command::Variants { json } => commands::variants::run(json, out),
        Command::Show { variant, fen } => commands::show::run(&variant, &fen, out),
        Command::Board { variant, fen, svg, last } => {
            commands::board::run(&variant, &fen, commands::board::Picture { svg, last: last.as_deref() }, out)
        }
        Command::Check { file } => commands::check::run(&file, out),
        Command::Tune { variant, games, epochs, out: file, check, patterns, weights } => {
            let job = commands::tune::Job { epochs: epochs as usize, out: &file, check, patterns, weights: weights.as_deref() };
            commands::tune::run(&variant, &games, &job, out)
        }
        Command::Match { variant, games, out: file, json, engine, dxp, clock, concurrency, move_limit, .. }
            if !engine.is_empty() || dxp.is_some() =>
        {
            if json || engine.len() > 2 {
                let message =
                    "--engine plays one engine against polydame or two against each other, and writes no --json score".to_string();
                return Err(commands::Failure { message, code: 2 });
            }
            let rules = variant.load()?;
            let opponents = commands::engine_match::Opponents {
                commands: &engine,
                dxp: dxp.as_deref(),
                hub_variant: polydame_hub::hub_name(rules.id()),
                clock,
                concurrency: usize::from(concurrency),
                out_file: file.as_deref(),
                move_limit,
            };
            commands::engine_match::run(&rules, &games, &opponents)
        }
        Command::Match { variant, games, out: file, json, clock, concurrency, weights, against, .. } => {
            if clock.is_some() || concurrency > 1 {
                let message = "--clock and --concurrency are for matches against engines (--engine, --dxp); the player against \
                    itself plays to --depth, on --threads"
                    .to_string();
                return Err(commands::Failure { message, code: 2 });
            }
            let players = commands::matches::Players { weights: weights.as_deref(), against: against.as_deref() };
            commands::matches::run(&variant, &games, &players, file.as_deref(), json, out)
        }
        Command::Report { args } => commands::report::run(&args, out),
        Command::Hub { variant, options } => commands::hub::run(variant.as_deref(), &options, out),
        Command::Serve { port, host, open } => commands::serve::run(&host, port, open),
        Command::Dxp { variant, options, host, port, depth, once } => commands::dxp::run(&variant, &options, &host, port, depth, once),
        Command::Best { variant, fen, depth, time, json, moves, pdn, game, weights, egtb } => {
            let past = commands::best::Past { moves: &moves, pdn: pdn.as_deref(), game };
            let search = commands::best::Search { depth, time, json, weights: weights.as_deref(), egtb: egtb.as_deref() };
            commands::best::run(&variant, &fen, &past, search, out)
        }
        Command::Moves { variant, fen, fen_file, routes, json } => {
            let from = commands::moves::Positions { fen: &fen, fen_file: fen_file.as_deref() };
            commands::moves::run(&variant, from, routes, json, out)
        }
        Command::Play { variant, fen, engine, moves, json, pdn } => {
            commands::play::run(&variant, &fen, &moves, commands::play::Show { json, pdn }, &engine, out)
        }
        Command::Perft { variant, depth, fen, divide, threads, routes, json } => {
            let threads = threads.map(usize::from);
            commands::perft::run(&variant, &fen, commands::perft::Count { depth, divide, threads, routes, json }, out)
        }
        Command::Egtb { variant, pieces, classes, save, load, fen, json } => {
            let job = commands::egtb::Job { pieces: pieces.map(usize::from), classes, save, load, json };
            commands::egtb::run(&variant, &fen, job, out)
        }
        Command::Convert { files, variant, options, out: path } => commands::convert::run(commands::convert::Job {
            files: &files,
            variant: variant.as_deref(),
            options: &options,
            out: path.as_deref(),
        }),
        Command::Validate { files, variant, options, json, parse_only, encoding, strict, range, summary } => {
            let job = commands::validate::Job {
                files: &files,
                variant: variant.as_deref(),
                options: &options,
                json,
                parse_only,
                encoding,
                strict,
                range,
                summary_only: summary,
            };
            commands::validate::run(job, out)
        }
        Command::RandomGame { variant, seed, plies, count } => commands::random_game::run(&variant, seed, plies, count, out),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli.command, &mut Out::new()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("{}", f.message);
            }
            ExitCode::from(f.code)
        }
    }
}
