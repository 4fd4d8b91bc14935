//! The XML side of Tiled: a small element tree with positions for errors, custom properties and
//! TSX tilesets.

use super::raw::{MAX_DEPTH, Prop, Props, RawTile, RawTileset, short, unreadable};
use crate::format::error::LoadError;
use crate::format::locate::line_col;

/// An XML element with its attributes, child elements, text, and where it starts in the file.
#[derive(Debug, Default)]
pub(super) struct XmlNode {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<XmlNode>,
    pub text: String,
    pub pos: usize,
}

impl XmlNode {
    pub(super) fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The class of a tile or object: "class" as Tiled 1.9 wrote it, else "type".
    pub(super) fn class(&self) -> &str {
        self.attr("class")
            .or_else(|| self.attr("type"))
            .unwrap_or("")
    }

    pub(super) fn children<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a XmlNode> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

/// The file an XML tree came from, so that errors name it with a line and column.
pub(super) struct XmlDoc<'a> {
    pub(super) file: &'a str,
    pub(super) text: &'a str,
}

impl XmlDoc<'_> {
    pub(super) fn err(&self, node: &XmlNode, message: impl Into<String>) -> LoadError {
        unreadable(self.file, line_col(self.text, node.pos), message)
    }

    pub(super) fn int(&self, node: &XmlNode, key: &str) -> Result<i64, LoadError> {
        node.attr(key)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| {
                self.err(
                    node,
                    format!("<{}> needs a whole-number \"{key}\"", node.name),
                )
            })
    }
}

/// Parses XML text into a tree of elements.
pub(super) fn xml_tree(file: &str, text: &str) -> Result<XmlNode, LoadError> {
    use quick_xml::events::{BytesStart, Event};
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<XmlNode> = vec![XmlNode::default()];
    let at = |pos: u64| line_col(text, pos as usize);
    let start = |e: &BytesStart, pos: u64| -> Result<XmlNode, LoadError> {
        let mut node = XmlNode {
            name: String::from_utf8_lossy(e.local_name().as_ref()).into_owned(),
            pos: pos as usize,
            ..XmlNode::default()
        };
        for attr in e.attributes() {
            let attr =
                attr.map_err(|err| unreadable(file, at(pos), format!("bad XML attribute: {err}")))?;
            let key = String::from_utf8_lossy(attr.key.local_name().as_ref()).into_owned();
            let value = attr
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|err| {
                    unreadable(file, at(pos), format!("bad XML attribute value: {err}"))
                })?;
            node.attrs.push((key, value.into_owned()));
        }
        Ok(node)
    };
    loop {
        let pos = reader.buffer_position();
        let event = reader.read_event().map_err(|e| {
            unreadable(
                file,
                at(reader.error_position()),
                format!("this is not well-formed XML: {e}"),
            )
        })?;
        match event {
            Event::Start(e) => {
                if stack.len() > MAX_DEPTH {
                    return Err(unreadable(file, at(pos), "the XML is nested too deeply"));
                }
                stack.push(start(&e, pos)?);
            }
            Event::Empty(e) => {
                let node = start(&e, pos)?;
                if let Some(top) = stack.last_mut() {
                    top.children.push(node);
                }
            }
            Event::End(_) => {
                let Some(node) = stack.pop() else {
                    return Err(unreadable(file, at(pos), "an end tag without a start tag"));
                };
                let Some(parent) = stack.last_mut() else {
                    return Err(unreadable(file, at(pos), "an end tag without a start tag"));
                };
                parent.children.push(node);
            }
            Event::Text(t) => {
                if let (Some(top), Ok(s)) = (stack.last_mut(), t.decode()) {
                    top.text.push_str(&s);
                }
            }
            // `&amp;`, `&#49;`, `&#x31;` between text: part of the text (a gid in CSV data can
            // be written so), never dropped.
            Event::GeneralRef(r) => {
                let c = entity_text(&r).map_err(|m| unreadable(file, at(pos), m))?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&c);
                }
            }
            Event::CData(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        return Err(unreadable(
            file,
            at(text.len() as u64),
            "the XML ends before every element is closed: it looks truncated",
        ));
    }
    let mut doc = stack.pop().unwrap_or_default();
    match doc.children.len() {
        1 => Ok(doc.children.remove(0)),
        _ => Err(unreadable(
            file,
            (1, 1),
            "expected one root element (<map> or <tileset>)",
        )),
    }
}

/// The text an entity or character reference stands for: one of XML's five predefined entities,
/// or a character by its number. A document type's own entities are not read (no DTD is).
fn entity_text(r: &quick_xml::events::BytesRef) -> Result<String, String> {
    let name = r
        .decode()
        .map_err(|e| format!("a reference that is not text: {e}"))?;
    if r.is_char_ref() {
        return match r.resolve_char_ref() {
            Ok(Some(c)) => Ok(c.to_string()),
            _ => Err(format!(
                "&{}; is not a character reference to a character",
                short(&name)
            )),
        };
    }
    quick_xml::escape::resolve_predefined_entity(&name)
        .map(str::to_string)
        .ok_or_else(|| {
            format!(
                "&{}; is not an entity XML defines (amp, lt, gt, apos, quot): Tiled writes no others",
                short(&name)
            )
        })
}

pub(super) fn xml_props(node: &XmlNode) -> Props {
    let mut props = Props::new();
    for list in node.children("properties") {
        for p in list.children("property") {
            let Some(name) = p.attr("name") else { continue };
            let raw = p.attr("value").map_or(p.text.as_str(), |v| v).trim();
            let value = match p.attr("type").unwrap_or("string") {
                "bool" => match raw {
                    "true" => Prop::Bool(true),
                    "false" => Prop::Bool(false),
                    _ => Prop::Text(raw.to_string()),
                },
                "int" => raw
                    .parse()
                    .map(Prop::Int)
                    .unwrap_or_else(|_| Prop::Text(raw.to_string())),
                "float" => raw
                    .parse()
                    .map(Prop::Float)
                    .unwrap_or_else(|_| Prop::Text(raw.to_string())),
                _ => Prop::Text(raw.to_string()),
            };
            props.insert(name.to_string(), value);
        }
    }
    props
}

pub(super) fn tsx_tileset(doc: &XmlDoc, node: &XmlNode) -> Result<RawTileset, LoadError> {
    let mut found = std::collections::BTreeMap::new();
    for t in node.children("tile") {
        let id = doc.int(t, "id")?;
        let id = u32::try_from(id).map_err(|_| doc.err(t, "tile id out of range"))?;
        found.insert(
            id,
            RawTile {
                class: t.class().to_string(),
                props: xml_props(t),
            },
        );
    }
    Ok(RawTileset {
        firstgid: 0,
        tiles: std::sync::Arc::new(found),
    })
}
