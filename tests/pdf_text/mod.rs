//! The text of a PDF as a reader's "copy text" gives it, read with hayro-syntax: each page's
//! text-showing operators in content order, each glyph code mapped to Unicode through its font's
//! `ToUnicode` CMap, and `/ActualText` spans (which krilla writes where a glyph's text is not its
//! CMap entry) in place of the glyphs they cover. A new text position (`Tm`, `Td`, `T*`) starts
//! a new line.
#![allow(dead_code)]

use hayro_syntax::Pdf;
use hayro_syntax::content::ops::TypedInstruction;
use hayro_syntax::object::{Dict, Object, Stream};
use hayro_syntax::page::Resources;
use std::collections::HashMap;

/// A font's glyph codes to text.
struct ToUnicode {
    /// Bytes per code (2 for the CID fonts krilla writes).
    width: usize,
    map: HashMap<u32, String>,
}

fn hex_bytes(h: &str) -> Vec<u8> {
    let digits: Vec<u8> = h
        .bytes()
        .filter(u8::is_ascii_hexdigit)
        .map(|b| (b as char).to_digit(16).unwrap_or(0) as u8)
        .collect();
    digits
        .chunks(2)
        .map(|p| p[0] * 16 + p.get(1).copied().unwrap_or(0))
        .collect()
}

fn code(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |a, b| (a << 8) | u32::from(*b))
}

fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|p| u16::from(p[0]) << 8 | u16::from(p.get(1).copied().unwrap_or(0)))
        .collect();
    String::from_utf16_lossy(&units)
}

/// The tokens of a CMap: `<hex>` strings, `[`, `]` and words.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => {
                let mut t = String::from("<");
                for d in chars.by_ref() {
                    if d == '>' {
                        break;
                    }
                    t.push(d);
                }
                out.push(t);
            }
            '[' | ']' => out.push(c.to_string()),
            c if c.is_whitespace() => {}
            c => {
                let mut t = c.to_string();
                while let Some(d) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '<' | '[' | ']') {
                        break;
                    }
                    t.push(*d);
                    chars.next();
                }
                out.push(t);
            }
        }
    }
    out
}

fn parse_cmap(text: &str) -> ToUnicode {
    let t = tokens(text);
    let mut map = HashMap::new();
    let mut width = 2;
    let hex = |s: &str| s.strip_prefix('<').map(hex_bytes);
    let mut i = 0;
    while i < t.len() {
        match t[i].as_str() {
            "begincodespacerange" => {
                if let Some(lo) = t.get(i + 1).and_then(|s| hex(s)) {
                    width = lo.len().max(1);
                }
                i += 1;
            }
            "beginbfchar" => {
                i += 1;
                while i + 1 < t.len() && t[i] != "endbfchar" {
                    if let (Some(src), Some(dst)) = (hex(&t[i]), hex(&t[i + 1])) {
                        map.insert(code(&src), utf16(&dst));
                    }
                    i += 2;
                }
            }
            "beginbfrange" => {
                i += 1;
                while i + 2 < t.len() && t[i] != "endbfrange" {
                    let (Some(lo), Some(hi)) = (hex(&t[i]), hex(&t[i + 1])) else {
                        i += 1;
                        continue;
                    };
                    let (lo, hi) = (code(&lo), code(&hi));
                    if t[i + 2] == "[" {
                        let mut j = i + 3;
                        let mut c = lo;
                        while j < t.len() && t[j] != "]" {
                            if let Some(dst) = hex(&t[j]) {
                                map.insert(c, utf16(&dst));
                            }
                            c += 1;
                            j += 1;
                        }
                        i = j + 1;
                    } else {
                        if let Some(dst) = hex(&t[i + 2]) {
                            let base = utf16(&dst);
                            let mut units: Vec<u16> = base.encode_utf16().collect();
                            for c in lo..=hi {
                                map.insert(c, String::from_utf16_lossy(&units));
                                if let Some(last) = units.last_mut() {
                                    *last = last.wrapping_add(1);
                                }
                            }
                        }
                        i += 3;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    ToUnicode { width, map }
}

fn to_unicode(font: &Dict<'_>) -> Option<ToUnicode> {
    let stream = font.get::<Stream<'_>>(b"ToUnicode")?;
    let data = stream.decoded().ok()?;
    Some(parse_cmap(&String::from_utf8_lossy(&data)))
}

/// A PDF text string: UTF-16BE after a byte order mark, else PDFDocEncoding (read as Latin-1).
fn text_string(bytes: &[u8]) -> String {
    match bytes {
        [0xFE, 0xFF, rest @ ..] => utf16(rest),
        _ => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

struct Reader<'r> {
    fonts: HashMap<Vec<u8>, Option<ToUnicode>>,
    resources: &'r Resources<'r>,
    font: Vec<u8>,
    /// Inside an `/ActualText` span: its text was written, its glyphs are skipped.
    actual: usize,
    out: String,
}

impl Reader<'_> {
    fn show(&mut self, bytes: &[u8]) {
        if self.actual > 0 {
            return;
        }
        let name = self.font.clone();
        let resources = self.resources;
        let cmap = self.fonts.entry(name.clone()).or_insert_with(|| {
            let font = resources.fonts.get::<Dict<'_>>(&name[..])?;
            to_unicode(&font)
        });
        let Some(cmap) = cmap else { return };
        for c in bytes.chunks(cmap.width) {
            if let Some(t) = cmap.map.get(&code(c)) {
                self.out.push_str(t);
            }
        }
    }

    fn new_line(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
    }
}

/// Each page's text, lines separated by newlines.
pub fn pages_text(bytes: &[u8]) -> Vec<String> {
    let pdf = Pdf::new(bytes.to_vec()).expect("the PDF parses");
    let mut out = Vec::new();
    for page in pdf.pages().iter() {
        let mut r = Reader {
            fonts: HashMap::new(),
            resources: page.resources(),
            font: Vec::new(),
            actual: 0,
            out: String::new(),
        };
        let mut spans: Vec<bool> = Vec::new();
        let mut ops = page.typed_operations();
        while let Some(op) = ops.next() {
            match op {
                TypedInstruction::TextFont(f) => r.font = f.0.as_ref().to_vec(),
                TypedInstruction::SetTextMatrix(_)
                | TypedInstruction::NextLine(_)
                | TypedInstruction::NextLineAndSetLeading(_)
                | TypedInstruction::NextLineUsingLeading(_) => r.new_line(),
                TypedInstruction::ShowText(t) => r.show(t.0.as_bytes()),
                TypedInstruction::NextLineAndShowText(t) => {
                    r.new_line();
                    r.show(t.0.as_bytes());
                }
                TypedInstruction::ShowTextWithParameters(t) => {
                    r.new_line();
                    r.show(t.2.as_bytes());
                }
                TypedInstruction::ShowTexts(a) => {
                    for item in a.0.iter::<Object<'_>>() {
                        if let Object::String(s) = item {
                            r.show(s.as_bytes());
                        }
                    }
                }
                TypedInstruction::BeginMarkedContentWithProperties(m) => {
                    let actual = match m.1 {
                        Object::Dict(d) => d.get::<hayro_syntax::object::String<'_>>(b"ActualText"),
                        _ => None,
                    };
                    match actual {
                        Some(t) => {
                            if r.actual == 0 {
                                r.out.push_str(&text_string(t.as_bytes()));
                            }
                            r.actual += 1;
                            spans.push(true);
                        }
                        None => spans.push(false),
                    }
                }
                TypedInstruction::BeginMarkedContent(_) => spans.push(false),
                TypedInstruction::EndMarkedContent(_) if spans.pop() == Some(true) => {
                    r.actual = r.actual.saturating_sub(1);
                }
                _ => {}
            }
        }
        out.push(r.out);
    }
    out
}

/// `text` without any whitespace: lines broken at spaces (or inside a long word) read as one.
pub fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}
