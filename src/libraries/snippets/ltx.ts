import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

const SAMPLE_PROMPT = "A red fox walks through fresh snow in a quiet forest at dawn, its breath visible in the cold air, the camera tracking slowly beside it.";

export const ltx: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/Lightricks/LTX-2.git
cd LTX-2
uv sync --frozen`),
  sh(`hf download ${shellQuote(model.id)} --local-dir models/ltx
# The pipelines encode prompts with Gemma 3.
hf download google/gemma-3-12b-it-qat-q4_0-unquantized --local-dir models/gemma-3`),
  sh(`uv run python -m ltx_pipelines.distilled \\
    --distilled-checkpoint-path "$(ls models/ltx/*distilled*.safetensors | grep -v lora | head -n 1)" \\
    --spatial-upsampler-path "$(ls models/ltx/*spatial-upscaler-x2*.safetensors | head -n 1)" \\
    --gemma-root models/gemma-3 \\
    --seed 42 \\
    --output-path output.mp4 \\
    --prompt ${shellQuote(model.cardData?.instance_prompt || SAMPLE_PROMPT)}`),
];
