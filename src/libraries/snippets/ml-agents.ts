import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

export const mlAgents: LibrarySnippetGenerator = (model) => [
  sh("pip install -U mlagents"),
  sh(`mlagents-load-from-hf --repo-id=${shellQuote(model.id)} --local-dir=./downloads`),
];
