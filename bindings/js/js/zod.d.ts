import type { z } from 'zod';
import type { FormatOptions } from './index.js';

/** A Zod string schema for a JSON Schema `hostname`, checked by the crate. */
export declare function hostname(options?: FormatOptions): z.ZodCustomStringFormat<'hostname'>;
/** A Zod string schema for a JSON Schema `idn-hostname`, checked by the crate. */
export declare function idnHostname(options?: FormatOptions): z.ZodCustomStringFormat<'idn-hostname'>;
