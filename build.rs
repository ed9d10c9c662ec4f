// Embeds every file of variants/ into the binary, so shipped variants work from any
// directory. The list is generated: adding a file to variants/ needs no code (the Hub
// engine names a few variants only to map the Hub protocol's names onto them).
use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=variants");
    let mut entries: Vec<String> = fs::read_dir("variants")
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).filter(|n| n.ends_with(".toml")).collect())
        .unwrap_or_default();
    entries.sort();
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut out = String::from("/// Shipped variant files: (file stem, text).\npub static SHIPPED: &[(&str, &str)] = &[\n");
    for name in entries {
        let stem = name.trim_end_matches(".toml");
        let path = Path::new(&root).join("variants").join(&name);
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!("    ({stem:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
