import type { Language } from "../format/languages.js";
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

/** The first property a schema names, which the Python and JS snippets print: the parsed reply is then seen to be data. */
export function firstProperty(schema: ReplySchema): string | undefined {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return undefined;
  return Object.keys(properties)[0];
}

/*
 * Names a tool's local function may not take in a language: its reserved
 * words, and the names the snippet itself uses at the same level (a
 * function named `print` or `fetch` would replace the one the loop calls).
 * Ruby and PHP keep their functions in a table by wire name, so no name of
 * theirs is taken.
 */
const TAKEN: Record<"python" | "js" | "go" | "java", readonly string[]> = {
  python: [
    ...["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else"],
    ...["except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise"],
    ...["return", "try", "while", "with", "yield", "_", "case", "match", "type"],
    ...["print", "len", "range", "dict", "list", "str", "int", "float", "bool", "open", "id", "object", "next", "sorted", "enumerate"],
    ...["json", "sys", "os", "base64", "Path", "requests", "OpenAI", "InferenceClient", "client", "payload", "messages", "ask"],
    ...["headers", "API_URL", "MAX_ROUNDS", "TOOL_FUNCTIONS", "reply", "content", "calls", "call", "result", "function", "response"],
    // The Responses loop's own top-level names.
    ...["inputs", "text"],
  ],
  js: [
    ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export", "extends"],
    ...["false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super", "switch", "this"],
    ...["throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static", "enum", "await", "implements"],
    ...["package", "protected", "interface", "private", "public", "arguments", "eval", "undefined", "NaN", "Infinity"],
    ...["console", "process", "JSON", "fetch", "Object", "Error", "Buffer", "Array", "TextDecoder", "Map", "Promise", "String"],
    ...["OpenAI", "InferenceClient", "readFile", "writeFile", "client", "payload", "messages", "ask", "toolFunctions", "MAX_ROUNDS"],
    // The Responses loop's own top-level names.
    ...["input", "answered"],
  ],
  go: [
    ...["break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go", "goto", "if"],
    ...["import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var"],
    ...["any", "append", "bool", "byte", "cap", "clear", "close", "comparable", "complex", "complex128", "complex64", "copy"],
    ...["delete", "error", "false", "float32", "float64", "imag", "int", "int16", "int32", "int64", "int8", "iota", "len", "make"],
    ...["max", "min", "new", "nil", "panic", "print", "println", "real", "recover", "rune", "string", "true", "uint", "uint16"],
    ...["uint32", "uint64", "uint8", "uintptr"],
    ...["bufio", "bytes", "base64", "json", "fmt", "io", "log", "http", "os", "strings", "url", "time"],
    ...["main", "must", "ask", "toolCall", "toolFunctions", "maxRounds", "download", "extension", "saveDownload", "at", "text", "urlPath"],
  ],
  java: [
    ...["abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue", "default", "do"],
    ...["double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof"],
    ...["int", "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short", "static"],
    ...["strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while"],
    ...["true", "false", "null", "var", "yield", "record", "sealed", "permits", "non", "_"],
    ...["main", "ask", "download", "extension", "saveDownload", "runTool"],
  ],
};

const SUFFIX: Record<keyof typeof TAKEN, string> = { python: "_tool", js: "Tool", go: "Tool", java: "Tool" };

/**
 * The local function of each tool in a language that names them, by wire
 * name: the wire name itself, or, where the language or the snippet already
 * uses it, the name with a suffix (the wire name is kept in the request).
 */
export function localToolNames(tools: readonly FunctionTool[], language: Language): Map<string, string> {
  const names = new Map<string, string>();
  if (!(language in TAKEN)) return names;
  const key = language as keyof typeof TAKEN;
  const taken = new Set(TAKEN[key]);
  for (const tool of tools) taken.add(tool.function.name);
  for (const tool of tools) {
    const wire = tool.function.name;
    if (!TAKEN[key].includes(wire)) {
      names.set(wire, wire);
      continue;
    }
    let local = `${wire}${SUFFIX[key]}`;
    for (let n = 2; taken.has(local); n++) local = `${wire}${SUFFIX[key]}${n}`;
    taken.add(local);
    names.set(wire, local);
  }
  return names;
}
