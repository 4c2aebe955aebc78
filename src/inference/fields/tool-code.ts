import type { Tree } from "../payload.js";
import { localToolNames, MAX_TOOL_ROUNDS, PLACEHOLDER_RESULT, SAMPLE_TOOL_RESULT, type ToolNaming } from "../tools.js";
import { CodeFields } from "./common.js";
import type { SnippetContext } from "./context.js";

/*
 * What a tools snippet's template reads, in any language: one local
 * function per tool (its wire name as a literal, its local name, what it
 * returns as the language's data, a comment on its body), and the loop's
 * limit. Every piece of tool text reaches the code through the language's
 * literal formatter or its data-tree writer.
 */

export interface ToolFunctionCode {
  /** The tool's name as the request carries it, as a literal. */
  wire: string;
  /** The local function's name (the wire name, unless the language or the snippet uses it). */
  local: string;
  /** What the function returns, as the language's data. */
  result: string;
  /** A comment line for the function's body. */
  comment: string;
}

export interface ToolCode {
  functions: ToolFunctionCode[];
  /** The rounds limit, as a number literal. */
  maxRounds: string;
}

export interface ToolWriters {
  string(text: string): string;
  comment(text: string): string;
  /** Data as the language writes it, its closing bracket at indent level `level`. */
  tree(tree: Tree, level: number): string;
}

/** The tool code of a chat context, or undefined when it has no tools; `level` is the indent level of the functions' bodies. */
export function toolCode(context: SnippetContext, naming: ToolNaming, writers: ToolWriters, level: number): ToolCode | undefined {
  if (context.call !== "chat" || context.tools === undefined) return undefined;
  const { tools, sample } = context.tools;
  const names = localToolNames(tools, naming);
  const functions = tools.map((tool) => {
    const name = tool.function.name;
    return {
      wire: writers.string(name),
      local: names.get(name) ?? name,
      result: writers.tree(sample ? SAMPLE_TOOL_RESULT : PLACEHOLDER_RESULT, level),
      comment: writers.comment(
        sample ? "A sample: fixed data stands for a real weather lookup." : `The tool ${name}: write its body; its argument holds what the model passed.`,
      ),
    };
  });
  return { functions, maxRounds: String(MAX_TOOL_ROUNDS) };
}

/** The fields of a Python or JavaScript chat snippet that --stream, --tools and --schema set. */
export class ChatCodeFields extends CodeFields {
  /** --tools: the local functions and the loop's limit. */
  tools?: ToolCode;
  /** A tools snippet's request as the language's data, messages included: the loop adds to its messages. */
  toolPayload?: string;
  /** Whether the chat streams. */
  stream = false;
  /** --schema: the reply is parsed as JSON, and printed indented. */
  structured = false;
}

/** Sets what --stream, --tools and --schema add to a chat snippet's fields; other snippets get nothing. */
export function setChatExtras(context: SnippetContext, fields: ChatCodeFields, naming: ToolNaming, writers: ToolWriters): void {
  if (context.call !== "chat") return;
  fields.stream = context.parameters.stream;
  const tools = toolCode(context, naming, writers, 1);
  if (tools !== undefined) fields.tools = tools;
  if (context.schema !== undefined && !context.parameters.stream) fields.structured = true;
}
