//! The report's charts, as plain SVG written by hand: lines over a numeric axis, grouped
//! bars over categories, and stacked horizontal bars of shares. Every chart has a title,
//! labelled axes from 0, and a legend when it shows more than one series. Colours are the
//! Okabe-Ito palette, told apart by people with any colour vision.

use polydame::picture::escape_xml;
use std::fmt::Write;

/// The width and height of every chart.
const W: f64 = 640.0;
const H: f64 = 320.0;
const LEFT: f64 = 58.0;
const RIGHT: f64 = 16.0;
const BOTTOM: f64 = 46.0;

/// One colour per variant, in order.
pub const PALETTE: [&str; 8] = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#999999"];

/// The colour of series `i`.
pub fn color(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// A chart's words.
pub struct Frame<'a> {
    pub title: &'a str,
    pub x_label: &'a str,
    pub y_label: &'a str,
}

/// An entry of a legend: a box of colour, or a line (dashed or not).
pub struct Key {
    pub name: String,
    pub color: &'static str,
    pub line: Option<bool>,
}

/// A value and its interval, as percentages: low, value, high.
pub type Interval = (f64, f64, f64);

/// A line through points, drawn dashed or solid.
pub struct Line {
    pub points: Vec<(f64, f64)>,
    pub color: &'static str,
    pub dashed: bool,
}

/// A number for an axis: no decimals when it is whole, else one or two.
fn num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else if (x * 10.0 - (x * 10.0).round()).abs() < 1e-9 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// An axis from 0 to at least `max`: its top and the step of its ticks (1, 2, 2.5 or 5
/// times a power of ten, about five ticks).
pub fn axis(max: f64) -> (f64, f64) {
    if !max.is_finite() || max <= 0.0 {
        return (1.0, 0.2);
    }
    let raw = max / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|f| f * mag).find(|&s| s >= raw * (1.0 - 1e-9)).unwrap_or(10.0 * mag);
    // Rounded, so that 3 x 0.2 is 0.6.
    let tidy = |x: f64| (x * 1e9).round() / 1e9;
    (tidy((max / step - 1e-9).ceil().max(1.0) * step), tidy(step))
}

/// The estimated width of a text of 12-pixel sans-serif.
fn text_width(s: &str) -> f64 {
    s.chars().count() as f64 * 6.6
}

/// A chart being drawn: the SVG so far and the plot's area.
struct Canvas {
    /// The elements so far (the opening tag is written last, when the height is known).
    svg: String,
    top: f64,
    h: f64,
    title: String,
}

impl Canvas {
    /// A chart of height `h` with its title and legend (in rows, as many as it needs).
    fn new(frame: &Frame, keys: &[Key], h: f64) -> Canvas {
        let mut svg = format!(
            "<text x=\"{x}\" y=\"20\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">{t}</text>\n",
            t = escape_xml(frame.title),
            x = W / 2.0
        );
        let (mut x, mut y) = (LEFT, 40.0);
        for k in keys {
            let w = 30.0 + text_width(&k.name) + 16.0;
            if x + w > W - RIGHT && x > LEFT {
                (x, y) = (LEFT, y + 18.0);
            }
            let _ = match k.line {
                None => write!(svg, "<rect x=\"{x}\" y=\"{}\" width=\"22\" height=\"10\" fill=\"{}\"/>", y - 9.0, k.color),
                Some(dashed) => write!(
                    svg,
                    "<line x1=\"{x}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y1}\" stroke=\"{}\" stroke-width=\"2\"{}/>",
                    k.color,
                    if dashed { " stroke-dasharray=\"6 4\"" } else { "" },
                    y1 = y - 4.0,
                    x2 = x + 22.0
                ),
            };
            let _ = writeln!(svg, "<text x=\"{}\" y=\"{y}\">{}</text>", x + 28.0, escape_xml(&k.name));
            x += w;
        }
        let top = if keys.is_empty() { 36.0 } else { y + 14.0 };
        Canvas { svg, top, h, title: escape_xml(frame.title) }
    }

    /// A chart of one band per row, as high as its rows need: the height of a band.
    fn rows(frame: &Frame, keys: &[Key], rows: usize) -> (Canvas, f64) {
        let mut c = Canvas::new(frame, keys, H);
        let band = 34.0;
        c.h = c.top + rows.max(1) as f64 * band + BOTTOM;
        (c, band)
    }

    fn bottom(&self) -> f64 {
        self.h - BOTTOM
    }

    /// The vertical position of `v` on an axis whose top is `top`.
    fn y(&self, v: f64, top: f64) -> f64 {
        self.bottom() - v / top * (self.bottom() - self.top)
    }

    /// The y axis from 0 to `top` with grid lines, and the labels of both axes.
    fn y_axis(&mut self, frame: &Frame, top: f64, step: f64) {
        let mut v = 0.0;
        while v <= top + step * 1e-6 {
            let y = self.y(v, top);
            let _ = writeln!(
                self.svg,
                "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
                 <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                W - RIGHT,
                LEFT - 6.0,
                y + 4.0,
                num(v)
            );
            v += step;
        }
        let (b, mid) = (self.bottom(), (self.top + self.bottom()) / 2.0);
        let _ = writeln!(
            self.svg,
            "<line x1=\"{LEFT}\" y1=\"{:.1}\" x2=\"{LEFT}\" y2=\"{b}\" stroke=\"#333\"/>\
             <line x1=\"{LEFT}\" y1=\"{b}\" x2=\"{}\" y2=\"{b}\" stroke=\"#333\"/>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
             <text transform=\"translate(14 {mid:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
            self.top,
            W - RIGHT,
            (LEFT + W - RIGHT) / 2.0,
            self.h - 8.0,
            escape_xml(frame.x_label),
            escape_xml(frame.y_label)
        );
    }

    /// A label under the x axis at `x`.
    fn x_tick(&mut self, x: f64, label: &str) {
        let b = self.bottom();
        let _ = writeln!(
            self.svg,
            "<line x1=\"{x:.1}\" y1=\"{b}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"#333\"/>\
             <text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            b + 4.0,
            b + 17.0,
            escape_xml(label)
        );
    }

    fn finish(self) -> String {
        let (h, t) = (self.h, &self.title);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" viewBox=\"0 0 {W} {h}\" \
             font-family=\"sans-serif\" font-size=\"12\" role=\"img\" aria-label=\"{t}\">\n\
             <title>{t}</title>\n<rect width=\"{W}\" height=\"{h}\" fill=\"white\"/>\n{}</svg>\n",
            self.svg
        )
    }
}

/// Lines over a numeric x axis from 0.
pub fn lines(frame: &Frame, keys: &[Key], lines: &[Line]) -> String {
    let mut c = Canvas::new(frame, keys, H);
    let all = || lines.iter().flat_map(|l| l.points.iter());
    let (x_top, x_step) = axis(all().map(|p| p.0).fold(0.0, f64::max));
    let (y_top, y_step) = axis(all().map(|p| p.1).fold(0.0, f64::max));
    c.y_axis(frame, y_top, y_step);
    let x = |v: f64| LEFT + v / x_top * (W - RIGHT - LEFT);
    let mut v = 0.0;
    while v <= x_top + x_step * 1e-6 {
        c.x_tick(x(v), &num(v));
        v += x_step;
    }
    for l in lines {
        let points: Vec<String> = l.points.iter().map(|&(px, py)| format!("{:.1},{:.1}", x(px), c.y(py, y_top))).collect();
        let dash = if l.dashed { " stroke-dasharray=\"6 4\"" } else { "" };
        let _ =
            writeln!(c.svg, "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{dash}/>", points.join(" "), l.color);
        if l.points.len() == 1 {
            let (px, py) = l.points[0];
            let _ = writeln!(c.svg, "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{}\"/>", x(px), c.y(py, y_top), l.color);
        }
    }
    c.finish()
}

/// Bars in groups, one group per category and one bar per series (in the colours of
/// `keys`, in order); `values[s][i]` is series `s` in category `i`.
pub fn bars(frame: &Frame, keys: &[Key], categories: &[String], values: &[Vec<f64>]) -> String {
    let mut c = Canvas::new(frame, keys, H);
    let max = values.iter().flatten().copied().fold(0.0, f64::max);
    let (mut y_top, mut y_step) = axis(max);
    if values.iter().flatten().all(|v| v.fract() == 0.0) && y_step < 1.0 {
        // Counts: whole ticks.
        (y_top, y_step) = (max.max(1.0), 1.0);
    }
    c.y_axis(frame, y_top, y_step);
    let n = categories.len().max(1) as f64;
    let group = (W - RIGHT - LEFT) / n;
    let bar = group * 0.8 / values.len().max(1) as f64;
    let widest = categories.iter().map(|s| text_width(s)).fold(0.0, f64::max);
    let every = ((widest + 8.0) / group).ceil().max(1.0) as usize;
    for (i, label) in categories.iter().enumerate() {
        let x0 = LEFT + i as f64 * group;
        if i % every == 0 {
            c.x_tick(x0 + group / 2.0, label);
        }
        for (s, series) in values.iter().enumerate() {
            let v = series.get(i).copied().unwrap_or(0.0);
            let (y, color) = (c.y(v, y_top), keys.get(s).map_or(color(s), |k| k.color));
            let _ = writeln!(
                c.svg,
                "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{bar:.1}\" height=\"{:.1}\" fill=\"{color}\"><title>{}: {}</title></rect>",
                x0 + group * 0.1 + s as f64 * bar,
                c.bottom() - y,
                escape_xml(label),
                num(v)
            );
        }
    }
    c.finish()
}

/// A chart of one band per row across an axis of 0 to 100%, the rows' names on the left:
/// the canvas, the axis's ends, and the top of each band and its height.
fn banded(frame: &Frame, keys: &[Key], names: &[&str]) -> (Canvas, (f64, f64), Vec<f64>, f64) {
    let (mut c, band) = Canvas::rows(frame, keys, names.len());
    let left = names.iter().map(|n| text_width(n)).fold(0.0, f64::max).clamp(40.0, 200.0) + 12.0;
    let tops: Vec<f64> = (0..names.len()).map(|r| c.top + r as f64 * band).collect();
    for (name, y) in names.iter().zip(&tops) {
        let label = truncate(name, ((left - 12.0) / 6.6) as usize);
        let _ = writeln!(
            c.svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 6.0,
            y + band / 2.0 + 4.0,
            escape_xml(&label)
        );
    }
    (c, (left, W - RIGHT), tops, band)
}

/// A percentage with at most one decimal.
fn pct(v: f64) -> String {
    format!("{}%", num((v * 10.0).round() / 10.0))
}

/// One horizontal bar per row, its parts (in the colours of `keys`) adding up to 100.
pub fn stacked(frame: &Frame, keys: &[Key], rows: &[(String, Vec<f64>)]) -> String {
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let (mut c, (x0, x1), tops, band) = banded(frame, keys, &names);
    let x = |v: f64| x0 + v / 100.0 * (x1 - x0);
    for ((_, parts), y) in rows.iter().zip(tops) {
        let mut at = 0.0;
        for (i, &v) in parts.iter().enumerate() {
            let (color, name) = keys.get(i).map_or((color(i), ""), |k| (k.color, k.name.as_str()));
            let _ = writeln!(
                c.svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\"><title>{}: {}</title></rect>",
                x(at),
                y + 5.0,
                x(at + v) - x(at),
                band - 10.0,
                escape_xml(name),
                pct(v)
            );
            at += v;
        }
    }
    percent_axis(&mut c, frame, x0, x1);
    c.finish()
}

/// One row per series: a dot at `.1` on a line from `.0` to `.2` (percentages).
pub fn intervals(frame: &Frame, rows: &[(String, Option<Interval>)]) -> String {
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let (mut c, (x0, x1), tops, band) = banded(frame, &[], &names);
    let x = |v: f64| x0 + v / 100.0 * (x1 - x0);
    for (r, ((_, interval), top)) in rows.iter().zip(tops).enumerate() {
        let Some((low, mid, high)) = *interval else { continue };
        let (y, color) = (top + band / 2.0, color(r));
        let _ = writeln!(
            c.svg,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{color}\" stroke-width=\"3\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"{color}\"><title>{}, {} to {}</title></circle>",
            x(low),
            x(high),
            x(mid),
            pct(mid),
            pct(low),
            pct(high)
        );
    }
    percent_axis(&mut c, frame, x0, x1);
    c.finish()
}

/// The axis of 0 to 100% under a chart of rows from `x0` to `x1`, with a dashed line at 50%.
fn percent_axis(c: &mut Canvas, frame: &Frame, x0: f64, x1: f64) {
    let x = |v: f64| x0 + v / 100.0 * (x1 - x0);
    for v in [0.0, 25.0, 50.0, 75.0, 100.0] {
        c.x_tick(x(v), &format!("{}%", num(v)));
    }
    let b = c.bottom();
    let _ = writeln!(
        c.svg,
        "<line x1=\"{x0}\" y1=\"{b}\" x2=\"{x1}\" y2=\"{b}\" stroke=\"#333\"/>\
         <line x1=\"{m:.1}\" y1=\"{:.1}\" x2=\"{m:.1}\" y2=\"{b}\" stroke=\"#333\" stroke-dasharray=\"2 3\"/>\n\
         <text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
        c.top,
        (x0 + x1) / 2.0,
        c.h - 8.0,
        escape_xml(frame.x_label),
        m = x(50.0)
    );
}

/// `s` cut to `n` characters, with an ellipsis when cut.
fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut t: String = s.chars().take(n.saturating_sub(1)).collect();
    t.push('…');
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Frame<'static> {
        Frame { title: "A <b> & \"c\"", x_label: "ply", y_label: "moves" }
    }

    #[test]
    fn escapes_text() {
        let svg = lines(&frame(), &[], &[Line { points: vec![(1.0, 2.0)], color: color(0), dashed: false }]);
        assert!(svg.contains("A &lt;b&gt; &amp; &quot;c&quot;"), "{svg}");
        assert!(!svg.contains("<b>"));
    }

    #[test]
    fn axes_are_round() {
        assert_eq!(axis(0.0), (1.0, 0.2));
        assert_eq!(axis(9.3), (10.0, 2.0));
        assert_eq!(axis(10.0), (10.0, 2.0));
        assert_eq!(axis(37.0), (40.0, 10.0));
        assert_eq!(axis(100.0), (100.0, 20.0));
        assert_eq!(axis(0.55), (0.6, 0.2));
        assert_eq!(axis(250.0), (250.0, 50.0));
    }

    /// Every element opened is closed (a rough well-formedness check).
    fn balanced(svg: &str) -> bool {
        let opened = svg.matches('<').count();
        let closed = svg.matches("</").count() + svg.matches("/>").count();
        opened == 2 * svg.matches("</").count() + svg.matches("/>").count() && closed > 0
    }

    #[test]
    fn charts_are_closed_and_have_one_mark_per_value() {
        let keys = vec![Key { name: "a".into(), color: color(0), line: None }, Key { name: "b".into(), color: color(1), line: None }];
        let cats: Vec<String> = (0..12).map(|i| format!("{}–{}", i * 10, i * 10 + 9)).collect();
        let svg = bars(&frame(), &keys, &cats, &[vec![1.0; 12], vec![2.0; 12]]);
        assert!(svg.starts_with("<svg xmlns") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<rect x=").count(), 2 + 24, "2 legend boxes, 24 bars");
        assert!(balanced(&svg), "{svg}");
        let svg = stacked(&frame(), &keys, &[("one".into(), vec![40.0, 60.0]), ("two".into(), vec![100.0, 0.0])]);
        assert!(balanced(&svg), "{svg}");
        let dashed = Line { points: vec![(0.0, 0.0), (10.0, 0.5)], color: color(1), dashed: true };
        let svg = lines(&frame(), &keys, &[dashed]);
        assert!(svg.contains("stroke-dasharray") && balanced(&svg), "{svg}");
    }

    #[test]
    fn long_names_are_cut() {
        assert_eq!(truncate("International draughts", 8), "Interna…");
        assert_eq!(truncate("English", 8), "English");
    }
}
