import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { responsesTools } from "../../src/inference/responses.js";
import type { Snippet, SnippetOptions } from "../../src/inference/snippet.js";
import { SAMPLE_TOOL_RESULT, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import type { ReceivedRequest, Reply } from "../helpers/inference-server.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { RESPONSES_TEXT, responsesResponder } from "../helpers/responses-replies.js";
import { responsesToolServer, type ResponsesToolServer } from "../helpers/responses-tools.js";
import { executeWithLibraries, postsOf, runnableStdlibClients, startRig, TOKENS, type Rig } from "../helpers/snippet-harness.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { ENDPOINT_TOKEN_VARIABLE } from "../helpers/token-variables.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { FINAL_ANSWER } from "../helpers/tool-calls.js";

/*
 * `--api responses --endpoint-url`, executed: the Responses API of a server of
 * one's own (vLLM and other OpenAI-compatible servers answer at /v1/responses).
 * Every client that speaks the Responses API runs against a loopback server
 * standing in for it, whole, streamed and with the sample tool's loop, and the
 * test checks what each printed and that it asked that server, at its
 * /v1/responses, for the hub id, with the endpoint's token, and never the router.
 */

const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/own-server-model", providers: ["together"] });
/** What the user passes: the server's base, as vLLM's docs give it. */
const ENDPOINT = "https://vllm.own-server.example/v1";
const RESPONSES_URL = `${ENDPOINT}/responses`;
const pythonClients = findPythonClients();
const LIBRARIES_RUN = pythonClients.missing.filter((name) => name !== "PIL").length === 0;
if (!LIBRARIES_RUN && clientsRequired()) throw new Error(`missing Python client packages: ${pythonClients.missing.join(", ")}`);

const CLIENTS = ["python|requests", ...(LIBRARIES_RUN ? ["python|openai"] : []), "js|fetch", "js|openai", "sh|curl", ...runnableStdlibClients()];
/** curl sends one request and prints the reply as it is: it runs the plain request only. */
const WAYS = (pair: string) => (pair === "sh|curl" ? ["whole", "stream"] : ["whole", "stream", "tools"]);

interface Case {
  id: string;
  pair: string;
  way: string;
  snippet: Snippet;
  tools?: ResponsesToolServer;
}

function snippetFor(pair: string, options: SnippetOptions): Snippet {
  const [language, client] = pair.split("|") as [never, never];
  const { snippets, problems } = generateSnippets(MODEL, { api: "responses", endpointUrl: ENDPOINT, language, client, ...options });
  expect(problems, pair).toEqual([]);
  expect(snippets, pair).toHaveLength(1);
  return snippets[0]!;
}

/** An own server knows nothing of the hub: anything but its /v1/responses is a 404, which the test then sees. */
function ownServer(reply: (request: ReceivedRequest) => Reply): (request: ReceivedRequest) => Reply {
  return (request) => (request.url === RESPONSES_URL ? reply(request) : { status: 404, body: { error: `not this server: ${request.url}` } });
}

const cases: Case[] = [];
let rig: Rig;
let outcomes: Map<string, RunOutcome>;

beforeAll(async () => {
  for (const pair of CLIENTS)
    for (const way of WAYS(pair)) {
      const id = `${pair}|${way}`;
      if (way === "tools") {
        const tools = responsesToolServer({ result: SAMPLE_TOOL_RESULT, tools: responsesTools(SAMPLE_TOOLS) });
        cases.push({ id, pair, way, snippet: snippetFor(pair, { tools: { tools: SAMPLE_TOOLS, sample: true } }), tools });
      } else cases.push({ id, pair, way, snippet: snippetFor(pair, { stream: way === "stream" }) });
    }
  rig = await startRig();
  for (const item of cases) rig.server.respond(item.id, ownServer(item.tools ? (request) => item.tools!.reply(request) : responsesResponder()));
  const runnable = cases.map(({ id, snippet }) => ({ id, snippet }));
  outcomes = await executeWithLibraries(rig, runnable, (item) => item.id.startsWith("python|openai|"), pythonClients.python);
}, 600_000);

afterAll(async () => {
  await rig?.close();
});

describe("--api responses --endpoint-url, run against a server of one's own", () => {
  it.each(CLIENTS.flatMap((pair) => WAYS(pair).map((way) => `${pair}|${way}`)))(
    "%s asks the server's /v1/responses for the hub id, with the endpoint's token, and prints the answer",
    (id) => {
      const item = cases.find((candidate) => candidate.id === id)!;
      const outcome = outcomes.get(id);
      expect(outcome?.ok, `${id}: ${outcome?.error}`).toBe(true);
      if (item.tools) expect(item.tools.problems, id).toEqual([]);
      const posts = postsOf(rig, id);
      expect(posts.length, id).toBeGreaterThan(0);
      for (const post of posts) {
        expect(post.url, id).toBe(RESPONSES_URL);
        expect(post.headers.authorization, id).toBe(`Bearer ${TOKENS[ENDPOINT_TOKEN_VARIABLE]}`);
        expect((post.json as { model: string }).model, id).toBe(MODEL.id);
      }
      if (item.way === "tools") {
        expect(posts, id).toHaveLength(2);
        expect(outcome?.stdout, id).toBe(`${FINAL_ANSWER}\n`);
      } else {
        expect(posts, id).toHaveLength(1);
        expect(posts[0]!.json, id).toEqual({ model: MODEL.id, input: "What is the capital of France?", ...(item.way === "stream" && { stream: true }) });
        // curl prints the server's reply as it came; every other client prints the answer's text.
        if (item.pair !== "sh|curl") expect(outcome?.stdout, id).toBe(`${RESPONSES_TEXT.join("")}\n`);
      }
    },
  );
});
