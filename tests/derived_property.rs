//! `derived_property` against Unicode's own computation of RFC 5892, `Idna2008.txt` 18.0.0, for
//! every one of the 1,112,064 scalar values.

mod common;
use common::{data, ucd};

use idn_hostname::{DerivedProperty, UNICODE_VERSION, derived_property};

fn expected_table() -> Vec<Option<DerivedProperty>> {
    let mut table = vec![None; 0x11_0000];
    for (a, b, fields) in ucd::lines("idna/Idna2008.txt") {
        let value = match fields[0].as_str() {
            "PVALID" => DerivedProperty::Pvalid,
            "CONTEXTJ" => DerivedProperty::ContextJ,
            "CONTEXTO" => DerivedProperty::ContextO,
            "DISALLOWED" => DerivedProperty::Disallowed,
            "UNASSIGNED" => DerivedProperty::Unassigned,
            other => panic!("Idna2008.txt: U+{a:04X}: unknown value {other:?}"),
        };
        for cp in a..=b {
            assert!(
                table[cp as usize].is_none(),
                "Idna2008.txt: U+{cp:04X} twice"
            );
            table[cp as usize] = Some(value);
        }
    }
    table
}

#[test]
fn every_scalar_value_matches_idna2008_txt() {
    let expected = expected_table();
    let mut checked = 0usize;
    let mut wrong = Vec::new();
    for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
        let want =
            expected[c as usize].unwrap_or_else(|| panic!("no value for U+{:04X}", c as u32));
        checked += 1;
        let got = derived_property(c);
        if got != want {
            wrong.push(format!(
                "U+{:04X}: {got}, Idna2008.txt says {want}",
                c as u32
            ));
        }
    }
    assert_eq!(checked, 1_112_064);
    assert!(
        wrong.is_empty(),
        "{} differences, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
}

#[test]
fn version_is_the_data_version() {
    let text = data::read("unicode/18.0.0/idna/Idna2008.txt");
    let first = text.lines().next().unwrap();
    assert_eq!(first, "# Idna2008-18.0.0.txt");
    assert_eq!(UNICODE_VERSION, (18, 0, 0));
}
