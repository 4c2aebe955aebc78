import { describe, expect, it } from "vitest";
import { isCommandApp } from "../../src/apps/app-keys.js";
import { renderAppSnippets } from "../../src/apps/generate.js";
import { placingOf, type GgufRunner } from "../../src/apps/placement.js";
import { appEntries } from "../../src/apps/registry.js";
import { appBlocks, libraryBlocks } from "../../src/blocks/model-blocks.js";
import { factsOfHeader } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import type { LocalRun } from "../../src/local/run.js";
import type { ModelData } from "../../src/model/schema.js";
import { quantCatalogue } from "../../src/quant/catalogue.js";
import { fitsRepos, repoFiles } from "../helpers/fits-hub.js";
import { localRun } from "../helpers/local-runs.js";
import { runRecorded, type Recorded } from "./recorder.js";
import { TOOL_TEMPLATE } from "./models.js";

/*
 * Every app's printed command, run under bash with the apps replaced by a
 * recorder (test/apps/recorder.ts: the commands are recorded, not run), never
 * asks the GPU for more than that app's own plan: the plan made with the
 * placement the app can take (src/apps/placement.ts). A dense model that
 * needs layers in system memory, a MoE model whose experts wait there, and
 * one that runs whole on the GPU, on the stand-in hub's real layouts.
 */

const sizes = tensorSizesOf(quantCatalogue().tensorTypes);

/** A stand-in repository as the hub's API gives it, served for chat (the agents run chat models only), and its header. */
function repository(id: string): { model: ModelData; facts: ReturnType<typeof factsOfHeader> } {
  const fits = fitsRepos().find((candidate) => candidate.id === id)!;
  const model: ModelData = {
    id,
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    gguf: { total: fits.parameters, architecture: fits.architecture, context_length: fits.trained, chat_template: TOOL_TEMPLATE },
    siblings: repoFiles(fits).map((file) => ({ rfilename: file.name, size: file.size })),
  };
  return { model, facts: factsOfHeader(parseGgufHeader(fits.header!, sizes)) };
}

const CASES = [
  // Layers in system memory: the whole file does not fit the card at that context.
  { id: "acme/Llama-3.1-8B-Instruct-GGUF", fits: "RTX 3060:12", ctx: "128k", quant: "Q8_0" },
  // A MoE model: experts in system memory where the app can keep them there, whole layers where it cannot.
  { id: "acme/Qwen3-30B-A3B-GGUF", fits: "RTX 3060:12", ctx: "32k", quant: "Q4_K_M" },
  // Every layer on the GPU.
  { id: "acme/Llama-3.1-8B-Instruct-GGUF", fits: "RTX 4090", ctx: "8k", quant: "Q4_K_M" },
];

/** What the command asked of the GPU: the layers it puts there (llama.cpp's count, the output one of them), and the layers whose experts it keeps off it. */
interface Asked {
  layers?: number | "all";
  cpuMoe?: number;
}

function wordAfter(words: readonly string[], flag: string): string | undefined {
  const at = words.indexOf(flag);
  return at === -1 ? undefined : words[at + 1];
}

/** The placement each app's recorded calls ask for, in that app's own words. */
function asked(key: string, recording: Recorded): Asked {
  const calls = recording.argv;
  const find = (...prefix: string[]) => calls.find((argv) => prefix.every((word, at) => argv[at] === word));
  const count = (text: string | undefined): number | "all" | undefined => (text === undefined ? undefined : text === "all" ? "all" : Number(text));
  switch (key) {
    case "llama.cpp":
    case "pi":
    case "hermes-agent":
    case "openclaw": {
      const server = find("llama", "serve")!;
      return { layers: count(wordAfter(server, "-ngl")), cpuMoe: Number(wordAfter(server, "--n-cpu-moe") ?? 0) };
    }
    case "docker-model-runner": {
      const configure = find("docker", "model", "configure");
      return configure ? { layers: count(wordAfter(configure, "-ngl")), cpuMoe: Number(wordAfter(configure, "--n-cpu-moe") ?? 0) } : {};
    }
    case "ollama": {
      const request = calls.find((argv) => argv[0] === "curl" && argv.includes("-d") && argv.some((word) => word.includes("/api/chat")));
      const body = JSON.parse(request![request!.indexOf("-d") + 1]!) as { options?: { num_gpu?: number } };
      return { layers: body.options?.num_gpu, cpuMoe: 0 };
    }
    case "node-llama-cpp":
      return { layers: count(wordAfter(find("npx")!, "--gpuLayers")), cpuMoe: 0 };
    case "lemonade": {
      // Lemonade puts every layer on the GPU itself; --llamacpp-args may keep experts off it.
      const run = find("lemonade", "run")!;
      const args = (wordAfter(run, "--llamacpp-args") ?? "").split(" ");
      return { layers: "all", cpuMoe: Number(wordAfter(args, "--n-cpu-moe") ?? 0) };
    }
    default:
      // LocalAI's layers live in a model YAML file (a note says so): its command asks the GPU for nothing.
      return {};
  }
}

/** Whether the command asks the GPU for at most what the plan holds there: no more layers, no fewer experts kept off it. */
function withinPlan(ask: Asked, plan: NonNullable<LocalRun["plan"]>): boolean {
  const allowed = plan.gpuLayers === plan.layerCount ? plan.layerCount + 1 : plan.ngl;
  const layers = ask.layers === "all" ? plan.layerCount + 1 : ask.layers;
  if (layers !== undefined && layers > allowed) return false;
  // With every layer on the GPU, the experts the plan keeps in system memory must stay there.
  if (layers === plan.layerCount + 1 && (ask.cpuMoe ?? 0) < plan.cpuMoeLayers) return false;
  return true;
}

const commandApps = appEntries().filter((app) => isCommandApp(app.key) && app.runs.includes("gguf") && placingOf(app.key) !== undefined);

describe("each app asks the GPU for no more than its own plan", () => {
  it("covers every command app that plans GGUF layers", () => {
    expect(commandApps.map((app) => app.key).sort()).toEqual(
      ["docker-model-runner", "hermes-agent", "lemonade", "llama.cpp", "localai", "node-llama-cpp", "ollama", "openclaw", "pi"].sort(),
    );
  });

  it.each(commandApps.flatMap((app) => CASES.map((entry) => [app.key, entry] as const)))("%s: %o", async (key, entry) => {
    const { model, facts } = repository(entry.id);
    const run = await localRun(model, { fits: entry.fits, ctx: entry.ctx, quant: entry.quant }, facts, key as GgufRunner);
    const plan = run.plan!;
    // An app that takes whole layers only gets a plan of whole layers; one that offloads every layer itself, a plan of every layer.
    if (placingOf(key as GgufRunner) === "layers") expect(plan.cpuMoeLayers).toBe(0);
    if (placingOf(key as GgufRunner) === "all-layers") expect(plan.gpuLayers).toBe(plan.layerCount);
    const script = renderAppSnippets(appBlocks(model, key, run).blocks[0]!.steps);
    const recording = runRecorded(script);
    expect(recording.status, recording.stderr).toBe(0);
    const ask = asked(key, recording);
    expect(
      withinPlan(ask, plan),
      `${key} asked ${JSON.stringify(ask)} of a plan of ${plan.gpuLayers}/${plan.layerCount} layers, ${plan.cpuMoeLayers} layers' experts off the GPU`,
    ).toBe(true);
    // Never the "every layer" of the old commands where the plan keeps layers in system memory.
    if (plan.gpuLayers < plan.layerCount) expect(ask.layers).not.toBe("all");
  });

  it.each(CASES)("llama-cpp-python's code: n_gpu_layers is its plan's, never -1 where layers stay in system memory (%o)", async (entry) => {
    const { model, facts } = repository(entry.id);
    const run = await localRun(model, { fits: entry.fits, ctx: entry.ctx, quant: entry.quant }, facts, "llama-cpp-python");
    const plan = run.plan!;
    expect(plan.cpuMoeLayers).toBe(0);
    const [code] = await libraryBlocks(model, "python", { local: run });
    const layers = Number(/n_gpu_layers=(-?\d+),/.exec(code!.content)![1]);
    if (layers === -1) expect(plan.gpuLayers).toBe(plan.layerCount);
    else expect(withinPlan({ layers }, plan)).toBe(true);
  });
});
