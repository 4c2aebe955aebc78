import type { HUB_NOTES, HubStep } from "../outcome/hub-notes.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";

type HubNote = RecordsOf<typeof HUB_NOTES>;
type Of<K extends HubNote["kind"]> = Extract<HubNote, { kind: K }>;

export const HUB_NOTE_WORDS: { [K in HubNote["kind"]]: (note: Of<K>, names: Names) => string } = {
  "cache-not-written": (note) => `cannot write the cache in ${note.root} (${note.reason}); hubref will fetch what it read again next time`,
};

/** What a spinner says while a step runs. */
export function stepWords(step: HubStep): string {
  switch (step.kind) {
    case "fetching-model":
      return `fetching ${step.id} from ${step.host}`;
    case "reading-header":
      return `reading the GGUF header of ${step.file} from ${step.host}`;
    case "reading-safetensors":
      return `reading the safetensors headers of ${step.id} from ${step.host}`;
    case "searching":
      return `searching ${step.host}`;
    case "searching-fits":
      return `searching ${step.host} for models that fit`;
    case "judging":
      return `judging ${step.candidates} repositories`;
  }
}
