import { ExitCode, HubrefError } from "../errors.js";
import { isFailure, problemClass } from "../outcome/problems.js";
import { HUB_OPTIONS, type Names } from "../words/names.js";
import { problemText } from "../words/problems.js";

/*
 * Failures as values. The domain functions throw HubrefError with the
 * messages the command line prints, which name its flags; a program calling
 * the library set options, not flags, so the boundary names those instead.
 */

/**
 * - `invalid-input`: the caller can fix it (an option, a model without what was asked);
 * - `unavailable`: something outside failed (the hub, the network, a cache);
 * - `no-code`: the model offers nothing for these options, for the reasons in `message`.
 */
export type ProblemCode = "invalid-input" | "unavailable" | "no-code";

export interface Problem {
  code: ProblemCode;
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
  return { code, message: libraryWords(message), ...(hint === undefined ? {} : { hint: libraryWords(hint) }) };
}

/** The library's names for what a caller set: its options, and the `hub` option's fields. */
const LIBRARY_NAMES: Names = {
  setting: (key) => `\`${key === "image" ? "images" : key}\``,
  hub: (setting) => HUB_OPTIONS[setting],
  edge: "library",
};

/** hubref's own failures become problems; anything else is a bug and is thrown on. */
export function problemOf(error: unknown, code?: ProblemCode): Problem {
  if (isFailure(error)) {
    const { message, hint } = problemText(error.problem, LIBRARY_NAMES);
    const asked = code ?? (problemClass(error.problem) === "usage" ? "invalid-input" : "unavailable");
    return { code: asked, message, ...(hint === undefined ? {} : { hint }) };
  }
  if (!(error instanceof HubrefError)) throw error;
  return problem(code ?? (error.exitCode === ExitCode.usage ? "invalid-input" : "unavailable"), error.message, error.hint);
}

export function ok<T>(value: T, notes: readonly string[] = [], warnings: readonly string[] = []): Result<T> {
  return { ok: true, value, notes: [...notes], warnings: [...warnings] };
}

/** Runs `make`, turning hubref's failures into a problem. */
export async function attempt<T>(make: () => Promise<Result<T>> | Result<T>, code?: ProblemCode): Promise<Result<T>> {
  try {
    return await make();
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
