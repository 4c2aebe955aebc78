// The reference for the throughput figures: @huggingface/inference's
// getInferenceSnippets doing what `hubref snippet FILE... --json` does: read
// each model file, make every snippet for provider auto, print one JSON array.
import { readFileSync } from "node:fs";
import { snippets as reference } from "@huggingface/inference";

const out = [];
for (const file of process.argv.slice(2)) {
  const model = JSON.parse(readFileSync(file, "utf8"));
  let made = [];
  try {
    made = reference.getInferenceSnippets(model, "auto");
  } catch {
    // A model the reference has no snippets for adds none, as in hubref.
  }
  for (const snippet of made) out.push({ model: model.id, language: snippet.language, client: snippet.client, provider: "auto", content: snippet.content });
}
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
