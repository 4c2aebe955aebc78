import { ExitCode, HubrefError } from "../errors.js";
import type { Progress } from "../model/hub/hub.js";
import { noteLevel, type Note } from "../outcome/notes.js";
import { isFailure, problemClass, type Failure, type ProblemKind } from "../outcome/problems.js";
import type { SettingKey } from "../outcome/settings.js";
import { HUB_OPTIONS, type Names } from "../words/names.js";
import { noteText } from "../words/notes.js";
import { failureText } from "../words/problems.js";

/*
 * Failures as values. The domain functions fail with problems as records of
 * data; here they are worded with the library's names (its options, not the
 * command line's flags). Messages the domain still writes itself (HubrefError)
 * have their flag names turned into option names on the way.
 */

/** The option each setting is in the library, where it is not spelled as the setting's key: several images are `images`. */
const OPTION_OF_SETTING: Partial<Record<SettingKey, string>> = {
  image: "images",
  flashAttn: "flashAttention",
  app: "localAppCommands()",
  library: "libraryCode()",
};

/** The library's names for what the caller set: each option as it is spelled in the options objects. */
export const LIBRARY_NAMES: Names = {
  setting: (key: SettingKey) => `\`${OPTION_OF_SETTING[key] ?? key}\``,
  hub: (setting) => HUB_OPTIONS[setting],
  edge: "library",
  legacy: (text) => libraryWords(text),
};

/**
 * - `invalid-input`: the caller can fix it (an option, a model without what was asked);
 * - `unavailable`: something outside failed (the hub, the network, a cache);
 * - `no-code`: the model offers nothing for these options, for the reasons in `message`.
 */
export type ProblemCode = "invalid-input" | "unavailable" | "no-code";

export interface Problem {
  code: ProblemCode;
  /** What happened, as a stable name a program may test (`hub-unreachable`, `not-a-model`, …). */
  kind: ProblemKind | "other";
  message: string;
  /** The way forward, when there is one. */
  hint?: string;
}

/** What a call gives: its value with what is worth knowing, or the problem that stopped it. */
export type Result<T> = { ok: true; value: T; notes: string[]; warnings: string[] } | { ok: false; problem: Problem };

/** The command line's flags and the library options that stand for them. */
const OPTION_OF_FLAG: Readonly<Record<string, string>> = {
  "--provider-model-id": "providerModelId",
  "--endpoint-url": "endpointUrl",
  "--provider": "provider",
  "--language": "language",
  "--client": "client",
  "--inputs": "inputs",
  "--image": "images",
  "--stream": "stream",
  "--bill-to": "billTo",
  "--token": "token",
  "--direct": "direct",
  "--temperature": "temperature",
  "--max-tokens": "maxTokens",
  "--top-p": "topP",
  "--tools": "tools",
  "--schema": "schema",
  "--quant": "quant",
  "--file": "file",
  "--fits": "fits",
  "--ctx": "ctx",
  "--cache-type": "cacheType",
  "--library": "libraryCode()",
  "--app": "localAppCommands()",
  "--offline": "offline",
};

const FLAG = /--[a-z][a-z-]*[a-z]/g;

/** A command-line message in the library's words: each flag with an option of its own becomes that option's name. */
export function libraryWords(text: string): string {
  return text.replace(FLAG, (flag) => {
    const option = OPTION_OF_FLAG[flag];
    return option === undefined ? flag : `\`${option}\``;
  });
}

export function problem(code: ProblemCode, message: string, hint?: string): Problem {
  return { code, kind: "other", message: libraryWords(message), ...(hint === undefined ? {} : { hint: libraryWords(hint) }) };
}

/**
 * The error each problem was worded from, for an edge above the library that words it with names of its own (the
 * MCP server's arguments): held beside the problem, so the problem stays plain data.
 */
const SOURCE_OF_PROBLEM = new WeakMap<Problem, Failure | HubrefError>();

/** What `problem` was worded from, where the library made it from one of hubref's errors. */
export function problemSource(problem: Problem): Failure | HubrefError | undefined {
  return SOURCE_OF_PROBLEM.get(problem);
}

/** A domain problem in the library's words. */
export function failureProblem(failure: Failure, code?: ProblemCode): Problem {
  const text = failureText(failure, LIBRARY_NAMES);
  return remembered(failure, {
    code: code ?? (problemClass(failure.problem) === "usage" ? "invalid-input" : "unavailable"),
    kind: failure.problem.kind,
    message: text.messages.join("\n"),
    ...(text.hint === undefined ? {} : { hint: text.hint }),
  });
}

function remembered(source: Failure | HubrefError, problem: Problem): Problem {
  SOURCE_OF_PROBLEM.set(problem, source);
  return problem;
}

/** hubref's own failures become problems; anything else is a bug and is thrown on. */
export function problemOf(error: unknown, code?: ProblemCode): Problem {
  if (isFailure(error)) return failureProblem(error, code);
  if (!(error instanceof HubrefError)) throw error;
  return remembered(error, problem(code ?? (error.exitCode === ExitCode.usage ? "invalid-input" : "unavailable"), error.message, error.hint));
}

/** A note in the library's words. */
export function libraryNote(note: Note): string {
  return noteText(note, LIBRARY_NAMES);
}

/** Notes and warnings in the library's words, each by its level; one its area still words itself is a note. */
export function libraryNotes(said: readonly (Note | string)[]): { notes: string[]; warnings: string[] } {
  const notes: string[] = [];
  const warnings: string[] = [];
  for (const note of said) {
    if (typeof note === "string") notes.push(libraryWords(note));
    else (noteLevel(note) === "warning" ? warnings : notes).push(libraryNote(note));
  }
  return { notes, warnings };
}

/** The progress a call's hub work reports to: no spinner, and what it says kept as the result's warnings. */
function collecting(): { progress: Progress; said: string[] } {
  const said: string[] = [];
  return { progress: { begin: () => () => undefined, notice: (note) => said.push(libraryNote(note)) }, said };
}

export function ok<T>(value: T, notes: readonly string[] = [], warnings: readonly string[] = []): Result<T> {
  return { ok: true, value, notes: [...notes], warnings: [...warnings] };
}

/** Runs `make`, turning hubref's failures into a problem; what its hub work says joins the warnings. */
export async function attempt<T>(make: (progress: Progress) => Promise<Result<T>> | Result<T>, code?: ProblemCode): Promise<Result<T>> {
  const { progress, said } = collecting();
  try {
    const result = await make(progress);
    return result.ok && said.length > 0 ? { ...result, warnings: [...result.warnings, ...said] } : result;
  } catch (error) {
    return { ok: false, problem: problemOf(error, code) };
  }
}

/** The synchronous attempt, for functions that need no I/O. */
export function attemptNow<T>(make: () => Result<T>, code?: ProblemCode): Result<T> {
  try {
    return make();
  } catch (error) {
    return { ok: false, problem: problemOf(error, code) };
  }
}
