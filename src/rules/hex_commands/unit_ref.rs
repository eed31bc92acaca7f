//! A unit named in a preview: its ID for the program, its name for the player.

use crate::model::UnitId;
use std::fmt;
use std::sync::Arc;

/// A unit named in a preview: its ID for the program, its name for the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    pub id: UnitId,
    pub name: Arc<str>,
}

impl fmt::Display for UnitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl serde::Serialize for UnitRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("UnitRef", 2)?;
        st.serialize_field("id", &self.id.0)?;
        st.serialize_field("name", &*self.name)?;
        st.end()
    }
}
