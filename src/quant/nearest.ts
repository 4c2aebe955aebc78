import type { QuantCatalogue } from "../build/schemas/quant-types.js";

/**
 * The available quantization nearest to `wanted`: itself when available, else
 * the next smaller one, else the next larger one. Types are compared by their
 * place in the catalogue's largest-first order; unknown names are ignored.
 */
export function nearestQuant(wanted: string, available: readonly string[], catalogue: QuantCatalogue): string | undefined {
  const rank = new Map(catalogue.fileTypes.map((type, index) => [type.name, index]));
  const target = rank.get(wanted);
  if (target === undefined) return undefined;
  const known = available.filter((name) => rank.has(name)).sort((a, b) => rank.get(a)! - rank.get(b)!);
  return known.find((name) => rank.get(name)! >= target) ?? known.at(-1);
}
