import type { FlashAttentionSetting } from "../memory/plan.js";
import { CACHE_TYPE_NAMES } from "../memory/rules.js";
import type { SettingKey } from "../outcome/settings.js";

/*
 * The settings of a local run, in one table: which the file, the machine and
 * the run each take, and what kind of value each is. The command line's flags
 * (spelled by FLAG_NAMES), the request as text (RawLocalOptions), the library's
 * options and the MCP tools' arguments are all derived from it; the values are
 * checked by one parser (request.ts), so the edges only shape them.
 */

export const PREFERENCES = ["quality", "speed"] as const;
/** `quality`: the largest file that fits anywhere; `speed`: the fastest of the default class. */
export type Preference = (typeof PREFERENCES)[number];

export const FLASH_ATTENTION = ["on", "off", "auto"] as const satisfies readonly FlashAttentionSetting[];

export interface RunSettingSpec {
  /** What the setting is about: which file, the machine it runs on, or how it runs there. */
  about: "file" | "machine" | "run";
  /** text: free text (a label, a file, hardware); size: a memory size; tokens: a count, `max` or `fit`; choice: one of `choices`. */
  value: "text" | "size" | "tokens" | "choice";
  choices?: readonly string[];
  /** The longest text a caller may give: a bound for untrusted callers, well above any real value. */
  maxLength: number;
  /** Its name where JSON gives it (the library's options, the MCP tools' arguments), when not the key. */
  jsonName?: string;
}

export const RUN_SETTINGS = {
  quant: { about: "file", value: "text", maxLength: 100 },
  file: { about: "file", value: "text", maxLength: 500 },
  fits: { about: "machine", value: "text", maxLength: 100 },
  ram: { about: "machine", value: "size", maxLength: 20 },
  margin: { about: "machine", value: "size", maxLength: 20 },
  prefer: { about: "machine", value: "choice", choices: PREFERENCES, maxLength: 20 },
  ctx: { about: "run", value: "tokens", maxLength: 20 },
  cacheType: { about: "run", value: "choice", choices: CACHE_TYPE_NAMES, maxLength: 20 },
  cacheTypeK: { about: "run", value: "choice", choices: CACHE_TYPE_NAMES, maxLength: 20 },
  cacheTypeV: { about: "run", value: "choice", choices: CACHE_TYPE_NAMES, maxLength: 20 },
  flashAttn: { about: "run", value: "choice", choices: FLASH_ATTENTION, maxLength: 20, jsonName: "flashAttention" },
} as const satisfies Partial<Record<SettingKey, RunSettingSpec>>;

export type LocalSetting = keyof typeof RUN_SETTINGS;
export type SettingsAbout<A extends RunSettingSpec["about"]> = { [K in LocalSetting]: (typeof RUN_SETTINGS)[K]["about"] extends A ? K : never }[LocalSetting];

/** The settings of RawLocalOptions, in the order a command line writes them. */
export const LOCAL_SETTINGS = Object.keys(RUN_SETTINGS) as LocalSetting[];

/** The settings about one thing (the file, the machine, the run), in the table's order. */
export function settingsAbout<A extends RunSettingSpec["about"]>(about: A): SettingsAbout<A>[] {
  return LOCAL_SETTINGS.filter((key): key is SettingsAbout<A> => RUN_SETTINGS[key].about === about);
}

/** The request as text, the way a flag, an option or a tool argument gives it; a context may be a number, as JSON gives it. */
export type RawLocalOptions = { [K in LocalSetting]?: (typeof RUN_SETTINGS)[K]["value"] extends "tokens" ? string | number : string };

/** A setting's name where JSON gives it. */
export type JsonName<K extends LocalSetting> = (typeof RUN_SETTINGS)[K] extends { jsonName: infer N extends string } ? N : K;

export function jsonNameOf<K extends LocalSetting>(key: K): JsonName<K> {
  const spec: RunSettingSpec = RUN_SETTINGS[key];
  return (spec.jsonName ?? key) as JsonName<K>;
}
