//! Content ids as interned strings: `Id` is a copyable handle to one shared copy of its text,
//! so that actions, which name provinces, areas, realms and cards by id, cost nothing to copy,
//! compare in one instruction and hash without reading their text.
//!
//! An `Id` behaves as its text everywhere a player or a file sees it: it prints, orders,
//! serializes and deserializes as the string it holds, so saves, replays, snapshots and state
//! hashes are the same as with `String`. Only equality and hashing use the handle (the same
//! text always gives the same handle).
//!
//! Interned text is never freed (the `ustr` crate's global table). What is interned is bounded
//! by what the game reads: the ids of the content files, the runtime names (`#12`) of the
//! entities spawned, and the ids in saves and replays it opens. A save naming a million unknown
//! ids would keep them for the rest of the run; it is refused as illegal all the same.

use std::fmt;
use std::hash::BuildHasherDefault;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ustr::Ustr;

/// An interned content id (`"paris"`, `"FRA"`, `"#12"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Id(Ustr);

/// A hash map keyed by `Id`, hashing by the hash stored with the text (no rehashing).
pub type IdMap<V> = std::collections::HashMap<Id, V, BuildHasherDefault<ustr::IdentityHasher>>;

impl Id {
    /// The id of this text, interning it on first use.
    pub fn new(text: &str) -> Id {
        Id(Ustr::from(text))
    }

    /// The id of this text if some id has it already: looks up without interning, for
    /// lookups by text that may be anything (a save's or a player's id).
    pub fn existing(text: &str) -> Option<Id> {
        ustr::existing_ustr(text).map(Id)
    }

    /// The text, which lives as long as the program.
    pub fn as_str(&self) -> &'static str {
        self.0.as_str()
    }
}

/// The ids' texts joined by `separator` (`[Id]` cannot `join` itself: `Id` does not borrow as
/// `str`, since its hash is not the text's).
pub fn join_ids(ids: &[Id], separator: &str) -> String {
    let mut text = String::new();
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            text.push_str(separator);
        }
        text.push_str(id);
    }
    text
}

/// What a lookup by id accepts: an `Id`, or text, which finds the id without interning it.
pub trait AsId {
    /// The id, if one with this text exists.
    fn existing_id(&self) -> Option<Id>;
}

impl AsId for Id {
    fn existing_id(&self) -> Option<Id> {
        Some(*self)
    }
}

impl AsId for str {
    fn existing_id(&self) -> Option<Id> {
        Id::existing(self)
    }
}

impl AsId for String {
    fn existing_id(&self) -> Option<Id> {
        Id::existing(self)
    }
}

impl<T: AsId + ?Sized> AsId for &T {
    fn existing_id(&self) -> Option<Id> {
        (**self).existing_id()
    }
}

impl std::ops::Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialOrd for Id {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By text, as `String` orders: sorted lists of ids read the same as before.
impl Ord for Id {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self.0 == other.0 {
            return std::cmp::Ordering::Equal;
        }
        self.as_str().cmp(other.as_str())
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl From<&str> for Id {
    fn from(text: &str) -> Id {
        Id::new(text)
    }
}

impl From<&String> for Id {
    fn from(text: &String) -> Id {
        Id::new(text)
    }
}

impl From<String> for Id {
    fn from(text: String) -> Id {
        Id::new(&text)
    }
}

impl From<&Id> for Id {
    fn from(id: &Id) -> Id {
        *id
    }
}

impl From<Id> for String {
    fn from(id: Id) -> String {
        id.as_str().to_string()
    }
}

impl From<&Id> for String {
    fn from(id: &Id) -> String {
        id.as_str().to_string()
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Id> for &str {
    fn eq(&self, other: &Id) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Id, E> {
                Ok(Id::new(text))
            }
            fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Id, E> {
                std::str::from_utf8(bytes)
                    .map(Id::new)
                    .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))
            }
        }
        deserializer.deserialize_str(IdVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_text_in_every_form_a_file_or_a_player_sees() {
        let paris = Id::new("paris");
        assert_eq!(paris, Id::from("paris".to_string()));
        assert_ne!(paris, Id::new("pari"));
        assert_eq!(paris, "paris");
        assert_eq!(&*paris, "paris");
        assert_eq!(
            format!("{paris}|{paris:?}|{paris:>7}"),
            "paris|\"paris\"|  paris"
        );
        assert_eq!(format!("{:?}", paris), format!("{:?}", "paris".to_string()));
        // Ordered as text, whatever order the texts were interned in.
        let mut ids = vec![
            Id::new("zeta"),
            Id::new("alpha"),
            Id::new("mid"),
            Id::new("alpha"),
        ];
        ids.sort();
        assert_eq!(ids, vec!["alpha", "alpha", "mid", "zeta"]);
        // Serialized as the string, read back from it, with escapes.
        let odd = Id::new("a \"quoted\" id");
        let ron_text = ron::to_string(&odd).unwrap();
        assert_eq!(
            ron_text,
            ron::to_string(&"a \"quoted\" id".to_string()).unwrap()
        );
        assert_eq!(ron::from_str::<Id>(&ron_text).unwrap(), odd);
        assert_eq!(serde_json::from_str::<Id>("\"FRA\"").unwrap(), "FRA");
        assert!(ron::from_str::<Id>("12").is_err());
        // A map keyed by ids finds them by their stored hash.
        let mut map = IdMap::default();
        map.insert(paris, 1);
        assert_eq!(map.get(&Id::new("paris")), Some(&1));
        assert_eq!(map.get(&Id::new("lyon")), None);
        // Looking up by text never interns it.
        assert_eq!("paris".existing_id(), Some(paris));
        assert_eq!("an id no file ever names".existing_id(), None);
        assert_eq!(Id::existing("an id no file ever names"), None);
        assert_eq!(join_ids(&[paris, Id::new("lyon")], ", "), "paris, lyon");
        assert_eq!(join_ids(&[], ", "), "");
    }
}
