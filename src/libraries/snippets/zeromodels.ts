import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/* The Auto loader that keeps the task head, by pipeline tag; other models load as a bare backbone. */
const AUTO_BY_TASK: Record<string, string> = {
  "image-classification": "AutoZMImageClassify",
  "object-detection": "AutoZMDetect",
  "image-segmentation": "AutoZMSemanticSegment",
  "depth-estimation": "AutoZMDepthEstimation",
  "text-generation": "AutoZMTextGenerate",
  "image-text-to-text": "AutoZMConditionalGenerate",
  "text2text-generation": "AutoZMConditionalGenerate",
  "fill-mask": "AutoZMMaskedLM",
  "text-classification": "AutoZMSequenceClassify",
  "token-classification": "AutoZMTokenClassify",
  "question-answering": "AutoZMQnA",
  "zero-shot-image-classification": "AutoZMZeroShotClassify",
};

export const zeromodels: LibrarySnippetGenerator = (model) => {
  const task = model.pipeline_tag;
  const auto = task && Object.hasOwn(AUTO_BY_TASK, task) ? AUTO_BY_TASK[task] : undefined;
  const load = auto
    ? `from zeromodels.auto import ${auto}

model = ${auto}.from_weights(${pyString(model.id)})`
    : `from zeromodels import AutoZModel

model = AutoZModel.from_weights(${pyString(model.id)})`;
  return [sh("pip install -U zeromodels"), python(`${load}\nmodel.summary()\n${loaded("model", "call model.predict(inputs) to run it")}`)];
};
