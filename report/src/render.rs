//! The report's sections written out: as one HTML page with its charts inline, as
//! Markdown linking to its charts' files, or as text (the tables alone).

use crate::sections::Section;
use polydame::picture::escape_xml;
use std::fmt::Write;

/// The report's title.
fn title(sections: &[Section]) -> String {
    let names = sections.iter().flat_map(|s| s.rows.iter()).find(|r| r.label == "variant").map(|r| r.cells.join(", "));
    format!("Designer's report: {}", names.unwrap_or_default())
}

/// The widest column of labels in text.
const LABEL_MOST: usize = 40;

/// The tables as text, the columns aligned across all of them; the charts left out.
pub fn text(sections: &[Section]) -> String {
    let rows = || sections.iter().flat_map(|s| s.rows.iter());
    let label_width = sections.iter().map(|s| s.title.chars().count()).chain(rows().map(|r| r.label.chars().count() + 2)).max();
    // A longer label stands on a line of its own, its values under it.
    let label_width = label_width.unwrap_or(0).min(LABEL_MOST) + 2;
    let columns = sections.first().map_or(0, |s| s.head.len());
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            let head = sections.iter().map(|s| s.head.get(i).map_or(0, |h| h.chars().count()));
            head.chain(rows().map(|r| r.cells.get(i).map_or(0, |c| c.chars().count()))).max().unwrap_or(0)
        })
        .collect();
    let line = |first: String, cells: &[String]| {
        let mut l = format!("{first:<label_width$}");
        for (c, w) in cells.iter().zip(&widths) {
            let _ = write!(l, "{c:<w$}  ");
        }
        l.trim_end().to_string() + "\n"
    };
    let mut out = format!("{}\n", title(sections));
    for s in sections {
        out.push('\n');
        if s.lead.is_empty() {
            out.push_str(&line(s.title.to_string(), &s.head));
        } else {
            out.push_str(&format!("{}\n", s.title));
            s.lead.iter().for_each(|l| out.push_str(&format!("  {l}\n")));
            out.push_str(&line(String::new(), &s.head));
        }
        for r in &s.rows {
            let label = format!("  {}", r.label);
            if label.chars().count() + 2 > label_width {
                out.push_str(&format!("{label}\n"));
                out.push_str(&line(String::new(), &r.cells));
            } else {
                out.push_str(&line(label, &r.cells));
            }
        }
    }
    out
}

/// A cell of a Markdown table.
fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The report as Markdown; the chart of a section is the image `chart_name(slug)`.
pub fn markdown(sections: &[Section], chart_name: &dyn Fn(&str) -> String) -> String {
    let mut out = format!("# {}\n", title(sections));
    for s in sections {
        let _ = write!(out, "\n## {}\n\n{}\n\n", s.title, s.about);
        for l in &s.lead {
            let _ = writeln!(out, "- {l}");
        }
        if !s.lead.is_empty() {
            out.push('\n');
        }
        let head: Vec<String> = s.head.iter().map(|h| md_cell(h)).collect();
        let _ = writeln!(out, "| | {} |", head.join(" | "));
        let _ = writeln!(out, "|---|{}", "---:|".repeat(head.len()));
        for r in &s.rows {
            let cells: Vec<String> = r.cells.iter().map(|c| md_cell(c)).collect();
            let _ = writeln!(out, "| {} | {} |", md_cell(&r.label), cells.join(" | "));
        }
        if s.chart.is_some() {
            let name = chart_name(s.slug);
            let link = if name.contains([' ', '(', ')', '<', '>']) { format!("<{name}>") } else { name };
            let _ = write!(out, "\n![{}]({link})\n", s.title);
        }
    }
    out
}

/// The page's style: readable tables, charts as wide as the page allows.
const STYLE: &str = "body{font-family:system-ui,sans-serif;color:#222;max-width:62rem;margin:2rem auto;padding:0 1rem;line-height:1.4}\
table{border-collapse:collapse;margin:.8rem 0}th,td{padding:.25rem .7rem;border-bottom:1px solid #ddd;text-align:right}\
td{white-space:nowrap}th:first-child,td:first-child{text-align:left;white-space:normal}thead th{border-bottom:2px solid #888}\
p.about{color:#555;max-width:48rem}svg{max-width:100%;height:auto}";

/// The report as one HTML page: its charts are inline SVG, and it has no script and
/// nothing to fetch.
pub fn html(sections: &[Section]) -> String {
    let title = escape_xml(&title(sections));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );
    for s in sections {
        let _ =
            writeln!(out, "<section id=\"{}\">\n<h2>{}</h2>\n<p class=\"about\">{}</p>", s.slug, escape_xml(s.title), escape_xml(s.about));
        if !s.lead.is_empty() {
            out.push_str("<ul>\n");
            s.lead.iter().for_each(|l| out.push_str(&format!("<li>{}</li>\n", escape_xml(l))));
            out.push_str("</ul>\n");
        }
        out.push_str("<table>\n<thead><tr><th></th>");
        s.head.iter().for_each(|h| out.push_str(&format!("<th>{}</th>", escape_xml(h))));
        out.push_str("</tr></thead>\n<tbody>\n");
        for r in &s.rows {
            let _ = write!(out, "<tr><td>{}</td>", escape_xml(&r.label));
            r.cells.iter().for_each(|c| out.push_str(&format!("<td>{}</td>", escape_xml(c))));
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
        if let Some(chart) = &s.chart {
            let _ = write!(out, "<figure>\n{chart}</figure>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
