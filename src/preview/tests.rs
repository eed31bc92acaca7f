//! Previews on the sample scenarios, against the engines they read.

use super::*;
