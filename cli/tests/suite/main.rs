//! The command line's tests: the `polydame` binary as users and programs run it, one
//! module a subject, in one test binary (one link instead of one per file).

mod common;

mod archive;
mod archive_input;
mod cli;
mod draw_rules;
mod egtb;
mod fen_dialects;
mod hub;
mod limits;
mod peers;
mod play_engine;
mod play_loop;
mod python_package;
mod report;
mod selfplay;
mod svg;
mod transcripts;
