#![no_main]
#[path = "../studio_checks.rs"]
mod checks;
libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::api(data));
