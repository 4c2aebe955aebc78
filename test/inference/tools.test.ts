import { describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { parseReplySchema, parseTools } from "../../src/inference/tool-schema.js";
import { INFERENCE_LANGUAGES } from "../../src/inference/languages.js";
import type { Language } from "../../src/inference/ids.js";
import { localToolNames, MAX_TOOL_ROUNDS, responseFormat, SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { usageRefusal as refusal } from "../helpers/errors.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/* --tools and --schema in the engine: what the files may hold, what the request carries, what the code names. */

const CHAT = syntheticModel("text-generation", { conversational: true, id: "acme/chat", providers: ["together"] });

const tool = (name: string) => ({ type: "function", function: { name, parameters: { type: "object", properties: {} } } });

describe("the tools file", () => {
  it("takes an array of function tools in the OpenAI shape", () => {
    expect(parseTools(JSON.stringify([tool("get_weather"), tool("_lookup2")]), "t.json").map((t) => t.function.name)).toEqual(["get_weather", "_lookup2"]);
  });

  it.each([
    ["{}", "t.json: not an array of function tools"],
    ["[]", "t.json: field '(top level)': the file holds no tool"],
    ['[{"type": "retrieval"}]', "t.json: field '[0].type': Invalid input: expected \"function\""],
    [JSON.stringify([tool("get-weather")]), "t.json: field '[0].function.name': a tool name is a letter or _, then letters, digits or _ (at most 64)"],
    [JSON.stringify([tool("9lives")]), "t.json: field '[0].function.name': a tool name is a letter or _, then letters, digits or _ (at most 64)"],
    [JSON.stringify([tool("a"), tool("a")]), "t.json: the tool name a is given twice"],
    ["[", "t.json: not JSON"],
  ])("refuses %s with exit 2 and a hint", (text, message) => {
    const error = refusal(() => parseTools(text, "t.json"));
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(error.hint).toBe(
      message.endsWith("given twice")
        ? "give each tool a name of its own"
        : 'give a JSON array of {"type": "function", "function": {"name": ..., "parameters": {...}}}',
    );
  });

  it("a schema is a JSON object", () => {
    expect(parseReplySchema('{"type": "object"}', "s.json")).toEqual({ type: "object" });
    for (const text of ["[]", "1", '"x"', "null"]) expect(refusal(() => parseReplySchema(text, "s.json")).message).toBe("s.json: a schema is a JSON object");
    expect(refusal(() => parseReplySchema("{", "s.json")).hint).toBe('give a JSON Schema object, such as {"type": "object", "properties": {...}}');
  });
});

describe("the request", () => {
  it("carries the tools as given, and response_format with name, schema and strict", () => {
    const { snippets } = wordedSnippets(CHAT, {
      provider: "together",
      language: "sh",
      tools: { tools: SAMPLE_TOOLS, sample: true },
      schema: { schema: SAMPLE_SCHEMA, sample: true },
    });
    const body = snippets[0]!.content;
    expect(body).toContain('"name": "get_weather"');
    expect(body).toContain('"response_format": {');
    expect(responseFormat({ schema: SAMPLE_SCHEMA, sample: true })).toEqual({
      type: "json_schema",
      json_schema: { name: "answer", schema: SAMPLE_SCHEMA, strict: true },
    });
    expect(responseFormat({ schema: { title: "city_facts", type: "object" }, sample: false })).toMatchObject({ json_schema: { name: "city_facts" } });
    // A title that is no name is not one.
    expect(responseFormat({ schema: { title: "a b", type: "object" }, sample: false })).toMatchObject({ json_schema: { name: "answer" } });
  });

  it("refuses --tools and --schema for a model that is not a chat model", () => {
    const model = syntheticModel("fill-mask", { providers: ["hf-inference"] });
    const result = wordedSnippets(model, { provider: "hf-inference", tools: { tools: SAMPLE_TOOLS, sample: true } });
    expect(result.snippets).toEqual([]);
    expect(result.problems).toEqual(["acme/fill-mask-model: --tools is for chat models, and this is a fill-mask model"]);
    expect(result.hints).toEqual(["pick a model tagged conversational (a chat model)"]);
  });

  it("every client of every language gets a tools program that states the rounds limit", () => {
    const { snippets } = wordedSnippets(CHAT, { provider: "together", tools: { tools: SAMPLE_TOOLS, sample: true } });
    const clients = (list: typeof snippets) => list.map((s) => `${s.language}/${s.client}`);
    // The same clients as the chat without tools, which engine.test.ts lists.
    expect(clients(snippets)).toEqual(clients(wordedSnippets(CHAT, { provider: "together" }).snippets));
    expect(snippets.length).toBeGreaterThan(10);
    for (const snippet of snippets.filter((s) => s.language !== "sh")) expect(snippet.content, snippet.client).toContain(String(MAX_TOOL_ROUNDS));
    expect(snippets.find((s) => s.language === "sh")!.content).toContain("takes a program");
  });
});

describe("the example question", () => {
  /** The question the sh snippet sends: its body's one user message. */
  const question = (options: Parameters<typeof wordedSnippets>[1]) => {
    const body = wordedSnippets(CHAT, { provider: "together", language: "sh", ...options }).snippets[0]!.content;
    return /"role": "user",\s*"content": "([^"]*)"/.exec(body)?.[1];
  };
  const own = (...names: string[]) => ({ tools: parseTools(JSON.stringify(names.map(tool)), "t.json"), sample: false });

  it("fits the sample tool, and with the user's own tools names them instead", () => {
    expect(question({ tools: { tools: SAMPLE_TOOLS, sample: true } })).toBe("What is the weather like in Paris and in Tokyo?");
    expect(question({ tools: own("search_docs") })).toBe("Try your tool search_docs: call it with arguments of your choice, then tell me what it returned.");
    expect(question({ tools: own("search_docs", "get_time") })).toBe(
      "Try one of your tools (search_docs or get_time): call it with arguments of your choice, then tell me what it returned.",
    );
    expect(question({ tools: own("a", "b", "c", "d", "e") })).toContain("(a, b, c or 2 more)");
    // Own tools with the sample schema: the tools are what the program runs.
    expect(question({ tools: own("search_docs"), schema: { schema: SAMPLE_SCHEMA, sample: true } })).toContain("search_docs");
  });

  it("stays the user's own with --inputs, and the task's with a schema of the user's", () => {
    expect(question({ tools: own("search_docs"), inputs: "Find the install guide" })).toBe("Find the install guide");
    const example = question({});
    expect(question({ schema: { schema: { type: "object" }, sample: false } })).toBe(example);
    expect(question({ schema: { schema: SAMPLE_SCHEMA, sample: true } })).toBe("Name the largest city of Japan, its country and its population.");
  });
});

describe("local function names", () => {
  it("keep the wire name, unless the language or the snippet uses it", () => {
    const tools = ["get_weather", "class", "print", "print_tool", "fetch", "len", "main"].map((name) => parseTools(JSON.stringify([tool(name)]), "t")[0]!);
    const named = (language: Language) => localToolNames(tools, INFERENCE_LANGUAGES[language].toolNames);
    expect(Object.fromEntries(named("python"))).toEqual({
      get_weather: "get_weather",
      class: "class_tool",
      print: "print_tool2",
      print_tool: "print_tool",
      fetch: "fetch",
      len: "len_tool",
      main: "main",
    });
    expect(named("js").get("fetch")).toBe("fetchTool");
    expect(named("go").get("len")).toBe("lenTool");
    expect(named("go").get("main")).toBe("mainTool");
    expect(named("java").get("class")).toBe("classTool");
    // A class the Java program imports is not a tool's name either: the imports are read off the code.
    const list = parseTools(JSON.stringify([tool("List")]), "t");
    expect(localToolNames(list, INFERENCE_LANGUAGES.java.toolNames).get("List")).toBe("ListTool");
    // Ruby and PHP keep their functions in a table by wire name; curl runs no tool.
    expect(named("ruby").size).toBe(0);
    expect(named("php").size).toBe(0);
    expect(named("sh").size).toBe(0);
  });
});
