import { pyString } from "../../format/python.js";
import { python, remoteCode, repoName, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* The example call for each task that transformers-mblt runs on the NPU. */
const RUN_BY_TASK: Record<string, (text: string | undefined) => string> = {
  "text-generation": (text) => `messages = [{"role": "user", "content": ${pyString(text ?? "What is an NPU?")}}]
print(pipe(messages, max_new_tokens=128))`,
  "image-text-to-text": (text) => `messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "image": "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/bee.jpg"},
            {"type": "text", "text": ${pyString(text ?? "Describe this image.")}},
        ],
    }
]
print(pipe(text=messages, generate_kwargs={"max_new_tokens": 128}))`,
  "automatic-speech-recognition": () => `print(pipe("sample.wav"))`,
  "image-to-text": () => `print(pipe("image.jpg"))`,
  "fill-mask": () => `print(pipe(f"Paris is the {pipe.tokenizer.mask_token} of France."))`,
};

export const mobilint: LibrarySnippetGenerator = (model) => {
  const task = model.pipeline_tag;
  const run = task && Object.hasOwn(RUN_BY_TASK, task) ? RUN_BY_TASK[task] : undefined;
  if (task && run) {
    return [
      // transformers' pipeline() runs on PyTorch, which transformers itself does not bring.
      sh(`pip install -U transformers-mblt torch${remoteCode(model).packages}`),
      python(`import transformers_mblt
from transformers import pipeline

# Makes the Mobilint NPU classes known to transformers' Auto classes.
transformers_mblt.register()

${remoteCode(model).comment}pipe = pipeline(${pyString(task)}, model=${pyString(model.id)}${remoteCode(model).argument})
try:
    ${run(widgetText(model)).replaceAll("\n", "\n    ")}
finally:
    pipe.model.dispose()`),
    ];
  }
  // Vision models are compiled .mxq files, looked up by model name.
  return [
    sh("pip install -U mblt-vision-python"),
    python(`from mblt_vision import MBLT_Engine

model = MBLT_Engine(model_cls=${pyString(repoName(model).toLowerCase())}, model_type="DEFAULT")
try:
    result = model.postprocess(model(model.preprocess("image.jpg")))
    print(result)
finally:
    model.dispose()`),
  ];
};
