import { pyString } from "../../format/python.js";
import { python, type LibrarySnippetGenerator } from "../generator.js";

export const asteroid: LibrarySnippetGenerator = (model) => [
  python(`from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${pyString(model.id)})`),
];
