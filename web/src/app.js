// The page's one module: reads the names, asks the JavaScript package (the Rust crate as
// WebAssembly) for every verdict, and writes the DOM from its answers with textContent only.
// No rule of the formats lives here: codes, messages, offsets and forms are the crate's.

const $ = (id) => document.getElementById(id);
const summary = $('summary');
const progress = $('progress');

// One WebAssembly module for both entry points: index.html's import map points the formats'
// glue at the security module's, and the package loads a glue once, so `idn-hostname/security`
// is imported first (its .wasm is the one fetched), then `idn-hostname` over the same instance.
let idn;
let security;
try {
  security = await import('./idn-hostname/js/security.js');
  idn = await import('./idn-hostname/js/index.js');
} catch (error) {
  summary.textContent = `The checker could not load: ${error.message}`;
  throw error;
}

const PAGE_SIZE = 50;
// A large paste is checked in slices of this many milliseconds, the page answering between them.
const CHUNK_MS = 40;
// A name is shown whole up to this many UTF-16 code units; a longer one around its fault.
const SHOWN = 240;
// A paste longer than this is kept in memory, not in the box: a text box of 100,000 lines costs
// Chromium seconds of layout at every change of the page.
const LARGE_PASTE = 100_000;
// A link holds the names when they are few.
const LINK_NAMES = 200;
const LINK_LENGTH = 16000;

// What messages escape (the crate's `escape_invisible`): General_Category Cc, Cf, Cs, Co, Cn,
// White_Space, the quote mark and the backslash, as \u{XXXX}. The package's own function when
// it exports one.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{White_Space}"\\]/gu;
const escapeInvisible =
  typeof idn.escapeInvisible === 'function'
    ? idn.escapeInvisible
    : (s) => s.replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);

// `allowNumericTld` when the package knows it (it refuses an unknown option with a TypeError).
const HAS_NUMERIC_TLD = (() => {
  try {
    idn.isHostname('a', { allowNumericTld: false });
    return true;
  } catch {
    return false;
  }
})();
const FORMAT_CONTROLS = ['allowTrailingDot', 'allowUnderscoreLabels', 'uts46Mapping', ...(HAS_NUMERIC_TLD ? ['allowNumericTld'] : [])];
const UTS46_CONTROLS = [
  'checkHyphens',
  'checkBidi',
  'checkJoiners',
  'useStd3AsciiRules',
  'verifyDnsLength',
  'transitionalProcessing',
  'ignoreInvalidPunycode',
];
const DEFAULTS = {};
for (const id of [...FORMAT_CONTROLS, ...UTS46_CONTROLS]) DEFAULTS[id] = $(id).defaultChecked;
DEFAULTS.bidiScope = 'domain-name';
DEFAULTS.policy = 'chromium';

// The options of the formats; undefined when every one is at its default (the formats exactly),
// which spares the package reading an object for each name.
function formatOptions() {
  const options = { bidiScope: $('bidiScope').value };
  for (const id of FORMAT_CONTROLS) options[id] = $(id).checked;
  const isDefault = Object.entries(options).every(([key, value]) => value === DEFAULTS[key]);
  return isDefault ? undefined : options;
}

function uts46Options() {
  const options = {};
  for (const id of UTS46_CONTROLS) options[id] = $(id).checked;
  return options;
}

// The trusted names of the lookalike check: the lines of their box, empty lines and lines
// starting with # skipped (as the command line reads its --lookalike-of FILE), in the crate's
// LookalikeSet; a name it refuses is said in the box's status, with its line.
let trusted = { text: null, count: 0, set: null, error: null };

function trustedSet() {
  const text = $('trusted').value;
  if (text === trusted.text) return trusted;
  trusted.set?.free();
  const lines = splitLines(text)
    .map((name, i) => ({ name, line: i + 1 }))
    .filter(({ name }) => name !== '' && !name.startsWith('#'));
  let set = null;
  let error = null;
  if (lines.length > 0) {
    try {
      set = new security.LookalikeSet(lines.map(({ name }) => name));
    } catch (e) {
      const line = lines[e?.index]?.line;
      error = `${line === undefined ? '' : `Line ${line} of the trusted names: `}${e?.code ? `${e.code}: ` : ''}${e?.message ?? e}`;
    }
  }
  trusted = { text, count: lines.length, set, error };
  const n = lines.length;
  $('trusted-status').textContent =
    error ?? (n === 0 ? '' : `${n.toLocaleString('en')} trusted ${n === 1 ? 'name' : 'names'}.`);
  return trusted;
}

// ---------------------------------------------------------------- the check

let state = { names: [], results: [], page: 0, done: true, ms: 0, format: null };
let generation = 0;
let pasted = null; // a large paste, checked from memory

function failure(error) {
  // The package throws only when the WebAssembly instance failed (it is replaced) or a string
  // is too large for its memory: shown as a verdict of its own, and the next name goes on.
  return { code: 'checker-error', message: String(error?.message ?? error), label: null, labelIndex: null, offset: 0, codePoint: null };
}

// The verdicts of a name, and with trusted names, the one it imitates when it is a valid
// idn-hostname (the command line's --lookalike-of asks the same of each valid name).
function judge(name, options, set) {
  let hostname;
  let idnHostname;
  let lookalike = null;
  try {
    hostname = idn.checkHostname(name, options);
  } catch (error) {
    hostname = failure(error);
  }
  try {
    idnHostname = idn.checkIdnHostname(name, options);
  } catch (error) {
    idnHostname = failure(error);
  }
  if (set !== null && idnHostname === null) {
    try {
      lookalike = set.lookup(name);
    } catch (error) {
      lookalike = failure(error);
    }
  }
  return { hostname, idnHostname, lookalike };
}

// A task of its own (not scheduler.yield, whose continuation goes before the page's other
// tasks): input, rendering and other scripts run between two slices.
const yieldToPage = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

function splitLines(text) {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop(); // the terminator of the last line
  return lines;
}

async function check(names) {
  const mine = ++generation;
  const started = performance.now();
  const options = formatOptions();
  const { set } = trustedSet();
  const results = new Array(names.length);
  state = { names, results, page: 0, done: false, ms: 0, format: options, lookalikes: set };
  document.body.dataset.state = 'checking';
  // The summary and the downloads are of finished checks only.
  $('by-code').hidden = true;
  $('downloads').hidden = true;
  summary.textContent = `Checking ${names.length.toLocaleString('en')} names…`;
  let shown = false;
  let i = 0;
  while (i < names.length) {
    // About CHUNK_MS of work, then the page gets the event loop back.
    const until = performance.now() + CHUNK_MS;
    do {
      results[i] = judge(names[i], options, set);
      i += 1;
    } while (i < names.length && ((i & 31) !== 0 || performance.now() < until));
    if (!shown && (i >= PAGE_SIZE || i === names.length)) {
      shown = true;
      renderPage(); // the first page at once
    }
    if (i < names.length) {
      progress.textContent = `${i.toLocaleString('en')} of ${names.length.toLocaleString('en')} checked`;
      await yieldToPage();
      if (mine !== generation) return; // a newer check took over
    }
  }
  state.done = true;
  state.ms = performance.now() - started;
  progress.textContent = '';
  renderSummary();
  renderPage();
  summary.dataset.ms = state.ms.toFixed(1);
  document.body.dataset.state = 'done';
}

// ---------------------------------------------------------------- the summary

function counts() {
  const byCode = new Map();
  let hostnameValid = 0;
  let idnValid = 0;
  let lookalikes = 0;
  for (const r of state.results) {
    if (typeof r.lookalike === 'string') lookalikes += 1;
    if (r.hostname === null) hostnameValid += 1;
    else bump(byCode, r.hostname.code, 0);
    if (r.idnHostname === null) idnValid += 1;
    else bump(byCode, r.idnHostname.code, 1);
  }
  return { byCode, hostnameValid, idnValid, lookalikes };
}

function bump(map, code, column) {
  let row = map.get(code);
  if (row === undefined) {
    row = [0, 0];
    map.set(code, row);
  }
  row[column] += 1;
}

function renderSummary() {
  const n = state.results.length;
  const { byCode, hostnameValid, idnValid, lookalikes } = counts();
  const fmt = (x) => x.toLocaleString('en');
  summary.textContent =
    n === 0
      ? 'No names to check.'
      : `${fmt(n)} ${n === 1 ? 'name' : 'names'}: hostname ${fmt(hostnameValid)} valid, ${fmt(n - hostnameValid)} invalid; ` +
        `idn-hostname ${fmt(idnValid)} valid, ${fmt(n - idnValid)} invalid.` +
        (state.lookalikes === null ? '' : ` ${fmt(lookalikes)} imitating a trusted name.`);
  const body = $('by-code').tBodies[0];
  const rows = [...byCode].sort((a, b) => b[1][0] + b[1][1] - (a[1][0] + a[1][1]) || (a[0] < b[0] ? -1 : 1));
  body.replaceChildren(
    ...rows.map(([code, [h, i]]) => {
      const tr = document.createElement('tr');
      tr.append(el('th', { scope: 'row' }, el('code', {}, code)), el('td', {}, fmt(h)), el('td', {}, fmt(i)));
      return tr;
    }),
  );
  $('by-code').hidden = rows.length === 0;
  $('downloads').hidden = n === 0;
}

// ---------------------------------------------------------------- the table

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// Text as shown: escaped, so nothing in it hides or reorders what follows.
const shown = (text) => el('span', { class: 'name', dir: 'ltr' }, escapeInvisible(text));

// Do not cut a surrogate pair in two.
function cut(s, at) {
  const c = s.charCodeAt(at - 1);
  return c >= 0xd800 && c <= 0xdbff && at < s.length ? at + 1 : at;
}

// `name` as shown, the label at fault and its code point marked: pieces [from, to, class].
function marked(name, error) {
  const pieces = [];
  let focus = 0;
  if (error && !state.format?.uts46Mapping) {
    // The offset is an index into the name: the code point at fault, or its label's start.
    const at = error.offset;
    const label = error.label ?? '';
    let labelStart = -1;
    if (error.codePoint !== null && at < name.length) {
      const start = name.lastIndexOf(label, at);
      if (label !== '' && start >= 0 && start + label.length > at) labelStart = start;
    } else if (label !== '' && name.startsWith(label, at)) {
      labelStart = at;
    }
    focus = at;
    // The code point at fault, marked when it is the one the crate names (an A-label's fault
    // is in what it decodes to: its label is marked).
    const cp = at < name.length ? name.codePointAt(at) : undefined;
    const isFault = cp !== undefined && error.codePoint === `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    const cpEnd = isFault ? at + String.fromCodePoint(cp).length : at;
    const points = [0, name.length];
    if (labelStart >= 0) points.push(labelStart, labelStart + label.length);
    if (cpEnd > at) points.push(at, cpEnd);
    const sorted = [...new Set(points)].sort((a, b) => a - b);
    for (let k = 0; k + 1 < sorted.length; k += 1) {
      const [from, to] = [sorted[k], sorted[k + 1]];
      const inLabel = labelStart >= 0 && from >= labelStart && to <= labelStart + label.length;
      const isPoint = cpEnd > at && from >= at && to <= cpEnd;
      pieces.push([from, to, inLabel, isPoint]);
    }
  } else {
    pieces.push([0, name.length, false, false]);
  }
  // A long name: a window around the fault, with what was left out said.
  let lo = 0;
  let hi = name.length;
  if (name.length > SHOWN) {
    lo = cut(name, Math.max(0, focus - SHOWN / 2));
    hi = cut(name, Math.min(name.length, lo + SHOWN));
  }
  const out = el('span', { class: 'name', dir: 'ltr' });
  if (lo > 0) out.append(el('span', { class: 'elided' }, `[${lo.toLocaleString('en')} code units before] `));
  let labelMark = null;
  for (const [from, to, inLabel, isPoint] of pieces) {
    const a = Math.max(from, lo);
    const b = Math.min(to, hi);
    if (a >= b) continue;
    if (inLabel && labelMark === null) {
      labelMark = el('mark', { class: 'label' });
      out.append(labelMark);
    }
    const parent = inLabel ? labelMark : out;
    const text = escapeInvisible(name.slice(a, b));
    parent.append(isPoint ? el('mark', { class: 'fault' }, text) : document.createTextNode(text));
  }
  if (hi < name.length) out.append(el('span', { class: 'elided' }, ` [${(name.length - hi).toLocaleString('en')} code units after]`));
  return out;
}

// "... (RFC 5892 Appendix A.3); hint: ..." -> the clause and the hint, as the crate wrote them.
function clauseAndHint(message) {
  const at = message.indexOf('; hint: ');
  const main = at >= 0 ? message.slice(0, at) : message;
  const hint = at >= 0 ? message.slice(at + 8) : null;
  const clause = /\(([^()]*)\)$/.exec(main)?.[1] ?? null;
  return { clause, hint };
}

function verdictCell(name, error) {
  if (error === null) return el('td', { class: 'valid' }, el('strong', {}, 'valid'));
  const { clause, hint } = clauseAndHint(error.message);
  // The message as the crate wrote it, its hint (when it carries one) set apart.
  const message =
    hint === null
      ? el('p', { class: 'message' }, error.message)
      : el('p', { class: 'message' }, error.message.slice(0, error.message.length - hint.length - 8), el('span', { class: 'hint' }, '; hint: ', hint));
  const hintField = error.hint && hint === null ? el('p', { class: 'hint' }, 'hint: ', hintString(error.hint)) : null;
  return el(
    'td',
    { class: 'invalid' },
    el('strong', {}, 'invalid '),
    el('code', { class: 'code' }, error.code),
    message,
    hintField,
    el('p', { class: 'where' }, marked(name, error)),
    clause === null ? null : el('p', { class: 'clause' }, 'clause: ', clause),
  );
}

function hintString(hint) {
  if (typeof hint === 'string') return hint;
  return [hint.code, hint.suggestion ? `try ${JSON.stringify(hint.suggestion)}` : null].filter(Boolean).join(': ');
}

function attempt(call) {
  try {
    return { value: call(), error: null };
  } catch (error) {
    return { value: null, error };
  }
}

function formsCell(name, r) {
  if (r.idnHostname !== null && r.hostname !== null) return el('td', {}, '—');
  // IDNA2008 ToASCII, then ToUnicode of its answer (ToUnicode reads A-labels).
  const ascii = attempt(() => idn.toAscii(name));
  const unicode = ascii.error === null ? attempt(() => idn.toUnicode(ascii.value)) : ascii;
  const line = (what, result) =>
    el('div', {}, `${what}: `, result.error === null ? shown(result.value) : el('span', { class: 'error' }, `${result.error.code ?? 'error'}: ${result.error.message}`));
  return el('td', { class: 'forms' }, line('A-label', ascii), line('U-label', unicode));
}

function uts46Cell(name) {
  const options = uts46Options();
  const ascii = attempt(() => idn.uts46.toAscii(name, options));
  const unicode = attempt(() => idn.uts46.toUnicode(name, options));
  const cell = el('td', { class: 'uts46' });
  cell.append(
    el('div', {}, 'ToASCII: ', ascii.error === null ? shown(ascii.value) : el('span', { class: 'error' }, el('code', {}, (ascii.error.statuses ?? [ascii.error.code ?? 'error']).join(' ')), ` ${ascii.error.message}`)),
  );
  if (unicode.error !== null) {
    cell.append(el('div', {}, 'ToUnicode: ', el('span', { class: 'error' }, unicode.error.message)));
  } else {
    const { value, error } = unicode.value;
    cell.append(el('div', {}, 'ToUnicode: ', shown(value), error === null ? null : el('span', { class: 'error' }, ' ', el('code', {}, error.statuses.join(' ')), ` ${error.message}`)));
  }
  return cell;
}

// The display verdict (the crate's, with the policy chosen): the name as shown, then each label
// as written, its form (ascii, unicode, a-label) and, for one shown as its A-label, the reasons.
function displayCell(name, r, policy) {
  const result = attempt(() => security.displayName(name, { policy }));
  if (result.error !== null) return el('td', { class: 'display' }, el('span', { class: 'error' }, `checker-error: ${result.error.message}`));
  const verdict = result.value;
  if (!verdict.valid) {
    // Valid only with the format options: the display verdict takes the format as it is.
    const note = r.idnHostname === null ? el('p', { class: 'help' }, 'not an idn-hostname without the format options: ', el('code', {}, verdict.error.code)) : null;
    return el('td', { class: 'display' }, '—', note);
  }
  const list = el('ul', { class: 'labels' });
  for (const label of verdict.labels) {
    list.append(
      el(
        'li',
        { class: label.form === 'a-label' ? 'a-label' : '' },
        el('span', { class: 'label-text' }, shown(label.label)),
        ': ',
        el('code', { class: 'form' }, label.form),
        label.reasons.length === 0 ? null : el('span', { class: 'reasons' }, ' for ', ...label.reasons.flatMap((code, i) => [i > 0 ? ', ' : null, el('code', {}, code)])),
      ),
    );
  }
  return el(
    'td',
    { class: verdict.safeToDisplay ? 'display safe' : 'display unsafe' },
    el('div', {}, verdict.safeToDisplay ? 'shown as: ' : el('strong', {}, 'shown as its A-label: '), el('span', { class: 'shown-as' }, shown(verdict.display))),
    list,
  );
}

function lookalikeCell(r) {
  if (state.lookalikes === null) return el('td', { class: 'lookalike' }, '—');
  if (r.idnHostname !== null) return el('td', { class: 'lookalike' }, '— (not a valid idn-hostname)');
  if (r.lookalike === null) return el('td', { class: 'lookalike' }, 'no');
  if (typeof r.lookalike !== 'string') return el('td', { class: 'lookalike' }, el('span', { class: 'error' }, `${r.lookalike.code}: ${r.lookalike.message}`));
  return el('td', { class: 'lookalike imitates' }, el('strong', {}, 'imitates '), el('span', { class: 'trusted' }, shown(r.lookalike)));
}

function renderPage() {
  const total = state.names.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  state.page = Math.min(state.page, pages - 1);
  const from = state.page * PAGE_SIZE;
  const to = Math.min(total, from + PAGE_SIZE);
  const policy = $('policy').value;
  const rows = [];
  for (let i = from; i < to; i += 1) {
    const r = state.results[i];
    if (r === undefined) break;
    const name = state.names[i];
    const tr = el('tr', {}, el('td', { class: 'line' }, String(i + 1)), el('td', {}, marked(name, null)));
    tr.append(verdictCell(name, r.hostname), verdictCell(name, r.idnHostname), formsCell(name, r), uts46Cell(name));
    tr.append(displayCell(name, r, policy), lookalikeCell(r));
    rows.push(tr);
  }
  $('rows').replaceChildren(...rows);
  $('table').hidden = total === 0;
  $('pager').hidden = pages <= 1;
  $('page-label').textContent = `Page ${state.page + 1} of ${pages} (lines ${from + 1}-${to})`;
  $('table-caption').textContent = `Verdicts, lines ${from + 1} to ${to} of ${total.toLocaleString('en')}`;
  $('first-page').disabled = $('prev-page').disabled = state.page === 0;
  $('next-page').disabled = $('last-page').disabled = state.page >= pages - 1;
}

function goTo(page) {
  state.page = page;
  renderPage();
}

// ---------------------------------------------------------------- downloads

// The command line's `--json` line for a name (cli/README.md "JSON output"): `label` counted
// from 1, `offset` in UTF-8 bytes (null with the UTS #46 mapping: it counts in the mapped name),
// `line` the line of the names, `argument` null.
// `extra`: what --display and --lookalike-of add (securityFields).
const encoder = new TextEncoder();
function jsonLine(name, error, line, extra) {
  if (error === null) return JSON.stringify({ name, valid: true, ...extra });
  const offset = state.format?.uts46Mapping ? null : encoder.encode(name.slice(0, error.offset)).length;
  return JSON.stringify({
    name,
    valid: false,
    ...extra,
    error: {
      code: error.code,
      message: error.message,
      label: error.labelIndex,
      offset,
      code_point: error.codePoint,
      line,
      argument: null,
      hint: error.hint ?? null,
    },
  });
}

// The display verdict's fields of the command line's `--display --json`: `display` (the name as
// shown) and `display_labels` (`label`, `form`, `reasons`), null for an invalid name.
function displayFields(name, policy) {
  let verdict;
  try {
    verdict = security.displayName(name, { policy });
  } catch {
    return { display: null, display_labels: null };
  }
  if (!verdict.valid) return { display: null, display_labels: null };
  return { display: verdict.display, display_labels: verdict.labels.map(({ label, form, reasons }) => ({ label, form, reasons })) };
}

// The trusted name a name valid under `format` imitates (the command line's `lookalike_of`).
function lookalikeOf(name, valid) {
  if (!valid) return null;
  try {
    return state.lookalikes.lookup(name);
  } catch {
    return null;
  }
}

const csvField = (s) => `"${String(s).replaceAll('"', '""')}"`;

// CSV: both formats, the display verdict (as the command line's --display: the format with no
// option) and the trusted name imitated. JSON lines: the command line's `--json` for the format
// chosen, with `--display --policy POLICY` when that is `idn-hostname` with no format option
// (the command line has the display verdict in that mode only) and `--lookalike-of` when there
// are trusted names.
function download(kind) {
  const format = $('download-format').value;
  const policy = $('policy').value;
  const withDisplay = format === 'idn-hostname' && state.format === undefined;
  const withLookalikes = state.lookalikes !== null;
  const parts = [];
  if (kind === 'csv') {
    const header = [
      'line',
      'name',
      'hostname',
      'hostname_code',
      'hostname_message',
      'idn_hostname',
      'idn_hostname_code',
      'idn_hostname_message',
      'display',
      'display_labels',
      'lookalike_of',
    ];
    parts.push(header.map(csvField).join(',') + '\r\n');
  }
  state.results.forEach((r, i) => {
    const name = state.names[i];
    if (kind === 'csv') {
      const h = r.hostname;
      const d = r.idnHostname;
      const shown = displayFields(name, policy);
      parts.push(
        [
          i + 1,
          name,
          h ? 'invalid' : 'valid',
          h?.code ?? '',
          h?.message ?? '',
          d ? 'invalid' : 'valid',
          d?.code ?? '',
          d?.message ?? '',
          shown.display ?? '',
          shown.display_labels === null ? '' : JSON.stringify(shown.display_labels),
          typeof r.lookalike === 'string' ? r.lookalike : '',
        ]
          .map(csvField)
          .join(',') + '\r\n',
      );
    } else {
      const error = format === 'hostname' ? r.hostname : r.idnHostname;
      const extra = withDisplay ? displayFields(name, policy) : {};
      if (withLookalikes) extra.lookalike_of = lookalikeOf(name, error === null);
      parts.push(jsonLine(name, error, i + 1, extra) + '\n');
    }
  });
  const blob = new Blob(parts, { type: kind === 'csv' ? 'text/csv' : 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: kind === 'csv' ? 'idn-hostname.csv' : `${format}.jsonl` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ---------------------------------------------------------------- links

// `#n=NAME&n=NAME`, percent-encoded; the options that differ from their defaults beside them,
// the display policy when it is not Chromium's, and each line of the trusted names (`t=NAME`).
function writeLink(names) {
  let hash = '';
  if (names.length <= LINK_NAMES) {
    try {
      const parts = names.map((n) => `n=${encodeURIComponent(n)}`);
      for (const id of [...FORMAT_CONTROLS, ...UTS46_CONTROLS]) {
        if ($(id).checked !== DEFAULTS[id]) parts.push(`${id}=${$(id).checked ? 1 : 0}`);
      }
      if ($('bidiScope').value !== DEFAULTS.bidiScope) parts.push(`bidiScope=${$('bidiScope').value}`);
      if ($('policy').value !== DEFAULTS.policy) parts.push(`policy=${$('policy').value}`);
      for (const t of splitLines($('trusted').value)) if (t !== '') parts.push(`t=${encodeURIComponent(t)}`);
      hash = parts.join('&');
    } catch {
      hash = ''; // a lone surrogate has no percent-encoding
    }
  }
  if (hash.length > LINK_LENGTH) hash = '';
  const url = hash === '' ? location.pathname + location.search : `#${hash}`;
  if (url !== (hash === '' ? location.pathname + location.search + location.hash : location.hash)) {
    history.replaceState(null, '', url);
  }
}

function readLink() {
  const hash = location.hash.slice(1);
  if (hash === '') return null;
  const names = [];
  const trustedNames = [];
  for (const part of hash.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    let value;
    try {
      value = decodeURIComponent(part.slice(eq + 1));
    } catch {
      value = part.slice(eq + 1); // not percent-encoding: as written
    }
    if (key === 'n') names.push(value);
    else if (key === 't') trustedNames.push(value);
    else if (key === 'bidiScope' && (value === 'domain-name' || value === 'rtl-labels')) $('bidiScope').value = value;
    else if (key === 'policy' && (value === 'chromium' || value === 'firefox')) $('policy').value = value;
    else if (Object.hasOwn(DEFAULTS, key)) $(key).checked = value === '1';
  }
  if (trustedNames.length > 0) $('trusted').value = trustedNames.join('\n');
  return names.length > 0 ? names : null;
}

function checkFromLink() {
  const names = readLink();
  if (names === null) return;
  pasted = null;
  $('pasted').textContent = '';
  $('names').value = names.join('\n');
  check(names);
}

// ---------------------------------------------------------------- wiring

function checkTyped() {
  const names = splitLines(pasted ?? $('names').value);
  writeLink(names);
  return check(names);
}

$('check-form').addEventListener('submit', (event) => {
  event.preventDefault();
  checkTyped();
});
$('names').addEventListener('paste', (event) => {
  const text = event.clipboardData?.getData('text/plain') ?? '';
  if (text.length < LARGE_PASTE) return; // the box takes it
  event.preventDefault();
  pasted = text;
  $('names').value = '';
  const lines = splitLines(text).length;
  $('pasted').textContent =
    `${lines.toLocaleString('en')} lines pasted (${(text.length / 1e6).toFixed(1)} million characters): ` +
    'kept out of the box, checked from memory. Typing in the box starts over.';
  checkTyped();
});
$('names').addEventListener('input', () => {
  if (pasted === null) return;
  pasted = null;
  $('pasted').textContent = '';
});
$('names').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    checkTyped();
  }
});
for (const id of [...FORMAT_CONTROLS, 'bidiScope']) {
  $(id).addEventListener('change', () => {
    if (state.results.length > 0) {
      writeLink(state.names);
      check(state.names);
    }
  });
}
for (const id of UTS46_CONTROLS) {
  $(id).addEventListener('change', () => {
    writeLink(state.names);
    renderPage();
  });
}
$('policy').addEventListener('change', () => {
  writeLink(state.names);
  renderPage();
});
// New trusted names: the names are checked against them again (the summary counts lookalikes).
$('trusted').addEventListener('change', () => {
  trustedSet();
  if (state.results.length > 0) {
    writeLink(state.names);
    check(state.names);
  }
});
$('first-page').addEventListener('click', () => goTo(0));
$('prev-page').addEventListener('click', () => goTo(state.page - 1));
$('next-page').addEventListener('click', () => goTo(state.page + 1));
$('last-page').addEventListener('click', () => goTo(Math.ceil(state.names.length / PAGE_SIZE) - 1));
$('download-csv').addEventListener('click', () => download('csv'));
$('download-jsonl').addEventListener('click', () => download('jsonl'));
window.addEventListener('hashchange', checkFromLink);

$('numeric-tld-option').hidden = !HAS_NUMERIC_TLD;

document.body.dataset.state = 'ready';
checkFromLink();
