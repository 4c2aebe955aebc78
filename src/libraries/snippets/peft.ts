import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { baseModelOf, fallback, loaded, python, remoteCode, sh, type LibrarySnippetGenerator } from "../generator.js";

/* The transformers class that loads the base model, by PEFT task type. */
const AUTO_BY_TASK_TYPE: Record<string, string> = {
  CAUSAL_LM: "AutoModelForCausalLM",
  SEQ_2_SEQ_LM: "AutoModelForSeq2SeqLM",
  SEQ_CLS: "AutoModelForSequenceClassification",
  TOKEN_CLS: "AutoModelForTokenClassification",
  QUESTION_ANS: "AutoModelForQuestionAnswering",
  FEATURE_EXTRACTION: "AutoModel",
};

/* An adapter config without a task type still has the hub's pipeline tag, which names the same head. */
const TASK_TYPE_BY_PIPELINE: Record<string, keyof typeof AUTO_BY_TASK_TYPE> = {
  "text-generation": "CAUSAL_LM",
  "text2text-generation": "SEQ_2_SEQ_LM",
  summarization: "SEQ_2_SEQ_LM",
  translation: "SEQ_2_SEQ_LM",
  "text-classification": "SEQ_CLS",
  "token-classification": "TOKEN_CLS",
  "question-answering": "QUESTION_ANS",
  "feature-extraction": "FEATURE_EXTRACTION",
  "sentence-similarity": "FEATURE_EXTRACTION",
};

function autoClass(model: ModelData): string | undefined {
  const taskType = model.config?.peft?.task_type;
  if (taskType && Object.hasOwn(AUTO_BY_TASK_TYPE, taskType)) return AUTO_BY_TASK_TYPE[taskType];
  const tag = model.pipeline_tag;
  return tag !== undefined && Object.hasOwn(TASK_TYPE_BY_PIPELINE, tag) ? AUTO_BY_TASK_TYPE[TASK_TYPE_BY_PIPELINE[tag]!] : undefined;
}

export const peft: LibrarySnippetGenerator = (model) => {
  const base = model.config?.peft?.base_model_name_or_path || baseModelOf(model);
  if (!base) {
    return [
      fallback(
        "python",
        Placeholder.baseModelNotFound,
        "Neither adapter_config.json (base_model_name_or_path) nor the card (base_model) names it: see the model card.",
      ),
    ];
  }
  const auto = autoClass(model);
  if (!auto) {
    return [
      fallback(
        "python",
        Placeholder.taskTypeInvalid,
        "Neither adapter_config.json (task_type) nor the pipeline tag names the task: load the base model with its Auto class, then PeftModel.from_pretrained.",
      ),
    ];
  }
  return [
    sh(`pip install -U peft transformers torch${remoteCode(model).packages}`),
    python(`from peft import PeftModel
from transformers import ${auto}

${remoteCode(model).comment}base_model = ${auto}.from_pretrained(${pyString(base)}${remoteCode(model).argument})
model = PeftModel.from_pretrained(base_model, ${pyString(model.id)})
${loaded("model", "run it as you would the base model; model.merge_and_unload() folds the adapter in")}`),
  ];
};
