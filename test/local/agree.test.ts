import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getGgufHeader, getModel, localAppCommands, memoryPlan } from "../../src/api/index.js";
import { parseSnippetCommand } from "../../src/cli/snippet-command.js";
import { pickerMenu } from "../../src/cli/snippet-interactive.js";
import type { SnippetCommandOptions } from "../../src/cli/snippet-options.js";
import { createServer } from "../../src/mcp/server.js";
import { initialState, shownEntry } from "../../src/ui/state.js";
import { fakeContext } from "../helpers/context.js";
import { type FitsHub, startFitsHub } from "../helpers/fits-hub.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * One request, every surface: `snippet --app llama.cpp`, `model ID`,
 * `models --fits`, the picker, the library (localAppCommands, memoryPlan) and
 * MCP (plan_local_run, get_snippet) give the same file, context, placement,
 * verdict and bytes for it, against the stand-in hub of fits-hub.ts. Each
 * `model ID` row prints a command; run as printed, it gives the row's plan.
 */

let hub: FitsHub;
let mcp: Client;
const root = mkdtempSync(join(tmpdir(), "hubref-agree-"));
// No nvidia-smi: `model` judges against the machine named, never this one.
const noTools = join(root, "bin");
const env = () => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: join(root, "cache"), HF_TOKEN: undefined, NO_COLOR: "1", PATH: noTools });
const hubref = (...args: string[]) => runInProcess(args, { env: env() });

beforeAll(async () => {
  mkdirSync(noTools);
  hub = await startFitsHub();
  const server = createServer({ env: { HF_ENDPOINT: hub.endpoint }, offline: false, version: "0.0.0-test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = new Client({ name: "hubref-agree", version: "1.0.0" });
  await mcp.connect(clientSide);
});
afterAll(async () => {
  await mcp?.close();
  await hub?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A request as the command line's flags and as the library's and MCP's options. */
interface Request {
  id: string;
  fits?: string;
  ram?: string;
  ctx?: string;
  cacheType?: string;
  prefer?: string;
}

const REQUESTS: Request[] = [
  // MoE on a small card: Q4_K_M's class with experts in system memory.
  { id: "acme/Qwen3-30B-A3B-GGUF", fits: "RTX 3060:12", ctx: "32768" },
  // Dense, whole on the GPU, a quantized cache.
  { id: "acme/Llama-3.1-8B-Instruct-GGUF", fits: "RTX 4090", ctx: "32768", cacheType: "q8_0" },
  // Dense, whole layers in system memory, the RAM given.
  { id: "acme/Qwen2.5-32B-Instruct-GGUF", fits: "RTX 4060 Ti:16", ram: "64GB", ctx: "16384" },
  // An Apple chip's unified memory.
  { id: "acme/gemma-3-4b-it-GGUF", fits: "M3 Max:36", ctx: "65536", cacheType: "q8_0" },
  // The preferences, and a float file asked for by preference.
  { id: "acme/Llama-3.2-1B-Instruct-GGUF", fits: "RTX 4090", ctx: "8192", prefer: "quality" },
  { id: "acme/Qwen3-30B-A3B-GGUF", fits: "RTX 4060 Ti:16", ctx: "16384", prefer: "speed" },
  // A context without a machine: the default file, the context and cache in the command, no plan.
  { id: "acme/Llama-3.1-8B-Instruct-GGUF", ctx: "16384", cacheType: "q8_0" },
];

const FLAGS = [
  ["fits", "--fits"],
  ["ram", "--ram"],
  ["ctx", "--ctx"],
  ["cacheType", "--cache-type"],
  ["prefer", "--prefer"],
] as const;

function flagsOf(request: Request): string[] {
  return FLAGS.flatMap(([key, flag]) => (request[key] === undefined ? [] : [flag, request[key]!]));
}

/** The library's and MCP's options for the request: the same settings, `ctx` as a number. */
function optionsOf(request: Request) {
  return {
    ...(request.fits !== undefined && { fits: request.fits }),
    ...(request.ram !== undefined && { ram: request.ram }),
    ...(request.ctx !== undefined && { ctx: Number(request.ctx) }),
    ...(request.cacheType !== undefined && { cacheType: request.cacheType as "q8_0" }),
    ...(request.prefer !== undefined && { prefer: request.prefer as "quality" | "speed" }),
  };
}

const label = (request: Request) => `${request.id} ${flagsOf(request).join(" ")}`;

interface PlanJson {
  quant: string;
  files: string[];
  context: number;
  cacheTypeK: string;
  cacheTypeV: string;
  placement: string;
  layerCount: number;
  gpuLayers: number;
  ngl: number;
  cpuMoeLayers: number;
  fits: boolean;
  devices: { device: string; weights: number; kvCache: number; compute: number; total: number; budget: number | null }[];
  runSettings: Record<string, unknown>;
}

interface SnippetAnswer {
  quant: string;
  file: string;
  plan?: PlanJson;
  /** The commands as printed, and each step's as --json gives it. */
  commands: string;
  steps: string[];
  verdict?: string;
}

/** `snippet ID --app llama.cpp …`: the commands as printed, the verdict on stderr, and the plan --json reports. */
async function snippetAnswer(...args: string[]): Promise<SnippetAnswer> {
  const printed = await hubref("snippet", ...args, "--app", "llama.cpp");
  expect(printed.status, printed.stderr).toBe(0);
  const json = await hubref("snippet", ...args, "--app", "llama.cpp", "--json");
  expect(json.status, json.stderr).toBe(0);
  const steps = JSON.parse(json.stdout) as { quant: string; file: string; content: string; plan?: PlanJson }[];
  // Every step carries the one plan.
  expect(new Set(steps.map((step) => JSON.stringify(step.plan ?? null))).size).toBe(1);
  const verdict = printed.stderr.split("\n").find((line) => / at [\d,]+ tokens \(.* cache, flash attention \w+\) (fits|does not fit)/.test(line));
  return {
    quant: steps[0]!.quant,
    file: steps[0]!.file,
    ...(steps[0]!.plan && { plan: steps[0]!.plan }),
    commands: printed.stdout,
    steps: steps.map((step) => step.content),
    ...(verdict !== undefined && { verdict }),
  };
}

/**
 * The figures of a verdict line (context, layers, bytes per device, speed): the command line and the library word the
 * flags that change it their own way (`--ram`, `ram`), and agree on every number.
 */
const figures = (verdict: string | undefined) => verdict?.match(/\d[\d,.]*/g) ?? [];
const verdictOf = (notes: string[]) => notes.find((line) => / at [\d,]+ tokens \(.* cache, flash attention \w+\) (fits|does not fit)/.test(line));

/** Words of a command line as a POSIX shell splits them: hubref quotes with single quotes only. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe.each(REQUESTS)("the same plan for $id, every surface", (request) => {
  const flags = flagsOf(request);
  // `model` judges against this machine when no machine is named (--fits auto): --fits off asks what snippet is asked.
  const modelFlags = request.fits === undefined ? ["--fits", "off", ...flags] : flags;
  let expected: SnippetAnswer;
  beforeAll(async () => {
    expected = await snippetAnswer(request.id, ...flags);
  });

  it("the plan is what the request asked, where there is a machine", () => {
    if (request.fits === undefined) {
      expect(expected.plan, label(request)).toBeUndefined();
      expect(expected.verdict).toBeUndefined();
      return;
    }
    expect(expected.plan, label(request)).toMatchObject({ context: Number(request.ctx), quant: expected.quant, fits: true });
    if (request.cacheType !== undefined) expect(expected.plan).toMatchObject({ cacheTypeK: request.cacheType, cacheTypeV: request.cacheType });
    expect(expected.verdict).toMatch(new RegExp(`^note: ${expected.quant} at `));
  });

  it("model ID: the llama.cpp row names the file chosen, and the quant's row has the same plan", async () => {
    const view = await hubref("model", request.id, ...modelFlags, "--json");
    expect(view.status, view.stderr).toBe(0);
    const page = JSON.parse(view.stdout) as {
      apps: { app: string; quant: string | null; command: string }[];
      quants: { quant: string; command: string; run?: { plan: PlanJson } }[];
    };
    const app = page.apps.find((entry) => entry.app === "llama.cpp")!;
    expect(app.quant, label(request)).toBe(expected.quant);
    const row = page.quants.find((quant) => quant.quant === expected.quant)!;
    if (expected.plan) expect(row.run?.plan, label(request)).toEqual(expected.plan);
    else expect(row.run?.plan).toBeUndefined();
    // The app's row, run as printed, prints what the request printed.
    const words = shellWords(app.command);
    expect(words.slice(0, 4)).toEqual(["hubref", "snippet", request.id, "--app"]);
    const again = await hubref(...words.slice(1));
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout, app.command).toBe(expected.commands);
  });

  it("model ID: each quant row's command, run as printed, plans what its row says", async () => {
    const view = await hubref("model", request.id, ...modelFlags, "--json");
    const { quants } = JSON.parse(view.stdout) as { quants: { quant: string; loadable: boolean; command: string; run?: { plan: PlanJson; fits: boolean } }[] };
    const rows = quants.filter((quant) => quant.loadable);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const words = shellWords(row.command);
      // What the row was asked, but --prefer: it chooses a file, and a row names one (the command refuses the two together).
      expect(words).toEqual(expect.arrayContaining(["--quant", row.quant, ...flagsOf({ ...request, prefer: undefined })]));
      expect(words).not.toContain("--prefer");
      const again = await hubref(...words.slice(1), "--json");
      expect(again.status, `${row.command}: ${again.stderr}`).toBe(0);
      const [step] = JSON.parse(again.stdout) as { quant: string; plan?: PlanJson }[];
      expect(step!.quant, row.command).toBe(row.quant);
      expect(step!.plan, row.command).toEqual(row.run?.plan);
    }
  });

  it("models --fits: the model's row has the same file and plan", async () => {
    if (request.fits === undefined) return;
    const listed = await hubref("models", ...flags, "--task", "text-generation", "--limit", "100", "--json");
    expect(listed.status, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { id: string; quant: string; file: string; plan: PlanJson }[];
    const row = rows.find((entry) => entry.id === request.id);
    expect(row, label(request)).toBeDefined();
    expect(row).toMatchObject({ quant: expected.quant, file: expected.file });
    expect(row!.plan).toEqual(expected.plan);
  });

  it("the picker opens on the same file, with the same commands", async () => {
    const options: SnippetCommandOptions = {
      stream: false,
      direct: false,
      json: false,
      library: false,
      offline: false,
      refresh: false,
      provider: "auto",
      interactive: true,
      app: "llama.cpp",
      ...Object.fromEntries(FLAGS.flatMap(([key]) => (request[key] === undefined ? [] : [[key, request[key]]]))),
    };
    const command = parseSnippetCommand([request.id], options, { interactive: true });
    if (command.mode !== "picker") throw new Error("not the picker");
    const { menu } = await pickerMenu(command, fakeContext(env(), false).context);
    const shown = shownEntry(initialState(menu));
    if (shown?.source !== "local") throw new Error(`the picker opens on ${shown?.source}`);
    expect(shown.quant?.label, label(request)).toBe(expected.quant);
    expect(shown.content, label(request)).toBe(expected.commands);
    if (expected.plan) {
      const mark = menu.quantFit!(shown);
      expect(mark).toBe(expected.plan.placement === "gpu" || expected.plan.placement === "system" ? "fits" : "offloaded");
    }
  });

  it("the library: localAppCommands gives the same file, commands and verdict; memoryPlan the same plan for that file", async () => {
    const model = await getModel(request.id, { endpoint: hub.endpoint }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const made = await localAppCommands(model.value, "llama.cpp", { ...optionsOf(request), hub: { endpoint: hub.endpoint } });
    if (!made.ok) throw new Error(made.problem.message);
    expect(made.value.quant?.label, label(request)).toBe(expected.quant);
    expect(made.value.content).toBe(expected.commands);
    expect(figures(verdictOf(made.notes))).toEqual(figures(expected.verdict));
    if (!expected.plan) return;
    const facts = await getGgufHeader(request.id, expected.file, { endpoint: hub.endpoint });
    if (!facts.ok) throw new Error(facts.problem.message);
    const size = model.value.siblings?.find((sibling) => sibling.rfilename === expected.file)?.size;
    const planned = await memoryPlan(facts.value, {
      weights: { quant: expected.quant, files: expected.plan.files, bytes: size! },
      budget: request.fits!,
      ...(request.ram !== undefined && { ram: request.ram }),
      ctx: Number(request.ctx),
      ...(request.cacheType !== undefined && { cacheTypeK: request.cacheType as "q8_0", cacheTypeV: request.cacheType as "q8_0" }),
    });
    if (!planned.ok) throw new Error(planned.problem.message);
    const { context, placement, gpuLayers, cpuMoeLayers, fits, layerCount } = planned.value;
    expect({ context, placement, gpuLayers, cpuMoeLayers, fits, layerCount }, label(request)).toEqual({
      context: expected.plan.context,
      placement: expected.plan.placement,
      gpuLayers: expected.plan.gpuLayers,
      cpuMoeLayers: expected.plan.cpuMoeLayers,
      fits: expected.plan.fits,
      layerCount: expected.plan.layerCount,
    });
    expect(planned.value.devices.map((device) => Math.round(device.total))).toEqual(expected.plan.devices.map((device) => device.total));
  });

  it("MCP: plan_local_run and get_snippet give the same file, commands and verdict", async () => {
    type Answer = { structuredContent?: Record<string, unknown>; isError?: boolean; content: { text: string }[] };
    const call = async (name: string, args: Record<string, unknown>) => {
      const answer = (await mcp.callTool({ name, arguments: args })) as Answer;
      expect(answer.isError, answer.content.map((part) => part.text).join("\n")).not.toBe(true);
      return answer.structuredContent!;
    };
    const snippet = (await call("get_snippet", { model: request.id, app: "llama.cpp", ...optionsOf(request) })) as {
      blocks: { quant: string; content: string }[];
      notes: string[];
    };
    expect(snippet.blocks.map((block) => block.quant)).toEqual(snippet.blocks.map(() => expected.quant));
    expect(snippet.blocks.map((block) => block.content)).toEqual(expected.steps);
    expect(figures(verdictOf(snippet.notes))).toEqual(figures(expected.verdict));
    if (request.fits === undefined) return;
    const plan = (await call("plan_local_run", { model: request.id, ...optionsOf(request) })) as {
      quant: { label: string };
      commands: string;
      notes: string[];
    };
    expect(plan.quant.label, label(request)).toBe(expected.quant);
    expect(plan.commands).toBe(expected.commands);
    expect(figures(verdictOf(plan.notes))).toEqual(figures(expected.verdict));
  });
});
