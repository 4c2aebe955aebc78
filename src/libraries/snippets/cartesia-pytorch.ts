import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const cartesiaPytorch: LibrarySnippetGenerator = (model) => [
  sh("pip install --no-binary :all: cartesia-pytorch"),
  python(`from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${pyString(model.id)}).half().cuda()
# Rene models use the OLMo tokenizer.
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

inputs = tokenizer([${pyString(widgetText(model) ?? "The capital of France is")}], return_tensors="pt")
outputs = model.generate(inputs.input_ids.cuda(), max_length=50, top_k=100, top_p=0.99)
print(tokenizer.batch_decode(outputs, skip_special_tokens=True)[0])`),
];
