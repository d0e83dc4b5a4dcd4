import type { HostnameErrorDetails } from './index.js';
import { HostnameError } from './index.js';

export { HostnameError };

/** Whose display policy: Chromium's model (the default, Highly Restrictive) or Firefox's default (Moderately Restrictive). */
export type DisplayPolicy = 'chromium' | 'firefox';

export interface DisplayOptions {
  policy?: DisplayPolicy;
}

/** How a label is shown. */
export type LabelForm = 'ascii' | 'unicode' | 'a-label';

export interface DisplayLabel {
  /** The label as written in the name. */
  label: string;
  /** As written (`ascii`, an NR-LDH label), in Unicode, or as its A-label. */
  form: LabelForm;
  /** Why the label is shown as its A-label: the crate's stable codes (`mixed-scripts`, ...); empty otherwise. */
  reasons: string[];
}

export type DisplayResult =
  | { valid: true; error: null; display: string; safeToDisplay: boolean; labels: DisplayLabel[] }
  | { valid: false; error: HostnameErrorDetails; display: null; safeToDisplay: false; labels: null };

/** The name as a careful browser shows it; an invalid name gets the format's error. */
export declare function displayName(name: string, options?: DisplayOptions): DisplayResult;

/** Trusted names, and their lookalikes (UTS #39 skeletons). */
export declare class LookalikeSet {
  /** Throws a `HostnameError` (with `index`) for a name that is not a valid `idn-hostname`. */
  constructor(trustedNames: Iterable<string>);
  /** The trusted name `name` imitates, or `null`. */
  lookup(name: string): string | null;
  /** Releases the set's WebAssembly memory at once (so does `[Symbol.dispose]()`, for `using`). */
  free(): void;
}

/** `"idn-hostname-display-safe"`. */
export declare const DISPLAY_SAFE_FORMAT: 'idn-hostname-display-safe';

/** Registers the custom format `idn-hostname-display-safe` on an Ajv 8 instance, and returns it. */
export declare function addSecurityFormats<T extends { addFormat(name: string, format: unknown): unknown }>(ajv: T): T;
