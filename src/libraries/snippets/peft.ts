import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { baseModelOf, comment, hasTag, python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* The transformers class that loads the base model, by PEFT task type. */
const AUTO_BY_TASK_TYPE: Record<string, string> = {
  CAUSAL_LM: "AutoModelForCausalLM",
  SEQ_2_SEQ_LM: "AutoModelForSeq2SeqLM",
  SEQ_CLS: "AutoModelForSequenceClassification",
  TOKEN_CLS: "AutoModelForTokenClassification",
  QUESTION_ANS: "AutoModelForQuestionAnswering",
  FEATURE_EXTRACTION: "AutoModel",
};

export const peft: LibrarySnippetGenerator = (model) => {
  const base = model.config?.peft?.base_model_name_or_path || baseModelOf(model);
  if (!base) return [python(comment("python", Placeholder.baseModelNotFound))];
  const taskType = model.config?.peft?.task_type;
  const auto = taskType && Object.hasOwn(AUTO_BY_TASK_TYPE, taskType) ? AUTO_BY_TASK_TYPE[taskType] : undefined;
  if (!auto) return [python(comment("python", Placeholder.taskTypeInvalid))];
  const remoteCode = hasTag(model, "custom_code") ? ", trust_remote_code=True" : "";
  return [
    sh("pip install -U peft transformers"),
    python(`from peft import PeftModel
from transformers import ${auto}

base_model = ${auto}.from_pretrained(${pyString(base)}${remoteCode})
model = PeftModel.from_pretrained(base_model, ${pyString(model.id)})`),
  ];
};
