import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, python, repoFiles, sh, type LibrarySnippetGenerator } from "../generator.js";

/** The YOLO generation from a `yolov<digits>` tag, e.g. `yolov8` -> 8. */
function yoloVersion(model: ModelData): number | undefined {
  for (const tag of model.tags) {
    const match = /^yolov(\d{1,3})$/.exec(tag);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The checkpoint naming Ultralytics uses for a generation's nano model: yolov8n.pt, yolo11n.pt. */
function nanoCheckpoint(version: number): string {
  return version >= 11 ? `yolo${version}n.pt` : `yolov${version}n.pt`;
}

/*
 * The checkpoint to download: from the file list when the metadata has one
 * (the tag's nano file if it is there, else a nano-sized file, else the
 * first), from the version tag otherwise.
 */
function checkpoint(model: ModelData): { file: string; note: string } | undefined {
  const version = yoloVersion(model);
  if (model.siblings === undefined) {
    if (version === undefined) return undefined;
    return { file: nanoCheckpoint(version), note: "The nano weights: pick the size you need among the .pt files of the repository." };
  }
  const weights = repoFiles(model)
    .filter((name) => /\.pt$/i.test(name))
    .sort();
  const file =
    (version === undefined ? undefined : weights.find((name) => name === nanoCheckpoint(version))) ??
    weights.find((name) => /(^|\/)yolo[^/]*n\.pt$/i.test(name)) ??
    weights[0];
  if (file === undefined) return undefined;
  return { file, note: weights.length > 1 ? "One of the repository's .pt files: pick the size you need among them." : "The repository's checkpoint." };
}

/** Downloads a checkpoint of the repository and runs a detection on a sample image. */
export const ultralytics: LibrarySnippetGenerator = (model) => {
  const chosen = checkpoint(model);
  if (!chosen) {
    return [
      fallback(
        "python",
        Placeholder.yoloCheckpointUnknown,
        "Neither its files nor a yolovN tag name a .pt checkpoint: download one of its weights with hf_hub_download, then YOLO(path).",
      ),
    ];
  }
  return [
    sh("pip install -U ultralytics huggingface_hub"),
    python(`from huggingface_hub import hf_hub_download
from ultralytics import YOLO

# ${chosen.note}
weights = hf_hub_download(${pyString(model.id)}, filename=${pyString(chosen.file)})
model = YOLO(weights)

results = model.predict("https://ultralytics.com/images/bus.jpg", save=True)
print(results[0].save_dir)  # the image with its boxes drawn`),
  ];
};
