// `idn-hostname/zod`: Zod 4 schemas for host names, a drop-in for `z.hostname()` checked by the
// crate. Each is Zod's own string format (`z.stringFormat`), so an issue is Zod's
// `invalid_format` with `format: "hostname"` / `"idn-hostname"` as for `z.hostname()`, its
// message the crate's, and `z.toJSONSchema()` publishes `"format"` with no `pattern` beside it.

import { z } from 'zod';
import { checkHostname, checkIdnHostname, isHostname, isIdnHostname } from './index.js';

function schema(format, is, check, options) {
  return z.stringFormat(format, (name) => is(name, options), {
    // Only the format's own issue gets the crate's message; a wrong type keeps Zod's.
    error: (issue) => (issue.code === 'invalid_format' ? check(issue.input, options)?.message : undefined),
  });
}

/**
 * A string that is a JSON Schema `hostname` (RFC 1123 section 2.1, every `xn--` label a valid
 * A-label). `options` as for `isHostname`.
 */
export function hostname(options) {
  isHostname('', options); // the options are read now: a wrong one throws here, not at parse time
  return schema('hostname', isHostname, checkHostname, options);
}

/** A string that is a JSON Schema `idn-hostname` (IDNA2008). `options` as for `isIdnHostname`. */
export function idnHostname(options) {
  isIdnHostname('', options);
  return schema('idn-hostname', isIdnHostname, checkIdnHostname, options);
}
