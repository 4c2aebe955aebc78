import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** The YOLOv10 fork of ultralytics loads its models straight from the hub. */
export const yolov10: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/THU-MIG/yolov10.git"),
  python(`from ultralytics import YOLOv10

model = YOLOv10.from_pretrained(${pyString(model.id)})
results = model.predict(source="https://ultralytics.com/images/bus.jpg", save=True)
print(results[0].save_dir)  # the image with its boxes drawn`),
];
