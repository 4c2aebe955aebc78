import { shellWord } from "../format/shell.js";
import { parseLocalRequest, type LocalRequest } from "../local/request.js";
import { settingsAbout, type RawLocalOptions, type SettingsAbout } from "../local/settings.js";
import { FLAG_NAMES } from "../words/cli-names.js";

/*
 * --fits, --ram, --margin, --prefer, --ctx, the cache types and --flash-attn,
 * as `snippet --app`, `snippet --library`, `model`, `models --fits` and
 * `quant-types --for` take them: parsed once by the local-run owner's parser
 * (src/local/request.ts, which the library and MCP use too), before any model
 * is read. Which flags go together is each command's rules (flag-rules.ts).
 */

export interface FitsOptions {
  /** What the run was asked: the machine, the context and cache, the preference. */
  local: LocalRequest;
  /** The same, as words of a `hubref snippet` command line: each row of `hubref model` repeats them. */
  runArgs: string[];
  /** The words for a command that names its file (`--quant`): without --prefer, which chooses one and is refused beside it. */
  namedRunArgs: string[];
}

/** The run's flags as commander hands them over: every local-run setting but the file's, which each command names its own way. */
export type RawFitsOptions = Omit<RawLocalOptions, SettingsAbout<"file">>;

/** The flags of a run, in the order a command line writes them. */
const RUN_FLAGS = [...settingsAbout("machine"), ...settingsAbout("run")];

/** The values, checked; `file` adds --quant and --file to the request. */
export function fitsOptions(raw: RawFitsOptions, file: Pick<RawLocalOptions, "quant" | "file"> = {}): FitsOptions {
  const local = parseLocalRequest({ ...raw, ...file });
  const words = (keys: readonly (keyof RawFitsOptions)[]) =>
    keys.flatMap((key) => (raw[key] === undefined ? [] : [FLAG_NAMES[key], shellWord(String(raw[key]))]));
  return { local, runArgs: words(RUN_FLAGS), namedRunArgs: words(RUN_FLAGS.filter((key) => key !== "prefer")) };
}
