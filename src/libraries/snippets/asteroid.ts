import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

export const asteroid: LibrarySnippetGenerator = (model) => [
  sh("pip install -U asteroid"),
  python(`from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${pyString(model.id)})
${loaded("model", 'call model.separate("mixture.wav") to write the separated sources beside it')}`),
];
