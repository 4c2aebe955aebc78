import { readFileSync } from "node:fs";
import { denseSpec, fitsRepos, repoFiles } from "../helpers/fits-hub.js";
import type { GgufRepoSpec } from "../helpers/gguf-hub.js";
import { gemma3, llama, LLAMA_8B_QUANT_SIZES, qwen3moe } from "../helpers/gguf-models.js";
import { type GgufSpec, TENSOR_TYPE, writeGguf } from "../helpers/gguf-writer.js";

/*
 * The repositories a plan is shown on (the CLI tests and README's examples):
 * header-only GGUF files of a dense model (Llama 3.1 8B, the published quants'
 * sizes), a MoE model too large for one 24 GB GPU (Qwen3 30B-A3B, one Q8_0
 * file) and a sliding-window model (Gemma 3 4B); and the catalogue's GGUF
 * repositories, with their metadata files' sizes, so that a metadata file's
 * header is read from the hub as a hub id's is; and the MoE example under
 * unsloth's id, with every quant from Q2_K to Q8_0.
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
  // The example, under unsloth's id: Qwen3 30B-A3B with the quants of the models --fits stand-in.
  const qwen = fitsRepos().find((repo) => repo.id === "acme/Qwen3-30B-A3B-GGUF")!;
  return {
    ...catalogueRepos(),
    "unsloth/Qwen3-30B-A3B-GGUF": {
      files: repoFiles(qwen).map((file) => ({ ...file, content: qwen.header! })),
      gguf: { architecture: qwen.architecture, context_length: qwen.trained, total: qwen.parameters },
    },
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

/** The catalogue's GGUF repositories (catalogue/models/), their files as the metadata lists them, each serving a header of the model's shape. */
export function catalogueRepos(): Record<string, GgufRepoSpec> {
  const filesOf = (name: string, header: Buffer) => {
    const metadata = JSON.parse(readFileSync(`catalogue/models/${name}.json`, "utf8")) as {
      siblings: { rfilename: string; size: number }[];
      gguf: Record<string, unknown>;
    };
    const files = metadata.siblings
      .filter((sibling) => sibling.rfilename.endsWith(".gguf"))
      .map((sibling) => ({ name: sibling.rfilename, size: sibling.size, content: header }));
    return { files, gguf: metadata.gguf };
  };
  // Llama 3.2 3B: 28 layers, grouped-query attention with 8 key-value heads of 24.
  const llama3b = denseSpec("llama", "Llama 3.2 3B Instruct", { layers: 28, embd: 3072, ff: 8192, heads: 24, kvHeads: 8, vocab: 128_256 }, 131_072);
  return {
    "bartowski/Llama-3.2-3B-Instruct-GGUF": filesOf("bartowski--Llama-3.2-3B-Instruct-GGUF", writeGguf(llama3b)),
    "ggml-org/gemma-3-4b-it-GGUF": filesOf("ggml-org--gemma-3-4b-it-GGUF", writeGguf(gemma3(32_000).spec)),
  };
}
