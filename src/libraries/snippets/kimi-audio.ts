import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const kimiAudio: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/MoonshotAI/Kimi-Audio.git
cd Kimi-Audio
git submodule update --init --recursive
pip install -r requirements.txt`),
  python(`import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

model = KimiAudio(model_path=${pyString(model.id)}, load_detokenizer=True)
sampling_params = {
    "audio_temperature": 0.8,
    "audio_top_k": 10,
    "text_temperature": 0.0,
    "text_top_k": 5,
}

# Speech recognition: text out.
messages = [
    {"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},
    {"role": "user", "message_type": "audio", "content": "sample.wav"},
]
_, text = model.generate(messages, **sampling_params, output_type="text")
print(text)

# Spoken conversation: speech and text out.
wav, text = model.generate(
    [{"role": "user", "message_type": "audio", "content": "question.wav"}],
    **sampling_params,
    output_type="both",
)
sf.write("answer.wav", wav.detach().cpu().view(-1).numpy(), 24000)`),
];
