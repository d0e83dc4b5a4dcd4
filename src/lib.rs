//! Validates hostnames and internationalized hostnames exactly as the standards say.
//!
//! (Crate documentation is completed with the validation API.)

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

extern crate alloc;

mod derived_property;
mod tables;
mod ucd;

#[cfg(test)]
#[path = "../tests/common/shared.rs"]
mod shared_data;

pub use derived_property::{DerivedProperty, derived_property};

/// The version of Unicode whose data every table of this crate was generated from.
pub const UNICODE_VERSION: (u8, u8, u8) = tables::UNICODE_VERSION;
