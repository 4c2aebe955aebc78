import { shellQuote } from "../../format/shell.js";
import { sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* cortiq is a Rust runtime for single-file .cmf models: no Python involved. */
export const cortiq: LibrarySnippetGenerator = (model) => [
  sh("cargo install cortiq-cli"),
  sh(`hf download ${shellQuote(model.id)} --include '*.cmf' --local-dir cortiq-model
model_file=$(ls cortiq-model/*.cmf | head -n 1)
cortiq verify "$model_file"
cortiq run "$model_file" --prompt ${shellQuote(widgetText(model) ?? "Write a haiku about memory-mapped files.")}`),
];
