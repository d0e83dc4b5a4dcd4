// What the package's two WebAssembly modules (`idn-hostname` and `idn-hostname/security`) share
// on the JavaScript side: loading a module and replacing its instance after a trap, argument
// checks, lone surrogates, and the crate's error as a plain object or a `HostnameError`. Every
// rule is the crate's.

async function wasmBytes(file) {
  if (typeof process === 'object' && process?.versions?.node && file.protocol === 'file:') {
    // Hidden from bundlers: a browser build never takes this branch.
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return readFile(file);
  }
  const response = await fetch(file);
  if (!response.ok) {
    throw new Error(`idn-hostname: cannot load ${file}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

// One instance for each glue module: the guarded caller of the first `loadWasm` of a glue.
const loaded = new WeakMap();

/**
 * Compiles the WebAssembly `file` once and instantiates it through the wasm-bindgen `glue`.
 * Returns `guarded(call)`: it runs `call`, and after a trap (a Rust panic is `unreachable` with
 * panic = "abort"; running out of memory is one too), which leaves the instance's stack and
 * allocator in an unknown state, drops the instance for a fresh one, so that the next call
 * works, and throws. `guarded.generation` counts the instances replaced: an object of the
 * module made before a replacement is stale (wasm-bindgen refuses it).
 *
 * A glue already loaded is not loaded again: its first `file` stays, and every caller gets the
 * same `guarded` (one instance, one generation). So a page that maps the formats' glue onto the
 * security module's (an import map: `wasm/idn_hostname_js.js` to `wasm-security/`), and imports
 * `idn-hostname/security` first, runs both entry points over that one module.
 */
export function loadWasm(glue, file) {
  let guarded = loaded.get(glue);
  if (guarded === undefined) {
    guarded = instantiate(glue, file);
    loaded.set(glue, guarded);
  }
  return guarded;
}

async function instantiate(glue, file) {
  const wasmModule = await WebAssembly.compile(await wasmBytes(file));
  glue.initSync({ module: wasmModule });
  function guarded(call) {
    try {
      return call();
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError || error instanceof RangeError) {
        glue.__wbg_reset_state();
        guarded.generation += 1;
        throw new Error(
          `idn-hostname: the WebAssembly instance failed (${error.message}); a new instance replaces it`,
          { cause: error },
        );
      }
      throw error;
    }
  }
  guarded.generation = 0;
  return guarded;
}

export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return `an object (${Object.prototype.toString.call(value)})`;
    default:
      return typeof value;
  }
}

export function requireString(value, fn) {
  if (typeof value !== 'string') {
    throw new TypeError(`${fn}: the name must be a string, got ${describe(value)}`);
  }
}

// A lone surrogate: a high surrogate not followed by a low one, or a low one not preceded by a
// high one. JavaScript strings are UTF-16 code units and may hold them; they are no Unicode
// scalar value (Unicode 3.9 D76), so no Rust string, and no host name, can hold one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function loneSurrogate(s) {
  if (s.isWellFormed()) return null;
  const offset = s.search(LONE_SURROGATE);
  const codePoint = `U+${s.charCodeAt(offset).toString(16).toUpperCase()}`;
  return {
    code: 'lone-surrogate',
    message: `name: ${codePoint} at index ${offset} is a lone surrogate, not a Unicode scalar value (Unicode 3.9 D76)`,
    label: null,
    labelIndex: null,
    offset,
    codePoint,
    hint: null,
  };
}

export function plainError(e) {
  const error = {
    code: e.code,
    message: e.message,
    label: e.label ?? null,
    labelIndex: e.labelIndex ?? null,
    offset: e.offset,
    codePoint: e.codePoint ?? null,
    hint: e.hintCode == null ? null : { code: e.hintCode, suggestion: e.hintSuggestion ?? null },
  };
  e.free();
  return error;
}

/** The error thrown by `toAscii` and `toUnicode`: a `check*` result as an `Error`. */
export class HostnameError extends Error {
  constructor(details) {
    super(details.message);
    this.name = 'HostnameError';
    this.code = details.code;
    this.label = details.label;
    this.labelIndex = details.labelIndex;
    this.offset = details.offset;
    this.codePoint = details.codePoint;
    this.hint = details.hint;
  }
}

