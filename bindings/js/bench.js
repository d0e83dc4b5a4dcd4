// The speed of isIdnHostname against what Node users have: url.domainToASCII (Node's own,
// ICU's UTS #46), the tr46 package (UTS #46 in JavaScript) and ajv-formats' `hostname` regular
// expression, on the names of data/bench/, as ratios (their time / ours; above 1, ours is
// faster). Not a test: bench.sh runs it on one core from the scratch project test.sh installs.
//
//   bindings/js/bench.sh

import { readFileSync } from 'node:fs';
import { domainToASCII } from 'node:url';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import tr46 from 'tr46';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isIdnHostname } from 'idn-hostname';

const root = process.env.IDN_HOSTNAME_ROOT;
const read = (file) =>
  readFileSync(join(root, 'data', 'bench', file), 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t'));

const ajvHostname = fullFormats.hostname;
const TR46 = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, verifyDNSLength: true };
const CONTENDERS = {
  'url.domainToASCII': (n) => domainToASCII(n) !== '',
  tr46: (n) => tr46.toASCII(n, TR46) !== null,
  'ajv-formats hostname': (n) => ajvHostname.test(n),
};

// Nanoseconds a name: the best of 7 runs of `rounds` passes over the names.
function time(fn, names) {
  let sink = 0;
  const rounds = Math.max(1, Math.ceil(20_000 / names.length));
  for (let r = 0; r < rounds; r += 1) for (const n of names) sink += fn(n) ? 1 : 0; // warm-up
  let best = Infinity;
  for (let run = 0; run < 7; run += 1) {
    const start = performance.now();
    for (let r = 0; r < rounds; r += 1) for (const n of names) sink += fn(n) ? 1 : 0;
    best = Math.min(best, ((performance.now() - start) * 1e6) / (rounds * names.length));
  }
  if (sink < 0) console.log(sink);
  return best;
}

const SCRIPTS = ['latin', 'cyrillic', 'greek', 'arabic', 'hebrew', 'devanagari', 'thai', 'cjk', 'hangul'];
const uForms = SCRIPTS.flatMap((s) => read(`${s}.txt`).map((f) => f[0]));
const aForms = SCRIPTS.flatMap((s) => read(`${s}.txt`).map((f) => f[1]));
const realistic = read('realistic.txt');
const groups = {
  'ascii.txt': read('ascii.txt').map((f) => f[0]),
  'U-labels (9 scripts)': uForms,
  'A-labels (9 scripts)': aForms,
  'realistic.txt U-form': realistic.map((f) => f[0]),
  'long.txt U-form': read('long.txt').map((f) => f[0]),
  'invalid.txt': read('invalid.txt').map((f) => f[1]),
};

const header = ['names', 'isIdnHostname ns', ...Object.keys(CONTENDERS).map((c) => `${c} ×`)];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
for (const [group, names] of Object.entries(groups)) {
  const ours = time(isIdnHostname, names);
  const cells = Object.values(CONTENDERS).map((fn) => (time(fn, names) / ours).toFixed(2));
  console.log(`| ${group} (${names.length}) | ${ours.toFixed(0)} | ${cells.join(' | ')} |`);
}
