// End to end with the MCP TypeScript SDK (@modelcontextprotocol/sdk, pinned): a server and a
// client in one process over linked in-memory transports. The server's tool takes
// `hostname()` / `idnHostname()` from idn-hostname/zod: it publishes the formats and nothing
// that contradicts them, and refuses a bad name with the crate's message before the tool runs.
// The client checks a tool's result with Ajv given idn-hostname/ajv's formats, and refuses a
// result that the SDK's default check accepts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv from 'ajv';
import { z } from 'zod';
import { checkHostname, checkIdnHostname } from 'idn-hostname';
import { addFormats } from 'idn-hostname/ajv';
import { hostname, idnHostname } from 'idn-hostname/zod';

async function connect(server, clientOptions) {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' }, clientOptions);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

function toolServer(inputSchema) {
  const server = new McpServer({ name: 'test-server', version: '1.0.0' });
  const ran = [];
  server.registerTool('connect', { description: 'Connects to a host', inputSchema }, async (args) => {
    ran.push(args);
    return { content: [{ type: 'text', text: `connected to ${args.host}` }] };
  });
  return { server, ran };
}

const text = (result) => result.content.map((c) => c.text).join('\n');

test('the server publishes the formats, with no pattern', async () => {
  const { server } = toolServer({ host: hostname(), display: idnHostname().optional() });
  const client = await connect(server);
  const [tool] = (await client.listTools()).tools;
  assert.deepEqual(tool.inputSchema.properties, {
    host: { type: 'string', format: 'hostname' },
    display: { type: 'string', format: 'idn-hostname' },
  });
  assert.deepEqual(tool.inputSchema.required, ['host']);
  assert.ok(!JSON.stringify(tool.inputSchema).includes('pattern'));
  // z.hostname() publishes a looser pattern beside the format.
  const plain = await connect(toolServer({ host: z.hostname() }).server);
  assert.ok('pattern' in (await plain.listTools()).tools[0].inputSchema.properties.host);
});

test('the server refuses xn--X with the crate\'s message before the tool runs; a valid name reaches it', async () => {
  const { server, ran } = toolServer({ host: hostname(), display: idnHostname().optional() });
  const client = await connect(server);
  const bad = await client.callTool({ name: 'connect', arguments: { host: 'xn--X' } });
  assert.equal(bad.isError, true);
  assert.ok(text(bad).includes(checkHostname('xn--X').message), text(bad));
  const badIdn = await client.callTool({ name: 'connect', arguments: { host: 'a.com', display: 'a\u00B7b' } });
  assert.equal(badIdn.isError, true);
  assert.ok(text(badIdn).includes(checkIdnHostname('a\u00B7b').message), text(badIdn));
  // z.hostname() takes xn--X (its pattern decodes nothing).
  const plain = toolServer({ host: z.hostname() });
  const plainClient = await connect(plain.server);
  assert.equal((await plainClient.callTool({ name: 'connect', arguments: { host: 'xn--X' } })).isError, undefined);
  assert.equal(ran.length, 0);
  const good = await client.callTool({ name: 'connect', arguments: { host: 'mail.example.com', display: 'b\u00FCcher.example' } });
  assert.equal(good.isError, undefined);
  assert.equal(text(good), 'connected to mail.example.com');
  assert.deepEqual(ran, [{ host: 'mail.example.com', display: 'b\u00FCcher.example' }]);
});

test('wrong JSON types get the SDK\'s type error; a megabyte string is refused', async () => {
  const { server, ran } = toolServer({ host: hostname() });
  const client = await connect(server);
  for (const [value, received] of [[47, 'number'], [null, 'null'], [{ name: 'a.com' }, 'object'], [['a.com'], 'array']]) {
    const r = await client.callTool({ name: 'connect', arguments: { host: value } });
    assert.equal(r.isError, true);
    assert.match(text(r), new RegExp(`Input validation error: .*expected string, received ${received}`));
  }
  const huge = await client.callTool({ name: 'connect', arguments: { host: 'a'.repeat(1 << 20) } });
  assert.equal(huge.isError, true);
  assert.ok(text(huge).includes(checkHostname('a'.repeat(1 << 20)).message));
  assert.equal(ran.length, 0);
});

test('a .strict() object still refuses unknown keys', async () => {
  const { server, ran } = toolServer(z.object({ host: hostname() }).strict());
  const client = await connect(server);
  const [tool] = (await client.listTools()).tools;
  assert.equal(tool.inputSchema.additionalProperties, false);
  assert.deepEqual(tool.inputSchema.properties.host, { type: 'string', format: 'hostname' });
  const extra = await client.callTool({ name: 'connect', arguments: { host: 'a.com', port: 80 } });
  assert.equal(extra.isError, true);
  assert.match(text(extra), /Unrecognized key.*port/);
  const bad = await client.callTool({ name: 'connect', arguments: { host: 'xn--X' } });
  assert.ok(text(bad).includes(checkHostname('xn--X').message));
  assert.equal((await client.callTool({ name: 'connect', arguments: { host: 'a.com' } })).isError, undefined);
  assert.deepEqual(ran, [{ host: 'a.com' }]);
});

// A server that publishes an outputSchema with the formats and returns what it likes (the
// low-level Server checks nothing): what a client receives from a server it does not control.
function resultServer() {
  const server = new Server({ name: 'result-server', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'where',
        inputSchema: { type: 'object' },
        outputSchema: {
          type: 'object',
          properties: { host: { type: 'string', format: 'hostname' }, idn: { type: 'string', format: 'idn-hostname' } },
          required: ['host'],
        },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [],
    structuredContent: request.params.arguments.result,
  }));
  return server;
}

test('the client refuses a result {"host": "xn--X"} that the SDK\'s default check accepts', async (t) => {
  const warnings = t.mock.method(console, 'warn', () => {});
  const defaultClient = await connect(resultServer());
  await defaultClient.listTools();
  const accepted = await defaultClient.callTool({ name: 'where', arguments: { result: { host: 'xn--X', idn: 'xn--X' } } });
  assert.deepEqual(accepted.structuredContent, { host: 'xn--X', idn: 'xn--X' });
  // ajv-formats has no idn-hostname: the default check says so and ignores it.
  assert.ok(warnings.mock.calls.some((c) => /unknown format "idn-hostname" ignored/.test(c.arguments.join(' '))));

  const client = await connect(resultServer(), { jsonSchemaValidator: new AjvJsonSchemaValidator(addFormats(new Ajv())) });
  await client.listTools();
  await assert.rejects(
    client.callTool({ name: 'where', arguments: { result: { host: 'xn--X' } } }),
    /Structured content does not match the tool's output schema: data\/host must match format "hostname"/,
  );
  await assert.rejects(
    client.callTool({ name: 'where', arguments: { result: { host: 'a.com', idn: 'xn--X' } } }),
    /data\/idn must match format "idn-hostname"/,
  );
  const good = await client.callTool({ name: 'where', arguments: { result: { host: 'a.com', idn: 'b\u00FCcher.example' } } });
  assert.deepEqual(good.structuredContent, { host: 'a.com', idn: 'b\u00FCcher.example' });
});
