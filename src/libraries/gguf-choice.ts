import { usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { ggufRepo, hasFileList } from "../apps/gguf-files.js";
import { selectGgufFile, type FileRequest } from "../apps/select.js";
import { quantCatalogue } from "../quant/catalogue.js";
import type { RunSettings } from "../memory/run-settings.js";
import type { GgufLoad } from "./generator.js";

/*
 * The GGUF file llama-cpp-python's code loads, chosen as `--app` chooses it
 * (Q4_K_M or the nearest, --quant, --file, --fits). It is chosen here, before
 * the generator runs, because the memory plan of --fits is the plan of that
 * file: the command plans it and writes its code from one choice.
 */

function asked(request: FileRequest): string | undefined {
  return request.quant !== undefined ? "--quant" : request.file !== undefined ? "--file" : request.fits !== undefined ? "--fits" : undefined;
}

/*
 * What llama-cpp-python's Llama() cannot be told (llama_cpp/llama.py in
 * abetlen/llama-cpp-python, checked in 0.3.35): flash_attn is a bool whose
 * default is off, so llama.cpp's `auto` has no equivalent; and no argument
 * keeps expert tensors in system memory. The generator writes the rest.
 */
function runNotes(run: RunSettings): string[] {
  const notes: string[] = [];
  if (run.flashAttention === "auto") {
    notes.push("llama-cpp-python's flash_attn is on or off, never auto, and off unless set: add flash_attn=True where the GPU has flash attention");
  }
  if (run.cpuMoeLayers !== undefined && run.cpuMoeLayers > 0) {
    notes.push(
      `llama-cpp-python cannot keep the expert tensors of ${run.cpuMoeLayers} layers in system memory (llama.cpp's --n-cpu-moe): run llama-server with it (--app llama.cpp), or lower n_gpu_layers`,
    );
  }
  return notes;
}

/** The file (and the other shards of a split one) to load; without a file list, a glob; notes say why, and what the code cannot set. */
export function ggufLoad(model: ModelData, request: FileRequest, run: RunSettings = {}): { load: GgufLoad; notes: string[] } {
  if (!hasFileList(model)) {
    const flag = asked(request);
    if (flag)
      throw usageError(`the metadata of ${model.id} lists no files (siblings), so ${flag} cannot pick one`, "pass the hub id, so hubref fetches the file list");
    return { load: { filename: model.gguf ? "*Q4_K_M.gguf" : "*.gguf", additionalFiles: [] }, notes: runNotes(run) };
  }
  const catalogue = quantCatalogue();
  const choice = selectGgufFile(request, { model, repo: ggufRepo(model, catalogue), catalogue, splitFiles: true, appLabel: "llama-cpp-python" });
  const [filename, ...additionalFiles] = choice.variant.files;
  return { load: { filename: filename!, additionalFiles }, notes: [...choice.notes, ...runNotes(run)] };
}
