import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const matanyone: LibrarySnippetGenerator = (model) => [
  sh("pip install -U git+https://github.com/pq-yang/MatAnyone"),
  python(`from matanyone import InferenceCore

processor = InferenceCore(${pyString(model.id)})

# The mask marks the person to follow in the video's first frame.
foreground_path, alpha_path = processor.process_video(
    input_path="input.mp4",
    mask_path="first_frame_mask.png",
    output_path="outputs",
)
print(foreground_path, alpha_path)`),
];
