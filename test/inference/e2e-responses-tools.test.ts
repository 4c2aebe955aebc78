import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import type { Snippet, SnippetOptions } from "../../src/inference/snippet.js";
import { responsesText, responsesTools } from "../../src/inference/responses.js";
import { PLACEHOLDER_RESULT, SAMPLE_SCHEMA, SAMPLE_TOOL_RESULT, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { mappingReply } from "../helpers/fake-replies.js";
import type { ReceivedRequest } from "../helpers/inference-server.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { responsesToolServer, type ResponsesToolExpectations, type ResponsesToolServer } from "../helpers/responses-tools.js";
import { executeWithLibraries, postsOf, runnableStdlibClients, startRig, type Rig } from "../helpers/snippet-harness.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { FINAL_ANSWER, HOSTILE_SCHEMA, HOSTILE_TEXT, hostileTools, printedStructured, STRUCTURED, STRUCTURED_SHAPES } from "../helpers/tool-calls.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * --tools and --schema with --api responses, executed: every client that
 * speaks the Responses API runs, whole and streamed, against a loopback
 * router that asks for function calls in output items (or semantic events),
 * checks that the next input carries each call and its output under the
 * call id with the tools unchanged, and answers; the test reads what each
 * program printed. The openai Python package needs .venv-test/, the other
 * languages their toolchains (skipped by name when missing).
 * RESPONSES_TOOLS_ONLY=python,js runs only those languages (while writing templates).
 */

const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/responses-tools", providers: ["together"] });
const PROVIDER_ID = providerIdFor("together", MODEL.id);
const pythonClients = findPythonClients();
const LIBRARIES_RUN = pythonClients.missing.filter((name) => name !== "PIL").length === 0;
if (!LIBRARIES_RUN && clientsRequired()) throw new Error(`missing Python client packages: ${pythonClients.missing.join(", ")}`);
if (HERE && !LIBRARIES_RUN) {
  it.skip(`skips python|openai: ${pythonClients.missing.join(", ")} not installed for ${pythonClients.python} (docs/development.md)`, () => {});
}

const ONLY = process.env.RESPONSES_TOOLS_ONLY?.split(",");
const STDLIB = runnableStdlibClients();
const CLIENTS = ["python|requests", ...(LIBRARIES_RUN ? ["python|openai"] : []), "js|fetch", "js|openai", ...STDLIB].filter(
  (pair) => ONLY === undefined || ONLY.includes(pair.split("|")[0]!),
);

const HOSTILE_TOOLS = hostileTools(false);

/** The hostile tools as the Responses API takes them, written out by hand: flat, nothing else changed. */
const HOSTILE_FLAT = [
  {
    type: "function",
    name: "class",
    description: HOSTILE_TEXT,
    parameters: { type: "object", properties: { [HOSTILE_TEXT]: { type: "string", description: HOSTILE_TEXT, enum: [HOSTILE_TEXT, "$x"] } } },
    strict: false,
  },
  { type: "function", name: "print", description: "#{`exit 3`}", parameters: { type: "object", properties: {} } },
];

interface Case {
  id: string;
  pair: string;
  snippet: Snippet;
  server: ResponsesToolServer;
  expect: (stdout: string) => void;
}

function snippetFor(pair: string, options: SnippetOptions): Snippet {
  const [language, client] = pair.split("|") as [string, string];
  const { snippets, problems } = wordedSnippets(MODEL, {
    provider: "together",
    api: "responses",
    language: language as never,
    client: client as never,
    ...options,
  });
  expect(problems, pair).toEqual([]);
  expect(snippets, pair).toHaveLength(1);
  return snippets[0]!;
}

const KINDS = ["tools-whole", "tools-stream", "schema-whole", "schema-stream", "hostile-tools-whole", "hostile-tools-stream", "hostile-schema", "both"];
const cases: Case[] = [];

function plan(): void {
  const add = (id: string, pair: string, options: SnippetOptions, expected: ResponsesToolExpectations, check: (stdout: string) => void) => {
    cases.push({ id: `${pair}|${id}`, pair, snippet: snippetFor(pair, options), server: responsesToolServer(expected), expect: check });
  };
  const final = (stdout: string) => expect(stdout).toBe(`${FINAL_ANSWER}\n`);
  const sampleTools = { tools: SAMPLE_TOOLS, sample: true };
  const sampleSchema = { schema: SAMPLE_SCHEMA, sample: true };
  for (const pair of CLIENTS) {
    for (const stream of [false, true]) {
      const way = stream ? "stream" : "whole";
      add(`tools-${way}`, pair, { stream, tools: sampleTools }, { result: SAMPLE_TOOL_RESULT, tools: responsesTools(SAMPLE_TOOLS) }, final);
      add(`hostile-tools-${way}`, pair, { stream, tools: { tools: HOSTILE_TOOLS, sample: false } }, { result: PLACEHOLDER_RESULT, tools: HOSTILE_FLAT }, final);
    }
    const text = responsesText(sampleSchema);
    add("schema-whole", pair, { schema: sampleSchema }, { text, structured: STRUCTURED_SHAPES }, (stdout) =>
      expect(stdout).toBe(printedStructured(STRUCTURED_SHAPES)),
    );
    add("schema-stream", pair, { stream: true, schema: sampleSchema }, { text, structured: STRUCTURED }, (stdout) =>
      expect(JSON.parse(stdout)).toEqual(STRUCTURED),
    );
    add(
      "hostile-schema",
      pair,
      { schema: { schema: HOSTILE_SCHEMA, sample: false } },
      { text: responsesText({ schema: HOSTILE_SCHEMA, sample: false }), structured: { [HOSTILE_TEXT]: "x" } },
      (stdout) => expect(stdout).toBe(printedStructured({ [HOSTILE_TEXT]: "x" })),
    );
    // Tools and a schema together: the final answer is printed as text.
    add("both", pair, { tools: sampleTools, schema: sampleSchema }, { result: SAMPLE_TOOL_RESULT, text }, final);
  }
  // curl runs no tool loop, but prints a structured reply as the programs do.
  if (ONLY === undefined || ONLY.includes("sh")) {
    for (const [kind, request, structured] of [
      ["schema-whole", sampleSchema, STRUCTURED_SHAPES],
      ["hostile-schema", { schema: HOSTILE_SCHEMA, sample: false }, { [HOSTILE_TEXT]: "x" }],
    ] as const) {
      add(kind, "sh|curl", { schema: request }, { text: responsesText(request), structured }, (stdout) => expect(stdout).toBe(printedStructured(structured)));
    }
  }
}

/** curl sends the first request only: it must carry the tools (or the text format) byte for byte, and nothing else runs. */
const CURL_CASES: { id: string; options: SnippetOptions; tools?: unknown; text?: unknown }[] = [
  { id: "sh|curl|tools", options: { tools: { tools: HOSTILE_TOOLS, sample: false } }, tools: HOSTILE_FLAT },
  { id: "sh|curl|tools-stream", options: { stream: true, tools: { tools: SAMPLE_TOOLS, sample: true } }, tools: responsesTools(SAMPLE_TOOLS) },
];

let rig: Rig;
let outcomes: Map<string, RunOutcome>;

function responder(server: ResponsesToolServer) {
  return (request: ReceivedRequest) =>
    request.method === "GET" && request.host === "huggingface.co" ? mappingReply(MODEL.id, "together", PROVIDER_ID, "conversational") : server.reply(request);
}

beforeAll(async () => {
  if (!HERE) return;
  plan();
  rig = await startRig();
  const libraryPairs = new Set(cases.filter((item) => item.pair === "python|openai").map((item) => item.id));
  for (const item of cases) rig.server.respond(item.id, responder(item.server));
  const curl = ONLY === undefined || ONLY.includes("sh") ? CURL_CASES.map((item) => ({ id: item.id, snippet: snippetFor("sh|curl", item.options) })) : [];
  const runnable = cases.map((item) => ({ id: item.id, snippet: item.snippet }));
  outcomes = await executeWithLibraries(rig, runnable, (item) => libraryPairs.has(item.id), pythonClients.python, curl);
}, 600_000);

afterAll(async () => {
  if (!HERE) return;
  await rig?.close();
});

describe("--api responses with --tools and --schema, run against a router that asks for function calls", () => {
  it.each(
    CLIENTS.flatMap((pair) => KINDS.map((kind) => `${pair}|${kind}`)).concat(
      ONLY === undefined || ONLY.includes("sh") ? ["sh|curl|schema-whole", "sh|curl|hostile-schema"] : [],
    ),
  )("%s: runs the calls, sends the outputs back and prints the answer", (id) => {
    const item = cases.find((candidate) => candidate.id === id)!;
    const outcome = outcomes.get(id);
    expect(item.server.problems, id).toEqual([]);
    expect(outcome?.ok, `${id}: ${outcome?.error}`).toBe(true);
    item.expect(outcome?.stdout ?? "");
  });

  it.each(CURL_CASES.filter(() => ONLY === undefined || ONLY.includes("sh")))("$id sends the first request with the tools or text format as given", (item) => {
    const outcome = outcomes.get(item.id);
    expect(outcome?.ok, `${item.id}: ${outcome?.error}`).toBe(true);
    const posts = postsOf(rig, item.id);
    expect(posts.map((post) => post.url)).toEqual(["https://router.huggingface.co/v1/responses"]);
    const body = posts[0]!.json as { tools?: unknown; text?: unknown; response_format?: unknown };
    expect(body.response_format).toBeUndefined();
    if (item.tools !== undefined) expect(body.tools).toEqual(item.tools);
    if (item.text !== undefined) expect(body.text).toEqual(item.text);
  });
});
