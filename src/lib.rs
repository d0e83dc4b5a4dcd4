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

mod bidi;
mod context;
mod derived_property;
mod domain;
mod error;
mod formats;
mod label;
pub mod punycode;
#[allow(dead_code)] // the UTS #46 table is read once the uts46 module lands
mod tables;
mod ucd;

#[cfg(test)]
#[path = "../tests/common/shared.rs"]
mod shared_data;

pub use bidi::BidiRule;
pub use context::ContextRule;
pub use derived_property::{DerivedProperty, derived_property};
pub use error::{Error, ErrorKind};
pub use formats::{
    BidiScope, Options, check_hostname, check_idn_hostname, is_hostname, is_idn_hostname,
};

/// The version of Unicode whose data every table of this crate was generated from.
pub const UNICODE_VERSION: (u8, u8, u8) = tables::UNICODE_VERSION;
