//! The `security` module on the examples and definitions of UTS #39 itself, and on hostile
//! input: invalid names get the format's error before any security step, and megabytes, every
//! code point and long runs of marks pass without a panic.

use idn_hostname::check_idn_hostname;
use idn_hostname::security::{
    Confusability, Detection, DisplayPolicy, Form, IdentifierStatus, IdentifierType,
    LookalikeError, LookalikeSet, Reason, RestrictionLevel, Script, ScriptSet, are_confusable,
    confusability, detections, display_verdict, has_mixed_numbers, identifier_status,
    identifier_types, name_restriction_level, resolved_script_set, restriction_level,
    script_extensions, skeleton,
};

/// Section 4: Latin "scope" and Cyrillic "ѕсоре" are whole-script confusables; "pаypаl" with
/// Cyrillic а is a mixed-script confusable of "paypal".
#[test]
fn section_4_confusables() {
    let cyrillic_scope = "\u{0455}\u{0441}\u{043E}\u{0440}\u{0435}";
    assert!(are_confusable("scope", cyrillic_scope));
    assert_eq!(
        confusability("scope", cyrillic_scope),
        Some(Confusability::WholeScript)
    );
    assert_eq!(
        confusability("paypal", "p\u{0430}yp\u{0430}l"),
        Some(Confusability::MixedScript)
    );
    assert_eq!(
        confusability("scope", "scope"),
        Some(Confusability::SingleScript)
    );
    // Default_Ignorable_Code_Points drop out of the skeleton (step 2).
    assert_eq!(skeleton("sco\u{200B}pe"), skeleton("scope"));
}

/// Section 5.2, one example per level, by its definition.
#[test]
fn section_5_2_restriction_levels() {
    let cases = [
        ("scope", RestrictionLevel::AsciiOnly),
        (
            "\u{0455}\u{0441}\u{043E}\u{0440}\u{0435}",
            RestrictionLevel::SingleScript,
        ),
        ("caf\u{00E9}", RestrictionLevel::SingleScript),
        (
            "\u{6F22}\u{5B57}\u{304B}\u{306A}\u{30AB}\u{30CA}",
            RestrictionLevel::SingleScript,
        ), // Jpan
        (
            "abc\u{6F22}\u{5B57}\u{304B}\u{306A}",
            RestrictionLevel::HighlyRestrictive,
        ),
        (
            "abc\u{6F22}\u{D55C}\u{AE00}",
            RestrictionLevel::HighlyRestrictive,
        ),
        (
            "abc\u{05D0}\u{05D1}",
            RestrictionLevel::ModeratelyRestrictive,
        ), // Latin + Hebrew
        (
            "abc\u{0430}\u{0431}",
            RestrictionLevel::MinimallyRestrictive,
        ), // Latin + Cyrillic
        (
            "abc\u{03B1}\u{03B2}",
            RestrictionLevel::MinimallyRestrictive,
        ), // Latin + Greek
        ("\u{05D0}\u{0627}", RestrictionLevel::MinimallyRestrictive), // Hebrew + Arabic
        ("a\u{2460}", RestrictionLevel::Unrestricted),                // outside the profile
    ];
    for (text, level) in cases {
        assert_eq!(restriction_level(text), level, "{text:?}");
    }
    assert_eq!(
        name_restriction_level("abc\u{0430}.\u{05D0}\u{05D1}"),
        RestrictionLevel::MinimallyRestrictive
    );
}

/// Section 5.3: digits of two sets of ten.
#[test]
fn section_5_3_mixed_numbers() {
    assert!(!has_mixed_numbers("2026"));
    assert!(!has_mixed_numbers("\u{09E8}\u{09E6}")); // Bengali two, zero
    assert!(has_mixed_numbers("2\u{09E6}")); // ASCII two, Bengali zero
}

/// Section 5.4: its example, U+0069 with U+0307, and the other detections.
#[test]
fn section_5_4_detections() {
    assert!(detections("i\u{0307}").contains(Detection::HiddenOverlay));
    assert!(!detections("a\u{0307}").contains(Detection::HiddenOverlay));
    // Precomposed and decomposed forms count the same (NFD).
    assert!(detections("\u{00E1}\u{0301}").contains(Detection::RepeatedNonspacingMark));
    let four = "a\u{0300}\u{0301}\u{0302}\u{0303}";
    assert!(!detections(four).contains(Detection::TooManyNonspacingMarks));
    let five = "a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}";
    assert!(detections(five).contains(Detection::TooManyNonspacingMarks));
    assert!(detections("a\u{200C}b").contains(Detection::InvisibleCharacter));
    assert!(detections("scope").is_empty());
}

#[test]
fn display_verdict_per_label() {
    let v = display_verdict("www.\u{0441}\u{043E}\u{0441}\u{043E}.com").unwrap();
    let forms: Vec<Form> = v.labels().iter().map(|l| l.form()).collect();
    assert_eq!(forms, [Form::Ascii, Form::ALabel, Form::Ascii]);
    assert!(!v.is_safe_to_display());
    let codes: Vec<&str> = v.labels()[1].reasons().iter().map(Reason::code).collect();
    assert_eq!(codes, ["whole-script-confusable"]);
    // An A-label is shown in Unicode when its U-label passes.
    let v = display_verdict("xn--bcher-kva.example").unwrap();
    assert_eq!(v.to_display_string(), "b\u{00FC}cher.example");
    // Latin + Thai: Moderately Restrictive; Chromium's model refuses it, Firefox's shows it.
    let name = "abc\u{0E01}\u{0E02}.example";
    let v = display_verdict(name).unwrap();
    assert_eq!(
        v.labels()[0].reasons().iter().collect::<Vec<_>>(),
        [Reason::MixedScripts]
    );
    assert!(
        DisplayPolicy::moderate()
            .verdict(name)
            .unwrap()
            .is_safe_to_display()
    );
    let v = display_verdict("a1\u{0967}.example").unwrap();
    assert!(v.labels()[0].reasons().contains(Reason::MixedNumbers));
}

/// The verdict of an invalid name is the format's error, the very one `check_idn_hostname`
/// gives: no security step runs first.
#[test]
fn invalid_names_get_the_format_error_first() {
    let huge = "\u{0430}".repeat(1 << 20);
    for name in [
        "",
        "-a.com",
        "a..b",
        "i.xn--ls8h",
        "Bücher.de",
        "a\u{0307}\u{0307}",
        &huge,
    ] {
        let expected = check_idn_hostname(name).unwrap_err();
        assert_eq!(display_verdict(name).unwrap_err(), expected, "{name:.40}");
    }
}

#[test]
fn hostile_input_no_panic() {
    let trusted = LookalikeSet::new(["paypal.com", "example.org"]).unwrap();
    let marks = format!("a{}", "\u{0301}".repeat(1 << 20));
    let huge = "\u{0440}".repeat(1 << 20);
    for text in [marks.as_str(), huge.as_str()] {
        let _ = skeleton(text);
        let _ = detections(text);
        let _ = restriction_level(text);
        let _ = display_verdict(text);
        assert_eq!(trusted.lookup(text), None);
    }
    let mut shown = 0;
    for cp in 0..=0x10_FFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let mut buf = [0; 4];
        let label = c.encode_utf8(&mut buf);
        let _ = skeleton(label);
        let _ = restriction_level(label);
        let _ = trusted.lookup(label);
        if let Ok(v) = display_verdict(label) {
            shown += usize::from(v.is_safe_to_display());
        }
    }
    assert!(shown > 1000, "{shown} one-character names shown");
}

#[test]
fn lookalike_set() {
    let trusted = LookalikeSet::new(["paypal.com", "xn--bcher-kva.example", "scope.dev"]).unwrap();
    assert_eq!(trusted.len(), 3);
    assert_eq!(
        trusted.lookup("p\u{0430}yp\u{0430}l.com"),
        Some("paypal.com")
    );
    assert_eq!(
        trusted.lookup("\u{0455}\u{0441}\u{043E}\u{0440}\u{0435}.dev"),
        Some("scope.dev")
    );
    assert_eq!(trusted.lookup("bücher.example"), None); // the trusted name, as a U-label
    assert_eq!(trusted.lookup("SCOPE.dev"), None);
    assert_eq!(trusted.lookup("scope.com"), None);
    assert!(LookalikeSet::new(["-bad.com"]).is_err());
}

/// What the set compares is the whole name: a label separator moved makes another skeleton
/// (section 4); text longer than a valid `idn-hostname` can be (4 bytes of UTF-8 for each of
/// the 253 octets of RFC 1034, docs/security.md) is no lookalike, and text of that length still
/// can be one (U+200B ZERO WIDTH SPACE, a Default_Ignorable_Code_Point, is dropped by step 2).
#[test]
fn lookalike_set_whole_names() {
    let trusted = LookalikeSet::new(["paypal.com", "xn--bcher-kva.example"]).unwrap();
    assert!(!trusted.is_empty());
    assert!(LookalikeSet::new(Vec::<&str>::new()).unwrap().is_empty());
    assert_eq!(
        format!("{trusted:?}"),
        r#"["paypal.com", "xn--bcher-kva.example"]"#
    );
    assert_eq!(trusted.lookup("paypa1.com"), Some("paypal.com"));
    assert_eq!(trusted.lookup("paypa1c.om"), None);
    assert_eq!(trusted.lookup("p.aypa1com"), None);
    let longest = format!("paypa1{}.com", "\u{200B}".repeat(334));
    assert_eq!(longest.len(), 4 * 253);
    assert_eq!(trusted.lookup(&longest), Some("paypal.com"));
    let longer = format!("paypa1{}\u{00AD}\u{00AD}.com", "\u{200B}".repeat(333));
    assert_eq!(longer.len(), 4 * 253 + 1);
    assert_eq!(trusted.lookup(&longer), None);
    // A refused name: the error names it and says the format's error.
    let err = LookalikeSet::new(["paypal.com", "-bad.com"]).unwrap_err();
    let format_error = check_idn_hostname("-bad.com").unwrap_err();
    assert_eq!(
        err,
        LookalikeError::InvalidName(String::from("-bad.com"), format_error.clone())
    );
    let shown = err.to_string();
    assert!(
        shown.contains("\"-bad.com\"") && shown.contains(&format_error.to_string()),
        "{shown}"
    );
}

/// Section 3.1: Identifier_Type sets as IdentifierType.txt lists them (`0041..005A ;
/// Recommended`, `2460..24EA ; Not_NFKC`, `2CF0..2CF1 ; Technical Exclusion`, `10000..1000B ;
/// Exclusion`), in the BMP and past it, with the value names of the file; U+10000 is of
/// Linear_B (Scripts.txt, `Linb` in PropertyValueAliases.txt).
#[test]
fn section_3_1_identifier_types() {
    let types = |c: char| identifier_types(c).iter().collect::<Vec<_>>();
    assert_eq!(types('A'), [IdentifierType::Recommended]);
    assert_eq!(types('\u{2460}'), [IdentifierType::NotNfkc]);
    assert_eq!(
        types('\u{2CF0}'),
        [IdentifierType::Exclusion, IdentifierType::Technical]
    );
    assert_eq!(types('\u{10000}'), [IdentifierType::Exclusion]);
    assert!(identifier_types('\u{2CF0}').contains(IdentifierType::Technical));
    assert!(!identifier_types('\u{2CF0}').contains(IdentifierType::Recommended));
    assert_eq!(IdentifierType::NotNfkc.name(), "Not_NFKC");
    assert_eq!(IdentifierType::UncommonUse.name(), "Uncommon_Use");
    let linear_b = Script::from_short_name("Linb").unwrap();
    assert!(script_extensions('\u{10000}').contains(linear_b));
    assert_eq!(identifier_status('\u{10000}'), IdentifierStatus::Restricted);
}

/// Section 5.4, each detection alone: the set holds it and no other, with its code (the codes
/// of docs/security.md). U+00E0 is `a` + U+0300 (UnicodeData.txt), and `a` is not Soft_Dotted
/// (PropList.txt): U+0307 on it hides nothing, precomposed or not.
#[test]
fn section_5_4_each_detection_alone() {
    let only = |text: &str| detections(text).iter().collect::<Vec<_>>();
    assert_eq!(only("i\u{0307}"), [Detection::HiddenOverlay]);
    assert_eq!(
        only("a\u{0301}\u{0301}"),
        [Detection::RepeatedNonspacingMark]
    );
    assert_eq!(
        only("a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}"),
        [Detection::TooManyNonspacingMarks]
    );
    assert_eq!(only("a\u{200D}b"), [Detection::InvisibleCharacter]);
    assert_eq!(only("a\u{0300}\u{0301}\u{0302}\u{0303}"), []);
    assert_eq!(only("\u{00E0}\u{0307}"), []);
    assert!(!detections("i\u{0307}").is_empty());
    let codes = [
        (
            Detection::RepeatedNonspacingMark,
            "repeated-nonspacing-mark",
        ),
        (
            Detection::TooManyNonspacingMarks,
            "too-many-nonspacing-marks",
        ),
        (Detection::HiddenOverlay, "hidden-overlay"),
        (Detection::InvisibleCharacter, "invisible-character"),
    ];
    for (d, code) in codes {
        assert_eq!(d.code(), code);
    }
}

/// Section 5.4 on the NFD form: U+00E1 is `a` + U+0301 (UnicodeData.txt), a new base, so
/// `a` U+0301 U+00E1 is one acute on each of two bases, not a repeated mark. And the display
/// verdict reads the detections: U+200D ZERO WIDTH JOINER after a virama, valid in a name
/// (RFC 5892 Appendix A.2), is a Default_Ignorable_Code_Point, an invisible character, and
/// outside the profile (IdentifierStatus.txt does not list it).
#[test]
fn section_5_4_on_bases_and_in_the_verdict() {
    assert!(detections("a\u{0301}\u{00E1}").is_empty());
    let name = "\u{0915}\u{094D}\u{200D}\u{0937}.example";
    let v = display_verdict(name).unwrap();
    assert_eq!(
        v.labels()[0].reasons().iter().collect::<Vec<_>>(),
        [Reason::RestrictedCharacter, Reason::InvisibleCharacter]
    );
}

/// A script is named by its ISO 15924 code: each Script value of PropertyValueAliases.txt
/// (`sc ; Latn ; Latin`) that Scripts.txt gives a code point, and the three writing systems UTS
/// #39 section 5.1 adds (Hanb, Jpan, Kore), found by its short name and giving it back.
#[test]
fn scripts_are_named_by_their_short_names() {
    let ucd = concat!(env!("CARGO_MANIFEST_DIR"), "/data/unicode/18.0.0/ucd/");
    let read = |file: &str| std::fs::read_to_string(format!("{ucd}{file}")).expect(file);
    let scripts = read("Scripts.txt");
    let used: std::collections::HashSet<&str> = scripts
        .lines()
        .filter_map(|line| line.split('#').next()?.split(';').nth(1))
        .map(str::trim)
        .collect();
    let aliases = read("PropertyValueAliases.txt");
    let mut named = vec!["Hanb", "Jpan", "Kore"];
    for line in aliases.lines() {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        if let ["sc", short, long, ..] = fields[..]
            && used.contains(long)
        {
            named.push(short);
        }
    }
    assert!(named.len() > 170, "{}", named.len());
    for short in named {
        let script = Script::from_short_name(short).unwrap_or_else(|| panic!("{short}"));
        assert_eq!(script.short_name(), short);
    }
    let constants = [
        (Script::LATIN, "Latn"),
        (Script::CYRILLIC, "Cyrl"),
        (Script::GREEK, "Grek"),
        (Script::COMMON, "Zyyy"),
        (Script::INHERITED, "Zinh"),
    ];
    for (script, short) in constants {
        assert_eq!(script.short_name(), short);
    }
    assert_eq!(Script::from_short_name("Latin"), None);
}

/// The reasons of each label of `name` under `policy`, by code.
fn reason_codes(policy: DisplayPolicy, name: &str) -> Vec<(Form, Vec<&'static str>)> {
    let v = policy.verdict(name).unwrap();
    v.labels()
        .iter()
        .map(|l| (l.form(), l.reasons().iter().map(Reason::code).collect()))
        .collect()
}

/// `whole-script-confusable` (docs/security.md, "Codes"; UTS #39 section 4): a label of one
/// script but Latin whose skeleton is all ASCII letters, digits and hyphens, under a top-level
/// label not of its script. By confusables.txt: Cyrillic `с` and `о` map to `c` and `o`, so
/// `сосо` passes for `coco`; `ж` is no source, and `й` is `и` U+0306 (UnicodeData.txt) with
/// `и` mapped to U+1D0E, so `жж`, `йй` and `сой` do not. `ı` maps to `i`, but `ıbm` is Latin.
/// Under `.рф`, whose script is Cyrillic, `сосо` is shown (docs/security.md: "allowed when the
/// top-level label is of that script (Cyrillic under `.рф`)").
#[test]
fn whole_script_confusables_by_skeleton_and_top_level_label() {
    let policy = DisplayPolicy::new();
    let wsc = (Form::ALabel, vec!["whole-script-confusable"]);
    let shown = (Form::Unicode, vec![]);
    let ascii = (Form::Ascii, vec![]);
    let cases = [
        ("\u{0441}\u{043E}\u{0441}\u{043E}.com", &wsc),
        ("\u{0436}\u{0436}.com", &shown),
        ("\u{0439}\u{0439}.com", &shown),
        ("\u{0441}\u{043E}\u{0439}.com", &shown),
    ];
    for (name, first) in cases {
        assert_eq!(
            reason_codes(policy, name),
            [first.clone(), ascii.clone()],
            "{name}"
        );
    }
    for name in [
        "\u{0441}\u{043E}\u{0441}\u{043E}.\u{0440}\u{0444}",
        "\u{0131}bm.\u{0440}\u{0444}",
    ] {
        assert_eq!(
            reason_codes(policy, name),
            [shown.clone(), shown.clone()],
            "{name}"
        );
        assert_eq!(display_verdict(name).unwrap().to_display_string(), name);
    }
}

/// An A-label is decided on its U-label (docs/security.md: "any other label (a U-label, or an
/// A-label decoded)"): the A-labels of `сосо`, `жж`, `йй` and `сой` (Python's punycode codec:
/// `xn--n1aahb`, `xn--f1aa`, `xn--i1aa`, `xn--i1aji`) get the verdicts of the U-labels above,
/// and one shown in Unicode is shown as its U-label.
#[test]
fn a_labels_are_decided_on_their_u_labels() {
    let policy = DisplayPolicy::new();
    assert_eq!(
        reason_codes(policy, "xn--n1aahb.com")[0],
        (Form::ALabel, vec!["whole-script-confusable"])
    );
    for (name, shown) in [
        ("xn--f1aa.com", "\u{0436}\u{0436}.com"),
        ("xn--i1aa.com", "\u{0439}\u{0439}.com"),
        ("xn--i1aji.com", "\u{0441}\u{043E}\u{0439}.com"),
    ] {
        assert_eq!(
            reason_codes(policy, name)[0],
            (Form::Unicode, vec![]),
            "{name}"
        );
        assert_eq!(display_verdict(name).unwrap().to_display_string(), shown);
    }
}

/// An NR-LDH label is `Form::Ascii` (docs/security.md, "The display policy") whichever label
/// separator follows it: U+3002 IDEOGRAPHIC FULL STOP is one (RFC 3490 section 3.1), and the
/// name is shown with U+002E.
#[test]
fn ascii_labels_before_any_label_separator() {
    let v = display_verdict("example\u{3002}com").unwrap();
    let forms: Vec<Form> = v.labels().iter().map(|l| l.form()).collect();
    assert_eq!(forms, [Form::Ascii, Form::Ascii]);
    assert_eq!(v.to_display_string(), "example.com");
    let v = display_verdict("xn--bcher-kva\u{3002}example").unwrap();
    let forms: Vec<Form> = v.labels().iter().map(|l| l.form()).collect();
    assert_eq!(forms, [Form::Unicode, Form::Ascii]);
    assert_eq!(v.to_display_string(), "b\u{00FC}cher.example");
}

/// `whole-script-confusable` is checked last, on a label that passes every other check
/// (docs/security.md, "Codes"), as Chromium's `IDNSpoofChecker::SafeToDisplayAsUnicode`
/// returns at the first failed check before its Latin-lookalike test. `ԁоо` is Cyrillic (KOMI
/// DE, Obsolete in IdentifierType.txt, so outside the profile) and its skeleton is `doo`
/// (confusables.txt: U+0501 to `d`, U+043E to `o`): only `restricted-character`.
#[test]
fn whole_script_confusable_only_on_a_label_that_passes_the_rest() {
    assert_eq!(
        reason_codes(DisplayPolicy::new(), "\u{0501}\u{043E}\u{043E}.com")[0],
        (Form::ALabel, vec!["restricted-character"])
    );
}

/// A verdict is about a name (`DisplayVerdict::name`, the name as given) and its labels' verdicts:
/// two verdicts are equal when both are. Latin + Thai is refused by `new()` and shown by
/// `moderate()` (docs/security.md, the settings' table: Highly and Moderately Restrictive), so
/// the verdicts of that one name under the two policies differ, and so do their Debug forms.
#[test]
fn display_verdicts_compare_by_name_and_labels() {
    let name = "abc\u{0E01}\u{0E02}.example";
    let strict = DisplayPolicy::new().verdict(name).unwrap();
    let moderate = DisplayPolicy::moderate().verdict(name).unwrap();
    assert_eq!(strict.name(), name);
    assert_eq!(moderate.name(), name);
    assert_eq!(strict, strict.clone());
    assert_eq!(strict, DisplayPolicy::new().verdict(name).unwrap());
    assert_ne!(strict, moderate);
    assert_ne!(
        display_verdict("a.example").unwrap(),
        display_verdict("b.example").unwrap()
    );
    let (shown_strict, shown_moderate) = (format!("{strict:?}"), format!("{moderate:?}"));
    assert!(shown_strict.contains("example"), "{shown_strict}");
    assert_ne!(shown_strict, shown_moderate);
}

/// Section 5.1: the augmented set of a character of Common or Inherited is ALL, and so is the
/// resolved set of a string of them (digits and the hyphen are Common, Scripts.txt `002D`,
/// `0030..0039`) and of the empty string; ALL lists no script. ARABIC TATWEEL's Script_Extensions are those
/// of ScriptExtensions.txt (`0640 ; Adlm Arab Mand Mani Ougr Phlp Rohg Sogd Syrc`).
#[test]
fn section_5_1_script_sets() {
    for text in ["123", "", "1-2"] {
        let set = resolved_script_set(text);
        assert!(set.is_all(), "{text:?}");
        assert_eq!(set.iter().count(), 0, "{text:?}");
    }
    assert!(!resolved_script_set("abc").is_all());
    assert!(!resolved_script_set("a\u{0430}").is_all());
    let names = |set: ScriptSet| {
        let mut names: Vec<&str> = set.iter().map(Script::short_name).collect();
        names.sort_unstable();
        names
    };
    assert_eq!(
        names(script_extensions('\u{0640}')),
        [
            "Adlm", "Arab", "Mand", "Mani", "Ougr", "Phlp", "Rohg", "Sogd", "Syrc"
        ]
    );
    assert_eq!(names(resolved_script_set("abc")), ["Latn"]);
    assert_eq!(names(resolved_script_set("a\u{0430}")), Vec::<&str>::new());
}

/// The set compares names with every label separator as U+002E (docs/security.md, "Lookalike
/// set": "separators as `.`"; RFC 3490 section 3.1: U+002E, U+3002, U+FF0E, U+FF61) and its
/// A-labels decoded (RFC 3492: `xn--bcher-kva` is `bücher`); DIGIT ONE maps to `l`
/// (confusables.txt). U+3041 HIRAGANA LETTER SMALL A and U+FFFD REPLACEMENT CHARACTER, which
/// share their first byte with separators in UTF-8, are no separators and no source of
/// confusables.txt: a name with one where the trusted name has a dot is no lookalike.
#[test]
fn lookalike_set_label_separators() {
    let trusted = LookalikeSet::new(["paypal.com", "xn--bcher-kva.example"]).unwrap();
    for sep in ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'] {
        let name = format!("paypa1{sep}com");
        assert_eq!(trusted.lookup(&name), Some("paypal.com"), "{name}");
    }
    for other in ['\u{3041}', '\u{FFFD}'] {
        let name = format!("paypa1{other}com");
        assert_eq!(trusted.lookup(&name), None, "{name}");
    }
    assert_eq!(
        trusted.lookup("b\u{00FC}cher.examp1e"),
        Some("xn--bcher-kva.example")
    );
    assert_eq!(
        trusted.lookup("b\u{00FC}cher\u{3002}examp1e"),
        Some("xn--bcher-kva.example")
    );
}
