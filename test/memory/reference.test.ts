import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsOfHeader } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { estimateMemory } from "../../src/memory/estimate.js";
import { REFERENCE_CASES } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";

/*
 * node-llama-cpp's GgufInsights (its own GGUF reader and estimator) as the
 * independent reference: weights + KV cache within 10% for every architecture.
 * Deliberate difference: it does not apply MLA's compression (DeepSeek), so
 * there hubref is checked against llama.cpp's MLA formula and must be smaller.
 */

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };
const sizes = tensorSizesOf(catalogue.tensorTypes);
const dir = mkdtempSync(join(tmpdir(), "hubref-reference-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the estimate against node-llama-cpp's GgufInsights", async () => {
  const { getLlama, GgufInsights, readGgufFileInfo } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" as never });

  it.each(REFERENCE_CASES.map((make) => [make(2000).label, make] as const))("%s: weights + KV cache at 8,192 and 32,768 tokens", async (_label, make) => {
    const model = make(2000);
    const path = join(dir, `${model.architecture}.gguf`);
    const bytes = writeGguf(model.spec);
    writeFileSync(path, bytes);
    const facts = factsOfHeader(parseGgufHeader(bytes, sizes));
    const insights = await GgufInsights.from(await readGgufFileInfo(path), llama);
    const weights = facts.layerTensorBytes.reduce((a, b) => a + b, 0) + facts.otherTensorBytes;
    expect(Math.abs(weights - insights.modelSize) / insights.modelSize).toBeLessThan(0.1);
    for (const ctx of [8192, 32768]) {
      const ours = estimateMemory(facts, { ctx, cacheType: "f16", weights });
      const theirs = insights.estimateContextResourceRequirements({ contextSize: ctx, modelGpuLayers: 0, includeGraphOverhead: false }).cpuRam;
      if (ours.rule === "mla") {
        expect(ours.weights + ours.kvCache).toBeLessThan(insights.modelSize + theirs);
        continue;
      }
      const reference = insights.modelSize + theirs;
      expect(Math.abs(ours.weights + ours.kvCache - reference) / reference, `${model.label} at ${ctx}`).toBeLessThan(0.1);
    }
  });
});
