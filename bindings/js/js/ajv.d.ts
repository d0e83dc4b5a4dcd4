/**
 * Registers the formats `hostname` and `idn-hostname` on an Ajv 8 instance (`Ajv`, `Ajv2019`,
 * `Ajv2020`), replacing any earlier definition, and returns it.
 */
export declare function addFormats<T extends { addFormat(name: string, format: unknown): unknown }>(ajv: T): T;
export default addFormats;
