import { problemKind } from "./kind.js";

/* The filters of a model search, as typed: what the hub's model list cannot be asked. */

/** What is wrong with a parameter range (`7B..14B`): its shape, a bound, or the bounds' order. */
export type RangeFault = { kind: "not-range" } | { kind: "no-bound" } | { kind: "not-count"; bound: string } | { kind: "reversed"; min: string; max: string };

export const SEARCH_PROBLEMS = {
  "params-invalid": problemKind<{ given: string; fault: RangeFault }>("usage"),
  "limit-invalid": problemKind<{ given: string; min: number; max: number }>("usage"),
  "author-invalid": problemKind<{ given: string }>("usage"),
} as const;
