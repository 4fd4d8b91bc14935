//! Reading Rust text for the shape test: comments and literals blanked, tokens with their lines,
//! the ends of items and attributes, and `use` trees expanded into paths.

/// `text` with comments, string and character literals blanked; newlines stay, so lines count.
pub fn blank_comments_and_literals(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let keep_newlines = |out: &mut String, from: &[char]| {
        out.extend(from.iter().filter(|&&ch| ch == '\n'));
    };
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        let prev_ident = i > 0 && ident_char(c[i - 1]);
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let (start, mut depth) = (i, 0);
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            keep_newlines(&mut out, &c[start..i.min(c.len())]);
        } else if c[i] == 'r'
            && (!prev_ident || (i > 0 && c[i - 1] == 'b' && !(i > 1 && ident_char(c[i - 2]))))
            && matches!(c.get(i + 1), Some('"' | '#'))
        {
            // A raw string r"..." or r#"..."#: it ends at a quote followed by as many hashes.
            let mut j = i + 1;
            let hashes = c[j..].iter().take_while(|&&ch| ch == '#').count();
            j += hashes;
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let start = i;
            j += 1;
            while j < c.len() && !(c[j] == '"' && c[j + 1..].iter().take(hashes).all(|&h| h == '#'))
            {
                j += 1;
            }
            i = (j + 1 + hashes).min(c.len());
            keep_newlines(&mut out, &c[start..i]);
            out.push_str("\"\"");
        } else if c[i] == '"' {
            let start = i;
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i = (i + 1).min(c.len());
            keep_newlines(&mut out, &c[start..i]);
            out.push_str("\"\"");
        } else if c[i] == '\'' && c.get(i + 1) == Some(&'\\') {
            // An escaped character literal: '\n', '\'', '\u{..}'; the escaped character may be a
            // quote, so the search for the closing one starts after it.
            i += 3;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of blanked text, each with its line (from 1).
pub fn tokens(text: &str) -> Vec<(Token, usize)> {
    let c: Vec<char> = text.chars().collect();
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Token::Ident(c[start..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Token::Path, line));
            i += 2;
        } else {
            out.push((Token::Punct(ch), line));
            i += 1;
        }
    }
    out
}

pub fn is_ident(t: Option<&(Token, usize)>, word: &str) -> bool {
    matches!(t, Some((Token::Ident(w), _)) if w == word)
}

pub fn is_punct(t: Option<&(Token, usize)>, ch: char) -> bool {
    matches!(t, Some((Token::Punct(p), _)) if *p == ch)
}

/// The index just past the item starting at `i`: its `;` or its closing brace, whichever closes
/// it at depth 0 first.
pub fn item_end(t: &[(Token, usize)], mut i: usize) -> usize {
    let mut depth = 0i32;
    while i < t.len() {
        match &t[i].0 {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']') => depth -= 1,
            Token::Punct('}') => {
                depth -= 1;
                if depth <= 0 {
                    return i + 1;
                }
            }
            Token::Punct(';') if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    t.len()
}

/// The index past the attribute `#[...]` or `#![...]` at `i`, if one starts there.
pub fn attribute_end(t: &[(Token, usize)], i: usize) -> Option<usize> {
    if !is_punct(t.get(i), '#') {
        return None;
    }
    let open = if is_punct(t.get(i + 1), '!') {
        i + 2
    } else {
        i + 1
    };
    is_punct(t.get(open), '[').then(|| group_end(t, open))
}

/// The index past the bracket that closes the one at `open`.
pub fn group_end(t: &[(Token, usize)], open: usize) -> usize {
    let mut depth = 0i32;
    for (i, (token, _)) in t.iter().enumerate().skip(open) {
        match token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth <= 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    t.len()
}

/// Whether the attribute at `i..end` is exactly `#[cfg(test)]`.
pub fn is_cfg_test(t: &[(Token, usize)], i: usize, end: usize) -> bool {
    let words: Vec<&Token> = t[i..end].iter().map(|(tok, _)| tok).collect();
    words
        == [
            &Token::Punct('#'),
            &Token::Punct('['),
            &Token::Ident("cfg".into()),
            &Token::Punct('('),
            &Token::Ident("test".into()),
            &Token::Punct(')'),
            &Token::Punct(']'),
        ]
}

/// One `use` path expanded: `use a::{b::C as D}` binds `D` to `a::b::C`.
#[derive(Clone, Debug)]
pub struct UsePath {
    pub segments: Vec<String>,
    /// The name it binds, or `None` for a glob (`a::*`).
    pub name: Option<String>,
    pub line: usize,
}

/// Expands the use tree at `t[i..]` under `prefix`; returns the index past it.
pub fn use_tree(
    t: &[(Token, usize)],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<UsePath>,
) -> usize {
    let mut segments = prefix.to_vec();
    if matches!(t.get(i), Some((Token::Path, _))) {
        i += 1; // a leading `::` names an external crate; no segment of ours follows it
        segments.push("::".into());
    }
    let line = t.get(i).map_or(0, |(_, l)| *l);
    loop {
        match t.get(i) {
            Some((Token::Ident(w), _)) => {
                segments.push(w.clone());
                i += 1;
            }
            Some((Token::Punct('*'), _)) => {
                out.push(UsePath {
                    segments,
                    name: None,
                    line,
                });
                return i + 1;
            }
            Some((Token::Punct('{'), _)) => {
                i += 1;
                while i < t.len() && !is_punct(t.get(i), '}') {
                    // Always a step on, whatever stands in the group.
                    i = use_tree(t, i, &segments, out).max(i + 1);
                    if is_punct(t.get(i), ',') {
                        i += 1;
                    }
                }
                return i + 1;
            }
            _ => break,
        }
        if matches!(t.get(i), Some((Token::Path, _))) {
            i += 1;
        } else {
            break;
        }
    }
    // `a::b::{self}` binds `b` to `a::b`.
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    if segments.is_empty() {
        return i; // not a use declaration: `impl Trait + use<'a>`
    }
    let mut name = segments.last().cloned();
    if is_ident(t.get(i), "as") {
        name = match t.get(i + 1) {
            Some((Token::Ident(w), _)) if w != "_" => Some(w.clone()),
            _ => Some(String::new()), // `as _`: binds no name
        };
        i += 2;
    }
    out.push(UsePath {
        segments,
        name,
        line,
    });
    i
}

/// Whether the token before `i` is `::` (so `i` is inside a longer path, not its start).
pub fn is_path_before(t: &[(Token, usize)], i: usize) -> bool {
    i > 0 && matches!(t[i - 1].0, Token::Path)
}
