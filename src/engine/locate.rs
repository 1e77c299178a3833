//! Finds where things are in a RON source, so that errors found after parsing (an unknown or
//! duplicate id) can still say `file:line:col`.
//!
//! A small scanner walks the text once and records every string literal with its position, the
//! field it belongs to and the top-level collection (`provinces`, `events`, ...) around it. Each
//! ruleset names its own top-level collections (`Locator::new`).

/// A string literal in the source.
#[derive(Clone, Debug)]
pub struct Literal {
    pub value: String,
    pub line: usize,
    pub col: usize,
    /// The field it is the value of (or the list field it is inside).
    pub field: Option<String>,
    /// The top-level collection it is inside.
    pub section: Option<String>,
    /// A bare number or boolean written as a field's value (`cardinals: 1`), not a string:
    /// found only by `Locator::field` and `Locator::top_level_field`.
    pub bare: bool,
}

/// All string literals of a RON text, in order; `sections` are the top-level collections of
/// the ruleset's schema.
pub fn scan(text: &str, sections: &[&str]) -> Vec<Literal> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut stack: Vec<Option<String>> = Vec::new();
    let mut last_ident: Option<String> = None;
    let mut last_field: Option<String> = None;
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let advance = |c: char, line: &mut usize, col: &mut usize| {
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                advance(chars[i], &mut line, &mut col);
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                advance(chars[i], &mut line, &mut col);
                i += 1;
            }
            for _ in 0..2 {
                if i < chars.len() {
                    advance(chars[i], &mut line, &mut col);
                    i += 1;
                }
            }
            continue;
        }
        if c == '"' {
            let (start_line, start_col) = (line, col);
            let mut value = String::new();
            advance(c, &mut line, &mut col);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    advance(chars[i], &mut line, &mut col);
                    i += 1;
                }
                value.push(chars[i]);
                advance(chars[i], &mut line, &mut col);
                i += 1;
            }
            if i < chars.len() {
                advance(chars[i], &mut line, &mut col);
                i += 1;
            }
            let field = last_field
                .take()
                .or_else(|| stack.iter().rev().flatten().next().cloned());
            let section = stack
                .iter()
                .rev()
                .flatten()
                .find(|s| sections.contains(&s.as_str()))
                .cloned();
            out.push(Literal {
                value,
                line: start_line,
                col: start_col,
                field,
                section,
                bare: false,
            });
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            let (start_line, start_col) = (line, col);
            let mut ident = String::new();
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                ident.push(chars[i]);
                advance(chars[i], &mut line, &mut col);
                i += 1;
            }
            // A number or boolean right after `field:` is that field's value.
            let bare = ident.starts_with(|d: char| d.is_ascii_digit())
                || ident == "true"
                || ident == "false";
            if bare && last_field.is_some() {
                let section = stack
                    .iter()
                    .rev()
                    .flatten()
                    .find(|s| sections.contains(&s.as_str()))
                    .cloned();
                out.push(Literal {
                    value: ident.clone(),
                    line: start_line,
                    col: start_col,
                    field: last_field.take(),
                    section,
                    bare: true,
                });
            }
            last_ident = Some(ident);
            continue;
        }
        match c {
            ':' => last_field = last_ident.take(),
            '(' | '[' | '{' => {
                stack.push(last_field.take());
                last_ident = None;
            }
            ')' | ']' | '}' => {
                stack.pop();
                last_field = None;
                last_ident = None;
            }
            ',' => {
                last_field = None;
                last_ident = None;
            }
            _ => {}
        }
        advance(c, &mut line, &mut col);
        i += 1;
    }
    out
}

/// Positions of item definitions and references in one source.
pub struct Locator {
    literals: Vec<Literal>,
}

impl Locator {
    /// A locator for `text`, whose top-level collections of items are `sections`.
    pub fn new(text: &str, sections: &[&str]) -> Self {
        Self {
            literals: scan(text, sections),
        }
    }

    fn ids<'a>(&'a self, section: &'a str) -> impl Iterator<Item = (usize, &'a Literal)> + 'a {
        self.literals.iter().enumerate().filter(move |(_, l)| {
            !l.bare && l.section.as_deref() == Some(section) && l.field.as_deref() == Some("id")
        })
    }

    /// Where the `occurrence`-th (0-based) item of `section` with this id defines it.
    pub fn item(&self, section: &str, id: &str, occurrence: usize) -> Option<(usize, usize)> {
        self.ids(section)
            .filter(|(_, l)| l.value == id)
            .nth(occurrence)
            .map(|(_, l)| (l.line, l.col))
    }

    /// Where `value` is written outside the item sections (e.g. in `options`).
    pub fn top_level(&self, value: &str) -> Option<(usize, usize)> {
        self.literals
            .iter()
            .find(|l| !l.bare && l.section.is_none() && l.value == value)
            .map(|l| (l.line, l.col))
    }

    /// Where `field` is given its value outside the item sections (e.g. in `options`).
    pub fn top_level_field(&self, field: &str) -> Option<(usize, usize)> {
        self.literals
            .iter()
            .find(|l| l.section.is_none() && l.field.as_deref() == Some(field))
            .map(|l| (l.line, l.col))
    }

    /// Where that item refers to `value` (the first such literal before the next item), or the
    /// item itself when the value is not written out.
    pub fn reference(
        &self,
        section: &str,
        id: &str,
        occurrence: usize,
        value: &str,
    ) -> Option<(usize, usize)> {
        self.within(section, id, occurrence, |l| !l.bare && l.value == value)
    }

    /// Where that item writes the value of `field` (a string or a number), or the item itself
    /// when the field is not written out.
    pub fn field(
        &self,
        section: &str,
        id: &str,
        occurrence: usize,
        field: &str,
    ) -> Option<(usize, usize)> {
        self.within(section, id, occurrence, |l| {
            l.field.as_deref() == Some(field)
        })
    }

    /// The first literal of that item (before the next item) passing `pick`, else the item.
    fn within(
        &self,
        section: &str,
        id: &str,
        occurrence: usize,
        pick: impl Fn(&Literal) -> bool,
    ) -> Option<(usize, usize)> {
        let (start, item) = self
            .ids(section)
            .filter(|(_, l)| l.value == id)
            .nth(occurrence)?;
        let end = self
            .ids(section)
            .map(|(i, _)| i)
            .find(|i| *i > start)
            .unwrap_or(self.literals.len());
        let found = self.literals[start + 1..end].iter().find(|l| pick(l));
        Some(found.map_or((item.line, item.col), |l| (l.line, l.col)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECTIONS: &[&str] = &["provinces", "events"];

    #[test]
    fn finds_sections_fields_and_positions() {
        let text = "Scenario(\n  map: (provinces: [\n    (id: \"a\", area: \"x\", cores: [\"FRA\"]),\n  ]),\n)";
        let lits = scan(text, SECTIONS);
        let a = lits.iter().find(|l| l.value == "a").unwrap();
        assert_eq!(
            (a.line, a.col, a.field.as_deref(), a.section.as_deref()),
            (3, 10, Some("id"), Some("provinces"))
        );
        let fra = lits.iter().find(|l| l.value == "FRA").unwrap();
        assert_eq!(fra.field.as_deref(), Some("cores"));
        let loc = Locator::new(text, SECTIONS);
        assert_eq!(loc.reference("provinces", "a", 0, "x"), Some((3, 21)));
        assert_eq!(loc.item("provinces", "a", 0), Some((3, 10)));
    }
}
