// The TypeScript declarations (js/*.d.ts of the packed package) type-check a use of every
// export under `tsc --strict` (types.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('tsc --strict accepts types.ts against the declarations', () => {
  const file = fileURLToPath(new URL('./types.ts', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const out = spawnSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false', file],
    { encoding: 'utf8' },
  );
  assert.equal(out.status, 0, out.stdout + out.stderr);
});
