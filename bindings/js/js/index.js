// idn-hostname: the JSON Schema formats `hostname` and `idn-hostname` (IDNA2008, Unicode 18.0.0)
// and UTS #46, from the Rust crate compiled to WebAssembly. This module is the thin JavaScript
// side: it checks argument types, reads the options objects, finds lone surrogates (which no
// Rust string can hold), loads the module, and turns the crate's answers into JavaScript values.
// Every rule is the crate's.

import * as glue from '../wasm/idn_hostname_js.js';
import { HostnameError, describe, loadWasm, loneSurrogate, plainError, requireString } from './shared.js';

export { HostnameError };

const guarded = await loadWasm(glue, new URL('../wasm/idn_hostname_js_bg.wasm', import.meta.url));

function readOptions(options, fn, flags) {
  if (options === undefined) return null;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  const bits = {};
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(flags, key)) {
      throw new TypeError(
        `${fn}: unknown option ${JSON.stringify(key)} (known: ${Object.keys(flags).join(', ')})`,
      );
    }
    bits[key] = options[key];
  }
  return bits;
}

// The options of the formats: `{ allowTrailingDot, allowUnderscoreLabels, bidiScope,
// uts46Mapping, allowNumericTld }`, as bits for the crate (bindings/js/src/lib.rs).
const FORMAT_FLAGS = {
  allowTrailingDot: 1,
  allowUnderscoreLabels: 1 << 1,
  bidiScope: 1 << 2,
  uts46Mapping: 1 << 3,
  allowNumericTld: 1 << 4,
};
const BIDI_SCOPES = ['domain-name', 'rtl-labels'];

function formatBits(options, fn) {
  const read = readOptions(options, fn, FORMAT_FLAGS);
  if (read === null) return 0;
  let bits = 0;
  for (const [key, value] of Object.entries(read)) {
    if (value === undefined) continue;
    if (key === 'bidiScope') {
      if (!BIDI_SCOPES.includes(value)) {
        throw new TypeError(
          `${fn}: bidiScope must be "domain-name" or "rtl-labels", got ${typeof value === 'string' ? JSON.stringify(value) : describe(value)}`,
        );
      }
      if (value === 'rtl-labels') bits |= FORMAT_FLAGS.bidiScope;
    } else {
      if (typeof value !== 'boolean') {
        throw new TypeError(`${fn}: ${key} must be a boolean, got ${describe(value)}`);
      }
      if (value) bits |= FORMAT_FLAGS[key];
    }
  }
  return bits;
}

// UTS #46 section 4 flags, with the defaults of section 4.2 and 4.3 (Nontransitional,
// CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength).
const UTS46_FLAGS = {
  checkHyphens: 1,
  checkBidi: 1 << 1,
  checkJoiners: 1 << 2,
  useStd3AsciiRules: 1 << 3,
  transitionalProcessing: 1 << 4,
  verifyDnsLength: 1 << 5,
  ignoreInvalidPunycode: 1 << 6,
};
const UTS46_DEFAULTS = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useStd3AsciiRules: true,
  transitionalProcessing: false,
  verifyDnsLength: true,
  ignoreInvalidPunycode: false,
};

function uts46Bits(options, fn) {
  const read = { ...UTS46_DEFAULTS };
  for (const [key, value] of Object.entries(readOptions(options, fn, UTS46_FLAGS) ?? {})) {
    if (value === undefined) continue;
    if (typeof value !== 'boolean') {
      throw new TypeError(`${fn}: ${key} must be a boolean, got ${describe(value)}`);
    }
    read[key] = value;
  }
  let bits = 0;
  for (const [key, bit] of Object.entries(UTS46_FLAGS)) {
    if (read[key]) bits |= bit;
  }
  return bits;
}

/** The error thrown by `uts46.toAscii`: every UTS #46 status recorded. */
export class Uts46Error extends Error {
  constructor(details) {
    super(details.message);
    this.name = 'Uts46Error';
    this.code = details.code;
    this.statuses = details.statuses;
    this.label = details.label;
    this.labelIndex = details.labelIndex;
  }
}

function uts46Details(e) {
  const details = {
    code: e.code,
    statuses: e.statuses.split(','),
    message: e.message,
    label: e.label ?? null,
    labelIndex: e.labelIndex ?? null,
  };
  e.free();
  return details;
}

function loneSurrogateUts46(s) {
  const lone = loneSurrogate(s);
  if (lone === null) return null;
  return {
    code: lone.code,
    statuses: [lone.code],
    message: lone.message,
    label: null,
    labelIndex: null,
  };
}

/** Whether `name` is a JSON Schema `hostname` (RFC 1123 section 2.1, valid A-labels). */
export function isHostname(name, options) {
  requireString(name, 'isHostname');
  const bits = formatBits(options, 'isHostname');
  if (!name.isWellFormed()) return false;
  return guarded(() => glue.is_hostname(name, bits));
}

/** Whether `name` is a JSON Schema `idn-hostname` (RFC 5890 section 2.3.2.3, IDNA2008). */
export function isIdnHostname(name, options) {
  requireString(name, 'isIdnHostname');
  const bits = formatBits(options, 'isIdnHostname');
  if (!name.isWellFormed()) return false;
  return guarded(() => glue.is_idn_hostname(name, bits));
}

/** `null` when `name` is a `hostname`, else the first rule it breaks. */
export function checkHostname(name, options) {
  requireString(name, 'checkHostname');
  const bits = formatBits(options, 'checkHostname');
  const lone = loneSurrogate(name);
  if (lone !== null) return lone;
  const e = guarded(() => glue.check_hostname(name, bits));
  return e === undefined ? null : plainError(e);
}

/** `null` when `name` is an `idn-hostname`, else the first rule it breaks. */
export function checkIdnHostname(name, options) {
  requireString(name, 'checkIdnHostname');
  const bits = formatBits(options, 'checkIdnHostname');
  const lone = loneSurrogate(name);
  if (lone !== null) return lone;
  const e = guarded(() => glue.check_idn_hostname(name, bits));
  return e === undefined ? null : plainError(e);
}

function convert(fn, name, call) {
  requireString(name, fn);
  const lone = loneSurrogate(name);
  if (lone !== null) throw new HostnameError(lone);
  try {
    return guarded(() => call(name));
  } catch (e) {
    if (e instanceof glue.HostnameError) throw new HostnameError(plainError(e));
    throw e;
  }
}

/** IDNA2008 ToASCII (RFC 5891 section 5): every U-label as its A-label; throws a `HostnameError`. */
export function toAscii(name) {
  return convert('toAscii', name, glue.to_ascii);
}

/** IDNA2008 ToUnicode: every A-label as its U-label; throws a `HostnameError`. */
export function toUnicode(name) {
  return convert('toUnicode', name, glue.to_unicode);
}

/** UTS #46 ToASCII (section 4.2); throws a `Uts46Error` holding every status recorded. */
export function uts46ToAscii(name, options) {
  requireString(name, 'uts46.toAscii');
  const bits = uts46Bits(options, 'uts46.toAscii');
  const lone = loneSurrogateUts46(name);
  if (lone !== null) throw new Uts46Error(lone);
  try {
    return guarded(() => glue.uts46_to_ascii(name, bits));
  } catch (e) {
    if (e instanceof glue.Uts46Error) throw new Uts46Error(uts46Details(e));
    throw e;
  }
}

/**
 * UTS #46 ToUnicode (section 4.3): `{ value, error }`, the converted name always (as the
 * section says) and `null` or the statuses recorded.
 */
export function uts46ToUnicode(name, options) {
  requireString(name, 'uts46.toUnicode');
  const bits = uts46Bits(options, 'uts46.toUnicode');
  const lone = loneSurrogateUts46(name);
  // With a lone surrogate, the name goes through as a USVString would (each lone surrogate
  // U+FFFD, WebIDL), and the error names the first one.
  const result = guarded(() => glue.uts46_to_unicode(lone === null ? name : name.toWellFormed(), bits));
  const value = result.value;
  const e = result.error;
  result.free();
  const error = e === undefined ? null : uts46Details(e);
  return { value, error: lone ?? error };
}

/** UTS #46 ToASCII and ToUnicode. */
export const uts46 = Object.freeze({ toAscii: uts46ToAscii, toUnicode: uts46ToUnicode });
