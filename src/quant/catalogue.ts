import { readCompiled } from "../catalogue/compiled.js";
import type { QuantCatalogue } from "../build/schemas/quant-types.js";

export function quantCatalogue(): QuantCatalogue {
  return readCompiled<QuantCatalogue>("quant-types");
}

/** Bits each weight takes on disk in a tensor of this type. */
export function bitsPerWeight(type: { blockSize: number; bytesPerBlock: number }): number {
  return (type.bytesPerBlock * 8) / type.blockSize;
}
