import type { CommandContext } from "./context.js";
import type { HubrefError } from "../errors.js";
import { GroupedNotes, type NoteKind } from "../output/grouped-notes.js";
import { terminalLine } from "../output/terminal-text.js";
import type { ModelData } from "../model/schema.js";
import type { ModelReport } from "../blocks/json-batch.js";
import { noBlocksFailure } from "../blocks/model-blocks.js";
import type { Hint, Problem } from "../outcome/problems.js";
import type { Note } from "../outcome/notes.js";
import { cliError, cliFailure, cliWords, noteLine } from "./names.js";

/*
 * What a run of `hubref snippet` over one or more models has to say besides
 * the code, in every mode (inference calls, --library, --app). With one model
 * (or --verbose) each line goes out as it comes, and a failure is the
 * command's error. With several, lines that differ only by the model are
 * grouped and printed after the output, and a model that could not be read
 * or got no code is one `error:` line there: the others still print, and the
 * run exits 1, as grep does with a missing file.
 */

export class Batch {
  readonly grouped = new GroupedNotes();
  /** Models that produced nothing, in the order they failed, with why. */
  readonly failed: { model: string; problems: (Problem | string)[] }[] = [];
  readonly hints: Hint[] = [];
  constructor(
    readonly total: number,
    private readonly verbose: boolean,
    private readonly stderr: CommandContext["stderr"],
  ) {}

  get several(): boolean {
    return this.total > 1;
  }

  say(kind: NoteKind, model: string, text: string, ref = model): void {
    if (!this.several || this.verbose) this.stderr.write(`${kind}: ${terminalLine(text)}\n`);
    else this.grouped.add(kind, model, text, ref);
  }

  /** A note or warning of one model, at its level. */
  sayNote(model: string, note: Note | string, ref = model): void {
    const { level, text } = noteLine(note);
    this.say(level, model, text, ref);
  }

  /** What one model said while its inference code was made, in the batch's order. */
  record(report: ModelReport): void {
    const { model, ref } = report;
    if ("refused" in report) {
      this.failed.push({ model, problems: [report.refused] });
      return;
    }
    this.hints.push(...report.hints);
    for (const note of report.notes) this.sayNote(model, note, ref);
    if (report.made === 0) this.failed.push({ model, problems: report.problems });
    else for (const problem of report.problems) this.say("warning", model, cliWords(problem), ref);
  }

  /**
   * Runs `each` on every model argument. In a batch of several, a model that
   * fails with a HubrefError (a missing file, a hub error, no code for it) is
   * recorded under its argument and the others still run; with one model the
   * error is the command's.
   */
  async each(models: readonly string[], each: (arg: string, index: number) => Promise<void>): Promise<void> {
    for (const [index, arg] of models.entries()) {
      try {
        await each(arg, index);
      } catch (error) {
        const known = cliError(error);
        if (!this.several || !known) throw error;
        this.failed.push({ model: arg, problems: [known.message] });
      }
    }
  }

  /** After the output: the grouped lines, then one `error:` line per model that produced nothing (exit 1). */
  finish(context: CommandContext): void {
    this.grouped.write(this.stderr, this.total);
    for (const { model, problems } of this.failed) {
      // A message that names the model already (a file's path) is not prefixed with it again.
      const reason = problems.length === 0 ? "no code" : problems.map(cliWords).join("; ");
      this.stderr.write(`error: ${terminalLine(reason.includes(model) ? reason : `${model}: ${reason}`)}\n`);
    }
    if (this.failed.length > 0) context.exitCode = 1;
  }

  /** The one model produced no inference code: the usage error, with every reason. */
  nothing(onlyModel?: ModelData): HubrefError {
    return cliFailure(noBlocksFailure({ problems: this.failed.flatMap((failure) => failure.problems), hints: this.hints }, onlyModel));
  }
}

/**
 * Inference calls in several languages into one stdout that is no terminal
 * (`hubref snippet X > run.py`) are rarely what the user meant: one note says
 * so and names --language. Nothing at a terminal, with --json, or with a
 * language chosen. Library code is left alone: its shell block installs what
 * its Python block imports, so the two belong together.
 */
export function mixedLanguagesNote(languages: readonly string[], asked: { language?: string | undefined; json: boolean }, context: CommandContext): void {
  const distinct = [...new Set(languages)];
  if (context.stdout.isTTY || asked.json || asked.language !== undefined || distinct.length < 2) return;
  context.stderr.write(
    `note: stdout gets code in ${distinct.length} languages (${distinct.join(", ")}); pick one with --language, e.g. --language ${distinct[0]}\n`,
  );
}
