import { ExitCode, HubrefError } from "../errors.js";
import type { Problem } from "../api/index.js";
import { isFailure, problemClass } from "../outcome/problems.js";
import type { SettingKey } from "../outcome/settings.js";
import { FLAG_NAMES } from "../words/cli-names.js";
import { HUB_VARIABLES, type Names } from "../words/names.js";
import { failureText } from "../words/problems.js";

/*
 * The MCP server's names for what an agent sets: each tool argument as its
 * input schema spells it, and the environment variables the server reads for
 * the hub (it reaches the hub as the command line does). The library's names
 * differ where a library function stands for an argument (`app`, `library`).
 */

/** The argument each setting is, where it is not spelled as the setting's key. */
const ARGUMENT_OF_SETTING: Partial<Record<SettingKey, string>> = { flashAttn: "flashAttention" };

const argument = (key: SettingKey) => `\`${ARGUMENT_OF_SETTING[key] ?? key}\``;

/** The command line's flags, back to the settings they stand for. */
const SETTING_OF_FLAG = new Map<string, SettingKey>(Object.entries(FLAG_NAMES).map(([key, flag]) => [flag, key as SettingKey]));

const FLAG = /--[a-z][a-z-]*[a-z]/g;

export const MCP_NAMES: Names = {
  setting: argument,
  hub: (setting) => HUB_VARIABLES[setting],
  // An agent names no machine it runs on: the server's, which `fits: auto` would measure, is not the user's.
  edge: "library",
  legacy: (text) =>
    text.replace(FLAG, (flag) => {
      const key = SETTING_OF_FLAG.get(flag);
      return key === undefined ? flag : argument(key);
    }),
};

/** hubref's own failure in the tools' words; undefined for anything else (a bug). */
export function mcpProblem(error: unknown): Problem | undefined {
  if (isFailure(error)) {
    const text = failureText(error, MCP_NAMES);
    return {
      code: problemClass(error.problem) === "usage" ? "invalid-input" : "unavailable",
      kind: error.problem.kind,
      message: text.messages.join("\n"),
      ...(text.hint === undefined ? {} : { hint: text.hint }),
    };
  }
  if (!(error instanceof HubrefError)) return undefined;
  return {
    code: error.exitCode === ExitCode.usage ? "invalid-input" : "unavailable",
    kind: "other",
    message: MCP_NAMES.legacy(error.message),
    ...(error.hint === undefined ? {} : { hint: MCP_NAMES.legacy(error.hint) }),
  };
}
