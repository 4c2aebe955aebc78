import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { FAL_SAMPLE, runWithFalStandIn } from "../helpers/fal-sample.js";
import { plausibleReply, replyOutput, TRANSCRIPT, transcriptReply } from "../helpers/fake-replies.js";
import type { ReceivedRequest, Reply } from "../helpers/inference-server.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { registryPairs } from "../helpers/registry-pairs.js";
import { execute, isExecutable, startRig, TOKENS, type ExecutableCase, type Rig } from "../helpers/snippet-harness.js";
import { runPython, type RunOutcome } from "../helpers/snippet-runners.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * Speech recognition prints the transcript, and nothing else, in every client
 * of every provider that serves it, routed and direct: the loopback server
 * answers in each provider's own shape (hf-inference's and fal's `text`, a
 * Replicate prediction's `output.transcription`). A reply without the text
 * makes the program fail, saying so, instead of printing None or undefined.
 */

const TASK = "automatic-speech-recognition";
const PAIRS = registryPairs().filter((pair) => pair.task === TASK);
const CALLS = PAIRS.flatMap(({ provider, modes }) => modes.map((mode) => ({ provider, mode })));
const SCENARIOS = ["transcript", "missing"] as const;
type Scenario = (typeof SCENARIOS)[number];

const python = findPythonClients();
/** The Python client libraries these snippets import, and whether the machine has each. */
const PYTHON_LIBRARIES = { huggingface_hub: !python.missing.includes("huggingface_hub") };

/** The reply without the text: the provider's shape around nothing. */
function missingReply(provider: string): Record<string, unknown> {
  return provider === "replicate" ? { id: "prediction-1", status: "succeeded", output: null } : { chunks: [] };
}

let rig: Rig;
const snippets = new Map<string, Snippet>();
const outcomes = new Map<string, RunOutcome>();

function caseId(scenario: Scenario, provider: string, mode: string, snippet: Snippet): string {
  return `${scenario}|${provider}|${mode}|${snippet.language}|${snippet.client}`;
}

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  rig.addFile(FAL_SAMPLE.path, FAL_SAMPLE.bytes);
  const cases: ExecutableCase[] = [];
  const pythonCases: { id: string; source: string }[] = [];
  for (const { provider, mode } of CALLS) {
    for (const scenario of SCENARIOS) {
      const model = syntheticModel(TASK, { id: `acme/asr-${scenario}-${provider}-${mode}` });
      const providerId = providerIdFor(provider, model.id);
      const plausible = plausibleReply({ task: TASK, modelId: model.id, provider, providerId, output: replyOutput(provider, TASK) });
      const reply =
        scenario === "transcript"
          ? (request: ReceivedRequest): Reply => (request.method === "POST" ? { body: transcriptReply(provider, TASK, TRANSCRIPT) } : plausible(request))
          : (request: ReceivedRequest): Reply => (request.method === "POST" ? { body: missingReply(provider) } : plausible(request));
      for (const snippet of generateSnippets(model, { provider: provider as never, direct: mode === "direct" }).snippets) {
        const id = caseId(scenario, provider, mode, snippet);
        snippets.set(id, snippet);
        if (snippet.language === "python" && snippet.client !== "requests") {
          if (!PYTHON_LIBRARIES[snippet.client as keyof typeof PYTHON_LIBRARIES]) continue;
          rig.server.respond(id, reply);
          pythonCases.push({ id, source: snippet.content });
        } else if (isExecutable(snippet)) {
          cases.push({ id, snippet, reply });
        }
      }
    }
  }
  const [raw, libraries] = await Promise.all([
    execute(rig, cases),
    runPython(pythonCases, { port: rig.server.port, cwd: rig.dir, env: TOKENS, python: python.python }),
  ]);
  for (const [id, outcome] of [...raw, ...libraries]) outcomes.set(id, outcome);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig?.close();
});

it("covers every provider that serves speech recognition", () => {
  expect(PAIRS.map((pair) => pair.provider).sort()).toEqual(["fal-ai", "hf-inference", "replicate"]);
});

if (!PYTHON_LIBRARIES.huggingface_hub) {
  if (clientsRequired()) it("has huggingface_hub, which HUBREF_REQUIRE_PYTHON_CLIENTS requires", () => expect(python.missing).toEqual([]));
  else it.skip("skips the huggingface_hub snippets: the package is not installed here", () => {});
}

/*
 * fal_client has no wheel on this project's machines: its snippet runs against a stand-in of the package that
 * answers the two calls the snippet makes as fal does, an uploaded file's URL and the application's result.
 */
describe("fal_client, run against a stand-in of the package", () => {
  const FAL_MODEL = "acme/asr-fal-client";
  const falSnippet = () => generateSnippets(syntheticModel(TASK, { id: FAL_MODEL }), { client: "fal_client", provider: "fal-ai", direct: true }).snippets[0]!;

  async function runWithResult(result: string) {
    const snippet = falSnippet();
    const audio = snippet.content.match(/upload_file\("([^"]+)"\)/)![1]!;
    return runWithFalStandIn(
      snippet.content,
      `class SyncClient:\n    def __init__(self, key):\n        self.key = key\n\n    def upload_file(self, path):\n        open(path, "rb").close()\n        return "https://fal.media/files/upload"\n\n    def subscribe(self, application, arguments):\n        assert application == ${JSON.stringify(providerIdFor("fal-ai", FAL_MODEL))} and arguments == {"audio_url": "https://fal.media/files/upload"}, (application, arguments)\n        return ${result}\n`,
      (outcome) => outcome,
      { [audio]: "ID3" },
    );
  }

  it("prints exactly the transcript", async () => {
    const result = await runWithResult(`{"text": ${JSON.stringify(TRANSCRIPT)}, "chunks": []}`);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(`${TRANSCRIPT}\n`);
  });

  it("fails on a reply without the transcript, and prints nothing in its place", async () => {
    const result = await runWithResult(`{"chunks": []}`);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("No transcript in the reply");
  });
});

describe.each(CALLS)("$provider $mode", ({ provider, mode }) => {
  const ran = (scenario: Scenario) => [...outcomes.keys()].filter((id) => id.startsWith(`${scenario}|${provider}|${mode}|`));

  it("every client prints exactly the transcript", () => {
    const ids = ran("transcript");
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) {
      const outcome = outcomes.get(id)!;
      expect(outcome, `${id}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(outcome.stdout, id).toBe(`${TRANSCRIPT}\n`);
    }
  });

  it("a reply without the transcript fails, and prints nothing in its place", () => {
    for (const id of ran("missing")) {
      const outcome = outcomes.get(id)!;
      expect(outcome.ok, `${id} printed ${JSON.stringify(outcome.stdout)}`).toBe(false);
      expect(outcome.stdout ?? "", id).not.toMatch(/None|undefined|null/);
      // The raw-HTTP programs say why in their own words; a client library may say it in its own.
      const [, , , language, client] = id.split("|");
      const library = client === "huggingface.js" || (language === "python" && client !== "requests");
      if (!library || provider === "hf-inference") expect(outcome.error, id).toContain("No transcript in the reply");
    }
  });
});

it("generates a snippet for every client that has one", () => {
  const clients = new Set([...snippets.keys()].filter((id) => id.startsWith("transcript|")).map((id) => id.split("|").slice(3).join("|")));
  expect([...clients].sort()).toEqual(
    expect.arrayContaining([
      "go|net/http",
      "java|java.net.http",
      "js|fetch",
      "js|huggingface.js",
      "php|curl",
      "python|huggingface_hub",
      "python|requests",
      "ruby|net/http",
      "sh|curl",
    ]),
  );
});
