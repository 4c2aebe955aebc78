import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { Snippet, SnippetOptions } from "../../src/inference/snippet.js";
import { plausibleChatReply } from "../helpers/fake-replies.js";
import { CASE_HEADER, type ReceivedRequest, type Reply } from "../helpers/inference-server.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { RESPONSES_TEXT, responsesResponder } from "../helpers/responses-replies.js";
import { childEnv, type RunOutcome } from "../helpers/snippet-runners.js";
import { execute, postsOf, runnableStdlibClients, startRig, TOKENS, type Rig } from "../helpers/snippet-harness.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * `--api responses` and `--reasoning-effort`, executed: every client that
 * speaks the Responses API runs, whole and streamed, against a loopback
 * router that checks the body is a Responses request and answers as the
 * router does (output items; semantic events as server-sent events). The
 * test asserts what each program printed and what it sent. Chat completions
 * with a reasoning effort are run too, for every chat client.
 */

const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/responses-model", providers: ["together"] });
const ROUTED_MODEL = `${MODEL.id}:together`;
const ANSWER = RESPONSES_TEXT.join("");
const python = findPythonClients();
const PYTHON_CLIENTS_HERE = python.missing.filter((name) => name !== "PIL").length === 0;
if (!PYTHON_CLIENTS_HERE && clientsRequired()) throw new Error(`python client packages missing: ${python.missing.join(", ")}`);
/** The Python clients that import a package of their own (.venv-test/): a named skip where it is not installed. */
const NEEDS_CLIENT_PACKAGE = (pair: string) => pair === "python|openai" || pair === "python|huggingface_hub";
if (HERE && !PYTHON_CLIENTS_HERE) {
  it.skip(`skips python|openai and python|huggingface_hub: ${python.missing.join(", ")} not installed for ${python.python} (docs/development.md)`, () => {});
}
/** The pairs run here. */
const runsHere = (pair: string) => PYTHON_CLIENTS_HERE || !NEEDS_CLIENT_PACKAGE(pair);

function snippetOf(options: SnippetOptions): Snippet {
  const { snippets, problems } = generateSnippets(MODEL, { provider: "together", ...options });
  expect(snippets, `${options.language}/${options.client}: ${problems.join("; ")}`).toHaveLength(1);
  return snippets[0]!;
}

const PYTHON_PRELUDE = (port: number, caseId: string) => `
import requests
_request = requests.Session.request
def _local(self, method, url, *args, **kwargs):
    headers = dict(kwargs.pop("headers", None) or {})
    headers[${JSON.stringify(CASE_HEADER)}] = ${JSON.stringify(caseId)}
    return _request(self, method, "http://127.0.0.1:${port}/" + url[len("https://"):], *args, headers=headers, **kwargs)
requests.Session.request = _local
try:
    import httpx2
except ImportError:
    httpx2 = None
if httpx2 is not None:
    _send = httpx2.Client.send
    def _send_local(self, request, *args, **kwargs):
        url = str(request.url)
        if url.startswith("https://"):
            request.url = httpx2.URL("http://127.0.0.1:${port}/" + url[len("https://"):])
        request.headers[${JSON.stringify(CASE_HEADER)}] = ${JSON.stringify(caseId)}
        return _send(self, request, *args, **kwargs)
    httpx2.Client.send = _send_local
`;

const NODE_PRELUDE = (port: number, caseId: string) => `
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const local = url.replace(/^https:\\/\\//, "http://127.0.0.1:${port}/");
    if (input instanceof Request) {
        const request = new Request(local, input);
        request.headers.set(${JSON.stringify(CASE_HEADER)}, ${JSON.stringify(caseId)});
        return realFetch(request, init);
    }
    const headers = new Headers(init.headers);
    headers.set(${JSON.stringify(CASE_HEADER)}, ${JSON.stringify(caseId)});
    return realFetch(local, { ...init, headers });
};
`;

function run(command: string, args: string[], cwd: string): Promise<RunOutcome & { stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: childEnv(TOKENS) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ id: "", ok: code === 0, stdout, ...(code !== 0 && { error: `exit ${code}: ${stderr}` }) }));
  });
}

/** Each case: its id (language|client|api|whole-or-stream), the snippet, and how it runs. */
interface Case {
  id: string;
  snippet: Snippet;
}

const SCRIPTED = [
  ["python", "requests"],
  ["python", "openai"],
  ["js", "fetch"],
  ["js", "openai"],
] as const;

let rig: Rig;
let chatReply: (request: ReceivedRequest) => Reply;
const outcomes = new Map<string, RunOutcome>();
const STDLIB = runnableStdlibClients();
const cases: Case[] = [];

function scriptedRuns(port: number, list: Case[]): Promise<void>[] {
  return list.map(async ({ id, snippet }) => {
    rig.server.respond(id, responsesResponder(chatReply));
    if (snippet.language === "python") {
      if (!runsHere(`${snippet.language}|${snippet.client}`)) return;
      const file = join(rig.dir, `${id.replaceAll("|", "-")}.py`);
      writeFileSync(file, PYTHON_PRELUDE(port, id) + snippet.content);
      outcomes.set(id, await run(python.python, [file], rig.dir));
    } else {
      const file = join(rig.dir, `${id.replaceAll("|", "-").replaceAll(".", "_")}.mjs`);
      writeFileSync(file, NODE_PRELUDE(port, id) + snippet.content);
      outcomes.set(id, await run(process.execPath, [file], rig.dir));
    }
  });
}

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  chatReply = plausibleChatReply(MODEL.id, "together");
  const scripted: Case[] = [];
  for (const stream of [false, true]) {
    const way = stream ? "stream" : "whole";
    for (const [language, client] of SCRIPTED) {
      scripted.push({
        id: `${language}|${client}|responses|${way}`,
        snippet: snippetOf({ language, client, api: "responses", stream, reasoningEffort: "low" }),
      });
    }
    for (const pair of [...STDLIB, "sh|curl"]) {
      const [language, client] = pair.split("|") as [never, never];
      cases.push({ id: `${pair}|responses|${way}`, snippet: snippetOf({ language, client, api: "responses", stream, reasoningEffort: "low" }) });
    }
  }
  // Chat completions with a reasoning effort, in each chat client.
  for (const [language, client] of [...SCRIPTED, ["python", "huggingface_hub"], ["js", "huggingface.js"]] as const) {
    scripted.push({ id: `${language}|${client}|chat|whole`, snippet: snippetOf({ language, client, reasoningEffort: "high" }) });
  }
  for (const pair of STDLIB) {
    const [language, client] = pair.split("|") as [never, never];
    cases.push({ id: `${pair}|chat|whole`, snippet: snippetOf({ language, client, reasoningEffort: "high" }) });
  }
  cases.push(...scripted);
  const stdlibCases = cases.filter((item) => !scripted.includes(item));
  const [executed] = await Promise.all([
    execute(
      rig,
      stdlibCases.map((item) => ({ ...item, reply: responsesResponder(chatReply) })),
    ),
    ...scriptedRuns(rig.server.port, scripted),
  ]);
  for (const [id, outcome] of executed) outcomes.set(id, outcome);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

function ran(id: string): RunOutcome | undefined {
  const outcome = outcomes.get(id);
  if (outcome === undefined) return undefined;
  expect(outcome.ok, `${id}: ${outcome.error}`).toBe(true);
  return outcome;
}

describe("--api responses, executed against the router's Responses API", () => {
  const printing = [...SCRIPTED.map((pair) => pair.join("|")), ...runnableStdlibClients()].filter(runsHere);
  it.each(printing)("%s prints the answer's text, whole and streamed", (pair) => {
    for (const way of ["whole", "stream"]) {
      const outcome = ran(`${pair}|responses|${way}`);
      if (outcome === undefined) continue;
      expect(outcome.stdout, `${pair} ${way}`).toBe(`${ANSWER}\n`);
    }
  });

  it.each([...printing, "sh|curl"])("%s sends a Responses request to the router, with the effort in reasoning", (pair) => {
    for (const way of ["whole", "stream"]) {
      const id = `${pair}|responses|${way}`;
      if (!outcomes.has(id)) continue;
      ran(id);
      const posts = postsOf(rig, id);
      expect(posts.map((post) => post.url)).toEqual(["https://router.huggingface.co/v1/responses"]);
      expect(posts[0]!.headers.authorization).toBe(`Bearer ${TOKENS.HF_TOKEN}`);
      expect(posts[0]!.json).toEqual({
        model: ROUTED_MODEL,
        input: "What is the capital of France?",
        reasoning: { effort: "low" },
        ...(way === "stream" && { stream: true }),
      });
    }
  });
});

describe("--reasoning-effort with chat completions", () => {
  const chatClients = [...SCRIPTED.map((pair) => pair.join("|")), "python|huggingface_hub", "js|huggingface.js", ...runnableStdlibClients()].filter(runsHere);
  it.each(chatClients)("%s sends reasoning_effort and prints the reply", (pair) => {
    const id = `${pair}|chat|whole`;
    const outcome = ran(id);
    if (outcome === undefined) return;
    if (outcome.stdout !== undefined) expect(outcome.stdout).toBe("Paris.\n");
    const posts = postsOf(rig, id);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.json).toMatchObject({ messages: [{ role: "user", content: "What is the capital of France?" }], reasoning_effort: "high" });
  });
});
