import { z } from "zod";
import {
  jsonNameOf,
  LOCAL_SETTINGS,
  RUN_SETTINGS,
  type JsonName,
  type LocalSetting,
  type RawLocalOptions,
  type RunSettingSpec,
  type SettingsAbout,
} from "./settings.js";

/*
 * The run settings' table as schemas, for the edges that take JSON: the MCP
 * tools' arguments (text, as a person types it: `16k`, `Q8_0`) and the
 * library's options (typed for a TypeScript caller). Both only shape the
 * values: the parser (request.ts) checks what they mean, in hubref's words.
 * Apart from the table so that a command that takes no JSON loads no zod.
 */

/** The settings as text, as a tool argument gives them: bounded in length, a context also a number. */
function textSchema(spec: RunSettingSpec): z.ZodType<string | number> {
  const text = z.string().max(spec.maxLength);
  return spec.value === "tokens" ? z.union([text, z.number()]) : text;
}

/** Every setting as a tool argument takes it, by its JSON name. */
export const TEXT_LOCAL_SHAPE = Object.fromEntries(LOCAL_SETTINGS.map((key) => [jsonNameOf(key), textSchema(RUN_SETTINGS[key]).optional()])) as {
  [K in LocalSetting as JsonName<K>]: z.ZodOptional<(typeof RUN_SETTINGS)[K]["value"] extends "tokens" ? z.ZodType<string | number> : z.ZodType<string>>;
};

/** The tool arguments as the request as text: the JSON names back to the settings' keys. */
export function rawFromJson(args: Readonly<Record<string, unknown>>): RawLocalOptions {
  const raw: Record<string, unknown> = {};
  for (const key of LOCAL_SETTINGS) if (args[jsonNameOf(key)] !== undefined) raw[key] = args[jsonNameOf(key)];
  return raw as RawLocalOptions;
}

/** A context as a TypeScript caller gives it: tokens, `max` or `fit`. */
const tokens = () => z.union([z.number().int().positive(), z.enum(["max", "fit"])]);

/** What a TypeScript caller of the library gives for a setting: its choices typed (and checked by the parser, in its words), else text. */
type LibraryValue<K extends LocalSetting> = (typeof RUN_SETTINGS)[K]["value"] extends "tokens"
  ? ReturnType<typeof tokens>
  : (typeof RUN_SETTINGS)[K] extends { choices: readonly (infer C extends string)[] }
    ? z.ZodType<C>
    : z.ZodString;

function librarySchema(spec: RunSettingSpec): z.ZodType {
  if (spec.value === "tokens") return tokens();
  if (spec.choices !== undefined) return z.custom<string>((value) => typeof value === "string", "a string");
  return z.string();
}

/** The settings of `about` as the library's options take them, by their JSON names. */
export function libraryLocalShape<A extends RunSettingSpec["about"]>(
  ...about: A[]
): { [K in SettingsAbout<A> as JsonName<K>]: z.ZodOptional<LibraryValue<K>> } {
  const keys = LOCAL_SETTINGS.filter((key) => (about as string[]).includes(RUN_SETTINGS[key].about));
  return Object.fromEntries(keys.map((key) => [jsonNameOf(key), librarySchema(RUN_SETTINGS[key]).optional()])) as never;
}

/** The library's options as the request as text: a context as the parser reads it, the JSON names back to the keys. */
export function rawFromOptions(options: Readonly<Record<string, unknown>>): RawLocalOptions {
  const raw = rawFromJson(options);
  return raw.ctx === undefined ? raw : { ...raw, ctx: String(raw.ctx) };
}
