// Every ```js snippet of the package README (as packed: node_modules/idn-hostname/README.md)
// runs as a module of this project and finishes without throwing; their asserts are the test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const readme = readFileSync(require.resolve('idn-hostname/package.json').replace(/package\.json$/, 'README.md'), 'utf8');
const snippets = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

test('the README has its snippets', () => {
  assert.ok(snippets.length >= 5, `${snippets.length} snippets`);
});

snippets.forEach((code, i) => {
  const first = code.split('\n').find((l) => l !== '' && !l.startsWith('import')) ?? '';
  test(`README snippet ${i + 1}: ${first}`, async () => {
    // Beside the tests' folder, so that `node --test test/*.test.js` never runs it alone.
    const file = new URL(`../readme-snippet-${i + 1}.mjs`, import.meta.url);
    writeFileSync(file, code);
    await import(pathToFileURL(file.pathname).href);
  });
});
