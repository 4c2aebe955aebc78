import type { ModelData } from "../../model/schema.js";
import { pyString, pyValue } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

function predictorInput(model: ModelData): Record<string, string> {
  if (model.pipeline_tag === "question-answering") {
    const widget = model.widgetData?.[0];
    return {
      passage: widget?.context || "My name is Wolfgang and I live in Berlin.",
      question: widget?.text || "Where do I live?",
    };
  }
  return { sentence: widgetText(model) ?? "AllenNLP is a library for natural language processing research." };
}

export const allennlp: LibrarySnippetGenerator = (model) => [
  sh("pip install -U allennlp allennlp-models"),
  python(`import allennlp_models  # registers the predictors of the published models
from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${pyString(`hf://${model.id}`)})

predictor_input = ${pyValue(predictorInput(model))}
predictions = predictor.predict_json(predictor_input)
print(predictions)`),
];
