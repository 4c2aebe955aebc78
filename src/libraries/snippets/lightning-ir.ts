import { pyString } from "../../format/python.js";
import { hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* Cross-encoders score a query and a document together; bi-encoders embed each on its own. */
function isCrossEncoder(model: Parameters<LibrarySnippetGenerator>[0]): boolean {
  const type = model.config?.model_type ?? "";
  return /cross-encoder|mono|set-encoder/.test(type) || hasTag(model, "cross-encoder") || /mono/i.test(model.id);
}

export const lightningIr: LibrarySnippetGenerator = (model) => {
  const module = isCrossEncoder(model) ? "CrossEncoderModule" : "BiEncoderModule";
  return [
    sh("pip install -U lightning-ir"),
    python(`from lightning_ir import ${module}

module = ${module}(${pyString(model.id)})
query = ${pyString(widgetText(model) ?? "What is the capital of France?")}
docs = ["Paris is the capital of France.", "Berlin is the capital of Germany."]
output = module.score(query, docs)
print(output.scores)`),
  ];
};
