import { shellQuote } from "../../format/shell.js";
import { repoFiles, sh, type LibrarySnippetGenerator } from "../generator.js";

const SAMPLE_PROMPT = "A girl in a green dress plays with a brown and white dog on a sunny meadow.";

/* Phantom-Wan adds subject references to Wan2.1, whose VAE and text encoder it reuses. */
export const phantomWan: LibrarySnippetGenerator = (model) => {
  const checkpoint = repoFiles(model).find((name) => name.endsWith(".pth"));
  const checkpointPath = checkpoint ? shellQuote(`./Phantom-Wan-Models/${checkpoint}`) : `"$(ls ./Phantom-Wan-Models/*.pth | head -n 1)"`;
  return [
    sh(`git clone https://github.com/Phantom-video/Phantom.git
cd Phantom
pip install -r requirements.txt`),
    sh(`hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B
hf download ${shellQuote(model.id)} --local-dir ./Phantom-Wan-Models`),
    sh(`# Up to four reference images of the subjects to keep in the video.
python generate.py \\
    --task s2v-1.3B \\
    --size 832*480 \\
    --ckpt_dir ./Wan2.1-T2V-1.3B \\
    --phantom_ckpt ${checkpointPath} \\
    --ref_image "examples/ref1.png,examples/ref2.png" \\
    --prompt ${shellQuote(model.cardData?.instance_prompt || SAMPLE_PROMPT)} \\
    --base_seed 42`),
  ];
};
