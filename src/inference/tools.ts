import type { Tree } from "./payload.js";
import type { FunctionTool, ReplySchema } from "./tool-schema.js";

/*
 * Tool calls and structured output for chat snippets: the sample tool and
 * schema used when `--tools` or `--schema` names no file, what the request
 * carries, and what each tool's local function is called in each language.
 */

/** How many times a snippet asks the model before it gives up on a final answer. */
export const MAX_TOOL_ROUNDS = 5;

/** The sample tool: a weather lookup, whose local function answers with fixed data. */
export const SAMPLE_TOOLS: readonly FunctionTool[] = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Get the current weather in a city.",
      parameters: {
        type: "object",
        properties: {
          location: { type: "string", description: "The city, e.g. Paris" },
          unit: { type: "string", enum: ["celsius", "fahrenheit"] },
        },
        required: ["location"],
      },
    },
  },
];

/** The example question with the sample tool: one a model answers with two calls. */
export const SAMPLE_TOOLS_QUESTION = "What is the weather like in Paris and in Tokyo?";

/** The example question with the sample schema. */
export const SAMPLE_SCHEMA_QUESTION = "Name the largest city of Japan, its country and its population.";

/** How many of the user's tools the example question names; the rest are counted. */
const NAMED_TOOLS = 3;

/**
 * The example question with the user's own tools: a neutral one that names them and asks for a call, since
 * hubref cannot know what they are for; the sample's weather question would fit none of them.
 */
export function ownToolsQuestion(tools: readonly FunctionTool[]): string {
  const names = tools.map((tool) => tool.function.name);
  if (names.length === 1) return `Try your tool ${names[0]}: call it with arguments of your choice, then tell me what it returned.`;
  const shown = names.length > NAMED_TOOLS ? [...names.slice(0, NAMED_TOOLS), `${names.length - NAMED_TOOLS} more`] : names;
  const list = `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
  return `Try one of your tools (${list}): call it with arguments of your choice, then tell me what it returned.`;
}

/** The question a --tools or --schema chat asks instead of the task's example, or undefined where the example stays. */
export function exampleQuestion(tools: ToolSet | undefined, schema: SchemaRequest | undefined): string | undefined {
  if (tools !== undefined) return tools.sample ? SAMPLE_TOOLS_QUESTION : ownToolsQuestion(tools.tools);
  return schema?.sample ? SAMPLE_SCHEMA_QUESTION : undefined;
}

/** What the sample tool's function returns. */
export const SAMPLE_TOOL_RESULT: Tree = { temperature: 22, unit: "celsius", conditions: "sunny" };

/** What a tool from a file returns until the user writes its body. */
export const PLACEHOLDER_RESULT: Tree = { error: "not implemented yet" };

export const SAMPLE_SCHEMA: ReplySchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    country: { type: "string" },
    population: { type: "integer" },
  },
  required: ["city", "country", "population"],
  additionalProperties: false,
};

/** The tools a chat snippet defines: the wire definitions, and whether the bodies are the sample's. */
export interface ToolSet {
  tools: readonly FunctionTool[];
  sample: boolean;
}

/** The structured reply a chat snippet asks for. */
export interface SchemaRequest {
  schema: ReplySchema;
  sample: boolean;
}

const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The name a structured reply's schema is sent under: its own `title` when that is a name, else `answer`. */
export function schemaName(request: SchemaRequest): string {
  const title = request.schema.title;
  return typeof title === "string" && SCHEMA_NAME.test(title) ? title : "answer";
}

/** `response_format` as the router takes it; the schema's own `title` names it when it can. */
export function responseFormat(request: SchemaRequest): Tree {
  return { type: "json_schema", json_schema: { name: schemaName(request), schema: request.schema as Tree, strict: true } };
}

/**
 * What a --tools snippet calls each tool's function, from the language's module (src/inference/fields/):
 * `local`, a function of its own, named by the tool's wire name unless the language reserves that name or
 * the snippet itself uses it at the same level (a function named `print` or `fetch` would replace the one
 * the loop calls), when it takes `suffix`; `by-wire-name`, kept in a table under the wire name (Ruby,
 * PHP), so no name is taken; `none`, no tool loop at all (curl sends the first request only).
 */
export type ToolNaming = { kind: "local"; taken: readonly string[]; suffix: string } | { kind: "by-wire-name" } | { kind: "none" };

/**
 * The local function of each tool where the language names them (`local`), by wire
 * name: the wire name itself, or, where the language or the snippet already
 * uses it, the name with a suffix (the wire name is kept in the request).
 */
export function localToolNames(tools: readonly FunctionTool[], naming: ToolNaming): Map<string, string> {
  const names = new Map<string, string>();
  if (naming.kind !== "local") return names;
  const reserved = new Set(naming.taken);
  const taken = new Set(naming.taken);
  for (const tool of tools) taken.add(tool.function.name);
  for (const tool of tools) {
    const wire = tool.function.name;
    if (!reserved.has(wire)) {
      names.set(wire, wire);
      continue;
    }
    let local = `${wire}${naming.suffix}`;
    for (let n = 2; taken.has(local); n++) local = `${wire}${naming.suffix}${n}`;
    taken.add(local);
    names.set(wire, local);
  }
  return names;
}
