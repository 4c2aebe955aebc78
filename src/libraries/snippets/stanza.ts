import { pyString } from "../../format/python.js";
import { python, repoName, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Stanza repositories are named stanza-<language>; stanza.download fetches that language's models. */
export const stanza: LibrarySnippetGenerator = (model) => {
  const repo = repoName(model);
  const language = repo.replace(/^stanza-/, "");
  const sentence = widgetText(model) ?? "Barack Obama was born in Hawaii.";
  return [
    sh("pip install -U stanza"),
    python(`import stanza

stanza.download(${pyString(language)})
nlp = stanza.Pipeline(${pyString(language)})

doc = nlp(${pyString(sentence)})
print(doc)`),
  ];
};
