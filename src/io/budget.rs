//! A memory budget for decoding: every list element, string and byte blob a file asks for is
//! charged against one allowance before it is built, whatever the encoding.
//!
//! bincode's own limit covers strings and bytes only, and serde_json has none, so a file of
//! millions of tiny list elements (each a few bytes on disk, many more in memory) could ask for
//! gigabytes. [`Budgeted`] wraps any serde `Deserializer` and charges each element of every
//! sequence and map its in-memory size, and each string and byte blob its length; when the
//! allowance runs out decoding stops with an error, and [`Budget::exceeded`] says so.

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use std::cell::Cell;
use std::fmt;

/// What is left of the allowance, shared by every wrapper of one decode.
pub struct Budget {
    left: Cell<usize>,
    exceeded: Cell<bool>,
    limit: usize,
    /// Strings and blobs of [`LARGE_BLOB`] bytes or more (a background image, in the binary
    /// file as bytes, in JSON as base64 text) are paid from an allowance of their own, as
    /// large as the largest background allowed: the rest of a scenario keeps `limit`.
    blobs_left: Cell<usize>,
}

/// A string or blob this long or longer is charged to the blobs' allowance.
pub const LARGE_BLOB: usize = 1 << 20;
/// The blobs' allowance: one background image at its limit, as base64 text.
pub const BLOB_ALLOWANCE: usize = crate::model::limits::MAX_BACKGROUND_BYTES / 3 * 4 + 64;

impl Budget {
    pub fn new(limit: usize) -> Budget {
        Budget {
            left: Cell::new(limit),
            exceeded: Cell::new(false),
            limit,
            blobs_left: Cell::new(BLOB_ALLOWANCE),
        }
    }

    /// Charges a string or blob of `len` bytes: a large one to the blobs' allowance.
    fn charge_blob<E: de::Error>(&self, len: usize) -> Result<(), E> {
        if len < LARGE_BLOB {
            return self.charge(len);
        }
        match self.blobs_left.get().checked_sub(len) {
            Some(left) => {
                self.blobs_left.set(left);
                Ok(())
            }
            None => {
                self.exceeded.set(true);
                Err(E::custom(format_args!(
                    "the scenario's images and long texts need more than {} MiB when decoded \
                     (the decoding limit)",
                    BLOB_ALLOWANCE >> 20
                )))
            }
        }
    }

    /// Whether decoding stopped because the allowance ran out.
    pub fn exceeded(&self) -> bool {
        self.exceeded.get()
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    fn charge<E: de::Error>(&self, bytes: usize) -> Result<(), E> {
        match self.left.get().checked_sub(bytes) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => {
                self.exceeded.set(true);
                Err(E::custom(format_args!(
                    "the scenario needs more than {} MiB of memory when decoded (the decoding limit)",
                    self.limit >> 20
                )))
            }
        }
    }

    /// A size hint no larger than the allowance could pay for, so no collection preallocates
    /// more than the budget.
    fn hint(&self, hint: Option<usize>) -> Option<usize> {
        hint.map(|h| h.min(self.left.get()))
    }
}

/// A `Deserializer` whose every list, string and blob is charged to a [`Budget`].
pub struct Budgeted<'b, D> {
    de: D,
    budget: &'b Budget,
}

impl<'b, D> Budgeted<'b, D> {
    pub fn new(de: D, budget: &'b Budget) -> Self {
        Budgeted { de, budget }
    }
}

/// The in-memory size of one element, at least a byte so empty elements still count.
fn element_size<T>() -> usize {
    std::mem::size_of::<T>().max(1)
}

/// Forwards a `deserialize_*` call with the visitor wrapped. `lists` says whether the sequence
/// or map the visitor may be handed is a list (each element charged) or the fields of a struct
/// or tuple (already paid for with the value that holds them).
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*) $lists:literal;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
                let visitor = Wrap { inner: visitor, budget: self.budget, lists: $lists };
                self.de.$method($($arg,)* visitor)
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Budgeted<'_, D> {
    type Error = D::Error;

    forward! {
        deserialize_any() true;
        deserialize_bool() true;
        deserialize_i8() true;
        deserialize_i16() true;
        deserialize_i32() true;
        deserialize_i64() true;
        deserialize_i128() true;
        deserialize_u8() true;
        deserialize_u16() true;
        deserialize_u32() true;
        deserialize_u64() true;
        deserialize_u128() true;
        deserialize_f32() true;
        deserialize_f64() true;
        deserialize_char() true;
        deserialize_str() true;
        deserialize_string() true;
        deserialize_bytes() true;
        deserialize_byte_buf() true;
        deserialize_option() true;
        deserialize_unit() true;
        deserialize_unit_struct(name: &'static str) true;
        deserialize_newtype_struct(name: &'static str) true;
        deserialize_seq() true;
        deserialize_tuple(len: usize) false;
        deserialize_tuple_struct(name: &'static str, len: usize) false;
        deserialize_map() true;
        deserialize_struct(name: &'static str, fields: &'static [&'static str]) false;
        deserialize_enum(name: &'static str, variants: &'static [&'static str]) true;
        deserialize_identifier() true;
        deserialize_ignored_any() true;
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// A visitor that wraps whatever it is handed (sequences, maps, enums, nested values) and
/// charges strings and blobs before passing them on.
struct Wrap<'b, X> {
    inner: X,
    budget: &'b Budget,
    /// Charge each element of a sequence or map handed to this visitor.
    lists: bool,
}

impl<'b, X> Wrap<'b, X> {
    fn wrap<Y>(&self, inner: Y) -> Wrap<'b, Y> {
        Wrap {
            inner,
            budget: self.budget,
            lists: self.lists,
        }
    }

    fn charge<T, E: de::Error>(&self) -> Result<(), E> {
        if self.lists {
            self.budget.charge(element_size::<T>())
        } else {
            Ok(())
        }
    }
}

macro_rules! pass {
    ($($method:ident($ty:ty);)*) => {
        $(
            fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
                self.inner.$method(v)
            }
        )*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(f)
    }

    pass! {
        visit_bool(bool);
        visit_i8(i8);
        visit_i16(i16);
        visit_i32(i32);
        visit_i64(i64);
        visit_i128(i128);
        visit_u8(u8);
        visit_u16(u16);
        visit_u32(u32);
        visit_u64(u64);
        visit_u128(u128);
        visit_f32(f32);
        visit_f64(f64);
        visit_char(char);
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_str(v)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_borrowed_str(v)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_string(v)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_bytes(v)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_borrowed_bytes(v)
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<V::Value, E> {
        self.budget.charge_blob(v.len())?;
        self.inner.visit_byte_buf(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<V::Value, D2::Error> {
        let budget = self.budget;
        self.inner.visit_some(Budgeted::new(d, budget))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_newtype_struct<D2: Deserializer<'de>>(self, d: D2) -> Result<V::Value, D2::Error> {
        let budget = self.budget;
        self.inner.visit_newtype_struct(Budgeted::new(d, budget))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let seq = self.wrap(seq);
        self.inner.visit_seq(seq)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let map = self.wrap(map);
        self.inner.visit_map(map)
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        let data = self.wrap(data);
        self.inner.visit_enum(data)
    }
}

/// A seed whose deserializer is wrapped in turn.
struct Seed<'b, S> {
    seed: S,
    budget: &'b Budget,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<'_, S> {
    type Value = S::Value;

    fn deserialize<D2: Deserializer<'de>>(self, d: D2) -> Result<S::Value, D2::Error> {
        self.seed.deserialize(Budgeted::new(d, self.budget))
    }
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.charge::<T::Value, A::Error>()?;
        let budget = self.budget;
        self.inner.next_element_seed(Seed { seed, budget })
    }

    fn size_hint(&self) -> Option<usize> {
        self.budget.hint(self.inner.size_hint())
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.charge::<K::Value, A::Error>()?;
        let budget = self.budget;
        self.inner.next_key_seed(Seed { seed, budget })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.charge::<S::Value, A::Error>()?;
        let budget = self.budget;
        self.inner.next_value_seed(Seed { seed, budget })
    }

    fn size_hint(&self) -> Option<usize> {
        self.budget.hint(self.inner.size_hint())
    }
}

impl<'de, 'b, A: de::EnumAccess<'de>> de::EnumAccess<'de> for Wrap<'b, A> {
    type Error = A::Error;
    type Variant = Wrap<'b, A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let budget = self.budget;
        let (value, variant) = self.inner.variant_seed(Seed { seed, budget })?;
        Ok((
            value,
            Wrap {
                inner: variant,
                budget,
                lists: false,
            },
        ))
    }
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.inner.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        let budget = self.budget;
        self.inner.newtype_variant_seed(Seed { seed, budget })
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let visitor = Wrap {
            inner: visitor,
            budget: self.budget,
            lists: false,
        };
        self.inner.tuple_variant(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let visitor = Wrap {
            inner: visitor,
            budget: self.budget,
            lists: false,
        };
        self.inner.struct_variant(fields, visitor)
    }
}
