// Every ```js snippet of the "## TypeScript" section of docs/agents.md runs as a module of this
// project and finishes without throwing (their asserts are the test); and the section's
// statements of what the SDK checks by default hold.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { ROOT } from './common.js';

const doc = readFileSync(join(ROOT, 'docs', 'agents.md'), 'utf8');
const start = doc.indexOf('\n## TypeScript\n');
const end = doc.indexOf('\n## ', start + 1);
const section = doc.slice(start, end === -1 ? undefined : end);
const snippets = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

test('docs/agents.md has its TypeScript section and snippets', () => {
  assert.ok(start >= 0);
  assert.equal(snippets.length, 2);
});

snippets.forEach((code, i) => {
  test(`docs/agents.md TypeScript snippet ${i + 1}`, async () => {
    const file = new URL(`../agents-snippet-${i + 1}.mjs`, import.meta.url);
    writeFileSync(file, code);
    await import(pathToFileURL(file.pathname).href);
  });
});

test('what the SDK checks by default, as the section states it', async () => {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  const ran = [];
  server.registerTool('connect', { inputSchema: { host: z.hostname() } }, async ({ host }) => {
    ran.push(host);
    return { content: [{ type: 'text', text: host }] };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'c', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  const { host } = (await client.listTools()).tools[0].inputSchema.properties;
  assert.equal(host.format, 'hostname');
  assert.equal(typeof host.pattern, 'string');
  for (const name of ['xn--X', 'example.']) {
    assert.equal((await client.callTool({ name: 'connect', arguments: { host: name } })).isError, undefined);
  }
  assert.deepEqual(ran, ['xn--X', 'example.']);
  const refused = await client.callTool({ name: 'connect', arguments: { host: '-bad' } });
  assert.match(refused.content[0].text, /Invalid hostname at host$/);
});
