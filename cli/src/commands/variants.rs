//! `polydame variants`: the shipped variants.

use super::{Done, Out};
use polydame::json::{OptionJson, VariantJson};
use polydame::{Rules, shipped_rules};

/// Lists the shipped variants, as text or JSON.
pub fn run(json: bool, out: &mut Out) -> Done {
    let rows = shipped_rules();
    if json {
        let v: Vec<VariantJson> = rows.iter().map(variant_json).collect();
        out.json(&v);
        return Ok(());
    }
    let width = rows.iter().map(|r| r.id().len()).max().unwrap_or(0);
    for r in rows {
        let s = r.spec();
        let opts: Vec<String> = s.options.iter().map(|o| format!("--option {}={}", o.name, o.choices.join("|"))).collect();
        let opts = if opts.is_empty() { String::new() } else { format!("  [{}]", opts.join(" ")) };
        out.say(format!("{:<width$} {} ({} cells){opts}", s.id, s.name, s.geometry.len()));
    }
    Ok(())
}

fn variant_json(r: &Rules) -> VariantJson {
    let s = r.spec();
    VariantJson {
        id: s.id.clone(),
        name: s.name.clone(),
        aliases: s.aliases.clone(),
        cells: s.geometry.len(),
        gametype: s.gametypes.clone(),
        options: s
            .options
            .iter()
            .map(|o| OptionJson { name: o.name.clone(), choices: o.choices.clone(), default: o.default.clone(), help: o.help.clone() })
            .collect(),
    }
}
