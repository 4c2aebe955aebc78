import { pyString } from "../../format/python.js";
import type { ModelData } from "../../model/schema.js";
import { Placeholder } from "../placeholders.js";
import { fallback, python, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * PaddleNLP's Auto classes, by the suffix of the architecture class name
 * ("ErnieForMaskedLM" ends in "ForMaskedLM"). The code names only these
 * classes, never the architecture string from the metadata.
 */
const AUTO_BY_SUFFIX: [suffix: string, auto: string][] = [
  ["ForMaskedLM", "AutoModelForMaskedLM"],
  ["ForSequenceClassification", "AutoModelForSequenceClassification"],
  ["ForTokenClassification", "AutoModelForTokenClassification"],
  ["ForQuestionAnswering", "AutoModelForQuestionAnswering"],
  ["ForMultipleChoice", "AutoModelForMultipleChoice"],
  ["ForCausalLM", "AutoModelForCausalLM"],
  ["ForConditionalGeneration", "AutoModelForConditionalGeneration"],
  ["Model", "AutoModel"],
];

const AUTO_CLASSES = new Set(AUTO_BY_SUFFIX.map(([, auto]) => auto));

function autoClass(model: ModelData): string | undefined {
  const fromInfo = model.transformersInfo?.auto_model;
  if (fromInfo && AUTO_CLASSES.has(fromInfo)) return fromInfo;
  for (const architecture of model.config?.architectures ?? []) {
    const match = AUTO_BY_SUFFIX.find(([suffix]) => architecture.endsWith(suffix));
    if (match) return match[1];
  }
  return undefined;
}

export const paddlenlp: LibrarySnippetGenerator = (model) => {
  const auto = autoClass(model);
  if (!auto)
    return [
      sh("pip install -U paddlenlp"),
      fallback("python", Placeholder.typeOfModelUnknown, "Its config names no architecture with a PaddleNLP Auto class: see the model card."),
    ];
  return [
    sh("pip install -U paddlenlp"),
    python(`from paddlenlp.transformers import AutoTokenizer, ${auto}

tokenizer = AutoTokenizer.from_pretrained(${pyString(model.id)}, from_hf_hub=True)
model = ${auto}.from_pretrained(${pyString(model.id)}, from_hf_hub=True)

inputs = tokenizer("PaddleNLP runs models from the Hugging Face Hub.", return_tensors="pd")
outputs = model(**inputs)
print(outputs)`),
  ];
};
