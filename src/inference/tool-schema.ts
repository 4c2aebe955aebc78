import { z } from "zod";
import type { ToolFileFault } from "../outcome/input-problems.js";
import { fail } from "../outcome/problems.js";
import { formatJsonPath } from "../util/validate.js";

/*
 * What `--tools FILE` and `--schema FILE` may hold, as zod schemas: the one
 * source of the tool type. Loaded only when one of them is given (the CLI
 * imports this file then), so plain snippets never load zod for it.
 */

/** A tool name that is an identifier in every snippet language; the code's function is named after it. */
export const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const JsonObjectSchema = z.record(z.string(), z.unknown());

export const FunctionToolSchema = z
  .object({
    type: z.literal("function"),
    function: z
      .object({
        name: z.string().regex(TOOL_NAME, "a tool name is a letter or _, then letters, digits or _ (at most 64)"),
        description: z.string().optional(),
        parameters: JsonObjectSchema.optional(),
        strict: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();

export const ToolsFileSchema = z.array(FunctionToolSchema).min(1, "the file holds no tool");

/** One function tool, in the OpenAI shape the router takes. */
export type FunctionTool = z.infer<typeof FunctionToolSchema>;

/** A JSON Schema for the reply: an object, kept as it is. */
export type ReplySchema = z.infer<typeof JsonObjectSchema>;

function refuse(source: string, file: "tools" | "schema", fault: ToolFileFault): never {
  return fail({ kind: "tool-file-invalid", source, file, fault });
}

function parseJson(text: string, source: string, file: "tools" | "schema"): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return refuse(source, file, { kind: "not-json", detail: (error as Error).message });
  }
}

/** The tools of a tools file's text; `source` names it in messages. */
export function parseTools(text: string, source: string): FunctionTool[] {
  const value = parseJson(text, source, "tools");
  if (!Array.isArray(value)) refuse(source, "tools", { kind: "not-tools" });
  const result = ToolsFileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return refuse(source, "tools", { kind: "field", field: formatJsonPath(issue.path), issue: issue.message });
  }
  const seen = new Set<string>();
  for (const tool of result.data) {
    const name = tool.function.name;
    if (seen.has(name)) refuse(source, "tools", { kind: "tool-twice", name });
    seen.add(name);
  }
  return result.data;
}

/** The JSON Schema of a reply schema file's text. */
export function parseReplySchema(text: string, source: string): ReplySchema {
  const value = parseJson(text, source, "schema");
  const result = JsonObjectSchema.safeParse(value);
  if (!result.success || Array.isArray(value)) return refuse(source, "schema", { kind: "not-schema" });
  return result.data;
}
