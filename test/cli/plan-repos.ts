import type { GgufRepoSpec } from "../helpers/gguf-hub.js";
import { gemma3, llama, LLAMA_8B_QUANT_SIZES, qwen3moe } from "../helpers/gguf-models.js";
import { type GgufSpec, TENSOR_TYPE, writeGguf } from "../helpers/gguf-writer.js";

/*
 * The repositories a plan is shown on (the CLI tests and README's examples):
 * header-only GGUF files of a dense model (Llama 3.1 8B, the published quants'
 * sizes), a MoE model too large for one 24 GB GPU (Qwen3 30B-A3B, one Q8_0
 * file) and a sliding-window model (Gemma 3 4B).
 */

export const DENSE = "acme/Llama-3.1-8B-Instruct-GGUF";
export const MOE = "acme/Qwen3-30B-A3B-GGUF";
export const SWA = "acme/gemma-3-4b-it-GGUF";

/** The bytes a header's tensors take (Q8_0: 34 bytes per 32 weights), so a file's size agrees with its header. */
function tensorBytes(spec: GgufSpec): number {
  const perWeight: Record<number, number> = { [TENSOR_TYPE.F32]: 4, [TENSOR_TYPE.Q8_0]: 34 / 32 };
  return Math.round((spec.tensors ?? []).reduce((sum, tensor) => sum + tensor.dims.reduce((a, b) => a * b, 1) * perWeight[tensor.type]!, 0));
}

/** The three repositories, the dense one under `denseId` (README's examples name bartowski's). */
export function planRepos(denseId = DENSE): Record<string, GgufRepoSpec> {
  const moe = qwen3moe(32_000).spec;
  const swa = gemma3(32_000).spec;
  const dense = writeGguf(llama(32_000).spec);
  const denseName = denseId.slice(denseId.indexOf("/") + 1).replace(/-GGUF$/, "");
  return {
    [denseId]: {
      files: LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({ name: `${denseName}-${quant}.gguf`, size, content: dense })),
      gguf: { architecture: "llama", context_length: 131072, total: 8.03e9 },
    },
    [MOE]: { files: [{ name: "Qwen3-30B-A3B-Q8_0.gguf", size: tensorBytes(moe), content: writeGguf(moe) }] },
    [SWA]: {
      files: [
        { name: "gemma-3-4b-it-Q4_K_M.gguf", size: 2.49e9, content: writeGguf(swa) },
        { name: "gemma-3-4b-it-Q8_0.gguf", size: tensorBytes(swa), content: writeGguf(swa) },
      ],
    },
  };
}
