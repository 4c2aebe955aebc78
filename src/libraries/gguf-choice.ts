import type { ModelData } from "../model/schema.js";
import { ggufRepo, hasFileList } from "../apps/gguf-files.js";
import { selectGgufFile, type FileChoice } from "../apps/select.js";
import { quantCatalogue } from "../quant/catalogue.js";
import type { RunSettings } from "../memory/run-settings.js";
import type { LocalNote } from "../outcome/local-notes.js";
import { fail } from "../outcome/problems.js";
import type { FileSetting } from "../outcome/local-problems.js";
import type { GgufLoad } from "./generator.js";

/*
 * The GGUF file llama-cpp-python's code loads: the one a local run chose
 * (src/local/, as `--app` chooses it), else the default (Q4_K_M or the
 * nearest). It is made here, in the command's own code, not in the
 * generator: generators are loaded from files at run time, and a problem
 * they threw would not be recognised as hubref's.
 */

/*
 * What llama-cpp-python's Llama() cannot be told (llama_cpp/llama.py in
 * abetlen/llama-cpp-python, checked in 0.3.35): flash_attn is a bool whose
 * default is off, so llama.cpp's `auto` has no equivalent. Its plan is of
 * whole layers (src/apps/placement.ts): it has no argument that keeps expert
 * tensors in system memory.
 */
function runNotes(run: RunSettings): LocalNote[] {
  const notes: LocalNote[] = [];
  if (run.flashAttention === "auto") notes.push({ kind: "python-flash-auto" });
  if (run.cpuMoeLayers !== undefined && run.cpuMoeLayers > 0) notes.push({ kind: "python-no-moe", layers: run.cpuMoeLayers });
  return notes;
}

/**
 * The file (and the other shards of a split one) to load, and what the code cannot set; without a file list, a
 * glob. `chosenBy` names what chose `choice` (or asked for a file), for the problem of a metadata without files.
 */
export function ggufLoad(
  model: ModelData,
  choice: FileChoice | undefined,
  run: RunSettings = {},
  chosenBy?: FileSetting,
): { load: GgufLoad; notes: LocalNote[] } {
  if (!hasFileList(model)) {
    if (chosenBy) fail({ kind: "no-file-list", model: model.id, setting: chosenBy });
    return { load: { filename: model.gguf ? "*Q4_K_M.gguf" : "*.gguf", additionalFiles: [] }, notes: runNotes(run) };
  }
  const catalogue = quantCatalogue();
  const chosen = choice ?? selectGgufFile({}, { model, repo: ggufRepo(model, catalogue), catalogue, splitFiles: true, appLabel: "llama-cpp-python" });
  const [filename, ...additionalFiles] = chosen.variant.files;
  return { load: { filename: filename!, additionalFiles }, notes: [...(choice ? [] : chosen.notes), ...runNotes(run)] };
}
