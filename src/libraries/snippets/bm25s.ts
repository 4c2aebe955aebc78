import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const bm25s: LibrarySnippetGenerator = (model) => [
  sh("pip install -U bm25s huggingface_hub"),
  python(`import bm25s
from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${pyString(model.id)}, load_corpus=True)

query = ${pyString(widgetText(model) ?? "What is a cat?")}
documents, scores = retriever.retrieve(bm25s.tokenize(query), k=3)
for document, score in zip(documents[0], scores[0]):
    print(f"{score:.2f}", document)`),
];
