import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import type { Snippet, SnippetOptions } from "../../src/inference/snippet.js";
import type { Tree } from "../../src/inference/payload.js";
import { PLACEHOLDER_RESULT, responseFormat, SAMPLE_SCHEMA, SAMPLE_TOOL_RESULT, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { mappingReply } from "../helpers/fake-replies.js";
import type { ReceivedRequest } from "../helpers/inference-server.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { executeWithLibraries, postsOf, runnableStdlibClients, startRig, type Rig } from "../helpers/snippet-harness.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import {
  FINAL_ANSWER,
  HOSTILE_SCHEMA,
  HOSTILE_TEXT,
  hostileTools,
  printedStructured,
  STRUCTURED,
  STRUCTURED_SHAPES,
  toolServer,
  type ToolExpectations,
  type ToolServer,
} from "../helpers/tool-calls.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * --tools and --schema, executed: every client that can hold the loop runs
 * against a loopback router that asks for tool calls, checks the results
 * come back under their call ids with the tools unchanged, and answers; the
 * test reads what each program printed. The Python client libraries need
 * .venv-test/, the other languages their toolchains (skipped by name
 * when missing).
 */

const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/tool-chat", providers: ["together"] });
const PROVIDER_ID = providerIdFor("together", MODEL.id);
const pythonClients = findPythonClients();
const LIBRARIES_RUN = pythonClients.missing.filter((name) => name !== "PIL").length === 0;
if (!LIBRARIES_RUN && clientsRequired()) throw new Error(`missing Python client packages: ${pythonClients.missing.join(", ")}`);
if (HERE && !LIBRARIES_RUN) {
  it.skip(`skips python|huggingface_hub and python|openai: ${pythonClients.missing.join(", ")} not installed for ${pythonClients.python} (docs/development.md)`, () => {});
}

const STDLIB = process.env.TOOLS_NO_STDLIB ? [] : runnableStdlibClients();
const CLIENTS = [
  "python|requests",
  ...(LIBRARIES_RUN ? ["python|huggingface_hub", "python|openai"] : []),
  "js|fetch",
  "js|huggingface.js",
  "js|openai",
  ...STDLIB,
];

const HOSTILE_TOOLS = hostileTools();

interface Case {
  id: string;
  pair: string;
  snippet: Snippet;
  server: ToolServer;
  expect: (stdout: string) => void;
}

function snippetFor(pair: string, options: SnippetOptions): Snippet {
  const [language, client] = pair.split("|") as [string, string];
  const { snippets, problems } = wordedSnippets(MODEL, { provider: "together", language: language as never, client: client as never, ...options });
  expect(problems, pair).toEqual([]);
  expect(snippets, pair).toHaveLength(1);
  return snippets[0]!;
}

const cases: Case[] = [];

/** The response_format a client may send: as given, or as the hub clients' Together helper rewrites it (the schema alone). */
function formats(format: Tree, pair: string): unknown[] {
  if (!pair.includes("huggingface")) return [format];
  const schema = (format as { json_schema: { schema: unknown } }).json_schema.schema;
  return [format, { type: "json_schema", schema }];
}

function plan(): void {
  const add = (id: string, pair: string, options: SnippetOptions, expected: ToolExpectations, check: (stdout: string) => void) => {
    cases.push({ id: `${pair}|${id}`, pair, snippet: snippetFor(pair, options), server: toolServer(expected), expect: check });
  };
  const final = (stdout: string) => expect(stdout).toBe(`${FINAL_ANSWER}\n`);
  for (const pair of CLIENTS) {
    for (const stream of [false, true]) {
      add(`tools-${stream ? "stream" : "whole"}`, pair, { stream, tools: { tools: SAMPLE_TOOLS, sample: true } }, { result: SAMPLE_TOOL_RESULT }, final);
    }
    const schemaFormat = responseFormat({ schema: SAMPLE_SCHEMA, sample: true });
    add(
      "schema-whole",
      pair,
      { schema: { schema: SAMPLE_SCHEMA, sample: true } },
      { responseFormat: formats(schemaFormat, pair), structured: STRUCTURED_SHAPES },
      (stdout) => expect(stdout).toBe(printedStructured(STRUCTURED_SHAPES)),
    );
    add(
      "schema-stream",
      pair,
      { stream: true, schema: { schema: SAMPLE_SCHEMA, sample: true } },
      { responseFormat: formats(schemaFormat, pair), structured: STRUCTURED },
      (stdout) => expect(JSON.parse(stdout)).toEqual(STRUCTURED),
    );
    add("hostile-tools", pair, { stream: true, tools: { tools: HOSTILE_TOOLS, sample: false } }, { result: PLACEHOLDER_RESULT, tools: HOSTILE_TOOLS }, final);
    const hostileFormat = responseFormat({ schema: HOSTILE_SCHEMA, sample: false });
    add(
      "hostile-schema",
      pair,
      { schema: { schema: HOSTILE_SCHEMA, sample: false } },
      { responseFormat: formats(hostileFormat, pair), structured: { [HOSTILE_TEXT]: "x" } },
      (stdout) => expect(stdout).toBe(printedStructured({ [HOSTILE_TEXT]: "x" })),
    );
  }
  // curl runs no tool loop, but prints a structured reply as the programs do.
  for (const [kind, schema, structured] of [
    ["schema-whole", SAMPLE_SCHEMA, STRUCTURED_SHAPES],
    ["hostile-schema", HOSTILE_SCHEMA, { [HOSTILE_TEXT]: "x" }],
  ] as const) {
    const request = { schema, sample: schema === SAMPLE_SCHEMA };
    add(kind, "sh|curl", { schema: request }, { responseFormat: [responseFormat(request)], structured }, (stdout) =>
      expect(stdout).toBe(printedStructured(structured)),
    );
  }
}

/** curl sends the first request only: it must carry the tools byte for byte, and nothing else runs. */
const CURL_CASES: { id: string; options: SnippetOptions; tools?: unknown; format?: unknown }[] = [
  { id: "sh|curl|tools", options: { tools: { tools: HOSTILE_TOOLS, sample: false } }, tools: HOSTILE_TOOLS },
  { id: "sh|curl|tools-stream", options: { stream: true, tools: { tools: SAMPLE_TOOLS, sample: true } }, tools: SAMPLE_TOOLS },
];

let rig: Rig;
let outcomes: Map<string, RunOutcome>;

function responder(server: ToolServer) {
  return (request: ReceivedRequest) =>
    request.method === "GET" && request.host === "huggingface.co" ? mappingReply(MODEL.id, "together", PROVIDER_ID, "conversational") : server.reply(request);
}

beforeAll(async () => {
  if (!HERE) return;
  plan();
  rig = await startRig();
  const libraryPairs = new Set(cases.filter((item) => item.pair === "python|huggingface_hub" || item.pair === "python|openai").map((item) => item.id));
  for (const item of cases) rig.server.respond(item.id, responder(item.server));
  const curl = CURL_CASES.map((item) => ({ id: item.id, snippet: snippetFor("sh|curl", item.options) }));
  const runnable = cases.map((item) => ({ id: item.id, snippet: item.snippet }));
  outcomes = await executeWithLibraries(rig, runnable, (item) => libraryPairs.has(item.id), pythonClients.python, curl);
}, 600_000);

afterAll(async () => {
  if (!HERE) return;
  await rig?.close();
});

describe("--tools and --schema snippets, run against a router that asks for tool calls", () => {
  it.each(
    CLIENTS.flatMap((pair) =>
      ["tools-whole", "tools-stream", "schema-whole", "schema-stream", "hostile-tools", "hostile-schema"].map((kind) => `${pair}|${kind}`),
    ).concat(["sh|curl|schema-whole", "sh|curl|hostile-schema"]),
  )("%s: runs the calls, sends the results back and prints the answer", (id) => {
    const item = cases.find((candidate) => candidate.id === id)!;
    const outcome = outcomes.get(id);
    expect(item.server.problems, id).toEqual([]);
    expect(outcome?.ok, `${id}: ${outcome?.error}`).toBe(true);
    item.expect(outcome?.stdout ?? "");
  });

  it.each(CURL_CASES)("$id sends the first request with the tools or response_format as given", (item) => {
    const outcome = outcomes.get(item.id);
    expect(outcome?.ok, `${item.id}: ${outcome?.error}`).toBe(true);
    const posts = postsOf(rig, item.id);
    expect(posts).toHaveLength(1);
    const body = posts[0]!.json as { tools?: unknown; response_format?: unknown };
    if (item.tools !== undefined) expect(body.tools).toEqual(item.tools);
    if (item.format !== undefined) expect(body.response_format).toEqual(item.format);
  });
});
