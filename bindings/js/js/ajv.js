// `idn-hostname/ajv`: the formats `hostname` and `idn-hostname` for Ajv 8 (every draft it
// validates: 7, 2019-09, 2020-12), checked by the crate.

import { isHostname, isIdnHostname } from './index.js';

/**
 * Registers `hostname` and `idn-hostname` on `ajv` (replacing any earlier definition, such as
 * ajv-formats' `hostname`) and returns it. Call it before compiling a schema that uses them:
 * Ajv keeps the definition a compiled schema saw.
 */
export function addFormats(ajv) {
  ajv.addFormat('hostname', { type: 'string', validate: (name) => isHostname(name) });
  ajv.addFormat('idn-hostname', { type: 'string', validate: (name) => isIdnHostname(name) });
  return ajv;
}

export default addFormats;
