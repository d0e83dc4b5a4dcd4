// The package's verdicts equal the crate's (its command line, `--json`) on every case of the
// conformance files and every name of data/bench/, both formats: the verdict, the code, the
// message, the label, its index, the code point, and the offset (the crate's UTF-8 byte offset,
// translated here to UTF-16 independently of the package).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkHostname, checkIdnHostname, isHostname, isIdnHostname } from 'idn-hostname';
import { benchNames, conformanceCases, crateVerdicts, utf16Index } from './common.js';

const API = {
  hostname: { is: isHostname, check: checkHostname },
  'idn-hostname': { is: isIdnHostname, check: checkIdnHostname },
};

function compare(names, format) {
  const verdicts = crateVerdicts(format, names);
  let invalid = 0;
  for (const name of names) {
    const crate = verdicts.get(name);
    const { is, check } = API[format];
    const where = `${format} ${JSON.stringify(name)}`;
    assert.equal(is(name), crate.valid, where);
    const error = check(name);
    if (crate.valid) {
      assert.equal(error, null, where);
      continue;
    }
    invalid += 1;
    assert.deepEqual(
      error,
      {
        code: crate.error.code,
        message: crate.error.message,
        label: crate.error.label === null ? null : error.label,
        labelIndex: crate.error.label,
        offset: utf16Index(name, crate.error.offset),
        codePoint: crate.error.code_point,
        hint: crate.error.hint,
      },
      where,
    );
    if (crate.error.label !== null) {
      // The label is the one at that index, as written (the name split at the IDNA separators
      // of RFC 3490 section 3.1 for idn-hostname, at "." for hostname).
      const separators = format === 'hostname' ? /\./ : /[.\u3002\uFF0E\uFF61]/;
      assert.equal(error.label, name.split(separators)[crate.error.label - 1], where);
    }
  }
  return invalid;
}

for (const file of ['curated.txt', 'generated.txt']) {
  for (const format of ['hostname', 'idn-hostname']) {
    test(`${file}, ${format}: the crate's verdicts and errors`, () => {
      const cases = conformanceCases(file).filter((c) => c.format === format);
      assert.ok(cases.length > 100, `${cases.length} cases`);
      const invalid = compare(
        cases.map((c) => c.input),
        format,
      );
      assert.ok(invalid > 0 && invalid < cases.length);
      // And the file's own expectation (the first rule broken, data/conformance/README.md).
      for (const c of cases) {
        assert.equal(API[format].check(c.input)?.code ?? 'valid', c.expected, c.where);
      }
    });
  }
}

for (const format of ['hostname', 'idn-hostname']) {
  test(`data/bench/, ${format}: the crate's verdicts and errors`, () => {
    const names = benchNames();
    assert.ok(names.length > 3000, `${names.length} names`);
    compare(names, format);
  });
}
