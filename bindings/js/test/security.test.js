// idn-hostname/security against the crate: `displayName` equals the command line's
// `--display --json` (both policies) and `LookalikeSet.lookup` its `--lookalike-of FILE` on every
// name of data/bench/ and of the conformance files; then the API's edges (types, lone
// surrogates, a refused trusted name, free, a trap).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayName, LookalikeSet, HostnameError } from 'idn-hostname/security';
import { HostnameError as MainHostnameError, isIdnHostname } from 'idn-hostname';
import { benchNames, conformanceCases, crateLines } from './common.js';

function names() {
  const all = [
    ...benchNames(),
    ...conformanceCases('curated.txt').map((c) => c.input),
    ...conformanceCases('generated.txt').map((c) => c.input),
  ];
  // Standard input takes a name a line; longer lines are the command's `line-too-long`.
  return [...new Set(all)].filter((n) => !/[\r\n]/.test(n) && Buffer.byteLength(n) <= 4000 && n.isWellFormed());
}

for (const policy of ['chromium', 'firefox']) {
  test(`displayName, ${policy}: the crate's display verdicts and errors`, () => {
    const list = names();
    assert.ok(list.length > 5000, `${list.length} names`);
    const lines = crateLines(['--display', '--policy', policy], list);
    let aLabels = 0;
    list.forEach((name, i) => {
      const crate = lines[i];
      const got = displayName(name, { policy });
      const where = `${policy} ${JSON.stringify(name)}`;
      assert.equal(got.valid, crate.valid, where);
      if (!crate.valid) {
        assert.equal(got.error.code, crate.error.code, where);
        assert.equal(got.error.message, crate.error.message, where);
        assert.deepEqual([got.display, got.labels, got.safeToDisplay], [null, null, false], where);
        return;
      }
      assert.equal(got.error, null, where);
      assert.equal(got.display, crate.display, where);
      assert.deepEqual(got.labels, crate.display_labels, where);
      // DisplayVerdict::is_safe_to_display: no label shown as its A-label.
      const safe = crate.display_labels.every((l) => l.form !== 'a-label');
      assert.equal(got.safeToDisplay, safe, where);
      if (!safe) aLabels += 1;
    });
    assert.ok(aLabels > 0, 'some names are shown with an A-label');
  });
}

test('LookalikeSet.lookup: the crate\'s --lookalike-of', () => {
  const list = names();
  const valid = list.filter((n) => isIdnHostname(n));
  // Trusted: every tenth valid name and paypal.com; asked: every name, and each trusted name
  // with its ASCII letters a, c, e, o, p as their Cyrillic lookalikes (confusables.txt).
  const trusted = [...valid.filter((_, i) => i % 10 === 0), 'paypal.com'];
  const cyrillic = { a: '\u0430', c: '\u0441', e: '\u0435', o: '\u043E', p: '\u0440' };
  const asked = [...list, ...trusted.map((n) => n.replace(/[aceop]/g, (c) => cyrillic[c]))];
  const dir = mkdtempSync(join(tmpdir(), 'idn-hostname-js-'));
  const file = join(dir, 'trusted.txt');
  writeFileSync(file, trusted.join('\n') + '\n');
  const lines = crateLines(['--lookalike-of', file], asked);
  const set = new LookalikeSet(trusted);
  let flagged = 0;
  asked.forEach((name, i) => {
    const crate = lines[i];
    // The command asks the set of valid names only.
    if (!crate.valid) return;
    assert.equal(set.lookup(name), crate.lookalike_of, JSON.stringify(name));
    if (crate.lookalike_of !== null) flagged += 1;
  });
  assert.ok(flagged > 100, `${flagged} lookalikes`);
  assert.equal(set.lookup('\u0440\u0430\u0443\u0440\u0430l.com'), 'paypal.com');
  set.free();
});

test('the security API: types, lone surrogates, refused names, free', () => {
  assert.equal(HostnameError, MainHostnameError);
  for (const bad of [undefined, null, 47, {}, ['a.com']]) {
    assert.throws(() => displayName(bad), TypeError);
  }
  assert.throws(() => displayName('a.com', { policy: 'safari' }), TypeError);
  assert.throws(() => displayName('a.com', { colour: true }), TypeError);
  assert.throws(() => displayName('a.com', 'chromium'), TypeError);
  assert.equal(displayName('a\uD800.com').error.code, 'lone-surrogate');

  assert.throws(() => new LookalikeSet('paypal.com'), TypeError);
  assert.throws(() => new LookalikeSet([47]), TypeError);
  assert.throws(() => new LookalikeSet(['a.com', 'b\uDC00.com']), (e) => e instanceof HostnameError && e.code === 'lone-surrogate' && e.index === 1);
  assert.throws(
    () => new LookalikeSet(['a.com', 'b.com', 'bad..com']),
    (e) => e instanceof HostnameError && e.code === 'empty-label' && e.index === 2 && e.message.includes('bad..com'),
  );
  const fromSet = new LookalikeSet(new Set(['paypal.com']));
  assert.equal(fromSet.lookup('paypa1.com'), 'paypal.com');
  assert.equal(fromSet.lookup('\uD800'), null);
  assert.throws(() => fromSet.lookup(47), TypeError);
  fromSet.free();
  assert.throws(() => fromSet.lookup('a.com'), /freed/);
  fromSet.free(); // twice is harmless
  // `using` calls this at the end of the block.
  const scoped = new LookalikeSet(['paypal.com']);
  assert.equal(scoped.lookup('PayPal.com'), null);
  scoped[Symbol.dispose]();
  assert.throws(() => scoped.lookup('a.com'), /freed/);
});

test('after a trap, a set is built again in the fresh instance', () => {
  const set = new LookalikeSet(['paypal.com']);
  // 60 million "é" need 120 MB of UTF-8 in a memory capped at 128 MiB (build.rs): the
  // allocation fails and the instance traps.
  const huge = '\u00E9'.repeat(60_000_000);
  assert.throws(() => set.lookup(huge), (e) => /WebAssembly instance failed/.test(e.message) && e.cause instanceof WebAssembly.RuntimeError);
  assert.equal(set.lookup('paypa1.com'), 'paypal.com');
  assert.equal(displayName('b\u00FCcher.example').display, 'b\u00FCcher.example');
  set.free();
});

test('Ajv: the format idn-hostname-display-safe refuses what the crate shows with an A-label', async () => {
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const { addSecurityFormats, DISPLAY_SAFE_FORMAT } = await import('idn-hostname/security');
  assert.equal(DISPLAY_SAFE_FORMAT, 'idn-hostname-display-safe');
  const ajv = addSecurityFormats(new Ajv2020());
  const validate = ajv.compile({ type: 'object', properties: { host: { type: 'string', format: DISPLAY_SAFE_FORMAT } } });
  const list = names();
  const lines = crateLines(['--display'], list);
  let refused = 0;
  list.forEach((name, i) => {
    const crate = lines[i];
    const safe = crate.valid && crate.display_labels.every((l) => l.form !== 'a-label');
    assert.equal(validate({ host: name }), safe, JSON.stringify(name));
    if (!safe) refused += 1;
  });
  assert.ok(refused > 0 && refused < list.length);
  // A format applies to strings only: a number is no name, and the type keyword judges it.
  const any = ajv.compile({ format: DISPLAY_SAFE_FORMAT });
  assert.equal(any(12), true);
});
