import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, isPythonIdentifier, python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* What each common SpeechBrain interface does with an audio file, and shows of the result. */
const RUN: Record<string, string> = {
  EncoderClassifier: 'probabilities, best_score, best_index, labels = model.classify_file("audio.wav")\nprint(labels)',
  EncoderASR: 'transcription = model.transcribe_file("audio.wav")\nprint(transcription)',
  EncoderDecoderASR: 'transcription = model.transcribe_file("audio.wav")\nprint(transcription)',
  WhisperASR: 'transcription = model.transcribe_file("audio.wav")\nprint(transcription)',
  SepformerSeparation: 'sources = model.separate_file("mixture.wav")\nprint(sources.shape)',
  SpectralMaskEnhancement: 'enhanced = model.enhance_file("noisy.wav")\nprint(enhanced.shape)',
  WaveformEnhancement: 'enhanced = model.enhance_file("noisy.wav")\nprint(enhanced.shape)',
  SpeakerRecognition:
    'score, same_speaker = model.verify_files("speaker1.wav", "speaker2.wav")\nprint(f"score: {score.item():.3f}, same speaker: {bool(same_speaker)}")',
};

/**
 * The interface class named in the repository's config loads the model. The
 * name becomes a bare Python name, so only a plain identifier is accepted.
 */
export const speechbrain: LibrarySnippetGenerator = (model) => {
  const name = model.config?.speechbrain?.speechbrain_interface;
  if (name === undefined || !isPythonIdentifier(name))
    return [
      fallback("python", Placeholder.speechbrainInterfaceInvalid, "The repository's hyperparams.yaml names the class to load it with: see the model card."),
    ];
  const run = Object.hasOwn(RUN, name) ? `\n${RUN[name]}` : "";
  return [
    sh("pip install -U speechbrain"),
    python(`from speechbrain.inference import ${name}

model = ${name}.from_hparams(
    source=${pyString(model.id)},
    savedir=${pyString(`pretrained_models/${model.id}`)},
)${run}`),
  ];
};
