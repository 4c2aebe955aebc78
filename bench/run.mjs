// Snippets per second: hubref's engine (from dist/) and @huggingface/inference's
// getInferenceSnippets on the same models and providers, in one run.
// Run with `npm run bench` (it builds first).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { snippets as reference } from "@huggingface/inference";

const root = fileURLToPath(new URL("..", import.meta.url));
const { generateSnippets } = await import(join(root, "dist/inference/engine.js"));
const { parseModelData } = await import(join(root, "dist/model/load-file.js"));
const { PROVIDERS } = await import(join(root, "dist/inference/providers/index.js"));
const { InferenceTaskSchema } = await import(join(root, "dist/inference/ids.js"));

/** The providers that serve a task (chat: "conversational"), as hubref's provider facts say. */
function servingProviders(task) {
  return Object.values(PROVIDERS)
    .filter((provider) => (task === "conversational" ? provider.chatPath && provider.acceptsHubTokens : provider.tasks[task]))
    .map((provider) => provider.id);
}

function synthetic(task) {
  const chat = task === "text-generation" || task === "image-text-to-text";
  const id = `bench/${task}`;
  const providers = servingProviders(chat ? "conversational" : task);
  return parseModelData(
    JSON.stringify({
      id,
      pipeline_tag: task,
      tags: chat ? [task, "conversational"] : [task],
      inferenceProviderMapping: providers.map((provider) => ({ provider, providerId: provider === "hf-inference" ? id : `${provider}/${task}`, status: "live", task: chat ? "conversational" : task })),
    }),
    id,
  );
}

const catalogueDir = join(root, "catalogue/models");
const models = [
  ...readdirSync(catalogueDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => parseModelData(readFileSync(join(catalogueDir, file), "utf8"), file)),
  ...InferenceTaskSchema.options.map(synthetic),
];

/** Each model with "auto" and every provider its mapping names: the work both sides do. */
const jobs = [];
for (const model of models) {
  const mapping = Array.isArray(model.inferenceProviderMapping)
    ? model.inferenceProviderMapping
    : Object.entries(model.inferenceProviderMapping ?? {}).map(([provider, entry]) => ({ ...entry, provider }));
  jobs.push({ model, provider: "auto", entry: undefined });
  for (const entry of mapping) jobs.push({ model, provider: entry.provider, entry: { hfModelId: model.id, status: "live", ...entry } });
}

/** Reading a character makes V8 flatten a string built by concatenation, as writing it out would. */
let checksum = 0;
function consume(snippets) {
  for (const snippet of snippets) checksum += snippet.content.charCodeAt(snippet.content.length >> 1);
  return snippets.length;
}

function runHubref() {
  let count = 0;
  for (const job of jobs) count += consume(generateSnippets(job.model, { provider: job.provider }).snippets);
  return count;
}

function runReference() {
  let count = 0;
  for (const job of jobs) {
    try {
      count += consume(reference.getInferenceSnippets(job.model, job.provider, job.entry));
    } catch {
      // A combination the reference refuses counts no snippet.
    }
  }
  return count;
}

function measure(run, minimumMs = 2000) {
  run(); // warm-up: template compilation, JIT
  let rounds = 0;
  let snippets = 0;
  const start = performance.now();
  while (performance.now() - start < minimumMs) {
    snippets += run();
    rounds++;
  }
  const seconds = (performance.now() - start) / 1000;
  return { perRound: snippets / rounds, snippetsPerSecond: snippets / seconds, jobsPerSecond: (jobs.length * rounds) / seconds };
}

const hubref = measure(runHubref);
const ref = measure(runReference);
const rows = [
  ["", "snippets/round", "snippets/s", "model×provider/s"],
  ["hubref", hubref.perRound.toFixed(0), hubref.snippetsPerSecond.toFixed(0), hubref.jobsPerSecond.toFixed(0)],
  ["@huggingface/inference", ref.perRound.toFixed(0), ref.snippetsPerSecond.toFixed(0), ref.jobsPerSecond.toFixed(0)],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log(`${models.length} models, ${jobs.length} model×provider combinations per round\n`);
for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
if (checksum === 0) console.log("(no content?)");
console.log(`\nhubref / reference: ${(hubref.snippetsPerSecond / ref.snippetsPerSecond).toFixed(1)}x snippets per second, ${(hubref.jobsPerSecond / ref.jobsPerSecond).toFixed(1)}x combinations per second`);
