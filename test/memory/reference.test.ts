import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsOfHeader } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { estimateMemory } from "../../src/memory/estimate.js";
import type { CacheType } from "../../src/memory/rules.js";
import { ARCH_MODELS, type ArchModel } from "../helpers/gguf-arch-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";

/*
 * The estimate against llama.cpp itself: node-llama-cpp's dry run
 * (estimateContextResourceRequirementsV2's simulator, which creates the model
 * and context with no_alloc and reports what llama.cpp would allocate) on
 * header-only files of every architecture the estimate has a rule for. The
 * terms come from llama.cpp's own log lines (model, KV cache, recurrent state,
 * output and compute buffer sizes). node-llama-cpp is installed by
 * `npm run oracle` into .tmp/oracle, outside the project's dependencies.
 */

const ORACLE = resolve(".tmp/oracle");
const GOALS = { weights: 0.01, kvCache: 0.01, compute: 0.15, total: 0.03 };
const MiB = 2 ** 20;

/**
 * Where the rule misses a goal, stated rather than hidden: gpt-oss's compute
 * buffer with flash attention at 32,768 tokens stands about a quarter above
 * every phase of the rule, while at 24,576 and 40,960 tokens it is the same
 * as at 8,192: a fragment of llama.cpp's graph allocator at that one size,
 * which the rule does not model. The total stays within its goal. Each is
 * held to the bound given.
 */
const KNOWN_MISSES: { model: string; ctx: number; flash: boolean; term: keyof typeof GOALS; bound: number }[] = [
  { model: "gpt-oss (sliding window, MoE)", ctx: 32768, flash: true, term: "compute", bound: 0.3 },
];

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };
const sizes = tensorSizesOf(catalogue.tensorTypes);

// biome-ignore lint/suspicious/noExplicitAny: node-llama-cpp is loaded by path, without its types.
type Oracle = any;

async function loadOracle(): Promise<Oracle | string> {
  try {
    const require = createRequire(join(ORACLE, "package.json"));
    const path = require.resolve("node-llama-cpp");
    return await import(path);
  } catch {
    return "node-llama-cpp is not installed in .tmp/oracle (npm run oracle)";
  }
}

const oracle = await loadOracle();
const missing = typeof oracle === "string" ? oracle : undefined;
if (missing) {
  if (process.env.HUBREF_REQUIRE_TOOLCHAINS === "1") throw new Error(`${missing}, and HUBREF_REQUIRE_TOOLCHAINS=1 requires it`);
  console.log(`skipping the llama.cpp oracle: ${missing}`);
  it.skip(`skips the estimate against llama.cpp's dry run: ${missing}`, () => {});
}

const CONTEXTS = [512, 8192, 32768, 131072];
/** GgmlType ids of the cache types. */
const GGML_TYPE: Record<CacheType, number> = { f16: 1, q8_0: 8, q4_0: 2 };
const SETTINGS: { cache: CacheType; flash: boolean }[] = [
  { cache: "f16", flash: true },
  { cache: "f16", flash: false },
  { cache: "q8_0", flash: true },
  { cache: "q4_0", flash: true },
];

interface Terms {
  weights: number;
  kvCache: number;
  compute: number;
}

const worst: Record<keyof typeof GOALS, { error: number; where: string }> = {
  weights: { error: 0, where: "" },
  kvCache: { error: 0, where: "" },
  compute: { error: 0, where: "" },
  total: { error: 0, where: "" },
};

const knownMisses: string[] = [];

afterAll(() => {
  if (missing) return;
  const lines = Object.entries(worst).map(([term, { error, where }]) => `  ${term}: ${(error * 100).toFixed(2)}% (${where})`);
  console.log(`worst case against llama.cpp's dry run, per term:\n${lines.join("\n")}\nknown misses:\n  ${knownMisses.join("\n  ")}`);
});

describe.skipIf(missing !== undefined)("the estimate against llama.cpp's dry run", async () => {
  const dir = resolve(".tmp/oracle-models");
  mkdirSync(dir, { recursive: true });
  let log = "";
  const llama = missing
    ? undefined
    : await oracle.getLlama({
        gpu: false,
        build: "never",
        logLevel: oracle.LlamaLogLevel.info,
        logger: (_level: unknown, message: string) => (log += message),
      });
  // node-llama-cpp quiets llama.cpp while it creates a context; its log lines are the terms read here.
  if (llama) llama._createLogLevelOverride = () => () => undefined;

  const megabytes = (pattern: RegExp) => [...log.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]) * MiB, 0);

  const loaded = new Map<string, { session: Oracle; source: Oracle; weights: number }>();
  async function load(model: ArchModel) {
    const known = loaded.get(model.label);
    if (known) return known;
    const path = join(dir, `${model.label.replace(/\W+/g, "-")}.gguf`);
    writeFileSync(path, writeGguf(model.spec));
    const insights = await oracle.GgufInsights.from(await oracle.readGgufFileInfo(path), llama);
    const session = insights._simulationSession;
    const source = await insights._resolveSimulatorSource();
    // Without mmap, llama.cpp sizes the weights' buffer (no_alloc: nothing is allocated).
    const weights = (await session.estimateModelResources({ modelSource: source, gpuLayers: 0, useMmap: false })).cpuRam as number;
    const entry = { session, source, weights };
    loaded.set(model.label, entry);
    return entry;
  }

  async function dryRun(model: ArchModel, ctx: number, cache: CacheType, flash: boolean): Promise<Terms | undefined> {
    const { session, source, weights } = await load(model);
    log = "";
    try {
      await session.estimateContextResources({
        modelSource: source,
        gpuLayers: 0,
        contextSize: ctx,
        batchSize: 512,
        sequences: 1,
        flashAttention: flash,
        kvCacheKeyType: GGML_TYPE[cache],
        kvCacheValueType: GGML_TYPE[cache],
        useMmap: false,
      });
    } catch {
      return undefined;
    }
    return {
      weights,
      kvCache: megabytes(/llama_kv_cache: size = +([\d.]+) MiB/g) + megabytes(/llama_memory_recurrent: size = +([\d.]+) MiB/g),
      compute: megabytes(/output buffer size = +([\d.]+) MiB/g) + megabytes(/compute buffer size = +([\d.]+) MiB/g),
    };
  }

  it.each(ARCH_MODELS.map((make) => [make().label, make] as const))("%s: weights, KV cache, compute buffers and total", async (_label, make) => {
    const model = make();
    const facts = factsOfHeader(parseGgufHeader(writeGguf(model.spec), sizes));
    const weights = facts.layerTensorBytes.reduce((a, b) => a + b, 0) + facts.otherTensorBytes;
    const failures: string[] = [];
    for (const ctx of CONTEXTS.filter((tokens) => tokens <= Math.max(model.trained, 8192))) {
      for (const { cache, flash } of SETTINGS) {
        const theirs = await dryRun(model, ctx, cache, flash);
        expect(theirs, `llama.cpp refused ${model.label} at ${ctx} tokens, ${cache}, flash attention ${flash}`).toBeDefined();
        const ours = estimateMemory(facts, { ctx, cacheType: cache, flashAttention: flash, weights });
        const where = `${model.label}, ${ctx} tokens, ${cache}, flash attention ${flash ? "on" : "off"}`;
        const pairs: [keyof typeof GOALS, number, number][] = [
          ["weights", ours.weights, theirs!.weights],
          ["kvCache", ours.kvCache, theirs!.kvCache],
          ["compute", ours.compute, theirs!.compute],
          ["total", ours.total, theirs!.weights + theirs!.kvCache + theirs!.compute],
        ];
        for (const [term, mine, reference] of pairs) {
          // llama.cpp logs MiB with two decimals: a term below 1 MiB is compared to that resolution.
          const error = Math.abs(mine - reference) / Math.max(reference, MiB);
          const known = KNOWN_MISSES.find((miss) => miss.model === model.label && miss.ctx === ctx && miss.flash === flash && miss.term === term);
          if (known) knownMisses.push(`${where}: ${term} ${(error * 100).toFixed(2)}%`);
          else if (error > worst[term].error) worst[term] = { error, where };
          if (error > (known?.bound ?? GOALS[term]))
            failures.push(
              `${where}: ${term} ${(mine / MiB).toFixed(2)} MiB against llama.cpp's ${(reference / MiB).toFixed(2)} MiB (${(error * 100).toFixed(1)}%)`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("llama.cpp refuses a quantized V cache without flash attention, as the plan does", async () => {
    expect(await dryRun(ARCH_MODELS[0]!(), 4096, "q8_0", false)).toBeUndefined();
  });
});
