import { z } from "zod";
import { usageError } from "../errors.js";
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

const TOOLS_HINT = 'give a JSON array of {"type": "function", "function": {"name": ..., "parameters": {...}}}';

function parseJson(text: string, source: string, hint: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw usageError(`${source}: not JSON (${(error as Error).message})`, hint);
  }
}

/** The tools of a `--tools` file's text; `source` names it in messages. */
export function parseTools(text: string, source: string): FunctionTool[] {
  const value = parseJson(text, source, TOOLS_HINT);
  if (!Array.isArray(value)) throw usageError(`${source}: not an array of function tools`, TOOLS_HINT);
  const result = ToolsFileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw usageError(`${source}: field '${formatJsonPath(issue.path)}': ${issue.message}`, TOOLS_HINT);
  }
  const seen = new Set<string>();
  for (const tool of result.data) {
    const name = tool.function.name;
    if (seen.has(name)) throw usageError(`${source}: the tool name ${name} is given twice`, "give each tool a name of its own");
    seen.add(name);
  }
  return result.data;
}

/** The JSON Schema of a `--schema` file's text. */
export function parseReplySchema(text: string, source: string): ReplySchema {
  const hint = 'give a JSON Schema object, such as {"type": "object", "properties": {...}}';
  const value = parseJson(text, source, hint);
  const result = JsonObjectSchema.safeParse(value);
  if (!result.success || Array.isArray(value)) throw usageError(`${source}: a schema is a JSON object`, hint);
  return result.data;
}
