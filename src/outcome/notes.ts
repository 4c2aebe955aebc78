import type { KindSpec, NoteLevel, RecordsOf } from "./kind.js";
import { HUB_NOTES } from "./hub-notes.js";
import { CODE_NOTES } from "./code-notes.js";
import { LOCAL_NOTES } from "./local-notes.js";

/*
 * Every note and warning hubref can give, by kind, with its data, as
 * problems.ts lists problems: the domain returns these records, the edges
 * word them (src/words/notes.ts). Each area keeps its own table.
 */

export const NOTES = {
  ...HUB_NOTES,
  ...CODE_NOTES,
  ...LOCAL_NOTES,
} as const satisfies Record<string, KindSpec<object, NoteLevel>>;

export type Note = RecordsOf<typeof NOTES>;
export type NoteKind = Note["kind"];
export type NoteOf<K extends NoteKind> = Extract<Note, { kind: K }>;

export function noteLevel(note: Note): NoteLevel {
  return NOTES[note.kind].tag;
}
