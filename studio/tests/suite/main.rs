//! The studio's tests, one binary: the API without a server (`api`, `errors`, `records`), the
//! server on real sockets under hostile clients (`hostile`) and load (`load`), the fuzz
//! target's committed inputs (`fuzz_corpus`), and the page in a real browser (`browser`).

mod api;
mod browser;
mod errors;
mod fuzz_corpus;
mod hostile;
mod load;
mod records;
