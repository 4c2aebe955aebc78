import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* ANEForge runs Hub models on the Apple Neural Engine; its entry point depends on the kind of model. */

function textGeneration(model: ModelData): string {
  const prompt = widgetText(model) ?? "The Apple Neural Engine is";
  return `import aneforge.llm as llm
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${pyString(model.id)})
model = llm.from_pretrained(${pyString(model.id)})

prompt = ${pyString(prompt)}
input_ids = tokenizer(prompt)["input_ids"]
output_ids = model.generate(input_ids, max_new_tokens=32, eos_id=tokenizer.eos_token_id)
print(prompt + tokenizer.decode(output_ids))`;
}

function imageClassification(model: ModelData): string {
  return `from PIL import Image
from aneforge.models import load_vit

classifier = load_vit(${pyString(model.id)})
image = Image.open("image.jpg")
print(classifier.classify(image, top_k=5))`;
}

function sentenceEmbeddings(model: ModelData): string {
  const sentence = widgetText(model) ?? "Running on the Neural Engine";
  return `from aneforge.sentence_transformers import SentenceTransformer

model = SentenceTransformer(${pyString(model.id)})
embeddings = model.encode([${pyString(sentence)}], normalize_embeddings=True)
print(embeddings.shape)`;
}

export const aneforge: LibrarySnippetGenerator = (model) => {
  if (model.pipeline_tag === "text-generation") return [sh("pip install -U aneforge transformers"), python(textGeneration(model))];
  if (model.pipeline_tag === "image-classification") return [sh("pip install -U aneforge pillow"), python(imageClassification(model))];
  return [sh("pip install -U 'aneforge[models]'"), python(sentenceEmbeddings(model))];
};
