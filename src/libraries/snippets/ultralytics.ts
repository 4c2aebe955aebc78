import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** The YOLO generation from a `yolov<digits>` tag, e.g. `yolov8` -> 8. */
function yoloVersion(model: ModelData): number | undefined {
  for (const tag of model.tags) {
    const match = /^yolov(\d{1,3})$/.exec(tag);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The checkpoint naming Ultralytics uses for a generation's nano model: yolov8n.pt, yolo11n.pt. */
function checkpointFile(version: number | undefined): { label: string; file: string; note: string } {
  if (version === undefined) {
    return { label: "YOLOvXX", file: "YOLOvXX.pt", note: "YOLO version unknown: replace YOLOvXX.pt with one of the .pt files of the repository." };
  }
  const name = version >= 11 ? `yolo${version}` : `yolov${version}`;
  const label = version >= 11 ? `YOLO${version}` : `YOLOv${version}`;
  return { label, file: `${name}n.pt`, note: `${label} weights: pick the size you need among the .pt files of the repository.` };
}

/** Downloads a checkpoint of the repository and runs a detection on a sample image. */
export const ultralytics: LibrarySnippetGenerator = (model) => {
  const checkpoint = checkpointFile(yoloVersion(model));
  return [
    sh("pip install -U ultralytics huggingface_hub"),
    python(`from huggingface_hub import hf_hub_download
from ultralytics import YOLO

# ${checkpoint.note}
weights = hf_hub_download(${pyString(model.id)}, filename=${pyString(checkpoint.file)})
model = YOLO(weights)

results = model.predict("https://ultralytics.com/images/bus.jpg", save=True)`),
  ];
};
