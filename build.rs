// Embeds every file of variants/ into the binary, so shipped variants work from any
// directory, and every file of weights/ (the player's learned weights of shipped
// variants). The lists are generated: adding a file to variants/ or weights/ needs no code
// (the Hub engine names a few variants only to map the Hub protocol's names onto them).
use std::{env, fs, path::Path};

/// `pub static NAME: &[(&str, &str)]`: (file stem, text) of each `.toml` file of `dir`.
fn embed(dir: &str, name: &str, what: &str) -> String {
    println!("cargo:rerun-if-changed={dir}");
    let mut entries: Vec<String> = fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).filter(|n| n.ends_with(".toml")).collect())
        .unwrap_or_default();
    entries.sort();
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut out = format!("/// {what}: (file stem, text).\npub static {name}: &[(&str, &str)] = &[\n");
    for file in entries {
        let stem = file.trim_end_matches(".toml");
        let path = Path::new(&root).join(dir).join(&file);
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!("    ({stem:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    out.push_str("];\n");
    out
}

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let variants = embed("variants", "SHIPPED", "Shipped variant files");
    fs::write(Path::new(&out_dir).join("shipped.rs"), variants).expect("OUT_DIR is writable");
    let weights = embed("weights", "SHIPPED_WEIGHTS", "Shipped weights files of the player, by variant id");
    fs::write(Path::new(&out_dir).join("weights.rs"), weights).expect("OUT_DIR is writable");
}
