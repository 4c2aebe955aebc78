import { ExitCode, HubrefError } from "../errors.js";
import { problemClass, type Failure } from "../outcome/problems.js";
import type { SettingKey } from "../outcome/settings.js";
import { HUB_VARIABLES, type Names } from "../words/names.js";
import { problemText } from "../words/problems.js";
import { FLAG_NAMES } from "./flag-rules.js";

/*
 * A problem record in the command line's words: its settings by their flags,
 * the hub's by their environment variables; its class is the exit code.
 * Loaded only when a command fails with one.
 */

const FLAGS: Readonly<Record<string, string | undefined>> = FLAG_NAMES;

export const CLI_NAMES: Names = {
  setting: (key: SettingKey) => FLAGS[key] ?? `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  hub: (setting) => HUB_VARIABLES[setting],
  edge: "cli",
};

export function failureError(failure: Failure): HubrefError {
  const { message, hint } = problemText(failure.problem, CLI_NAMES);
  return new HubrefError(message, problemClass(failure.problem) === "usage" ? ExitCode.usage : ExitCode.operational, hint);
}
