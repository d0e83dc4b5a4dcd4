//! Unicode Security Mechanisms (UTS #39, revision for Unicode 18.0.0), with the data of
//! Unicode 18.0.0: a layer above the formats, behind the `security` feature, for programs that
//! show names to people or call the hosts they name.
//!
//! The formats accept every name the standards accept: `раураl.com`, in Cyrillic letters, is a
//! valid `idn-hostname`. This module says what a careful reader of such names needs to know:
//!
//! - the General Security Profile for identifiers (section 3.1): [`identifier_status`],
//!   [`identifier_types`];
//! - Script_Extensions and the augmented and resolved script sets (section 5.1):
//!   [`script_extensions`], [`augmented_script_set`], [`resolved_script_set`]; the restriction
//!   levels (section 5.2): [`restriction_level`] for a label, [`name_restriction_level`] for a
//!   name;
//! - mixed numbers (section 5.3): [`has_mixed_numbers`]; the optional detections of section
//!   5.4: [`detections`];
//! - the skeleton and confusability (section 4): [`skeleton`], [`are_confusable`],
//!   [`confusability`] (single-script, mixed-script and whole-script confusables);
//! - a display verdict after the browsers' algorithms: [`DisplayPolicy`], [`display_verdict`];
//! - lookalikes of trusted names: [`LookalikeSet`].
//!
//! See `docs/security.md` for what this protects against and what it does not: a name can be
//! safe to display and still belong to an attacker.

mod detect;
mod display;
mod lookalike;
mod profile;
mod scripts;
mod skeleton;

pub use detect::{Detection, Detections, detections};
pub use display::{
    DisplayPolicy, DisplayVerdict, Form, LabelVerdict, Reason, Reasons, display_verdict,
};
pub use lookalike::{LookalikeError, LookalikeSet};
pub use profile::{
    IdentifierStatus, IdentifierType, IdentifierTypes, identifier_status, identifier_types,
};
pub use scripts::{
    RestrictionLevel, Script, ScriptSet, augmented_script_set, has_mixed_numbers,
    name_restriction_level, resolved_script_set, restriction_level, script_extensions,
};
pub use skeleton::{Confusability, are_confusable, confusability, skeleton};
