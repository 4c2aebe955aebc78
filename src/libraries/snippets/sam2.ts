import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

const titled = (title: string, content: string) => ({ ...python(content), title });

/** SAM 2 segments what a prompt (points, boxes) designates, in an image or across a video. */
export const sam2: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/facebookresearch/segment-anything-2.git"),
  titled(
    "images",
    `import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${pyString(model.id)})
image = np.array(Image.open("image.jpg").convert("RGB"))

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    predictor.set_image(image)
    # One positive click at (x=500, y=375)
    masks, scores, _ = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))
print(masks.shape, scores)`,
  ),
  titled(
    "video",
    `import numpy as np
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${pyString(model.id)})

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    # A folder of JPEG frames named 00000.jpg, 00001.jpg, ...
    state = predictor.init_state("video_frames/")
    predictor.add_new_points_or_box(state, frame_idx=0, obj_id=1, points=np.array([[500, 375]]), labels=np.array([1]))
    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):
        print(frame_idx, object_ids, masks.shape)`,
  ),
];
