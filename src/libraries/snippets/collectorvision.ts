import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const collectorvision: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/HanClinto/CollectorVision.git"),
  python(`import collector_vision as cvg
import cv2

# A catalog holds the reference embeddings of every card of a game, from this repository.
catalog = cvg.Catalog.load(${pyString(`hf://${model.id}/scryfall-mtg`)})

photo = cv2.imread("card_photo.jpg")
detection = cvg.NeuralCornerDetector().detect(photo)
card = detection.dewarp(photo)

embedding = catalog.embedder.embed(card)
for score, card_id in catalog.search(embedding, top_k=5):
    print(f"{score:.3f}", card_id)`),
];
