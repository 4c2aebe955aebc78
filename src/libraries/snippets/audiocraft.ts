import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

type Family = "MusicGen" | "AudioGen" | "MAGNeT";

/** The model family, from the hub tags or else the repository name. */
function family(model: ModelData): Family | undefined {
  const names = [...model.tags.map((tag) => tag.toLowerCase()), model.id.toLowerCase()];
  // MAGNeT checkpoints exist for music and sound, so their names may also say "musicgen"/"audiogen".
  if (names.some((name) => name.includes("magnet"))) return "MAGNeT";
  if (names.some((name) => name.includes("musicgen"))) return "MusicGen";
  if (names.some((name) => name.includes("audiogen"))) return "AudioGen";
  return undefined;
}

const DEFAULT_DESCRIPTIONS: Record<Family, string[]> = {
  MusicGen: ["happy rock", "energetic EDM", "sad jazz"],
  AudioGen: ["dog barking", "sirens of an emergency vehicle", "footsteps in a corridor"],
  MAGNeT: ["80s electronic track with melodic synthesizers", "rain falling on a tin roof"],
};

function generation(model: ModelData, kind: Family): string {
  const described = widgetText(model);
  const descriptions = described ? [described] : DEFAULT_DESCRIPTIONS[kind];
  const list = `[${descriptions.map(pyString).join(", ")}]`;
  // MAGNeT decodes a fixed-length window, so it takes no duration.
  const params = kind === "MAGNeT" ? "" : "model.set_generation_params(duration=8)  # seconds\n";
  return `from audiocraft.data.audio import audio_write
from audiocraft.models import ${kind}

model = ${kind}.get_pretrained(${pyString(model.id)})
${params}
descriptions = ${list}
wav = model.generate(descriptions)

for index, one_wav in enumerate(wav):
    # Writes {index}.wav, normalised for loudness.
    audio_write(f"{index}", one_wav.cpu(), model.sample_rate, strategy="loudness")`;
}

export const audiocraft: LibrarySnippetGenerator = (model) => {
  const kind = family(model);
  if (!kind)
    return [
      fallback("python", Placeholder.typeOfModelUnknown, "Neither tags nor name say MusicGen, AudioGen or MAGNeT: load it with that class's get_pretrained."),
    ];
  return [sh("pip install -U audiocraft"), python(generation(model, kind))];
};
