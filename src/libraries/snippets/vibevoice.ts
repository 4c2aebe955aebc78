import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** VibeVoice reads a script of "Speaker N:" lines, one preset voice per speaker. */
export const vibevoice: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/microsoft/VibeVoice
cd VibeVoice
pip install -e .

cat > script.txt <<'SCRIPT'
Speaker 1: Welcome back to the show. Today we talk about speech synthesis.
Speaker 2: Thanks for having me, it is a topic I love.
SCRIPT

python demo/inference_from_file.py --model_path ${shellQuote(model.id)} --txt_path script.txt --speaker_names Alice Frank`),
];
