/*
 * How a problem or a note is declared: a kind names it, its record carries
 * data (model ids, sizes, counts, setting keys), never words. The words are
 * written once, at the edges (src/words/), for the command line's flags and
 * for the library's option names alike.
 */

/** What a problem means to whoever asked: something they can change, or something outside that failed. */
export type ProblemClass = "usage" | "unavailable";

/** A note is worth knowing; a warning says something went wrong that the run went on without. */
export type NoteLevel = "note" | "warning";

/** A kind's declaration: its class (or level) at run time, its data as a type only. */
export interface KindSpec<Data, Tag> {
  readonly tag: Tag;
  /** Never set: carries the data's type for the tables' derived unions. */
  readonly data?: Data;
}

export function problemKind<Data extends object = Record<never, never>>(tag: ProblemClass): KindSpec<Data, ProblemClass> {
  return { tag };
}

export function noteKind<Data extends object = Record<never, never>>(tag: NoteLevel): KindSpec<Data, NoteLevel> {
  return { tag };
}

/** The union of records a kind table declares: `{ kind: K } & data` for each kind K. */
export type RecordsOf<Table extends Record<string, KindSpec<object, unknown>>> = {
  [K in keyof Table & string]: { readonly kind: K } & NonNullable<Table[K]["data"]>;
}[keyof Table & string];
