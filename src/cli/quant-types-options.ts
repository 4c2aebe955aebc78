import type { CacheFlags } from "./context.js";
import type { FitsOptions, RawFitsOptions } from "./fits-options.js";

/** The options of `hubref quant-types` as commander hands them over. */
export interface QuantTypesOptions extends CacheFlags, RawFitsOptions {
  tensorTypes: boolean;
  parse?: string[];
  nearest?: string;
  available?: string[];
  for?: string;
  json: boolean;
}

/** `hubref quant-types`, parsed: one listing, one question, or one repository's quants (quant-types-for.ts). */
export type QuantTypesCommand =
  | { mode: "file-types"; json: boolean }
  | { mode: "tensor-types"; json: boolean }
  | { mode: "parse"; files: string[]; json: boolean }
  | { mode: "nearest"; wanted: string; available: string[]; json: boolean }
  | ({ mode: "for"; model: string; json: boolean; estimating: boolean } & FitsOptions & CacheFlags);

export type QuantTypesForCommand = Extract<QuantTypesCommand, { mode: "for" }>;
