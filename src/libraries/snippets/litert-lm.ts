import { shellQuote } from "../../format/shell.js";
import { repoFiles, sh, type LibrarySnippetGenerator } from "../generator.js";

export const litertLm: LibrarySnippetGenerator = (model) => {
  const files = repoFiles(model);
  const file = files.find((name) => name.endsWith(".litertlm")) ?? files.find((name) => name.endsWith(".task"));
  // Without a file list, the user names the file; the command stays runnable as written.
  const chooseFile = file
    ? `MODEL_FILE=${shellQuote(file)}`
    : `# Name one of the repository's .litertlm files here.
MODEL_FILE=model.litertlm`;
  return [
    sh("pip install -U litert-lm"),
    sh(`${chooseFile}
litert-lm run \\
    --from-huggingface-repo=${shellQuote(model.id)} \\
    "$MODEL_FILE" \\
    --prompt="What is the capital of France?"`),
  ];
};
