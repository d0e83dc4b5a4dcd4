// `idn-hostname/ajv` through Ajv 8: every `hostname` / `idn-hostname` case of the official JSON
// Schema test suite (data/json-schema-test-suite/) and of data/conformance/json-schema/, each
// draft with the Ajv class for it. The expected verdicts are the files'.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { addFormats } from 'idn-hostname/ajv';
import { isHostname } from 'idn-hostname';
import { listData, readData } from './common.js';

// draft3 (format "host-name"), draft4 and draft6 have no Ajv class of their own: their schemas
// are bare `{"format": ...}`, run with the draft-07 one; "v1" (the next release) with 2020-12.
const AJV = {
  draft3: Ajv,
  draft4: Ajv,
  draft6: Ajv,
  draft7: Ajv,
  'draft2019-09': Ajv2019,
  'draft2020-12': Ajv2020,
  v1: Ajv2020,
};

function makeAjv(draft) {
  // strictTypes off: the suites' schemas are a bare `format` with no `type`.
  const ajv = addFormats(new AJV[draft]({ strict: true, strictTypes: false }));
  // Draft 3 named the format "host-name": the same check, registered for its cases.
  if (draft === 'draft3') ajv.addFormat('host-name', { type: 'string', validate: (s) => isHostname(s) });
  return ajv;
}

function runFile(draft, path) {
  const groups = JSON.parse(readData(...path));
  let count = 0;
  const ajv = makeAjv(draft);
  for (const group of groups) {
    const schema = { ...group.schema };
    if (draft === 'v1') delete schema.$schema;
    const validate = ajv.compile(schema);
    for (const t of group.tests) {
      assert.equal(validate(t.data), t.valid, `${path.join('/')}: ${group.description}: ${t.description}: ${JSON.stringify(t.data)}`);
      count += 1;
    }
  }
  return count;
}

for (const draft of Object.keys(AJV)) {
  const files = listData('json-schema-test-suite', draft).filter((f) => /^(host-name|hostname|idn-hostname)\.json$/.test(f));
  if (draft !== 'draft3') {
    test(`official suite ${draft}: ${files.join(', ')}`, () => {
      assert.ok(files.includes('hostname.json'));
      let count = 0;
      for (const f of files) count += runFile(draft, ['json-schema-test-suite', draft, f]);
      assert.ok(count >= 30, `${count} cases`);
    });
  }
  const dir = draft === 'v1' ? ['conformance', 'json-schema', 'v1', 'format'] : ['conformance', 'json-schema', draft, 'optional', 'format'];
  test(`data/conformance/json-schema ${draft}`, () => {
    const conf = listData(...dir);
    assert.ok(conf.length >= 1);
    let count = 0;
    for (const f of conf) count += runFile(draft, [...dir, f]);
    assert.ok(count >= 3865, `${count} cases`);
  });
}

test('without our formats, strict Ajv refuses idn-hostname; with them it compiles', () => {
  assert.throws(() => new Ajv({ strict: true }).compile({ type: 'string', format: 'idn-hostname' }), /unknown format "idn-hostname"/);
  const ajv = addFormats(new Ajv2020());
  const validate = ajv.compile({ type: 'object', properties: { host: { format: 'idn-hostname' } } });
  assert.equal(validate({ host: 'b\u00FCcher.example' }), true);
  assert.equal(validate({ host: 'xn--X' }), false);
  assert.equal(validate({ host: 47 }), true); // a format asserts nothing of a non-string
  assert.equal(addFormats(ajv), ajv);
});

test('addFormats after ajv-formats replaces its hostname', async () => {
  const { default: ajvFormats } = await import('ajv-formats');
  // ajv-formats' regular expression never decodes an xn-- label (RFC 5891 section 4.4).
  assert.equal(ajvFormats(new Ajv()).validate({ format: 'hostname' }, 'xn--X'), true);
  const ajv = addFormats(ajvFormats(new Ajv()));
  assert.equal(ajv.validate({ format: 'hostname' }, 'xn--X'), false);
  assert.equal(ajv.validate({ format: 'email' }, 'a@b.example'), true); // ajv-formats' others stay
});
