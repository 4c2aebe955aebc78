import type { QuantCatalogue } from "../build/schemas/quant-types.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const patterns = new WeakMap<QuantCatalogue, RegExp>();

/** The K-quant families of the catalogue's types: `Q5_K` from `Q5_K_M`, `Q5_K_S`, ... */
function kQuantBases(catalogue: QuantCatalogue): string[] {
  const bases = catalogue.fileTypes.flatMap((type) => {
    const match = /^(I?Q\d_K)_[A-Z]+$/.exec(type.name);
    return match ? [match[1]!] : [];
  });
  return [...new Set(bases)];
}

/**
 * The pattern the hub uses on file names. Alternatives are tried in the order
 * of the type ids, then the aliases, so `MXFP4_MOE` wins over its alias
 * `MXFP4`, and `Q2_K_S` reads as `Q2_K` with the size suffix `_S`.
 */
function quantPattern(catalogue: QuantCatalogue): RegExp {
  let pattern = patterns.get(catalogue);
  if (!pattern) {
    const names = [...catalogue.fileTypes].sort((a, b) => a.id - b.id).map((type) => type.name);
    names.push(...Object.keys(catalogue.filenameAliases));
    // K-quant families without a bare type (Q5_K, Q4_K), only with a size suffix: `Q5_K_L` reads as a label, as `Q6_K_L` does through Q6_K.
    const bases = kQuantBases(catalogue).filter((base) => !names.includes(base));
    // Longest first: the first alternative that matches wins, and Q4_0 would take Q4_0_4_4's name.
    names.sort((a, b) => b.length - a.length);
    const alternatives = [...names.map(escapeRegExp), ...bases.map((base) => `${escapeRegExp(base)}(?=_[A-Z])`)];
    pattern = new RegExp(`(?:UD-)?(?:${alternatives.join("|")})(?:_[A-Z]+)?`, "g");
    patterns.set(catalogue, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * The quantization label in a GGUF file name, as the hub shows it (for example
 * `Q4_K_M` or `UD-Q4_K_XL`), or null when there is none. Case does not matter;
 * where a name holds several candidates, the last one wins.
 */
export function parseQuantLabel(fileName: string, catalogue: QuantCatalogue): string | null {
  const matches = fileName.toUpperCase().match(quantPattern(catalogue));
  return matches?.at(-1) ?? null;
}

/**
 * The file type a label stands for: the `UD-` prefix dropped and an alias
 * resolved. Undefined when the label names no known type.
 */
export function quantTypeOfLabel(label: string, catalogue: QuantCatalogue): string | undefined {
  const name = label.toUpperCase().replace(/^UD-/, "");
  const resolved = catalogue.filenameAliases[name] ?? name;
  return catalogue.fileTypes.some((type) => type.name === resolved) ? resolved : undefined;
}
