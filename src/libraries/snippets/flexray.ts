import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const flexray: LibrarySnippetGenerator = (model) => [
  sh("pip install -U flexray"),
  python(`from fxr.inference import FleXraySegmenter

segmenter = FleXraySegmenter.from_pretrained(repo_id=${pyString(model.id)})

prediction = segmenter.predict("xray.png")
masks = prediction.masks  # one channel per anatomical label, in segmenter.label_names order
print(segmenter.label_names, masks.shape)`),
];
