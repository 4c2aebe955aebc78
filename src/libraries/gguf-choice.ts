import { usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { ggufRepo, hasFileList } from "../apps/gguf-files.js";
import { selectGgufFile, type FileRequest } from "../apps/select.js";
import { quantCatalogue } from "../quant/catalogue.js";
import type { GgufLoad } from "./generator.js";

/*
 * The GGUF file llama-cpp-python's code loads, chosen as `--app` chooses it
 * (Q4_K_M or the nearest, --quant, --file, --fits). It is chosen here, in the
 * command's own code, not in the generator: generators are loaded from files
 * at run time, and an error they threw would not be recognised as hubref's.
 */

function asked(request: FileRequest): string | undefined {
  return request.quant !== undefined ? "--quant" : request.file !== undefined ? "--file" : request.fits !== undefined ? "--fits" : undefined;
}

/** The file (and the other shards of a split one) to load; without a file list, a glob; notes say why. */
export function ggufLoad(model: ModelData, request: FileRequest): { load: GgufLoad; notes: string[] } {
  if (!hasFileList(model)) {
    const flag = asked(request);
    if (flag)
      throw usageError(`the metadata of ${model.id} lists no files (siblings), so ${flag} cannot pick one`, "pass the hub id, so hubref fetches the file list");
    return { load: { filename: model.gguf ? "*Q4_K_M.gguf" : "*.gguf", additionalFiles: [] }, notes: [] };
  }
  const catalogue = quantCatalogue();
  const choice = selectGgufFile(request, { model, repo: ggufRepo(model, catalogue), catalogue, splitFiles: true, appLabel: "llama-cpp-python" });
  const [filename, ...additionalFiles] = choice.variant.files;
  return { load: { filename: filename!, additionalFiles }, notes: choice.notes };
}
