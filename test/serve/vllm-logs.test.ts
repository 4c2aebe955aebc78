import { describe, expect, it } from "vitest";
import { parseModelConfig } from "../../src/safetensors/config.js";
import { blocksOf, blocksPerRequest, groupLayers, layerSpecs } from "../../src/serve/kv.js";
import { VLLM_MEASURED } from "../../src/serve/vllm-rules.js";
import { weightsOf } from "../helpers/safetensors-models.js";
import { cacheFigures, CHECKPOINTS, FIXTURE, GIB, planOf } from "./vllm-logs.js";

/*
 * The vLLM plan against vLLM's own start-up logs. The goals are held on the
 * logs kept out of the fit (`holdout`): weights within 3% of "Model loading
 * took", the KV cache within 15% of the log's for at least 80% of them and
 * none beyond 1.5×, and every logged start or failure predicted right.
 */

const holdout = FIXTURE.logs.filter((log) => log.split === "holdout");
const ratio = (planned: number, logged: number) => planned / logged;

describe("the vLLM plan against vLLM's start-up logs", () => {
  it("keeps more logs out of the fit than in it", () => {
    const fit = FIXTURE.logs.filter((log) => log.split === "fit");
    expect(holdout.length).toBeGreaterThan(fit.length);
    expect(holdout.filter((log) => cacheFigures(planOf(log)) !== undefined).length).toBeGreaterThanOrEqual(5);
  });

  it.each(holdout.filter((log) => log.logged.weightsGiB !== undefined).map((log) => [log.name, log] as const))("weights within 3%: %s", (_, log) => {
    const { memory } = planOf(log);
    expect(Math.abs(ratio(memory.weightsBytes, log.logged.weightsGiB! * GIB) - 1)).toBeLessThanOrEqual(0.03);
  });

  it("the KV cache within 15% for at least 80% of the held-out logs, and none beyond 1.5×", () => {
    const figures = holdout.flatMap((log) => {
      const figure = cacheFigures(planOf(log));
      return figure ? [{ name: log.name, ratio: ratio(figure.planned, figure.logged) }] : [];
    });
    const within = figures.filter((figure) => Math.abs(figure.ratio - 1) <= 0.15);
    expect(within.length / figures.length, JSON.stringify(figures)).toBeGreaterThanOrEqual(0.8);
    for (const figure of figures) {
      expect(figure.ratio, figure.name).toBeGreaterThan(1 / 1.5);
      expect(figure.ratio, figure.name).toBeLessThan(1.5);
    }
  });

  it.each(FIXTURE.logs.filter((log) => log.logged.starts !== undefined).map((log) => [log.name, log] as const))(
    "predicts whether vLLM starts: %s",
    (_, log) => {
      expect(planOf(log).at.starts).toBe(log.logged.starts);
    },
  );

  it.each(FIXTURE.logs.filter((log) => log.logged.activationGiB !== undefined).map((log) => [log.name, log] as const))(
    "the profiling run's peak within 5%: %s",
    (_, log) => {
      expect(Math.abs(ratio(planOf(log).memory.activationBytes, log.logged.activationGiB! * GIB) - 1)).toBeLessThanOrEqual(0.05);
    },
  );

  it.each(FIXTURE.activationChecks.map((check) => [check.name, check] as const))("the peak rule holds on other versions' logs: %s", (_, check) => {
    const architecture = parseModelConfig(CHECKPOINTS[check.checkpoint]().config);
    const rows = Math.min(check.maxNumSeqs, check.maxNumBatchedTokens);
    const peak =
      rows * architecture.vocabSize * VLLM_MEASURED.samplerBytesPerLogit +
      check.maxNumBatchedTokens * architecture.hiddenSize * VLLM_MEASURED.forwardBytesPerActivation;
    expect(Math.abs(peak / (check.logged.activationGiB * GIB) - 1)).toBeLessThanOrEqual(0.05);
  });

  it.each(FIXTURE.kvChecks.map((check) => [check.name, check] as const))("the cache's exact figures: %s", (_, check) => {
    const checkpoint = CHECKPOINTS[check.checkpoint]();
    const architecture = parseModelConfig(checkpoint.config);
    expect(weightsOf(checkpoint).totalBytes).toBeGreaterThan(0);
    const layout = groupLayers(
      layerSpecs(architecture, architecture.layers, { tensorParallelSize: check.tensorParallelSize, cacheBytes: 2, blockSize: 16, maxNumBatchedTokens: 8192 }),
    );
    if (check.logged.blocks !== undefined) {
      // The log prints the cache to two decimals: every size it could have been gives the logged blocks or its neighbours.
      const low = blocksOf(layout, (check.cacheGiB! - 0.005) * GIB);
      const high = blocksOf(layout, (check.cacheGiB! + 0.005) * GIB);
      expect(check.logged.blocks).toBeGreaterThanOrEqual(low);
      expect(check.logged.blocks).toBeLessThanOrEqual(high);
    }
    if (check.logged.neededGiB !== undefined) {
      const needed = blocksPerRequest(layout, check.tokens!, 8192) * layout.pageBytes * layout.groupSize;
      expect((needed / GIB).toFixed(2)).toBe(check.logged.neededGiB.toFixed(2));
    }
  });
});
