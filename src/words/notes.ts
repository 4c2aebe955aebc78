import type { Note, NoteKind, NoteOf } from "../outcome/notes.js";
import { HUB_NOTE_WORDS } from "./hub-notes-words.js";
import { CODE_NOTE_WORDS } from "./code-notes-words.js";
import { LOCAL_NOTE_WORDS } from "./local-words.js";
import type { Names } from "./names.js";

/* The words of every note, one function per kind, as problems.ts words problems. */

type Words = { [K in NoteKind]: (note: NoteOf<K>, names: Names) => string };

const NOTE_WORDS: Words = { ...HUB_NOTE_WORDS, ...CODE_NOTE_WORDS, ...LOCAL_NOTE_WORDS };

export function noteText(note: Note, names: Names): string {
  const words = NOTE_WORDS[note.kind] as (note: Note, names: Names) => string;
  return words(note, names);
}
