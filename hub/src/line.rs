//! The lines of the Hub protocol, both ways: a command, then `name=value` pairs or bare
//! flags, separated by blanks. A value is written between double quotes when it is empty
//! or holds a blank, `=` or `"` (Scan's protocol.txt, "general syntax").

use std::fmt;

/// A line read: its command and its arguments in order (a flag's value is empty).
#[derive(Debug)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, String)>,
}

impl Line {
    /// Reads a line; an error says what is wrong with it.
    pub fn read(text: &str) -> Result<Line, String> {
        let mut rest = text.trim_start();
        let command = take_name(&mut rest);
        if command.is_empty() {
            return Err(match rest.chars().next() {
                None => "missing command".to_string(),
                Some(c) => format!("a line starts with its command, not `{c}`"),
            });
        }
        let mut args = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                return Ok(Line { command, args });
            }
            let name = take_name(&mut rest);
            if name.is_empty() {
                return Err(format!("{}: expected an argument's name at `{}`", excerpt(&command), excerpt(rest)));
            }
            rest = rest.trim_start();
            let value = match rest.strip_prefix('=') {
                Some(after) => {
                    rest = after.trim_start();
                    take_value(&mut rest).map_err(|e| format!("{}: {}= {e}", excerpt(&command), excerpt(&name)))?
                }
                None => String::new(),
            };
            args.push((name, value));
        }
    }

    /// The value of argument `name` (the last one given, as Scan reads them).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.args.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether argument `name` is given (a flag such as `go think`).
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

/// A character of a name or of an unquoted value.
fn is_id(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

/// The name at the start of `rest` (empty if none), taken off it.
fn take_name(rest: &mut &str) -> String {
    let end = rest.find(|c| !is_id(c)).unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    *rest = after;
    name.to_string()
}

/// The value at the start of `rest`, quoted or not, taken off it.
fn take_value(rest: &mut &str) -> Result<String, String> {
    if let Some(quoted) = rest.strip_prefix('"') {
        let end = quoted.find('"').ok_or("has no closing quote")?;
        *rest = &quoted[end + 1..];
        return Ok(quoted[..end].to_string());
    }
    let value = take_name(rest);
    if value.is_empty() {
        return Err("has no value (an empty value is written \"\")".to_string());
    }
    Ok(value)
}

/// A line to write: `command name=value ...`.
pub struct Reply(String);

impl Reply {
    /// A line with its command alone.
    pub fn new(command: &str) -> Reply {
        Reply(command.to_string())
    }

    /// The line and `name=value`, the value quoted when it must be.
    pub fn pair(mut self, name: &str, value: impl fmt::Display) -> Reply {
        let value = value.to_string();
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push('=');
        if !value.is_empty() && value.chars().all(is_id) {
            self.0.push_str(&value);
        } else {
            // A quote cannot be written inside a quoted value: it becomes an apostrophe; a
            // line's end or another control character (a message of several lines) would
            // end the line, and becomes a blank.
            self.0.push('"');
            let clean = value.chars().map(|c| match c {
                '"' => '\'',
                c if c.is_control() => ' ',
                c => c,
            });
            self.0.extend(clean);
            self.0.push('"');
        }
        self
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The longest `error` message, in characters: 1,000. The GUI's text is quoted in a
/// message by its start ([`excerpt`]); this also cuts what another part says (a variant
/// file's errors).
const MAX_ERROR: usize = 1000;

/// `error message="..."`, the message cut after [`MAX_ERROR`] characters.
pub fn error(message: impl fmt::Display) -> Reply {
    let message = message.to_string();
    match message.char_indices().nth(MAX_ERROR) {
        Some((end, _)) => Reply::new("error").pair("message", format!("{}...", &message[..end])),
        None => Reply::new("error").pair("message", message),
    }
}

/// The most characters of the GUI's text an error quotes: 40.
const EXCERPT: usize = 40;

/// The GUI's `text` as an error quotes it: whole if short, else its first characters and
/// `...`.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pairs_flags_and_quoted_values() {
        let l = Line::read("  pos pos=Wbe moves=\"32-28 19-23\" start  x = \"\"").unwrap();
        assert_eq!(l.command, "pos");
        assert_eq!(l.value("pos"), Some("Wbe"));
        assert_eq!(l.value("moves"), Some("32-28 19-23"));
        assert!(l.has("start"));
        assert_eq!(l.value("x"), Some(""));
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(Line::read("   ").unwrap_err(), "missing command");
        assert!(Line::read("pos moves=\"32-28").unwrap_err().contains("closing quote"));
        assert!(Line::read("level depth=").unwrap_err().contains("no value"));
        assert!(Line::read("=x").is_err());
    }

    #[test]
    fn quotes_values_that_need_it() {
        let r = Reply::new("info").pair("depth", 3).pair("pv", "32-28 19-23").pair("e", "").pair("m", "a\"b");
        assert_eq!(r.to_string(), "info depth=3 pv=\"32-28 19-23\" e=\"\" m=\"a'b\"");
        // A value of several lines stays on one.
        assert_eq!(Reply::new("error").pair("message", "one\ntwo\r\n").to_string(), "error message=\"one two  \"");
    }

    #[test]
    fn errors_quote_the_start_of_long_text() {
        let long = "x".repeat(100_000);
        let e = Line::read(&format!("pos {long}=")).unwrap_err();
        assert_eq!(e, format!("pos: {}...= has no value (an empty value is written \"\")", "x".repeat(EXCERPT)));
        let e = Line::read(&format!("{long} =\"")).unwrap_err();
        assert!(e.len() < 200, "{e}");
        assert_eq!(excerpt("pos pos=Wéé"), "pos pos=Wéé");
        let said = error("é".repeat(5000)).to_string();
        assert_eq!(said, format!("error message={}...", "é".repeat(MAX_ERROR)));
    }
}
