// Helpers of the tests: the repository's data files and the crate's own verdicts (the command
// line `idn-hostname --json`, built by test.sh), to compare the package with.

import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = process.env.IDN_HOSTNAME_ROOT;
const CLI = process.env.IDN_HOSTNAME_CLI;
if (!ROOT || !CLI) {
  throw new Error('IDN_HOSTNAME_ROOT and IDN_HOSTNAME_CLI must be set (bindings/js/test.sh sets them)');
}

export function readData(...path) {
  return readFileSync(join(ROOT, 'data', ...path), 'utf8');
}

export function listData(...path) {
  return readdirSync(join(ROOT, 'data', ...path));
}

// data/conformance/README.md: `format; input; expected; clause; note`, `\u{X}` escapes.
export function conformanceCases(file) {
  const cases = [];
  for (const [i, line] of readData('conformance', file).split('\n').entries()) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(';').map((f) => f.trim());
    if (fields.length !== 5) throw new Error(`${file}:${i + 1}: ${fields.length} fields`);
    const input = fields[1].replace(/\\u\{([0-9A-Fa-f]{1,6})\}/g, (_, hex) =>
      String.fromCodePoint(parseInt(hex, 16)),
    );
    cases.push({ where: `${file}:${i + 1}`, format: fields[0], input, expected: fields[2] });
  }
  return cases;
}

// data/bench/README.md: one name a line, or two fields split by a tab (`U-form<TAB>A-form`,
// `class<TAB>name`); every name of every file.
export function benchNames() {
  const names = [];
  for (const file of listData('bench')) {
    if (!file.endsWith('.txt')) continue;
    for (const line of readData('bench', file).split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const fields = line.split('\t');
      if (file === 'invalid.txt') names.push(fields[1]);
      else names.push(...fields);
    }
  }
  return names;
}

// The crate's verdict on each name, as the command line prints it: `{ name, valid, error }`.
// Names holding CR or LF, or longer than a line may be, go as arguments; the others on
// standard input.
export function crateVerdicts(format, names) {
  const verdicts = new Map();
  const viaArgs = names.filter((n) => /[\r\n]/.test(n) || Buffer.byteLength(n) > 4000);
  const viaStdin = names.filter((n) => !/[\r\n]/.test(n) && Buffer.byteLength(n) <= 4000);
  const run = (args, input) => {
    const out = spawnSync(CLI, ['--json', '--format', format, ...args], {
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    if (out.error) throw out.error;
    const lines = out.stdout.split('\n').filter((l) => l !== '');
    return lines.map((l) => JSON.parse(l));
  };
  const fromStdin = viaStdin.length ? run([], viaStdin.map((n) => n + '\n').join('')) : [];
  if (fromStdin.length !== viaStdin.length) {
    throw new Error(`the command line gave ${fromStdin.length} verdicts for ${viaStdin.length} names`);
  }
  fromStdin.forEach((v, i) => verdicts.set(viaStdin[i], v));
  for (const name of viaArgs) {
    const [v] = run(['--', name]);
    verdicts.set(name, v);
  }
  return verdicts;
}

// The UTF-16 index of the UTF-8 byte offset `bytes` of `s` (counted here, apart from the
// package's own translation).
export function utf16Index(s, bytes) {
  let seen = 0;
  let i = 0;
  for (const c of s) {
    if (seen >= bytes) break;
    seen += Buffer.byteLength(c);
    i += c.length;
  }
  return i;
}

// The command line's JSON lines for `names` (one a line on standard input; names holding CR or
// LF cannot go that way and are left out by the caller) with the extra arguments `args`
// (`--display`, `--lookalike-of FILE`, ...).
export function crateLines(args, names) {
  const out = spawnSync(CLI, ['--json', ...args], {
    input: names.map((n) => n + '\n').join(''),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (out.error) throw out.error;
  if (out.status === 2) throw new Error(`idn-hostname ${args.join(' ')}: ${out.stderr}`);
  const lines = out.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  if (lines.length !== names.length) {
    throw new Error(`the command line gave ${lines.length} verdicts for ${names.length} names`);
  }
  return lines;
}
