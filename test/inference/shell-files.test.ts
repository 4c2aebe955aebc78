import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { ROOT } from "../helpers/paths.js";
import { startInferenceServer, type InferenceServer } from "../helpers/inference-server.js";
import { registryPairs } from "../helpers/registry-pairs.js";
import { childEnv, shellPrelude } from "../helpers/snippet-runners.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { TOKENS } from "../helpers/snippet-harness.js";

/*
 * A curl snippet whose input file is missing stops before it sends anything
 * (a request without its file is still a billed request) and says so with a
 * non-zero exit. The scripts run as written: unlike the end-to-end harness,
 * no `set -e` is added in front of them.
 */

interface Case {
  id: string;
  snippet: Snippet;
}

function curlCases(): Case[] {
  const cases: Case[] = [];
  for (const { provider, task, modes } of registryPairs()) {
    for (const mode of modes) {
      const model = syntheticModel(task, { id: `acme/${task}-${provider}-${mode}` });
      const { snippets } = generateSnippets(model, { provider: provider as never, direct: mode === "direct", language: "sh" });
      for (const snippet of snippets) cases.push({ id: `${provider} ${task} ${mode}`, snippet });
    }
  }
  const vision = syntheticModel("image-text-to-text", { conversational: true, id: "acme/vision", providers: ["together"] });
  for (const stream of [false, true]) {
    const { snippets } = generateSnippets(vision, { provider: "together", language: "sh", images: ["photos/dog.jpg"], stream });
    for (const snippet of snippets) cases.push({ id: `together vision chat${stream ? " stream" : ""}`, snippet });
  }
  // Only the snippets that read a local file: their comment names it as the example to replace.
  return cases.filter(({ snippet }) => /is an example name/.test(snippet.content) || snippet.content.includes("photos/dog.jpg"));
}

let server: InferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startInferenceServer();
  dir = mkdtempSync(join(ROOT, ".tmp", "no-files-"));
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function runScript(id: string, source: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `${shellPrelude(server.port, id)}\n${source}`], {
      cwd: dir,
      env: childEnv(TOKENS),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

const CASES = curlCases();

it("finds curl snippets that read a file, for every file-reading task", () => {
  const tasks = new Set(CASES.map(({ id }) => id.split(" ")[1]));
  expect([...tasks]).toEqual(expect.arrayContaining(["automatic-speech-recognition", "image-classification", "vision"]));
});

it.each(CASES.map(({ id, snippet }) => ({ id, snippet })))("$id: with the file missing, sends nothing and exits non-zero", async ({ id, snippet }) => {
  const result = await runScript(id, snippet.content);
  expect(server.requestsOf(id), `${id} sent a request without its file`).toEqual([]);
  expect(result.code, `${id} exited 0 without its file: ${result.stderr}`).not.toBe(0);
  expect(result.stderr).not.toBe("");
});
