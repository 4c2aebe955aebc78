import { z } from "zod";
import { LOCAL_SETTINGS, RUN_SETTINGS, type LocalSetting, type RunSettingSpec } from "./settings.js";

/*
 * The run settings' table as a schema, for the edges that take JSON from a
 * caller (the library's options, the MCP tools' arguments). Apart from the
 * table so that a command that takes no JSON loads no zod.
 */

function schemaOf(spec: RunSettingSpec): z.ZodType<string | number> {
  const text = z.string().max(spec.maxLength);
  // JSON callers give a context as a number; the command line as text.
  return spec.value === "tokens" ? z.union([text, z.number()]) : text;
}

/**
 * The request as text, the way a flag, an option or a tool argument gives it: every value a string (a context may
 * be a number), bounded in length; what the values mean is the parser's to check, with hubref's own words.
 */
export const RAW_LOCAL_SHAPE = Object.fromEntries(LOCAL_SETTINGS.map((key) => [key, schemaOf(RUN_SETTINGS[key]).optional()])) as {
  [K in LocalSetting]: z.ZodOptional<(typeof RUN_SETTINGS)[K]["value"] extends "tokens" ? z.ZodType<string | number> : z.ZodType<string>>;
};

export const RAW_LOCAL_OPTIONS = z.object(RAW_LOCAL_SHAPE);
