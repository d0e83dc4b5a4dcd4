//! Generates the benchmark corpora of `idn-hostname` (`data/bench/`).
//!
//! ```text
//! cargo run --release -p corpus -- /usr/share/publicsuffix/public_suffix_list.dat data/bench
//! ```
//!
//! The first argument is the Public Suffix List (Debian package `publicsuffix`; MPL-2.0, see
//! `data/bench/README.md`): its rules give real suffixes, ASCII and Unicode, under which the
//! names are built from the word lists below. The output is a function of that file alone: a
//! fixed-seed generator, sorted inputs, no hash order. Every file names the command and the
//! SHA-256 of the list it came from.
//!
//! Valid names are kept only if the `idna` crate (an independent implementation) accepts them
//! with `domain_to_ascii_strict` and maps them to themselves, so that each corpus holds names in
//! the form a validator of the JSON Schema formats is given. Invalid names are built by the rule
//! they break, one class per section of `invalid.txt`.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sha2::{Digest, Sha256};

const COMMAND: &str =
    "cargo run --release -p corpus -- /usr/share/publicsuffix/public_suffix_list.dat data/bench";

/// How many names each corpus holds (before the filter, which drops few).
const NAMES: usize = 256;
/// Names at the 253-octet limit per script.
const LONG_NAMES: usize = 8;
/// Names per class of invalid name.
const INVALID_NAMES: usize = 16;

type Result<T> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.as_slice() {
        [psl, out] => run(Path::new(psl), &PathBuf::from(out)),
        [kind, psl, out] if kind == "realistic" => run_realistic(Path::new(psl), Path::new(out)),
        [kind, test, out] if kind == "idnatest" => run_idnatest(Path::new(test), Path::new(out)),
        _ => {
            eprintln!("usage: corpus <public_suffix_list.dat> <output-dir>");
            eprintln!("       corpus realistic <public_suffix_list.dat> <output-file>");
            eprintln!("       corpus idnatest <IdnaTestV2.txt> <output-file>");
            eprintln!("  e.g. {COMMAND}");
            eprintln!("       {}", realistic::COMMAND);
            eprintln!("       {}", idnatest::COMMAND);
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("corpus: {e}");
            ExitCode::FAILURE
        }
    }
}

#[path = "../../../tests/common/splitmix.rs"]
mod splitmix;
use splitmix::SplitMix64 as Rng;

/// The scripts of the Unicode corpora, with words of their own and the blocks that tell a
/// Public Suffix List rule of that script.
struct Script {
    name: &'static str,
    words: &'static [&'static str],
    blocks: &'static [(char, char)],
}

const ASCII_WORDS: &[&str] = &[
    "example", "shop", "news", "mail", "cloud", "data", "static", "images", "login", "portal",
    "dev", "staging", "search", "blog", "store", "video", "docs", "support", "status", "my",
    "online", "tech", "media", "travel", "bank", "health", "school", "music", "games", "sports",
    "weather", "books", "market", "group", "home", "city", "web", "app", "api", "cdn", "edge",
    "assets", "secure", "accounts", "photos", "maps", "library", "museum", "energy", "green",
];

const ASCII_PREFIXES: &[&str] = &[
    "www", "mail", "api", "cdn", "m", "static", "smtp", "ns1", "ns2", "mx", "img", "en", "de",
    "login", "auth", "beta", "dev", "test", "vpn", "shop",
];

const ASCII_TLDS: &[&str] = &["com", "net", "org", "de", "eu", "info", "io", "app"];

const SCRIPTS: &[Script] = &[
    Script {
        name: "latin",
        words: &[
            "bücher",
            "müller",
            "café",
            "straße",
            "zürich",
            "kraków",
            "łódź",
            "gdańsk",
            "čeština",
            "škoda",
            "español",
            "niño",
            "mañana",
            "français",
            "garçon",
            "élève",
            "über",
            "größe",
            "ålesund",
            "smørrebrød",
            "æble",
            "ísland",
            "reykjavík",
            "þingvellir",
            "güzel",
            "şehir",
            "türkiye",
            "việtnam",
            "hànội",
            "tiếng",
            "românia",
            "țară",
            "żółw",
            "źródło",
            "győr",
            "řeka",
            "přístav",
            "jalapeño",
            "crème",
            "brûlée",
        ],
        blocks: &[('\u{00C0}', '\u{024F}'), ('\u{1E00}', '\u{1EFF}')],
    },
    Script {
        name: "cyrillic",
        words: &[
            "пример",
            "испытание",
            "москва",
            "россия",
            "почта",
            "новости",
            "магазин",
            "банк",
            "школа",
            "україна",
            "київ",
            "беларусь",
            "србија",
            "београд",
            "софия",
            "българия",
            "казахстан",
            "интернет",
            "компания",
            "книги",
            "погода",
            "работа",
            "игры",
            "кино",
            "музыка",
            "спорт",
            "авто",
            "туризм",
            "здоровье",
            "образование",
            "ёлка",
        ],
        blocks: &[('\u{0400}', '\u{04FF}')],
    },
    Script {
        name: "greek",
        words: &[
            "παράδειγμα",
            "δοκιμή",
            "ελλάδα",
            "αθήνα",
            "ειδήσεις",
            "εταιρεία",
            "πανεπιστήμιο",
            "κυβέρνηση",
            "βιβλία",
            "μουσική",
            "ταξίδια",
            "θεσσαλονίκη",
            "κρήτη",
            "ιστορία",
            "αγορά",
            "καιρός",
            "υγεία",
            "παιδεία",
            "κύπρος",
            "θάλασσα",
        ],
        blocks: &[('\u{0370}', '\u{03FF}'), ('\u{1F00}', '\u{1FFF}')],
    },
    Script {
        name: "arabic",
        words: &[
            "مثال",
            "اختبار",
            "موقع",
            "شبكة",
            "السعودية",
            "مصر",
            "القاهرة",
            "دبي",
            "الرياض",
            "اخبار",
            "تسوق",
            "جامعة",
            "حكومة",
            "صحة",
            "رياضة",
            "كتب",
            "سفر",
            "بنك",
            "تعليم",
            "عربي",
            "ايران",
            "تهران",
            "پاکستان",
            "بازار",
        ],
        blocks: &[
            ('\u{0600}', '\u{06FF}'),
            ('\u{0750}', '\u{077F}'),
            ('\u{FB50}', '\u{FDFF}'),
        ],
    },
    Script {
        name: "hebrew",
        words: &[
            "דוגמה",
            "בדיקה",
            "ישראל",
            "ירושלים",
            "חדשות",
            "קניות",
            "אוניברסיטה",
            "ממשלה",
            "בריאות",
            "ספרים",
            "מוזיקה",
            "תיירות",
            "ספורט",
            "בנק",
            "חינוך",
            "עברית",
            "חיפה",
            "אילת",
        ],
        blocks: &[('\u{0590}', '\u{05FF}')],
    },
    Script {
        name: "devanagari",
        words: &[
            "उदाहरण",
            "परीक्षा",
            "भारत",
            "हिन्दी",
            "समाचार",
            "सरकार",
            "विश्वविद्यालय",
            "दिल्ली",
            "मुंबई",
            "खरीदारी",
            "स्वास्थ्य",
            "शिक्षा",
            "खेल",
            "संगीत",
            "यात्रा",
            "बैंक",
            "किताबें",
            "नेट",
            "कॉम",
        ],
        blocks: &[('\u{0900}', '\u{097F}')],
    },
    Script {
        name: "thai",
        words: &[
            "ตัวอย่าง",
            "ทดสอบ",
            "ไทย",
            "กรุงเทพ",
            "ข่าว",
            "รัฐบาล",
            "ศึกษา",
            "ธุรกิจ",
            "องค์กร",
            "มหาวิทยาลัย",
            "สุขภาพ",
            "ท่องเที่ยว",
            "กีฬา",
            "ดนตรี",
            "หนังสือ",
            "ธนาคาร",
            "ร้านค้า",
        ],
        blocks: &[('\u{0E00}', '\u{0E7F}')],
    },
    Script {
        name: "cjk",
        words: &[
            "中国",
            "公司",
            "网络",
            "例子",
            "测试",
            "北京",
            "上海",
            "东京",
            "大学",
            "政府",
            "新闻",
            "购物",
            "银行",
            "音乐",
            "旅游",
            "健康",
            "教育",
            "游戏",
            "图书",
            "天气",
            "例え",
            "テスト",
            "ファッション",
            "ストア",
            "みんな",
            "ジョン・スミス",
            "日本",
            "東京都",
            "香港",
        ],
        blocks: &[
            ('\u{3040}', '\u{30FF}'),
            ('\u{3400}', '\u{4DBF}'),
            ('\u{4E00}', '\u{9FFF}'),
        ],
    },
    Script {
        name: "hangul",
        words: &[
            "한국",
            "예시",
            "테스트",
            "서울",
            "대학교",
            "정부",
            "뉴스",
            "쇼핑",
            "은행",
            "음악",
            "여행",
            "건강",
            "교육",
            "게임",
            "도서",
            "날씨",
            "부산",
            "삼성",
            "닷컴",
        ],
        blocks: &[('\u{AC00}', '\u{D7AF}'), ('\u{1100}', '\u{11FF}')],
    },
];

/// The rules of the Public Suffix List as suffixes: comments and exceptions dropped, wildcards
/// taken without their `*.`.
struct Suffixes {
    ascii: Vec<String>,
    unicode: Vec<String>,
}

fn read_psl(text: &str) -> Suffixes {
    let mut ascii = BTreeSet::new();
    let mut unicode = BTreeSet::new();
    for line in text.lines() {
        let rule = line.split_whitespace().next().unwrap_or("");
        if rule.is_empty() || rule.starts_with("//") || rule.starts_with('!') {
            continue;
        }
        let rule = rule.strip_prefix("*.").unwrap_or(rule).to_lowercase();
        if rule.contains('*') {
            continue;
        }
        if rule.is_ascii() {
            if !rule.split('.').any(|l| l.starts_with("xn--")) {
                ascii.insert(rule);
            }
        } else {
            unicode.insert(rule);
        }
    }
    Suffixes {
        ascii: ascii.into_iter().collect(),
        unicode: unicode.into_iter().collect(),
    }
}

/// The A-label form of `name` if the `idna` crate accepts it strictly and `name` is already
/// in the form UTS #46 maps it to (lower case, NFC, no mapped code points).
fn a_form(name: &str) -> Option<String> {
    let ascii = idna::domain_to_ascii_strict(name).ok()?;
    let (unicode, result) = idna::domain_to_unicode(&ascii);
    (result.is_ok() && unicode == name).then_some(ascii)
}

fn header(command: &str, kind: &str, psl_sha: &str, lines: &mut String) {
    let _ = writeln!(
        lines,
        "# DO NOT EDIT: generated by tools/corpus.\n#\n#   {command}\n#\n\
         # Public Suffix List (MPL-2.0, https://publicsuffix.org/), SHA-256:\n#   {psl_sha}\n\
         #\n# {kind}"
    );
}

/// The list's rules and the SHA-256 of the file, which every corpus names.
fn load_psl(psl: &Path) -> Result<(Suffixes, String)> {
    let bytes = std::fs::read(psl).map_err(|e| format!("{}: {e}", psl.display()))?;
    let psl_sha: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let text = String::from_utf8(bytes).map_err(|e| format!("{}: {e}", psl.display()))?;
    let suffixes = read_psl(&text);
    if suffixes.ascii.len() < 1000 || suffixes.unicode.len() < 100 {
        return Err(format!(
            "{}: {} ASCII and {} Unicode rules: not a Public Suffix List",
            psl.display(),
            suffixes.ascii.len(),
            suffixes.unicode.len()
        ));
    }
    Ok((suffixes, psl_sha))
}

mod realistic;

mod idnatest;

fn run_idnatest(test: &Path, out: &Path) -> Result<()> {
    let bytes = std::fs::read(test).map_err(|e| format!("{}: {e}", test.display()))?;
    let text = String::from_utf8(bytes.clone()).map_err(|e| format!("{}: {e}", test.display()))?;
    let names = idnatest::lines(&text)?;
    std::fs::write(out, idnatest::body(&idnatest::sha256(&bytes), &names))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("corpus: wrote {} ({} names)", out.display(), names.len());
    Ok(())
}

fn run_realistic(psl: &Path, out: &Path) -> Result<()> {
    let (suffixes, psl_sha) = load_psl(psl)?;
    let names = realistic::lines(&suffixes)?;
    std::fs::write(out, realistic::body(&psl_sha, &names))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("corpus: wrote {} ({} names)", out.display(), names.len());
    Ok(())
}

fn run(psl: &Path, out: &Path) -> Result<()> {
    let (suffixes, psl_sha) = load_psl(psl)?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let write = |file: &str, body: String| -> Result<()> {
        let path = out.join(file);
        std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("corpus: wrote {}", path.display());
        Ok(())
    };

    let mut rng = Rng(0x1D4_2008);
    let mut body = String::new();
    header(
        COMMAND,
        "ASCII host names of common shapes under real public suffixes, one a line.",
        &psl_sha,
        &mut body,
    );
    for name in ascii_names(&mut rng, &suffixes.ascii) {
        let _ = writeln!(body, "{name}");
    }
    write("ascii.txt", body)?;

    for script in SCRIPTS {
        let mut body = String::new();
        header(
            COMMAND,
            &format!(
                "{} U-labels: `<name in U-labels>\\t<the same name in A-labels>` a line.",
                script.name
            ),
            &psl_sha,
            &mut body,
        );
        let own: Vec<&String> = suffixes
            .unicode
            .iter()
            .filter(|s| script_of(s, script))
            .collect();
        if own.is_empty() {
            return Err(format!("no Public Suffix List rule in {}", script.name));
        }
        for (u, a) in unicode_names(&mut rng, script, &own) {
            let _ = writeln!(body, "{u}\t{a}");
        }
        write(&format!("{}.txt", script.name), body)?;
    }

    let mut body = String::new();
    header(
        COMMAND,
        "Names of exactly 253 octets: `<name>\\t<the same name in A-labels>` a line.",
        &psl_sha,
        &mut body,
    );
    for _ in 0..LONG_NAMES * 2 {
        let name = long_ascii(&mut rng);
        let _ = writeln!(body, "{name}\t{name}");
    }
    for script in SCRIPTS {
        for _ in 0..LONG_NAMES {
            let (u, a) = long_unicode(&mut rng, script)?;
            let _ = writeln!(body, "{u}\t{a}");
        }
    }
    write("long.txt", body)?;

    let mut body = String::new();
    header(
        COMMAND,
        "Invalid `idn-hostname` names, by the rule they break: `<class>\\t<name>` a line.",
        &psl_sha,
        &mut body,
    );
    for (class, name) in invalid_names(&mut rng, &suffixes.ascii) {
        let _ = writeln!(body, "{class}\t{name}");
    }
    write("invalid.txt", body)?;
    Ok(())
}

fn script_of(suffix: &str, script: &Script) -> bool {
    suffix
        .chars()
        .find(|c| !c.is_ascii())
        .is_some_and(|c| script.blocks.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)))
}

fn ascii_names(rng: &mut Rng, suffixes: &[String]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut names = Vec::new();
    while names.len() < NAMES {
        let suffix = rng.pick(suffixes);
        let w = *rng.pick(ASCII_WORDS);
        let w2 = *rng.pick(ASCII_WORDS);
        let name = match rng.below(8) {
            0 | 1 => format!("www.{w}.{suffix}"),
            2 => format!("{w}.{suffix}"),
            3 => format!("{w}-{w2}.{suffix}"),
            4 => format!("{}{w}.{suffix}", rng.below(100)),
            5 => format!("{}.{w}{}.{suffix}", rng.pick(ASCII_PREFIXES), rng.below(10)),
            6 => format!(
                "{}-{}.{}.{w}.{}",
                rng.pick(ASCII_PREFIXES),
                rng.below(1000),
                w2,
                rng.pick(ASCII_TLDS)
            ),
            _ => {
                // Capitals, as names are often written: DNS compares them without case.
                let mut cap = w.to_string();
                cap[..1].make_ascii_uppercase();
                format!("WWW.{cap}.{}", suffix.to_uppercase())
            }
        };
        if name.len() <= 253 && a_form(&name.to_lowercase()).is_some() && seen.insert(name.clone())
        {
            names.push(name);
        }
    }
    names
}

fn unicode_names(rng: &mut Rng, script: &Script, own: &[&String]) -> Vec<(String, String)> {
    let mut seen = BTreeSet::new();
    let mut names = Vec::new();
    let mut attempts = 0;
    while names.len() < NAMES && attempts < NAMES * 50 {
        attempts += 1;
        let w = *rng.pick(script.words);
        let w2 = *rng.pick(script.words);
        let suffix = rng.pick(own);
        let name = match rng.below(6) {
            0 | 1 => format!("{w}.{suffix}"),
            2 => format!("www.{w}.{suffix}"),
            3 => format!("{w}{w2}.{suffix}"),
            4 => format!("{w}.{}", rng.pick(ASCII_TLDS)),
            _ => format!(
                "{w}-{w2}.{}.{}",
                rng.pick(ASCII_WORDS),
                rng.pick(ASCII_TLDS)
            ),
        };
        if seen.contains(&name) {
            continue;
        }
        if let Some(a) = a_form(&name) {
            seen.insert(name.clone());
            names.push((name, a));
        }
    }
    names
}

fn ldh_label(rng: &mut Rng, len: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    (0..len)
        .map(|i| {
            // No hyphen first, last, or in positions 3 and 4 (a reserved LDH label, RFC 5890
            // section 2.3.1).
            if i > 0 && i + 1 < len && i != 2 && i != 3 && rng.below(12) == 0 {
                '-'
            } else {
                char::from(LETTERS[rng.below(LETTERS.len())])
            }
        })
        .collect()
}

/// Fills `name` (of `len` octets in A-label form) up to exactly 253 octets with LDH labels.
fn fill_253(rng: &mut Rng, name: &mut Vec<String>, len: &mut usize) {
    loop {
        let sep = usize::from(!name.is_empty());
        let room = 253 - *len;
        if room == 0 {
            return;
        }
        let avail = room - sep;
        // Never leave a single octet, which no label can fill.
        let take = if avail <= 63 {
            avail
        } else if avail - 63 == 1 {
            62
        } else {
            63
        };
        // The first octet a letter, so that the name passes the Bidi rule next to RTL labels.
        let mut label = ldh_label(rng, take);
        label.replace_range(..1, "x");
        *len += sep + take;
        name.push(label);
    }
}

fn long_ascii(rng: &mut Rng) -> String {
    let mut labels = Vec::new();
    let mut len = 0;
    while 253 - len > 80 {
        let take = 1 + rng.below(63);
        let sep = usize::from(!labels.is_empty());
        labels.push(ldh_label(rng, take));
        len += sep + take;
    }
    fill_253(rng, &mut labels, &mut len);
    let name = labels.join(".");
    assert!(a_form(&name).is_some(), "long name not valid: {name}");
    name
}

fn long_unicode(rng: &mut Rng, script: &Script) -> Result<(String, String)> {
    let mut labels: Vec<String> = Vec::new();
    let mut len: usize = 0;
    loop {
        let sep = usize::from(!labels.is_empty());
        let room = (253 - len).saturating_sub(sep + 2).min(63);
        let mut label = String::new();
        let mut octets = 0;
        for _ in 0..32 {
            let candidate = format!("{label}{}", rng.pick(script.words));
            match a_form(&candidate) {
                Some(a) if a.len() <= room => {
                    octets = a.len();
                    label = candidate;
                }
                _ => break,
            }
        }
        if label.is_empty() {
            break;
        }
        len += sep + octets;
        labels.push(label);
    }
    fill_253(rng, &mut labels, &mut len);
    let name = labels.join(".");
    let a = a_form(&name).ok_or_else(|| format!("long {} name not valid: {name}", script.name))?;
    if a.len() != 253 {
        return Err(format!("long name of {} octets: {a}", a.len()));
    }
    Ok((name, a))
}

/// Letters to break rules with, from the word lists.
fn latin_word(rng: &mut Rng) -> &'static str {
    rng.pick::<&str>(SCRIPTS[0].words)
}

fn script_word(rng: &mut Rng, name: &str) -> &'static str {
    let script = SCRIPTS
        .iter()
        .find(|s| s.name == name)
        .map_or(&SCRIPTS[0], |s| s);
    rng.pick::<&str>(script.words)
}

/// Canonical decompositions of the Latin letters of the word list (UnicodeData.txt field 5).
fn decompose_latin(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'ü' => "u\u{0308}".to_string(),
            'é' => "e\u{0301}".to_string(),
            'ñ' => "n\u{0303}".to_string(),
            'ç' => "c\u{0327}".to_string(),
            'ö' => "o\u{0308}".to_string(),
            'å' => "a\u{030A}".to_string(),
            'í' => "i\u{0301}".to_string(),
            'ó' => "o\u{0301}".to_string(),
            'č' => "c\u{030C}".to_string(),
            'š' => "s\u{030C}".to_string(),
            'ř' => "r\u{030C}".to_string(),
            'ż' => "z\u{0307}".to_string(),
            'ź' => "z\u{0301}".to_string(),
            'ń' => "n\u{0301}".to_string(),
            'è' => "e\u{0300}".to_string(),
            'û' => "u\u{0302}".to_string(),
            'ş' => "s\u{0327}".to_string(),
            'ț' => "t\u{0326}".to_string(),
            'â' => "a\u{0302}".to_string(),
            'ă' => "a\u{0306}".to_string(),
            other => other.to_string(),
        })
        .collect()
}

fn invalid_names(rng: &mut Rng, suffixes: &[String]) -> Vec<(&'static str, String)> {
    type Make = fn(&mut Rng, &str, &str) -> Option<String>;
    let classes: &[(&str, Make)] = &[
        ("empty-label", |rng, w, s| {
            Some(match rng.below(3) {
                0 => format!("{w}..{s}"),
                1 => format!(".{w}.{s}"),
                _ => format!("{w}.{s}."),
            })
        }),
        ("leading-hyphen", |_, w, s| Some(format!("-{w}.{s}"))),
        ("trailing-hyphen", |_, w, s| Some(format!("{w}-.{s}"))),
        ("invalid-character", |rng, w, s| {
            let c = *rng.pick(&['_', ' ', '@', '/', '!', '*', '+', ':']);
            Some(format!("{w}{c}{}.{s}", rng.pick(ASCII_WORDS)))
        }),
        ("label-too-long", |rng, _, s| {
            let len = 64 + rng.below(8);
            Some(format!("{}.{s}", ldh_label(rng, len)))
        }),
        ("name-too-long", |rng, _, s| {
            let mut labels = Vec::new();
            let mut len = s.len();
            while len < 254 + rng.below(8) {
                let take = 8 + rng.below(56);
                len += take + 1;
                labels.push(ldh_label(rng, take).replace('-', "a"));
            }
            Some(format!("{}.{s}", labels.join(".")))
        }),
        ("punycode-ascii-only", |_, w, s| {
            Some(format!("xn--{w}-.{s}"))
        }),
        ("punycode-overflow", |rng, w, s| {
            Some(format!("xn--{w}-{}.{s}", "9".repeat(8 + rng.below(8))))
        }),
        ("reserved-hyphens-3-4", |rng, w, s| {
            let a = ldh_label(rng, 2).replace('-', "a");
            Some(format!("{a}--{w}.{s}"))
        }),
        ("disallowed", |rng, w, s| {
            Some(match rng.below(4) {
                0 => format!("{}\u{2603}.{s}", latin_word(rng)), // SNOWMAN
                1 => format!("i\u{2764}{w}.{s}"),                // HEAVY BLACK HEART
                2 => format!("{w}\u{1F4A9}.{s}"),                // PILE OF POO
                _ => {
                    // Capitals are unstable under case folding (RFC 5892 section 2.5).
                    let mut word: Vec<char> = latin_word(rng).chars().collect();
                    word[0] = word[0].to_uppercase().next().unwrap_or(word[0]);
                    format!("{}.{s}", word.into_iter().collect::<String>())
                }
            })
        }),
        ("disallowed-a-label", |rng, w, s| {
            let symbol = *rng.pick(&["\u{2603}", "\u{2764}", "\u{1F4A9}", "\u{2665}", "\u{2708}"]);
            idna::domain_to_ascii_strict(&format!("{w}{symbol}.{s}")).ok()
        }),
        ("unassigned", |rng, w, s| {
            let c = *rng.pick(&['\u{0378}', '\u{0379}', '\u{03A2}', '\u{0530}', '\u{0EFF}']);
            Some(format!("{}{c}{w}.{s}", latin_word(rng)))
        }),
        ("not-nfc", |rng, _, s| {
            let word = loop {
                let d = decompose_latin(latin_word(rng));
                if d.chars().any(|c| ('\u{0300}'..='\u{036F}').contains(&c)) {
                    break d;
                }
            };
            Some(format!("{word}.{s}"))
        }),
        ("hyphen-3-4-u-label", |rng, _, s| {
            let word = latin_word(rng);
            let head: String = word.chars().take(2).collect();
            let tail: String = word.chars().skip(2).collect();
            Some(format!("{head}--{tail}.{s}"))
        }),
        ("leading-combining-mark", |rng, _, s| {
            Some(match rng.below(3) {
                0 => format!("\u{0301}{}.{s}", latin_word(rng)),
                1 => format!("\u{094D}{}.{s}", script_word(rng, "devanagari")),
                _ => format!("\u{0E31}{}.{s}", script_word(rng, "thai")),
            })
        }),
        ("context-j", |rng, w, s| {
            let j = *rng.pick(&['\u{200C}', '\u{200D}']);
            Some(format!("{}{j}{w}.{s}", latin_word(rng)))
        }),
        ("context-o", |rng, w, s| {
            Some(match rng.below(5) {
                0 => format!("{w}\u{00B7}{w}.{s}"), // MIDDLE DOT not between l and l
                1 => format!("{w}\u{30FB}{w}.{s}"), // KATAKANA MIDDLE DOT without kana or Han
                2 => format!("\u{0375}{w}.{s}"),    // GREEK KERAIA before Latin
                3 => format!("{w}\u{05F3}.{s}"),    // HEBREW GERESH after Latin
                _ => format!("\u{0660}\u{06F0}.{s}"), // both kinds of Arabic-Indic digits
            })
        }),
        ("bidi", |rng, w, s| {
            Some(match rng.below(4) {
                0 => format!("{}{w}.{s}", script_word(rng, "hebrew")), // rule 2
                1 => format!("1{w}.{}", script_word(rng, "arabic")),   // rule 1
                2 => format!("{w}{}.{s}", script_word(rng, "hebrew")), // rule 5
                _ => format!("{}1\u{0661}.{s}", script_word(rng, "arabic")), // rule 4
            })
        }),
    ];
    let mut names = Vec::new();
    let mut seen = BTreeSet::new();
    for &(class, make) in classes {
        let mut count = 0;
        let mut attempts = 0;
        while count < INVALID_NAMES && attempts < INVALID_NAMES * 20 {
            attempts += 1;
            let w = *rng.pick(ASCII_WORDS);
            let s = rng.pick(suffixes).clone();
            if let Some(name) = make(rng, w, &s)
                && seen.insert(name.clone())
            {
                names.push((class, name));
                count += 1;
            }
        }
    }
    names
}
