//! The library's tests, one module a subject, in one test binary: one link instead of one
//! per file, which is most of the time a test build takes.

mod actions;
mod api;
mod clauses;
mod convert;
mod egtb;
mod egtb_facts;
mod engine;
mod engines;
mod frisian_limit;
mod fuzz_corpus;
mod nesting;
mod outcome;
mod perft;
mod player;
mod properties;
mod records;
mod snapshots;
mod unread;
