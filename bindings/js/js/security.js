// idn-hostname/security: the crate's UTS #39 layer (Unicode Security Mechanisms, Unicode
// 18.0.0) for names shown to people or called: the display verdict of a careful browser and
// the lookalikes of trusted names. A WebAssembly module of its own, loaded only by this subpath,
// so that `idn-hostname` stays as small as it is. Every rule is the crate's.

import * as glue from '../wasm-security/idn_hostname_js.js';
import { HostnameError, describe, loadWasm, loneSurrogate, plainError, requireString } from './shared.js';

export { HostnameError };

const guarded = await loadWasm(glue, new URL('../wasm-security/idn_hostname_js_bg.wasm', import.meta.url));

// The crate's policies: `DisplayPolicy::new()` (Chromium's model) and `::moderate()` (Firefox).
const POLICIES = { chromium: 0, firefox: 1 };

function readPolicy(options, fn) {
  if (options === undefined) return POLICIES.chromium;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== 'policy') {
      throw new TypeError(`${fn}: unknown option ${JSON.stringify(key)} (known: policy)`);
    }
  }
  const policy = options.policy;
  if (policy === undefined) return POLICIES.chromium;
  if (typeof policy !== 'string' || !Object.hasOwn(POLICIES, policy)) {
    throw new TypeError(
      `${fn}: policy must be "chromium" or "firefox", got ${typeof policy === 'string' ? JSON.stringify(policy) : describe(policy)}`,
    );
  }
  return POLICIES[policy];
}

function invalid(error) {
  return { valid: false, error, display: null, safeToDisplay: false, labels: null };
}

/**
 * The name as a careful browser shows it (the crate's `DisplayPolicy::verdict`): `{ valid,
 * error, display, safeToDisplay, labels: [{ label, form, reasons }] }`; an invalid name gets
 * `valid: false`, the format's error (as `checkIdnHostname` gives it) and `null`s.
 */
export function displayName(name, options) {
  requireString(name, 'displayName');
  const policy = readPolicy(options, 'displayName');
  const lone = loneSurrogate(name);
  if (lone !== null) return invalid(lone);
  let verdict;
  try {
    verdict = guarded(() => glue.display(name, policy));
  } catch (e) {
    if (e instanceof glue.HostnameError) return invalid(plainError(e));
    throw e;
  }
  const { value, labels, forms, reasons, safe } = verdict;
  verdict.free();
  return {
    valid: true,
    error: null,
    display: value,
    safeToDisplay: safe,
    labels: labels.map((label, i) => ({
      label,
      form: forms[i],
      reasons: reasons[i] === '' ? [] : reasons[i].split(','),
    })),
  };
}

/**
 * Trusted names, and their lookalikes: names whose UTS #39 skeleton is a trusted name's without
 * being it (the crate's `LookalikeSet`). The set lives in the WebAssembly memory: `free()` (or
 * `using`) releases it at once; otherwise it is released when the object is collected.
 */
export class LookalikeSet {
  #names;
  #set = null;
  #generation = -1;

  constructor(trustedNames) {
    if (trustedNames === null || typeof trustedNames !== 'object' || typeof trustedNames[Symbol.iterator] !== 'function' || typeof trustedNames === 'string') {
      throw new TypeError(`LookalikeSet: the trusted names must be an iterable of strings, got ${describe(trustedNames)}`);
    }
    const names = [...trustedNames];
    names.forEach((name, index) => {
      requireString(name, `LookalikeSet: trusted name ${index}`);
      const lone = loneSurrogate(name);
      if (lone !== null) {
        throw Object.assign(new HostnameError(lone), { index });
      }
    });
    this.#names = names;
    this.#build();
  }

  #build() {
    try {
      this.#set = guarded(() => new glue.LookalikeSet(this.#names));
      this.#generation = guarded.generation;
    } catch (e) {
      if (!(e instanceof glue.LookalikeFailure)) throw e;
      const { index, message } = e;
      const error = e.takeError();
      e.free();
      if (error === undefined) {
        throw Object.assign(new Error(`LookalikeSet: ${message}`), { index });
      }
      throw Object.assign(new HostnameError({ ...plainError(error), message }), { index });
    }
  }

  /** The trusted name `name` imitates, or `null` (also for a string holding a lone surrogate). */
  lookup(name) {
    requireString(name, 'LookalikeSet.lookup');
    if (this.#names === null) throw new Error('LookalikeSet.lookup: the set was freed');
    if (!name.isWellFormed()) return null;
    // A trap replaced the instance, and the set with it: build it again in the new one.
    if (this.#generation !== guarded.generation) this.#build();
    return guarded(() => this.#set.lookup(name)) ?? null;
  }

  /** Releases the set's WebAssembly memory; the set cannot be used after. */
  free() {
    if (this.#set !== null && this.#generation === guarded.generation) this.#set.free();
    this.#set = null;
    this.#names = null;
  }

  [Symbol.dispose]() {
    this.free();
  }
}

/** The custom format of names safe to display (the crate's `json::DISPLAY_SAFE_FORMAT`). */
export const DISPLAY_SAFE_FORMAT = 'idn-hostname-display-safe';

/**
 * Registers the custom format `idn-hostname-display-safe` on an Ajv 8 instance and returns it:
 * a valid `idn-hostname` that `displayName` shows with no label as its A-label (the default
 * policy, Chromium's model). Call it before compiling, as `addFormats` of `idn-hostname/ajv`.
 */
export function addSecurityFormats(ajv) {
  ajv.addFormat(DISPLAY_SAFE_FORMAT, { type: 'string', validate: (name) => displayName(name).safeToDisplay });
  return ajv;
}
