// Type-checked by types.test.js (tsc --strict): the package's declarations describe its API.
import {
  checkHostname,
  checkIdnHostname,
  HostnameError,
  isHostname,
  isIdnHostname,
  toAscii,
  toUnicode,
  uts46,
  Uts46Error,
  type FormatOptions,
  type HostnameErrorDetails,
} from 'idn-hostname';
import { addFormats } from 'idn-hostname/ajv';
import { addSecurityFormats, displayName, LookalikeSet, type DisplayResult } from 'idn-hostname/security';
import { hostname, idnHostname } from 'idn-hostname/zod';
import { Ajv } from 'ajv';
import { z } from 'zod';

const options: FormatOptions = { allowTrailingDot: true, bidiScope: 'rtl-labels' };
const yes: boolean = isHostname('a.com', options) && isIdnHostname('a.com');
const error: HostnameErrorDetails | null = checkHostname('a_b') ?? checkIdnHostname('a_b', { uts46Mapping: true });
const offset: number | undefined = error?.offset;
const ascii: string = toAscii('bücher.de') + toUnicode('xn--bcher-kva.de');
const converted: string = uts46.toAscii('Faß.de', { transitionalProcessing: true });
const { value, error: statuses } = uts46.toUnicode('xn--X');
const codes: string[] | undefined = statuses?.statuses;
const thrown: Error[] = [
  new HostnameError({ code: 'c', message: 'm', label: null, labelIndex: null, offset: 0, codePoint: null, hint: { code: 'url', suggestion: null } }),
  new Uts46Error({ code: 'P4', statuses: ['P4'], message: 'm', label: 'xn--x', labelIndex: 1 }),
];
const ajv: Ajv = addFormats(new Ajv());
const Schema = z.object({ host: hostname(), idn: idnHostname({ uts46Mapping: true }).optional() });
const parsed: { host: string; idn?: string | undefined } = Schema.parse({ host: 'a.com' });

const shown: DisplayResult = displayName('bücher.example', { policy: 'firefox' });
const shownString: string | null = shown.display;
const reasons: string[] | undefined = shown.labels?.[0]?.reasons;
const set = new LookalikeSet(['paypal.com']);
const imitated: string | null = set.lookup('paypa1.com');
set.free();
const withSecurity: Ajv = addSecurityFormats(new Ajv());

export { shownString, reasons, imitated, withSecurity };
export { yes, offset, ascii, converted, value, codes, thrown, ajv, parsed };
