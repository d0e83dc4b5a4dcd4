// The page's budgets, measured in Debian's Chromium (not a test: it prints figures).
// 1. 100,000 names pasted: the time from the paste to the summary (budget 2 s), the median of
//    five runs, for names of data/bench/ (every file, both forms, cycled), the same against 100
//    trusted names (the ASCII names of data/bench/ascii.txt: each valid name is looked up in the
//    LookalikeSet), and plain ASCII names.
// 2. What the page transfers (HTML, CSS, JS, .wasm): the bytes the browser fetched, and the
//    same files gzipped (-9; budget 300 KiB).
//
//   web/test.sh first (it builds the page and installs puppeteer-core), then
//   IDN_HOSTNAME_ROOT=$PWD node web/measure.js
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { start, open, paste, DIST, ROOT } from './test/browser.js';

const RUNS = 5;
const N = 100_000;

const bench = join(ROOT, 'data', 'bench');
const benchNames = readdirSync(bench)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) =>
    readFileSync(join(bench, f), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      // `U-form<TAB>A-form` (both are names), or invalid.txt's `class<TAB>name`.
      .flatMap((l) => (f === 'invalid.txt' ? [l.split('\t')[1]] : l.split('\t'))),
  );
const cycled = Array.from({ length: N }, (_, i) => benchNames[i % benchNames.length]).join('\n');
const trusted = readFileSync(join(bench, 'ascii.txt'), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'))
  .slice(0, 100);

// The trusted names' box, as a person leaves it (its change event).
const setTrusted = (page, text) =>
  page.evaluate((t) => {
    const box = document.getElementById('trusted');
    box.value = t;
    box.dispatchEvent(new Event('change', { bubbles: true }));
  }, text);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { server, browser, stop } = await start();
try {
  const { page } = await open(browser, server.origin);
  const sizes = await page.evaluate(() =>
    [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map((e) => ({
      path: new URL(e.name).pathname,
      bytes: e.encodedBodySize,
    })),
  );
  let raw = 0;
  let gz = 0;
  console.log('transferred (the local server sends files as they are; gzip -9 is what a compressing server would send):');
  for (const { path, bytes } of sizes) {
    const file = join(DIST, path === '/' ? 'index.html' : path);
    if (!existsSync(file)) continue; // the browser's own favicon.ico request: no such file
    const zipped = gzipSync(readFileSync(file), { level: 9 }).length;
    raw += bytes;
    gz += zipped;
    console.log(`  ${path.padEnd(44)} ${String(bytes).padStart(8)} bytes ${String(zipped).padStart(8)} gzipped`);
  }
  console.log(`  total ${raw} bytes (${(raw / 1024).toFixed(1)} KiB), ${gz} gzipped (${(gz / 1024).toFixed(1)} KiB); budget 300 KiB gzipped`);

  for (const [what, options, trustedNames] of [
    [`${N.toLocaleString('en')} names of data/bench/ (${benchNames.length} names cycled)`, { text: cycled }, []],
    [`${N.toLocaleString('en')} names of data/bench/, ${trusted.length} trusted names`, { text: cycled }, trusted],
    [`${N.toLocaleString('en')} ASCII names (host-I.example, every tenth bad_I.example)`, { count: N }, []],
  ]) {
    await setTrusted(page, trustedNames.join('\n'));
    const times = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await paste(page, options));
    const summary = await page.$eval('#summary', (e) => e.textContent);
    console.log(`${what}: paste to summary ${median(times).toFixed(0)} ms (median of ${RUNS}: ${times.map((t) => t.toFixed(0)).join(', ')}); budget 2000 ms`);
    console.log(`  ${summary}`);
  }
  console.log(`Chromium ${await browser.version()}`);
} finally {
  await stop();
}
