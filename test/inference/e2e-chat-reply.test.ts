import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { execute, runnableStdlibClients, startRig, TOKENS, type Rig } from "../helpers/snippet-harness.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { CHAT_REPLY, plausibleChatReply } from "../helpers/fake-replies.js";
import { parsePython } from "../helpers/python.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * What a whole (not streamed) chat snippet prints: the reply's text, as a
 * person reading the terminal wants it, not the message object around it.
 * Each snippet runs alone here, so its stdout is all it printed.
 */

const REPLY_TEXT = CHAT_REPLY.choices[0]!.message.content;
const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/chat-reply", providers: ["together", "cerebras"] });

const PYTHON_PRELUDE = (port: number) => `
import requests
_request = requests.Session.request
def _local(self, method, url, *args, **kwargs):
    return _request(self, method, "http://127.0.0.1:${port}/" + url[len("https://"):], *args, **kwargs)
requests.Session.request = _local
`;

const NODE_PRELUDE = (port: number) => `
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const local = url.replace(/^https:\\/\\//, "http://127.0.0.1:${port}/");
    return input instanceof Request ? realFetch(new Request(local, input), init) : realFetch(local, init);
};
`;

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...TOKENS, NO_PROXY: "*", no_proxy: "*", HTTPS_PROXY: "", HTTP_PROXY: "", https_proxy: "", http_proxy: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let rig: Rig;
const printed = new Map<string, { code: number | null; stdout: string; stderr: string }>();
/** The Go, Java, Ruby and PHP snippets, whole and streamed, through the harness (which keeps what each printed). */
const STDLIB = runnableStdlibClients();
let stdlib: Map<string, RunOutcome>;

function snippetOf(language: string, client: string): Snippet {
  const { snippets } = generateSnippets(MODEL, { provider: "together", language: language as never, client: client as never });
  expect(snippets, `${language}/${client}`).toHaveLength(1);
  return snippets[0]!;
}

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  const reply = plausibleChatReply(MODEL.id, "together");
  rig.server.respond("", reply);
  const port = rig.server.port;
  const runs: Promise<void>[] = [];
  const python = join(rig.dir, "chat.py");
  writeFileSync(python, PYTHON_PRELUDE(port) + snippetOf("python", "requests").content);
  runs.push(run("python3", [python], rig.dir).then((outcome) => void printed.set("python|requests", outcome)));
  for (const client of ["fetch", "openai", "huggingface.js"]) {
    const file = join(rig.dir, `chat-${client}.mjs`);
    writeFileSync(file, NODE_PRELUDE(port) + snippetOf("js", client).content);
    runs.push(run(process.execPath, [file], rig.dir).then((outcome) => void printed.set(`js|${client}`, outcome)));
  }
  const cases = STDLIB.flatMap((pair) => {
    const [language, client] = pair.split("|") as [string, string];
    return [false, true].map((stream) => {
      const { snippets } = generateSnippets(MODEL, { provider: "together", language: language as never, client: client as never, stream });
      return { id: `${pair}|${stream ? "stream" : "whole"}`, snippet: snippets[0]!, reply };
    });
  });
  const [, outcomes] = await Promise.all([Promise.all(runs), execute(rig, cases)]);
  stdlib = outcomes;
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

describe("a whole chat reply is printed as its text", () => {
  it.each(["python|requests", "js|fetch", "js|openai", "js|huggingface.js"])("%s prints the reply text and nothing else", (id) => {
    const outcome = printed.get(id)!;
    expect(outcome.code, `${id}: ${outcome.stderr}`).toBe(0);
    expect(outcome.stdout).toBe(`${REPLY_TEXT}\n`);
  });

  it.each(STDLIB)("%s prints the reply text, whole and streamed", (pair) => {
    const whole = stdlib.get(`${pair}|whole`);
    expect(whole, `${pair}: ${whole?.error}`).toMatchObject({ ok: true, stdout: `${REPLY_TEXT}\n` });
    // The stream's deltas, "Par" and "is.", as they came, then a line end.
    const streamed = stdlib.get(`${pair}|stream`);
    expect(streamed, `${pair}: ${streamed?.error}`).toMatchObject({ ok: true, stdout: "Paris.\n" });
  });

  it.each(["huggingface_hub", "openai"])("python %s prints the message's content", (client) => {
    const [parsed] = parsePython([snippetOf("python", client).content]);
    if (!parsed?.ok) throw new Error(`does not parse: ${parsed?.ok === false ? parsed.error : ""}`);
    const printCalls = parsed.calls.filter((call) => call.func === "print");
    expect(printCalls.map((call) => call.args)).toEqual([[{ expr: "completion.choices[0].message.content" }]]);
  });
});
