import type { ModelData } from "../../model/schema.js";
import { pyString, pyValue } from "../../format/python.js";
import { python, remoteCode, sh, type LibrarySnippetGenerator } from "../generator.js";

const DEFAULT_SENTENCES = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."];

/** The sentences to embed: the card's similarity widget, else its widget texts, else a default trio. */
function sentences(model: ModelData): string[] {
  const widgets = model.widgetData ?? [];
  const similarity = widgets.find((widget) => widget.source_sentence !== undefined && widget.sentences?.length);
  if (similarity) return [similarity.source_sentence!, ...similarity.sentences!];
  const texts = widgets.map((widget) => widget.text).filter((text): text is string => typeof text === "string" && text !== "");
  return texts.length > 0 ? texts : DEFAULT_SENTENCES;
}

/** Embeds the sentences and compares each with each. */
export const sentenceTransformers: LibrarySnippetGenerator = (model) => [
  sh(`pip install -U sentence-transformers${remoteCode(model).packages}`),
  python(`from sentence_transformers import SentenceTransformer

${remoteCode(model).comment}model = SentenceTransformer(${pyString(model.id)}${remoteCode(model).argument})

sentences = ${pyValue(sentences(model))}
embeddings = model.encode(sentences)

similarities = model.similarity(embeddings, embeddings)
print(similarities.shape)`),
];
