// The web page in Debian's Chromium: what a person sees after typing, pasting or following a
// link, compared with the crate's own command line on the same names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, open, checkText, paste, readRows, ROOT } from './browser.js';
import { benchNames, conformanceInputs, crate, curatedInputs, escaped, sample } from './common.js';

const SHOTS = join(ROOT, 'web', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

// What a row's verdict cell says, from the crate's `--json` line.
function expected(line) {
  return line.valid ? { valid: true, code: null, message: null } : { valid: false, code: line.error.code, message: line.error.message };
}
const seen = (cell) => ({ valid: cell.valid, code: cell.code, message: cell.message });

async function allRows(page) {
  const rows = [];
  for (;;) {
    rows.push(...(await readRows(page)));
    const next = await page.$('#next-page');
    const disabled = await page.$eval('#next-page', (b) => b.disabled || b.closest('[hidden]') !== null);
    if (disabled) return rows;
    await next.focus(); // the pages are turned from the keyboard
    await page.keyboard.press('Enter');
  }
}

function compareRows(rows, names, flags = []) {
  assert.equal(rows.length, names.length);
  const hostname = crate(names, ['--format', 'hostname', ...flags]);
  const idnHostname = crate(names, ['--format', 'idn-hostname', ...flags]);
  let marks = 0;
  rows.forEach((row, i) => {
    assert.equal(row.line, i + 1);
    assert.deepEqual(seen(row.hostname), expected(hostname[i]), `hostname of line ${i + 1} ${JSON.stringify(names[i])}`);
    assert.deepEqual(seen(row.idnHostname), expected(idnHostname[i]), `idn-hostname of line ${i + 1} ${JSON.stringify(names[i])}`);
    // The code point marked is the one at the crate's offset, when it is the one it names.
    for (const [cell, line] of [[row.hostname, hostname[i]], [row.idnHostname, idnHostname[i]]]) {
      if (line.valid || flags.includes('--uts46-mapping')) continue;
      const at = [...Buffer.from(names[i]).subarray(line.error.offset).toString()][0];
      const named = line.error.code_point;
      if (at !== undefined && named === `U+${at.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`) {
        assert.ok([at, `\\u{${named.slice(2)}}`].includes(cell.fault), `line ${i + 1}: ${cell.fault} marks ${named}`);
        marks += 1;
      } else {
        assert.equal(cell.fault, null, `line ${i + 1}: nothing marked (${named} is not at byte ${line.error.offset})`);
      }
    }
  });
  return marks;
}

// RFC 4180: quoted fields, "" for a quote, CR LF between records.
function parseCsv(text) {
  const records = [];
  let record = [];
  let i = 0;
  while (i < text.length) {
    assert.equal(text[i], '"', `a quoted field at ${i}`);
    let field = '';
    i += 1;
    for (;;) {
      const q = text.indexOf('"', i);
      field += text.slice(i, q);
      if (text[q + 1] === '"') {
        field += '"';
        i = q + 2;
      } else {
        i = q + 1;
        break;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else {
      assert.equal(text.slice(i, i + 2), '\r\n');
      records.push(record);
      record = [];
      i += 2;
    }
  }
  return records;
}

async function axe(page) {
  const source = readFileSync(join(ROOT, 'web', 'test', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

test('the page loads its own files only, and axe-core finds no violation before and after a check', async () => {
  const { page, foreign, errors } = await open(env.browser, env.server.origin);
  assert.deepEqual(await axe(page), []);
  await checkText(page, 'bücher.example\ni.xn--ls8h\na·b.example\nhttps://example.com/x\n\u200Dx.example\n');
  assert.deepEqual(await axe(page), []);
  await page.screenshot({ path: join(SHOTS, 'names.png'), fullPage: true });
  // The README's picture (web/screenshot.png is a copy): three names, the results only.
  await page.setViewport({ width: 1100, height: 800 });
  await checkText(page, 'bücher.example\na·b.example\nhttps://example.com/x\n');
  await (await page.$('#results')).screenshot({ path: join(SHOTS, 'results.png') });
  assert.deepEqual(foreign, []);
  assert.deepEqual(errors, []);
  const served = env.server.requests;
  for (const path of [
    '/index.html',
    '/app.js',
    '/style.css',
    '/idn-hostname/js/index.js',
    '/idn-hostname/js/security.js',
    '/idn-hostname/wasm-security/idn_hostname_js_bg.wasm',
  ]) {
    assert.ok(served.includes(path), `${path} was requested`);
  }
  // One WebAssembly module: the formats' own (wasm/) is never asked for, and the security one once.
  assert.deepEqual(served.filter((p) => p.startsWith('/idn-hostname/wasm/')), []);
  assert.equal(served.filter((p) => p.endsWith('.wasm')).length, 1);
  await page.close();
});

test('pasted curated.txt names: the verdicts, codes and messages shown are the crate\'s, page after page', async () => {
  const names = sample(curatedInputs(), 7).filter((n) => !/[\r\n]/.test(n));
  assert.ok(names.length > 100, `${names.length} names`);
  const { page, errors } = await open(env.browser, env.server.origin);
  await checkText(page, names.join('\n'));
  const rows = await allRows(page);
  const marks = compareRows(rows, names);
  assert.ok(marks > 50, `${marks} code points marked`);
  // The summary counts the crate's codes.
  const idnHostname = crate(names);
  const invalid = idnHostname.filter((l) => !l.valid).length;
  const summary = await page.$eval('#summary', (e) => e.textContent);
  assert.match(summary, new RegExp(`idn-hostname ${(names.length - invalid).toLocaleString('en')} valid, ${invalid.toLocaleString('en')} invalid`));
  assert.deepEqual(errors, []);
  await page.close();
});

// Waits for Chromium to finish a download: it writes to a `.crdownload` file and renames it to
// `name` when complete, so the name's presence means the whole file. A loaded CI machine has taken
// more than 10 s; the bound is generous and its failure names what the folder held.
const downloaded = async (dir, name) => {
  for (let i = 0; i < 600; i += 1) {
    if (readdirSync(dir).includes(name)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${name} not downloaded after 60 s; ${dir} holds ${JSON.stringify(readdirSync(dir))}`);
};

test('the downloads: JSON lines are the command line\'s --json (--display, --lookalike-of) line for line, the CSV holds its codes, messages and display verdicts', async () => {
  const names = [...sample(curatedInputs(), 3).filter((n) => !/[\r\n]/.test(n)), '\u0440\u0430\u0443\u0440\u0430l.com', 'paypa1.com'];
  const { page } = await open(env.browser, env.server.origin);
  const dir = mkdtempSync(join(tmpdir(), 'idn-hostname-downloads-'));
  try {
    const trustedFile = join(dir, 'trusted.txt');
    writeFileSync(trustedFile, 'paypal.com\n');
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
    await setTrusted(page, 'paypal.com');
    await checkText(page, names.join('\n'));
    for (const format of ['idn-hostname', 'hostname']) {
      await page.select('#download-format', format);
      await page.click('#download-jsonl');
      const file = join(dir, `${format}.jsonl`);
      await downloaded(dir, `${format}.jsonl`);
      const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
      // The command line has the display verdict for idn-hostname with no departure only.
      const want = crate(names, [...(format === 'hostname' ? ['--format', 'hostname'] : ['--display']), '--lookalike-of', trustedFile]);
      assert.ok(want.some((l) => l.lookalike_of === 'paypal.com'), 'a lookalike among the names');
      // The package's error has no `hint` field yet (the message carries the hint's text): the
      // page writes null there until it has.
      const hasHint = lines.some((l) => l.error?.hint);
      if (!hasHint) for (const l of want) if (l.error) l.error.hint = null;
      assert.deepEqual(lines, want);
    }
    await page.click('#download-csv');
    await downloaded(dir, 'idn-hostname.csv');
    const records = parseCsv(readFileSync(join(dir, 'idn-hostname.csv'), 'utf8'));
    assert.deepEqual(records[0], [
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
    ]);
    assert.equal(records.length, names.length + 1);
    const hostname = crate(names, ['--format', 'hostname']);
    const idnHostname = crate(names, ['--display', '--lookalike-of', trustedFile]);
    records.slice(1).forEach((r, i) => {
      const cells = (line) => (line.valid ? ['valid', '', ''] : ['invalid', line.error.code, line.error.message]);
      const d = idnHostname[i];
      const shown = [d.display ?? '', d.display_labels === null ? '' : JSON.stringify(d.display_labels), d.lookalike_of ?? ''];
      assert.deepEqual(r, [String(i + 1), names[i], ...cells(hostname[i]), ...cells(idnHostname[i]), ...shown]);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await page.close();
  }
});

test('names typed with the keyboard alone: Tab to the names, type, Ctrl+Enter; the crate\'s verdicts', async () => {
  const names = ['bücher.example', 'xn--X.example', 'a..b', '-a.example', 'example.com.'];
  const { page } = await open(env.browser, env.server.origin);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'names');
  await page.keyboard.type(names.join('\n'));
  await page.evaluate(() => {
    document.body.dataset.state = 'typing';
  });
  await page.keyboard.down('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Control');
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  compareRows(await readRows(page), names);
  // Every control is reached by Tab, and the Check button works from the keyboard.
  const reached = new Set();
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id));
  }
  for (const id of ['allowTrailingDot', 'allowUnderscoreLabels', 'uts46Mapping', 'bidiScope', 'checkHyphens', 'ignoreInvalidPunycode', 'policy', 'trusted', 'check', 'download-format', 'download-csv', 'download-jsonl']) {
    assert.ok(reached.has(id), `Tab reaches #${id}`);
  }
  // The check wrote a link holding the names.
  const hash = await page.evaluate(() => location.hash);
  assert.deepEqual(hash.slice(1).split('&').map((p) => decodeURIComponent(p.slice(2))), names);
  await page.close();
});

test('#n= links: read on load and on hashchange, percent-encoded, a name with LF kept whole', async () => {
  const names = ['faß.de', 'a\nb', 'i.xn--ls8h', 'a&b=c', '100%.example'];
  const hash = `#${names.map((n) => `n=${encodeURIComponent(n)}`).join('&')}`;
  const { page } = await open(env.browser, env.server.origin, hash);
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  compareRows(await readRows(page), names);
  await page.screenshot({ path: join(SHOTS, 'link.png'), fullPage: true });
  const others = ['a·b', 'l·l.example'];
  await page.evaluate((h) => {
    document.body.dataset.state = 'waiting';
    location.hash = h;
  }, others.map((n) => `n=${encodeURIComponent(n)}`).join('&'));
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  compareRows(await readRows(page), others);
  await page.close();
});

test('the format options change the verdicts as the crate does with the same options', async () => {
  const names = ['example.com.', '_dmarc.example.com', 'Bücher.de', 'a_b.example.', 'example.123', '192.168.0.1'];
  const { page } = await open(env.browser, env.server.origin);
  await checkText(page, names.join('\n'));
  compareRows(await readRows(page), names);
  const controls = [['allowTrailingDot', '--trailing-dot'], ['allowUnderscoreLabels', '--underscore'], ['uts46Mapping', '--uts46-mapping']];
  // The package's allowNumericTld, when it has it (the page shows the control only then).
  const numeric = await page.evaluate(async () => {
    const mod = await import('./idn-hostname/js/index.js');
    try {
      mod.isHostname('a', { allowNumericTld: false });
      return true;
    } catch {
      return false;
    }
  });
  assert.equal(await page.$eval('#numeric-tld-option', (e) => !e.hidden), numeric);
  if (numeric) controls.push(['allowNumericTld', '--numeric-tld']);
  console.log(`# the options tested against the command line: ${controls.map(([id]) => id).join(', ')}`);
  for (const [id, flag] of controls) {
    await page.evaluate((control) => {
      document.body.dataset.state = 'option';
      document.getElementById(control).click(); // a change re-checks the names
    }, id);
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    compareRows(await readRows(page), names, [flag]);
    await page.evaluate((control) => {
      document.body.dataset.state = 'option';
      document.getElementById(control).click();
    }, id);
    await page.waitForFunction(() => document.body.dataset.state === 'done');
  }
  // The command line has no Bidi scope: bindings/js/README.md documents the package's verdicts
  // for `0a.\u05D0` (RFC 5893 rule 1 applies to every label of a Bidi domain name, or not).
  await checkText(page, '0a.\u05D0');
  assert.equal((await readRows(page))[0].idnHostname.code, 'bidi-rule-1');
  await page.evaluate(() => {
    document.body.dataset.state = 'option';
    const select = document.getElementById('bidiScope');
    select.value = 'rtl-labels';
    select.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  assert.equal((await readRows(page))[0].idnHostname.valid, true);
  // The option is in the link.
  assert.match(await page.evaluate(() => location.hash), /bidiScope=rtl-labels/);
  await page.close();
});

test('UTS #46 ToASCII with the default flags is the command line\'s --to-ascii; Transitional_Processing maps ß to ss', async () => {
  const names = ['Faß.DE', 'bücher.example', 'a.bc--de.f'];
  const { page } = await open(env.browser, env.server.origin);
  await checkText(page, names.join('\n'));
  const rows = await readRows(page);
  const ascii = crate(names, ['--to-ascii']);
  rows.forEach((row, i) => {
    const line = ascii[i];
    if (line.valid) assert.match(row.uts46, new RegExp(`^ToASCII: ${line.ascii.replaceAll('.', '\\.')}ToUnicode`));
    else assert.ok(row.uts46.includes(line.error.statuses.join(' ')), `${row.uts46} names ${line.error.statuses}`);
  });
  await page.click('#transitionalProcessing');
  // UTS #46 section 4 step 1: with Transitional_Processing, ß (deviation) maps to "ss".
  assert.match((await readRows(page))[0].uts46, /^ToASCII: fass\.deToUnicode/);
  await page.close();
});

// What the display and lookalike columns say, from the command line's `--display --json` line
// (with `--lookalike-of` when `trusted`): the name as shown and each label, escaped as the page
// shows names, and the trusted name imitated.
function compareSecurity(rows, lines, trusted) {
  assert.equal(rows.length, lines.length);
  rows.forEach((row, i) => {
    const line = lines[i];
    const what = `line ${i + 1} ${JSON.stringify(line.name)}`;
    if (line.valid) {
      assert.equal(row.display.shown, escaped(line.display), `display of ${what}`);
      assert.deepEqual(
        row.display.labels,
        line.display_labels.map((l) => ({ label: escaped(l.label), form: l.form, reasons: l.reasons })),
        `display labels of ${what}`,
      );
    } else {
      assert.equal(row.display.shown, null, `no display of ${what}`);
      assert.deepEqual(row.display.labels, []);
    }
    if (trusted) {
      assert.equal(row.lookalike.trusted, line.lookalike_of === null ? null : escaped(line.lookalike_of), `lookalike of ${what}`);
      if (line.valid && line.lookalike_of === null) assert.equal(row.lookalike.text, 'no');
    } else {
      assert.equal(row.lookalike.text, '—');
    }
  });
}

// Puts `text` in the trusted names' box and leaves it, as a person does (the change event).
async function setTrusted(page, text) {
  await page.evaluate((t) => {
    const box = document.getElementById('trusted');
    box.value = t;
    box.dispatchEvent(new Event('change', { bubbles: true }));
  }, text);
}

async function choosePolicy(page, policy) {
  await page.evaluate((p) => {
    const select = document.getElementById('policy');
    select.value = p;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, policy);
}

test('the display verdicts and lookalikes shown are the command line\'s --display --lookalike-of on names of data/bench/ and the conformance files, both policies', async () => {
  const bench = benchNames();
  const conformance = [...sample(conformanceInputs('curated.txt'), 13), ...sample(conformanceInputs('generated.txt'), 97)];
  // Trusted: valid ASCII names of data/bench/ (of every 31st); among the names checked, their
  // lookalikes made by swapping Latin letters for their Cyrillic twins or l for DIGIT ONE, and
  // the names in upper case (the same names: no lookalike).
  const valid = crate(sample(bench, 31)).filter((l) => l.valid).map((l) => l.name);
  const trusted = valid.filter((n) => /^[a-z0-9.-]+$/.test(n) && !n.includes('xn--')).slice(0, 12);
  assert.equal(trusted.length, 12);
  const twins = { a: '\u0430', e: '\u0435', o: '\u043E', p: '\u0440', c: '\u0441', x: '\u0445', y: '\u0443' };
  const imitations = trusted.flatMap((t) => [t.replace(/[aeopcxy]/g, (c) => twins[c]), t.replace(/l/g, '1'), t.toUpperCase()]);
  const names = [...new Set([...sample(bench, 17), ...conformance, ...imitations, '\u0440\u0430\u0443\u0440\u0430l.com', 'a\u0915.com'])].filter((n) => !/[\r\n]/.test(n));
  assert.ok(names.length > 300, `${names.length} names`);
  const dir = mkdtempSync(join(tmpdir(), 'idn-hostname-trusted-'));
  const { page, errors } = await open(env.browser, env.server.origin);
  try {
    const file = join(dir, 'trusted.txt');
    writeFileSync(file, `${trusted.join('\n')}\n`);
    await setTrusted(page, trusted.join('\n'));
    await checkText(page, names.join('\n'));
    const shownAs = {};
    for (const policy of ['chromium', 'firefox']) {
      await choosePolicy(page, policy);
      await page.evaluate(() => document.getElementById('first-page').click());
      const lines = crate(names, ['--display', '--policy', policy, '--lookalike-of', file]);
      compareSecurity(await allRows(page), lines, true);
      shownAs[policy] = lines.map((l) => l.display);
      const lookalikes = lines.filter((l) => l.lookalike_of !== null).length;
      const aLabels = lines.filter((l) => l.display_labels?.some((d) => d.form === 'a-label')).length;
      console.log(`# ${policy}: ${names.length} names, ${lines.filter((l) => l.valid).length} valid, ${aLabels} shown with an A-label, ${lookalikes} lookalikes of ${trusted.length} trusted names`);
      assert.ok(lookalikes >= 5, `${lookalikes} lookalikes`);
      assert.ok(aLabels >= 5, `${aLabels} names shown with an A-label`);
      // The summary counts the lookalikes.
      assert.match(await page.$eval('#summary', (e) => e.textContent), new RegExp(` ${lookalikes} imitating a trusted name\\.$`));
    }
    // The policies differ on some of these names, so the control is seen to matter.
    assert.ok(shownAs.chromium.some((d, i) => d !== shownAs.firefox[i]), 'the two policies show some name differently');
    assert.deepEqual(errors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await page.close();
  }
});

test('the lookalike list from the keyboard: раураl.com imitates paypal.com, the policy and trusted names go in the link, axe-core finds no violation', async () => {
  const names = ['\u0440\u0430\u0443\u0440\u0430l.com', 'paypa1.com', 'PayPal.com', 'xn--bcher-kva.example', 'a\u0915.com', '-paypal.com'];
  const { page, errors } = await open(env.browser, env.server.origin);
  // Tab to the trusted names, type them, Tab on (the list is read when the box is left).
  await page.focus('#trusted');
  await page.keyboard.type('paypal.com\n# a comment\n\nexample.com');
  await page.keyboard.press('Tab');
  assert.equal(await page.$eval('#trusted-status', (e) => e.textContent), '2 trusted names.');
  await page.focus('#names');
  await page.keyboard.type(names.join('\n'));
  await page.evaluate(() => {
    document.body.dataset.state = 'typing';
  });
  await page.keyboard.down('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Control');
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  let rows = await readRows(page);
  assert.equal(rows[0].lookalike.trusted, 'paypal.com');
  assert.equal(rows[0].display.shown, 'xn--l-7sba6dbr.com');
  assert.deepEqual(rows[0].display.labels[0], { label: '\u0440\u0430\u0443\u0440\u0430l', form: 'a-label', reasons: ['mixed-scripts'] });
  const dir = mkdtempSync(join(tmpdir(), 'idn-hostname-trusted-'));
  try {
    const file = join(dir, 'trusted.txt');
    writeFileSync(file, 'paypal.com\n# a comment\n\nexample.com\n');
    compareSecurity(rows, crate(names, ['--display', '--lookalike-of', file]), true);
    assert.deepEqual(await axe(page), []);
    await page.setViewport({ width: 1280, height: 800 });
    // The whole page (the policy and the trusted names' box above the table), and the results
    // only (web/screenshot-display.png is a copy).
    await page.screenshot({ path: join(SHOTS, 'display.png'), fullPage: true });
    await (await page.$('#results')).screenshot({ path: join(SHOTS, 'display-results.png') });
    // The policy from the keyboard: focus the select, choose Firefox with the arrow key.
    await page.focus('#policy');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.$eval('#policy', (e) => e.value), 'firefox');
    rows = await readRows(page);
    compareSecurity(rows, crate(names, ['--display', '--policy', 'firefox', '--lookalike-of', file]), true);
    // The link holds the policy and the trusted names; a new tab on it shows the same.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /&policy=firefox/);
    assert.match(hash, /&t=paypal\.com&t=%23%20a%20comment&t=example\.com$/);
    const other = await open(env.browser, env.server.origin, hash);
    await other.page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await other.page.$eval('#policy', (e) => e.value), 'firefox');
    compareSecurity(await readRows(other.page), crate(names, ['--display', '--policy', 'firefox', '--lookalike-of', file]), true);
    await other.page.close();
    // A trusted name that is not an idn-hostname: the crate's error, with its line, and no lookalike.
    await page.focus('#trusted');
    await page.keyboard.type('\n-bad.example');
    await page.evaluate(() => {
      document.body.dataset.state = 'typing';
    });
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.match(await page.$eval('#trusted-status', (e) => e.textContent), /^Line 5 of the trusted names: leading-hyphen: trusted name "-bad\.example" is not a valid idn-hostname: /);
    assert.equal((await readRows(page))[0].lookalike.text, '—');
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(errors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await page.close();
  }
});

test('lone surrogates, NUL and Bidi overrides are shown escaped, never rendered; the next check works', async () => {
  const names = ['a\uD800b.example', 'x\uDC00', 'a\u0000b.example', 'a\u202Eelpmaxe.com', '\u2066x\u2069.example', 'a\u200Bb'];
  const { page, errors } = await open(env.browser, env.server.origin);
  await checkText(page, names.join('\n'));
  const rows = await readRows(page);
  for (const [i, escape] of ['\\u{D800}', '\\u{DC00}', '\\u{0000}', '\\u{202E}', '\\u{2066}', '\\u{200B}'].entries()) {
    assert.ok(rows[i].name.includes(escape), `${rows[i].name} shows ${escape}`);
    assert.equal(rows[i].idnHostname.valid, false);
  }
  assert.equal(rows[0].idnHostname.code, 'lone-surrogate');
  assert.equal(rows[0].idnHostname.fault, '\\u{D800}');
  // Nothing invisible is in the names as shown and marked (a lone surrogate would come back
  // from the page as U+FFFD).
  const text = await page.$$eval('#rows td:nth-child(2) .name, #rows .where', (els) => els.map((e) => e.textContent).join('|'));
  assert.doesNotMatch(text, /[\0\u200B\u202E\u2066\u2069\uFFFD\p{Cs}]/u);
  await page.screenshot({ path: join(SHOTS, 'hostile.png'), fullPage: true });
  await checkText(page, 'bücher.example');
  compareRows(await readRows(page), ['bücher.example']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a line of 1 MB gets its verdict (time printed) and the next check works', async () => {
  const { page, errors } = await open(env.browser, env.server.origin);
  const ms = await paste(page, { text: 'ab\u00E9.'.repeat(1 << 18) });
  console.log(`# a line of 1,048,576 characters pasted: its verdict after ${ms.toFixed(0)} ms`);
  const [row] = await readRows(page);
  assert.equal(row.idnHostname.valid, false);
  assert.ok(row.idnHostname.code.length > 0);
  assert.ok(row.name.length < 1000, 'a long name is shown around its fault');
  await checkText(page, 'bücher.example');
  compareRows(await readRows(page), ['bücher.example']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a million lines: the first page shows while the rest is checked, the page answers meanwhile', async () => {
  const { page, errors } = await open(env.browser, env.server.origin);
  await paste(page, { count: 1_000_000, wait: false });
  // While checking: the page answers a script, and the first page of results is there.
  let slowest = 0;
  let answers = 0;
  let firstPage = false;
  while ((await page.evaluate(() => document.body.dataset.state)) === 'checking') {
    const t = performance.now();
    const rows = await page.evaluate(() => document.querySelectorAll('#rows tr').length);
    firstPage ||= rows === 50;
    slowest = Math.max(slowest, performance.now() - t);
    answers += 1;
  }
  await page.waitForFunction(() => document.body.dataset.state === 'done', { timeout: 300_000 });
  const ms = await page.evaluate(() => performance.now() - window.__pasteStarted);
  console.log(`# a million lines pasted: the summary after ${ms.toFixed(0)} ms; the page answered ${answers} scripts meanwhile, the slowest in ${slowest.toFixed(0)} ms`);
  assert.ok(answers > 0, 'the page answered while checking');
  assert.ok(firstPage, 'the first page was shown while checking');
  const summary = await page.$eval('#summary', (e) => e.textContent);
  assert.match(summary, /^1,000,000 names: hostname 900,000 valid, 100,000 invalid/);
  assert.equal((await readRows(page)).length, 50);
  await page.screenshot({ path: join(SHOTS, 'million.png') });
  await checkText(page, 'bücher.example');
  compareRows(await readRows(page), ['bücher.example']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a line too large for the WebAssembly memory (140 million characters): the failure is shown, and the next check works', async () => {
  const { page, errors } = await open(env.browser, env.server.origin);
  // The package caps the module's memory at 128 MiB: the copy of this name into it traps, the
  // package replaces the instance and throws; the page shows that error as the verdict.
  const ms = await paste(page, { repeat: { unit: 'a', times: 140_000_000 } });
  console.log(`# a line of 140,000,000 characters pasted: the failure shown after ${ms.toFixed(0)} ms`);
  const [row] = await readRows(page);
  for (const cell of [row.hostname, row.idnHostname]) {
    assert.equal(cell.valid, false);
    assert.equal(cell.code, 'checker-error');
    assert.match(cell.message, /WebAssembly instance failed/);
  }
  await checkText(page, 'bücher.example\ni.xn--ls8h');
  compareRows(await readRows(page), ['bücher.example', 'i.xn--ls8h']);
  assert.deepEqual(errors, []);
  await page.close();
});
