import type { CacheFlags } from "./context.js";
import type { FitsOptions } from "./fits-options.js";

/** The options of `hubref quant-types` as commander hands them over. */
export interface QuantTypesOptions extends CacheFlags {
  tensorTypes: boolean;
  parse?: string[];
  nearest?: string;
  available?: string[];
  for?: string;
  fits?: string;
  ctx?: string;
  cacheType?: string;
  cacheTypeK?: string;
  cacheTypeV?: string;
  flashAttn?: string;
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
