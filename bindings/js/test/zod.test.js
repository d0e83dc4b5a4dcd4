// `idn-hostname/zod` with Zod 4: parsing, the issue's code and message, and the JSON Schema Zod
// publishes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { hostname, idnHostname } from 'idn-hostname/zod';
import { checkHostname, checkIdnHostname } from 'idn-hostname';

test('safeParse: valid names pass, invalid ones get the crate\'s message', () => {
  assert.deepEqual(hostname().safeParse('www.example.com'), { success: true, data: 'www.example.com' });
  assert.equal(idnHostname().safeParse('b\u00FCcher.example').success, true);
  // RFC 5891 section 4.4: an xn-- label must decode; z.hostname() takes it.
  assert.equal(z.hostname().safeParse('xn--X').success, true);
  for (const [schema, check, format, name] of [
    [hostname(), checkHostname, 'hostname', 'xn--X'],
    [hostname(), checkHostname, 'hostname', 'b\u00FCcher.example'],
    [idnHostname(), checkIdnHostname, 'idn-hostname', 'a\u00B7b'],
    [idnHostname(), checkIdnHostname, 'idn-hostname', '\uD800'],
  ]) {
    const result = schema.safeParse(name);
    assert.equal(result.success, false);
    assert.equal(result.error.issues.length, 1);
    const [issue] = result.error.issues;
    assert.equal(issue.code, 'invalid_format');
    assert.equal(issue.format, format);
    assert.equal(issue.message, check(name).message);
    assert.deepEqual(issue.path, []);
  }
});

test('a wrong type keeps Zod\'s own issue', () => {
  for (const value of [47, null, undefined, { host: 'a' }]) {
    const [issue] = hostname().safeParse(value).error.issues;
    assert.equal(issue.code, 'invalid_type');
    assert.equal(issue.expected, 'string');
    assert.deepEqual(issue, z.hostname().safeParse(value).error.issues[0]);
  }
});

test('options, and a wrong option is a TypeError when the schema is made', () => {
  assert.equal(hostname({ allowTrailingDot: true }).safeParse('example.com.').success, true);
  assert.equal(hostname().safeParse('example.com.').success, false);
  assert.equal(idnHostname({ uts46Mapping: true }).safeParse('B\u00FCcher.de').success, true);
  assert.throws(() => hostname({ allowTrailingdot: true }), TypeError);
});

test('z.toJSONSchema publishes the format, with no pattern', () => {
  const tool = z.object({ host: hostname(), idn: idnHostname().optional() }).strict();
  assert.deepEqual(z.toJSONSchema(tool), {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      host: { type: 'string', format: 'hostname' },
      idn: { type: 'string', format: 'idn-hostname' },
    },
    required: ['host'],
    additionalProperties: false,
  });
  // z.hostname() publishes a pattern beside the format; ours do not.
  assert.ok('pattern' in z.toJSONSchema(z.hostname()));
  assert.ok(!('pattern' in z.toJSONSchema(hostname())));
  assert.equal(tool.safeParse({ host: 'a.com', other: 1 }).success, false);
  assert.equal(tool.safeParse({ host: 'a.com', idn: '\u4F8B\u3048.jp' }).success, true);
});
