/* Ways forward that belong to no one problem; each problem's own is in its words. */

/** The ways forward beside a refusal, when they are not a problem's own. */
export type CodeHint =
  /** The languages and clients this provider has, and the providers that have the one asked for. */
  | { kind: "alternatives"; provider: string; here: readonly string[]; wanted: string; elsewhere: readonly string[] }
  /** A model without a pipeline tag whose library has usage code. */
  | { kind: "library-code-there" };
