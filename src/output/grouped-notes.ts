import type { OutputStream } from "./output.js";
import { terminalLine } from "./terminal-text.js";

/*
 * Notes and warnings of a batch: 3,000 models without a provider mapping
 * would print 3,000 lines that differ only by the model's id. Lines that
 * differ only by the model are grouped into one, with a count and a few of
 * the ids, and printed after the output.
 */

export type NoteKind = "note" | "warning";

/** How many ids a grouped line names. */
const EXAMPLES = 3;

/** Where the model's id stands in a grouped line. */
const MODEL = "MODEL";

interface Group {
  kind: NoteKind;
  /** The line with the model's id taken out. */
  text: string;
  /** The first line as it was, for a group of one. */
  first: string;
  /** A set: 30,000 models in one group must not cost a search each. */
  models: Set<string>;
}

/** 2,994: thousands separated as the hub writes them, without loading Intl's locale data. */
export function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
}

export class GroupedNotes {
  private readonly groups = new Map<string, Group>();

  /**
   * One model's note or warning. `text` may name the model by its id, or by
   * `ref` (the file it came from): those are what tell lines apart.
   */
  add(kind: NoteKind, model: string, text: string, ref: string = model): void {
    const general = text
      .split(ref)
      .join(MODEL)
      .split(model)
      .join(MODEL)
      .replace(/^MODEL: /, "");
    const key = `${kind}\n${general}`;
    const group = this.groups.get(key);
    if (group) group.models.add(model);
    else this.groups.set(key, { kind, text: general, first: text, models: new Set([model]) });
  }

  /** The grouped lines, notes first, each group once; `total` is the number of models in the batch. */
  lines(total: number): string[] {
    const sorted = [...this.groups.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "note" ? -1 : 1));
    return sorted.map((group) => {
      if (group.models.size === 1) return `${group.kind}: ${group.first}`;
      const examples = [...group.models].slice(0, EXAMPLES).join(", ");
      const more = group.models.size > EXAMPLES ? ", …" : "";
      return `${group.kind}: ${count(group.models.size)} of ${count(total)} models: ${group.text} (e.g. ${examples}${more})`;
    });
  }

  write(stream: OutputStream, total: number): void {
    // Ids and messages carry hub text: one line each, through the terminal sanitiser.
    for (const line of this.lines(total)) stream.write(`${terminalLine(line)}\n`);
  }
}
