//! Base64 (RFC 4648, the standard alphabet), decoded: how a page sends a file's bytes in
//! the JSON of a request (`btoa`). Padding is optional, and ASCII white space is skipped
//! (a text wrapped at 76 columns reads too). No crate of the build does it, and it is a
//! few lines.

/// The bytes `text` encodes, or a sentence saying where it is not base64.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut bits, mut held, mut digits, mut padding) = (0u32, 0u32, 0usize, 0usize);
    for (at, c) in text.char_indices() {
        let value = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '+' => 62,
            '/' => 63,
            '=' => {
                padding += 1;
                continue;
            }
            c if c.is_ascii_whitespace() => continue,
            c => return Err(format!("`{}` at character {} is not a base64 digit", c.escape_default(), text[..at].chars().count() + 1)),
        };
        if padding > 0 {
            return Err(format!("a base64 digit follows the padding `=` at character {}", text[..at].chars().count() + 1));
        }
        bits = bits << 6 | value;
        held += 6;
        digits += 1;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
            bits &= (1 << held) - 1;
        }
    }
    if digits % 4 == 1 || padding > 2 {
        return Err("the base64 text ends in the middle of a byte".to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_with_and_without_padding_and_white_space() {
        for (text, bytes) in [
            ("", &b""[..]),
            ("Zg==", b"f"),
            ("Zm8=", b"fo"),
            ("Zm9v", b"foo"),
            ("Zm9vYg", b"foob"),
            ("Zm9v\nYmFy\r\n", b"foobar"),
            ("H4sI/w==", &[0x1f, 0x8b, 0x08, 0xff]),
        ] {
            assert_eq!(decode(text).as_deref(), Ok(bytes), "{text:?}");
        }
    }

    #[test]
    fn says_where_it_is_not_base64() {
        assert_eq!(decode("Zm9v!").unwrap_err(), "`!` at character 5 is not a base64 digit");
        assert!(decode("Zg==Zg").unwrap_err().contains("follows the padding"));
        assert!(decode("Zm9vY").unwrap_err().contains("middle of a byte"));
        assert!(decode("é").unwrap_err().contains("character 1"));
    }
}
