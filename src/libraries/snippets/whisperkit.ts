import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** WhisperKit runs Core ML Whisper models on Apple silicon; a repository holds one folder per model variant. */
export const whisperkit: LibrarySnippetGenerator = (model) => [
  sh(`brew install whisperkit-cli

pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir whisperkit-models

# Point --model-path at one of the model folders of the download
whisperkit-cli transcribe --model-path whisperkit-models/openai_whisper-large-v3 --audio-path audio.wav`),
];
