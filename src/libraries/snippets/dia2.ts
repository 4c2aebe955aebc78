import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const dia2: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/nari-labs/dia2.git"),
  python(`from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${pyString(model.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(cfg_scale=2.0, audio=SamplingConfig(temperature=0.8, top_k=50))

# [S1] and [S2] mark the speakers.
script = "[S1] Dia2 streams dialogue as it reads the script. [S2] So it starts talking right away?"
dia.generate(script, config=config, output_wav="dialogue.wav")
print("Saved dialogue.wav")`),
];
