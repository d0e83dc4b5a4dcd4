// What the tests compare with: the crate's own command line (`idn-hostname --json`, built by
// web/test.sh), and the cases of data/conformance/curated.txt.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './browser.js';

const CLI = process.env.IDN_HOSTNAME_CLI;
if (!CLI) throw new Error('IDN_HOSTNAME_CLI is not set (web/test.sh sets it)');

// The crate's verdicts, one parsed `--json` line per name. Names go through standard input (so
// `line` is their line number) unless one holds CR or LF: then as arguments.
export function crate(names, flags = []) {
  const viaArgs = names.some((n) => /[\r\n]/.test(n));
  let out;
  try {
    out = viaArgs
      ? execFileSync(CLI, ['--json', ...flags, '--', ...names], { encoding: 'utf8', maxBuffer: 1 << 28 })
      : execFileSync(CLI, ['--json', ...flags], { input: names.map((n) => `${n}\n`).join(''), encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (error) {
    if (error.status !== 1) throw error; // 1: some name is invalid
    out = error.stdout;
  }
  const lines = out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  if (lines.length !== names.length) throw new Error(`the command line gave ${lines.length} lines for ${names.length} names`);
  return lines;
}

// The inputs of curated.txt (`\u{X}` unescaped), each once, in file order.
export const curatedInputs = () => conformanceInputs('curated.txt');

// The inputs of data/conformance/`file` (curated.txt, generated.txt), each once, in file order.
export function conformanceInputs(file) {
  const text = readFileSync(join(ROOT, 'data', 'conformance', file), 'utf8');
  const seen = new Set();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(';').map((f) => f.trim());
    if (fields.length < 5) throw new Error(`${file}: not five fields: ${line}`);
    seen.add(fields[1].replace(/\\u\{([0-9A-Fa-f]{1,6})\}/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16))));
  }
  return [...seen];
}

// Every `step`-th of `items`.
export const sample = (items, step) => items.filter((_, i) => i % step === 0);

// The names of data/bench/ (every file, in name order): both forms of `U-form<TAB>A-form`, and
// the name of invalid.txt's `class<TAB>name`.
export function benchNames() {
  const dir = join(ROOT, 'data', 'bench');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
        .flatMap((l) => (f === 'invalid.txt' ? [l.split('\t')[1]] : l.split('\t'))),
    );
}

// A name as the page shows it: the code points the crate's messages escape (General_Category
// Cc, Cf, Cs, Co, Cn, White_Space, the quote mark and the backslash) written \u{XXXX}.
export const escaped = (s) =>
  s.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{White_Space}"\\]/gu, (c) => `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
