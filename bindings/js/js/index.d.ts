/** What the JSON Schema formats leave out; every field off (the formats exactly) by default. */
export interface FormatOptions {
  /** Accept the root label's dot, `example.com.` (RFC 1034 section 3.1). */
  allowTrailingDot?: boolean;
  /** Accept labels holding `_`, `_dmarc.example.com` (RFC 8552). */
  allowUnderscoreLabels?: boolean;
  /**
   * Which labels the Bidi rule (RFC 5893 section 2) applies to: every label of a Bidi domain
   * name (`"domain-name"`, the default, as RFC 5893 and UTS #46 say), or only labels holding
   * right-to-left characters (`"rtl-labels"`, as Python `idna` reads RFC 5891 section 4.2.3.4).
   */
  bidiScope?: 'domain-name' | 'rtl-labels';
  /** Map with UTS #46 (case, width, NFC) before the IDNA2008 rules (`idn-hostname` only). */
  uts46Mapping?: boolean;
  /**
   * Accept an all-numeric top-level label, `example.123` or `192.168.0.1` (refused by default:
   * RFC 1123 section 2.1, RFC 3696 section 2).
   */
  allowNumericTld?: boolean;
}

/** The first rule a name breaks. */
export interface HostnameErrorDetails {
  /** The crate's stable kebab-case code (`"invalid-character"`, `"bidi-rule-1"`, ...), or `"lone-surrogate"`. */
  code: string;
  /** One line naming the label, the code point and the clause. */
  message: string;
  /** The label at fault as written, `null` for a fault of the whole name. */
  label: string | null;
  /** That label's position counted from 1 (as in the message), `null` for a fault of the whole name. */
  labelIndex: number | null;
  /**
   * Where the fault is, as an index into the string in UTF-16 code units (`name[offset]`):
   * the offending code point, or the start of the label. With `uts46Mapping`, an index into
   * the mapped name.
   */
  offset: number;
  /** The offending code point as `"U+XXXX"`, or `null`. */
  codePoint: string | null;
  /**
   * What the input looks like when it is a common mistake (a URL, `host:port`, an e-mail
   * address...): the crate's hint, its stable `code` and the valid name to send instead
   * (`suggestion`, or `null`); `null` when there is none.
   */
  hint: Hint | null;
}

/** The crate's `Hint`: a stable code and, where there is one, the valid name to send instead. */
export interface Hint {
  code: string;
  suggestion: string | null;
}

/** The error thrown by `toAscii` and `toUnicode`. */
export declare class HostnameError extends Error implements HostnameErrorDetails {
  constructor(details: HostnameErrorDetails);
  name: 'HostnameError';
  code: string;
  label: string | null;
  labelIndex: number | null;
  offset: number;
  codePoint: string | null;
  hint: Hint | null;
}

/** UTS #46 section 4 flags; the defaults are those of sections 4.2 and 4.3. */
export interface Uts46Options {
  /** Default `true`. */
  checkHyphens?: boolean;
  /** Default `true`. */
  checkBidi?: boolean;
  /** Default `true`. */
  checkJoiners?: boolean;
  /** Default `true`. */
  useStd3AsciiRules?: boolean;
  /** Default `false` (Nontransitional Processing). */
  transitionalProcessing?: boolean;
  /** Default `true`. */
  verifyDnsLength?: boolean;
  /** Default `false`. */
  ignoreInvalidPunycode?: boolean;
}

/** The statuses UTS #46 recorded for a name (the IdnaTestV2.txt codes). */
export interface Uts46ErrorDetails {
  /** The first status (`"P4"`, `"V7"`, `"A4_1"`, ...), or `"lone-surrogate"`. */
  code: string;
  /** Every status recorded. */
  statuses: string[];
  message: string;
  /** The first label at fault after mapping, `null` for a fault of the whole name. */
  label: string | null;
  /** Its position counted from 1. */
  labelIndex: number | null;
}

/** The error thrown by `uts46.toAscii`. */
export declare class Uts46Error extends Error implements Uts46ErrorDetails {
  constructor(details: Uts46ErrorDetails);
  name: 'Uts46Error';
  code: string;
  statuses: string[];
  label: string | null;
  labelIndex: number | null;
}

/** Whether `name` is a JSON Schema `hostname`. Throws a `TypeError` for a non-string. */
export declare function isHostname(name: string, options?: FormatOptions): boolean;
/** Whether `name` is a JSON Schema `idn-hostname`. Throws a `TypeError` for a non-string. */
export declare function isIdnHostname(name: string, options?: FormatOptions): boolean;
/** `null`, or the first rule `name` breaks as a `hostname`. */
export declare function checkHostname(name: string, options?: FormatOptions): HostnameErrorDetails | null;
/** `null`, or the first rule `name` breaks as an `idn-hostname`. */
export declare function checkIdnHostname(name: string, options?: FormatOptions): HostnameErrorDetails | null;
/** IDNA2008 ToASCII; throws a `HostnameError`. */
export declare function toAscii(name: string): string;
/** IDNA2008 ToUnicode; throws a `HostnameError`. */
export declare function toUnicode(name: string): string;
/** UTS #46 ToASCII; throws a `Uts46Error`. */
export declare function uts46ToAscii(name: string, options?: Uts46Options): string;
/** UTS #46 ToUnicode: the converted name always, and the error if any. */
export declare function uts46ToUnicode(
  name: string,
  options?: Uts46Options,
): { value: string; error: Uts46ErrorDetails | null };
export declare const uts46: {
  readonly toAscii: typeof uts46ToAscii;
  readonly toUnicode: typeof uts46ToUnicode;
};
