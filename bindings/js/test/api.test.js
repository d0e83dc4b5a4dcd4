// The JavaScript API: argument types, options, lone surrogates, conversions, large input, and
// recovery after a trap. Expected verdicts come from the RFCs and UTS #46 (cited), or from the
// crate's command line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as idn from 'idn-hostname';
import { crateVerdicts } from './common.js';

const {
  checkHostname,
  checkIdnHostname,
  HostnameError,
  isHostname,
  isIdnHostname,
  toAscii,
  toUnicode,
  uts46,
  uts46ToAscii,
  uts46ToUnicode,
  Uts46Error,
} = idn;

const NAMED = [isHostname, isIdnHostname, checkHostname, checkIdnHostname, toAscii, toUnicode];

test('a non-string is a TypeError that names what came in', () => {
  const cases = [
    [47, /got number 47/],
    [null, /got null/],
    [undefined, /got undefined/],
    [{ host: 'a' }, /got an object/],
    [['a'], /got an array/],
    [true, /got boolean true/],
    [10n, /got bigint 10/],
    [Symbol('s'), /got symbol/],
  ];
  for (const fn of [...NAMED, uts46.toAscii, uts46.toUnicode]) {
    for (const [value, message] of cases) {
      assert.throws(() => fn(value), (e) => e instanceof TypeError && message.test(e.message), `${fn.name}(${String(value)})`);
    }
  }
  assert.throws(() => isHostname(new String('a')), TypeError);
});

test('options: each flag, and wrong options are TypeErrors', () => {
  // RFC 1034 section 3.1 (the root label), RFC 8552 (underscored labels).
  assert.equal(isHostname('example.com.'), false);
  assert.equal(isHostname('example.com.', { allowTrailingDot: true }), true);
  assert.equal(isHostname('_dmarc.example.com'), false);
  assert.equal(isHostname('_dmarc.example.com', { allowUnderscoreLabels: true }), true);
  // UTS #46 mapping: U+0042 maps to U+0062, then IDNA2008 holds.
  assert.equal(isIdnHostname('Bücher.de'), false);
  assert.equal(isIdnHostname('Bücher.de', { uts46Mapping: true }), true);
  assert.equal(checkIdnHostname('Bücher.de', { uts46Mapping: true }), null);
  // RFC 5893 section 2 on every label of a Bidi domain name: "0a" breaks rule 1 (the first
  // character is L, R or AL) beside a Hebrew label; checking only the labels that hold RTL
  // characters, it is not checked.
  const bidi = '0a.\u05D0';
  assert.equal(isIdnHostname(bidi), false);
  assert.equal(checkIdnHostname(bidi).code, 'bidi-rule-1');
  assert.equal(isIdnHostname(bidi, { bidiScope: 'domain-name' }), false);
  assert.equal(isIdnHostname(bidi, { bidiScope: 'rtl-labels' }), true);
  assert.equal(isIdnHostname('a.com', {}), true);
  assert.equal(isIdnHostname('a.com', { allowTrailingDot: undefined }), true);
  assert.throws(() => isHostname('a', { allowTrailingdot: true }), /unknown option "allowTrailingdot"/);
  assert.throws(() => isHostname('a', { allowTrailingDot: 'yes' }), /allowTrailingDot must be a boolean, got string/);
  assert.throws(() => isHostname('a', { bidiScope: 'all' }), /bidiScope must be "domain-name" or "rtl-labels", got "all"/);
  assert.throws(() => isHostname('a', null), /options must be an object, got null/);
  assert.throws(() => isHostname('a', 1), /options must be an object, got number 1/);
  assert.throws(() => uts46ToAscii('a', { checkHyphen: true }), /unknown option "checkHyphen"/);
});

test('check: the error object, offsets in UTF-16 code units', () => {
  // U+1F600 is two UTF-16 code units and four UTF-8 bytes: the "_" is at index 3 of the string.
  const name = '\u{1F600}.a_b';
  assert.deepEqual(checkIdnHostname(name), {
    code: crateVerdicts('idn-hostname', [name]).get(name).error.code,
    message: crateVerdicts('idn-hostname', [name]).get(name).error.message,
    label: '\u{1F600}',
    labelIndex: 1,
    offset: 0,
    codePoint: 'U+1F600',
    hint: null,
  });
  // The crate's hint (docs/errors.md): a port is not part of a host name.
  assert.deepEqual(checkHostname('example.com:443').hint, { code: 'port', suggestion: 'example.com' });
  assert.deepEqual(checkIdnHostname('https://example.com/x').hint, { code: 'url', suggestion: 'example.com' });
  const e = checkIdnHostname('\u00E9.a_b');
  assert.equal(e.code, 'invalid-character'); // RFC 1123 section 2.1: "_" in an LDH label
  assert.equal(e.label, 'a_b');
  assert.equal(e.labelIndex, 2);
  assert.equal(e.offset, 3);
  assert.equal('\u00E9.a_b'[e.offset], '_');
  assert.equal(e.codePoint, 'U+005F');
  assert.equal(Object.getPrototypeOf(e), Object.prototype);
  assert.equal(checkHostname('a.b'), null);
  // A fault of the whole name: no label.
  const empty = checkHostname('');
  assert.equal(empty.code, 'empty-name');
  assert.equal(empty.label, null);
  assert.equal(empty.labelIndex, null);
  // With the UTS #46 mapping, the offset is in the mapped name: U+1D400 (2 code units) maps to
  // "a" (1), so "_" is at 3 of "a.a_b".
  const mapped = checkIdnHostname('\u{1D400}.a_b', { uts46Mapping: true });
  assert.equal(mapped.code, 'invalid-character');
  assert.equal(mapped.offset, 3);
});

test('lone surrogates: false, or the error lone-surrogate at their UTF-16 index; never a trap', () => {
  for (const [name, offset, unit] of [
    ['\uD800', 0, 'D800'],
    ['ab.\uDC00', 3, 'DC00'],
    ['a\uD83D.b', 1, 'D83D'],
    ['\u{1F600}\uDE00', 2, 'DE00'],
    ['a.b\uDBFF', 3, 'DBFF'],
  ]) {
    assert.equal(isHostname(name), false);
    assert.equal(isIdnHostname(name), false);
    assert.equal(isIdnHostname(name, { uts46Mapping: true }), false);
    for (const check of [checkHostname, checkIdnHostname]) {
      const e = check(name);
      assert.equal(e.code, 'lone-surrogate');
      assert.equal(e.label, null);
      assert.equal(e.labelIndex, null);
      assert.equal(e.offset, offset);
      assert.equal(e.codePoint, `U+${unit}`);
      assert.match(e.message, new RegExp(`U\\+${unit}.*lone surrogate.*Unicode 3\\.9 D76`));
    }
    assert.throws(() => toAscii(name), (e) => e instanceof HostnameError && e.code === 'lone-surrogate' && e.offset === offset);
    assert.throws(() => toUnicode(name), (e) => e instanceof HostnameError && e.code === 'lone-surrogate');
    assert.throws(() => uts46ToAscii(name), (e) => e instanceof Uts46Error && e.code === 'lone-surrogate');
    const u = uts46ToUnicode(name);
    assert.equal(u.error.code, 'lone-surrogate');
    assert.equal(typeof u.value, 'string');
  }
  // A surrogate pair is one code point, not a lone surrogate: U+1F600 is DISALLOWED (RFC 5892).
  assert.equal(checkIdnHostname('\u{1F600}').code, 'disallowed');
  assert.equal(isIdnHostname('a.com'), true);
});

test('IDNA2008 conversions: RFC 3492 section 7.1 samples and errors', () => {
  // RFC 3492 section 7.1 (B) Chinese (simplified).
  const chinese = '\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587';
  assert.equal(toAscii(chinese), 'xn--ihqwcrb4cv8a8dqg056pqjye');
  assert.equal(toUnicode('xn--ihqwcrb4cv8a8dqg056pqjye'), chinese);
  assert.equal(toAscii('b\u00FCcher.example'), 'xn--bcher-kva.example');
  assert.equal(toUnicode('xn--bcher-kva.example'), 'b\u00FCcher.example');
  assert.throws(
    () => toAscii('a\u00B7b'),
    (e) => e instanceof HostnameError && e instanceof Error && e.code === 'context-middle-dot' && e.labelIndex === 1 && e.codePoint === 'U+00B7' && e.message === checkIdnHostname('a\u00B7b').message,
  );
  assert.throws(() => toUnicode('xn--X'), (e) => e instanceof HostnameError && e.code.startsWith('punycode-'));
});

test('UTS #46: IdnaTestV2-style conversions, flags and statuses', () => {
  // UTS #46 section 6 (IDNA Mapping Table): U+00DF ß is deviation: kept (nontransitional),
  // mapped to "ss" (transitional).
  assert.equal(uts46.toAscii('fa\u00DF.de'), 'xn--fa-hia.de');
  assert.equal(uts46.toAscii('fa\u00DF.de', { transitionalProcessing: true }), 'fass.de');
  assert.equal(uts46.toAscii('B\u00FCcher.DE'), 'xn--bcher-kva.de');
  assert.equal(uts46.toUnicode('xn--bcher-kva.de').value, 'b\u00FCcher.de');
  assert.equal(uts46.toUnicode('xn--bcher-kva.de').error, null);
  // CheckHyphens (V3): a leading hyphen; off, it passes.
  assert.throws(() => uts46.toAscii('-a.b'), (e) => e instanceof Uts46Error && e.code === 'V3' && e.statuses.includes('V3') && e.labelIndex === 1);
  assert.equal(uts46.toAscii('-a.b', { checkHyphens: false }), '-a.b');
  // UseSTD3ASCIIRules (U1): "_" off the LDH set.
  assert.throws(() => uts46.toAscii('a_b'), (e) => e.statuses.includes('U1'));
  assert.equal(uts46.toAscii('a_b', { useStd3AsciiRules: false }), 'a_b');
  // VerifyDnsLength (A4_2): an empty label.
  assert.throws(() => uts46.toAscii('a..b'), (e) => e.statuses.includes('A4_2'));
  assert.equal(uts46.toAscii('a..b', { verifyDnsLength: false }), 'a..b');
  // CheckJoiners (C1): U+200C ZWNJ with no virama before it.
  assert.throws(() => uts46.toAscii('a\u200Cb'), (e) => e.statuses.includes('C1'));
  assert.match(uts46.toAscii('a\u200Cb', { checkJoiners: false }), /^xn--/);
  // CheckBidi: label "0a" beside a Hebrew label breaks RFC 5893 rule 1 (B1).
  assert.throws(() => uts46.toAscii('0a.\u05D0'), (e) => e.statuses.some((s) => s.startsWith('B')));
  assert.equal(typeof uts46.toAscii('0a.\u05D0', { checkBidi: false }), 'string');
  // IgnoreInvalidPunycode: "xn--X" passes through.
  assert.throws(() => uts46.toAscii('xn--X'), (e) => e.statuses.includes('P4'));
  const u = uts46.toUnicode('xn--X.com');
  assert.equal(typeof u.value, 'string');
  assert.ok(u.error.statuses.includes('P4'));
  assert.equal(uts46.toAscii, uts46ToAscii);
  assert.equal(uts46.toUnicode, uts46ToUnicode);
});

test('megabyte strings: a verdict, in bounded memory', () => {
  for (const unit of ['a', '\u00E9', '\u{1F600}', '\u00AD']) {
    const name = unit.repeat(1 << 20);
    assert.equal(isHostname(name), false);
    assert.equal(isIdnHostname(name), false);
    assert.equal(typeof checkHostname(name).code, 'string');
    assert.throws(() => toAscii(name), HostnameError);
    assert.throws(() => uts46.toAscii(name), Uts46Error);
    assert.equal(typeof uts46.toUnicode(name).value, 'string');
  }
  // UTS #46 mapping: U+00AD SOFT HYPHEN is ignored, so a megabyte of it around a name is that
  // name (UTS #46 section 5, status "ignored").
  assert.equal(isIdnHostname('\u00AD'.repeat(1 << 20) + 'a.com', { uts46Mapping: true }), true);
  // Longer than a line of the command line's input: passed as an argument (at most 128 KiB).
  const long = 'a.'.repeat(50_000);
  assert.deepEqual(checkIdnHostname(long)?.code, crateVerdicts('idn-hostname', [long]).get(long).error.code);
});

test('after a trap, the next call works: a fresh instance replaces the failed one', () => {
  // The WebAssembly memory is capped (128 MiB, bindings/js/build.rs): a string of 60 million
  // "é" needs 120 MB of UTF-8 and more to convert, so the allocation fails and the instance
  // traps (Rust aborts on a failed allocation).
  const huge = '\u00E9'.repeat(60_000_000);
  for (const call of [() => isIdnHostname(huge), () => checkIdnHostname(huge), () => uts46.toAscii(huge)]) {
    assert.throws(call, (e) => e instanceof Error && /WebAssembly instance failed/.test(e.message) && e.cause instanceof WebAssembly.RuntimeError);
    assert.equal(isIdnHostname('b\u00FCcher.example'), true);
    assert.equal(checkHostname('a_b').code, 'invalid-character');
    assert.equal(toAscii('b\u00FCcher.example'), 'xn--bcher-kva.example');
  }
  for (let i = 0; i < 1000; i += 1) assert.equal(isHostname(`host${i}.example`), true);
});
