//! `src/tables/escape.rs`: the code points an error message escapes rather than prints, beyond
//! what the packed property table already tells.
//!
//! A message shows a label as written but escapes what cannot be seen or breaks the line: the
//! General_Category values Cc, Cf, Cs, Co and Cn (UAX #44 section 5.7.1) and White_Space
//! (PropList.txt). The packed table's derived property says UNASSIGNED for Cn but the
//! noncharacters (RFC 5892 section 2.11: UNASSIGNED is Cn and not Noncharacter_Code_Point), so
//! this table holds the rest, above ASCII (which the library answers from the byte): Cc, Cf,
//! Cs, Co, White_Space and the noncharacters, as sorted inclusive ranges.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::{CODE_POINTS, Inputs, Result, data_lines, header};

/// The UCD files this table is made from.
pub(crate) const INPUTS: [&str; 2] = [
    "ucd/extracted/DerivedGeneralCategory.txt",
    "ucd/PropList.txt",
];

/// The file `escape.rs` of `src/tables`.
pub(crate) fn render(inputs: &Inputs, version: (u8, u8, u8)) -> Result<(&'static str, String)> {
    let [gc_file, props_file] = INPUTS;
    let mut gc = vec![None; CODE_POINTS];
    for line in data_lines(inputs.text(gc_file), gc_file)? {
        let value = line.fields.first().copied().unwrap_or("");
        for cp in line.first..=line.last {
            gc[cp as usize] = Some(value);
        }
    }
    // DerivedGeneralCategory.txt lists every code point, Cn included.
    if let Some(cp) = gc.iter().position(Option::is_none) {
        return Err(format!("{gc_file}: no General_Category for U+{cp:04X}"));
    }
    let mut white_space = BTreeSet::new();
    let mut noncharacter = BTreeSet::new();
    for line in data_lines(inputs.text(props_file), props_file)? {
        let set = match line.fields.first().copied() {
            Some("White_Space") => &mut white_space,
            Some("Noncharacter_Code_Point") => &mut noncharacter,
            _ => continue,
        };
        set.extend(line.first..=line.last);
    }
    if white_space.is_empty() || noncharacter.is_empty() {
        return Err(format!(
            "{props_file}: no White_Space or Noncharacter_Code_Point"
        ));
    }
    let escaped = |cp: u32| {
        let value = gc[cp as usize].unwrap_or("Cn");
        matches!(value, "Cc" | "Cf" | "Cs" | "Co")
            || white_space.contains(&cp)
            || (value == "Cn" && noncharacter.contains(&cp))
    };
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for cp in 0x80..CODE_POINTS as u32 {
        if !escaped(cp) {
            continue;
        }
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == cp => *last = cp,
            _ => ranges.push((cp, cp)),
        }
    }
    let sizes = format!(
        "Escaped ranges: {} bytes ({} ranges of two u32).",
        8 * ranges.len(),
        ranges.len()
    );
    let mut s = header(inputs, version, &INPUTS, &sizes);
    s.push_str(
        "//! The non-ASCII code points an error message escapes that the packed property table does\n\
         //! not mark as UNASSIGNED: General_Category Cc, Cf, Cs, Co, White_Space, and the\n\
         //! noncharacters (Cn that RFC 5892 section 2.11 keeps out of UNASSIGNED).\n\n",
    );
    let _ = writeln!(
        s,
        "/// Sorted, disjoint, inclusive ranges of code points.\n\
         pub(crate) static ESCAPED: [(u32, u32); {}] = [",
        ranges.len()
    );
    for (first, last) in &ranges {
        let _ = writeln!(s, "    (0x{first:04X}, 0x{last:04X}),");
    }
    s.push_str("];\n");
    Ok(("escape.rs", s))
}
