import { describe, expect, it } from "vitest";
import { factsOfHeader, type GgufFacts } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { groupRank } from "../../src/apps/gguf-files.js";
import { hubReadsAs } from "../../src/apps/select.js";
import { tierOf } from "../../src/local/choice.js";
import type { LocalRun } from "../../src/local/run.js";
import type { ModelData } from "../../src/model/schema.js";
import { quantCatalogue } from "../../src/quant/catalogue.js";
import { noteLines } from "../../src/cli/local-words.js";
import { fitsRepos, repoFiles, type FitsRepo } from "../helpers/fits-hub.js";
import { localContext, localRun } from "../helpers/local-runs.js";
import { thrown, rejected } from "../helpers/errors.js";
import { GGUF_CHAT } from "../apps/models.js";
import { runOf } from "../../src/local/run.js";
import { isFailure } from "../../src/outcome/problems.js";

/*
 * The local-run owner's choice of file (src/local/choice.ts), on the stand-in
 * hub's repositories (test/helpers/fits-hub.ts: real layouts, quants sized by
 * their bits per weight), each header in hand: the issue's example (a MoE
 * model on a 12 GB card), the rule's monotony over cards and contexts, the
 * default class, the types llama.cpp no longer loads, and the margins.
 */

const catalogue = quantCatalogue();
const sizes = tensorSizesOf(catalogue.tensorTypes);

function repo(id: string): FitsRepo {
  return fitsRepos().find((candidate) => candidate.id === id)!;
}

function modelOf(fits: FitsRepo, extra: string[] = []): ModelData {
  const files = [...repoFiles(fits), ...extra.map((quant) => ({ name: `${fits.id.split("/")[1]!.replace(/-GGUF$/, "")}-${quant}.gguf`, size: 1e9 }))];
  return {
    id: fits.id,
    tags: ["gguf"],
    gguf: { total: fits.parameters, architecture: fits.architecture, context_length: fits.trained },
    siblings: files.map((file) => ({ rfilename: file.name, size: file.size })),
  };
}

function factsOf(fits: FitsRepo): GgufFacts {
  return factsOfHeader(parseGgufHeader(fits.header!, sizes));
}

const MOE = "acme/Qwen3-30B-A3B-GGUF";
const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
const SMALL = "acme/Llama-3.2-1B-Instruct-GGUF";

async function run(id: string, raw: Parameters<typeof localRun>[1], runner: Parameters<typeof localRun>[3] = "llama.cpp"): Promise<LocalRun> {
  const fits = repo(id);
  return localRun(modelOf(fits), raw, factsOf(fits), runner);
}

const label = (result: LocalRun) => result.file!.variant.label!;
const rank = (quant: string) => groupRank({ label: quant, type: quant }, catalogue);

describe("the issue's example: Qwen3-30B-A3B on a 12 GB card at 32k", () => {
  it("picks a Q4_K_M-class file with experts in system memory, and says why, naming the larger one's speed", async () => {
    const result = await run(MOE, { fits: "RTX 3060:12", ctx: "32k" });
    expect(label(result)).toBe("Q4_K_M");
    expect(result.plan).toMatchObject({ placement: "experts", fits: true });
    expect(result.run).toMatchObject({ gpuLayers: "all", cpuMoeLayers: result.plan!.cpuMoeLayers });
    const [why] = noteLines([result.choice!]);
    expect(why).toMatch(
      /^nothing of Q4_K_M's class \(up to Q8_0\) fits the GPU's 11\.81 GB alone at 32,768 tokens; Q4_K_M, its smallest, keeps the experts of \d+ of 48 layers in system memory at ≈ \d+ tok\/s; Q8_0 would keep the experts of \d+ of 48 layers in system memory at ≈ \d+ tok\/s$/,
    );
    // The larger file keeps more in RAM, read for every token: slower.
    expect(result.choice!.other!.speed!).toBeLessThan(result.choice!.chosen.speed!);
  });

  it("never a low quant that fits the GPU alone while the class fits anywhere", async () => {
    for (const ctx of ["8k", "16k", "32k"]) expect(tierOf({ label: label(await run(MOE, { fits: "RTX 3060:12", ctx })) }, catalogue)).toBe("class");
  });
});

describe("monotone: a bigger card never gives a worse file, more context never a larger one", () => {
  const CARDS = ["RTX 3060:8", "RTX 3060:12", "RTX 4060 Ti:16", "RTX 4090", "RTX 5090", "2x3090"];
  const CONTEXTS = ["4k", "8k", "16k", "32k", "40960"];

  it.each([MOE, LLAMA, "acme/Qwen2.5-14B-Instruct-GGUF", "acme/Qwen2.5-32B-Instruct-GGUF", "acme/gemma-3-4b-it-GGUF"])("%s", async (id) => {
    for (const ctx of CONTEXTS) {
      let previous: number | undefined;
      for (const card of CARDS) {
        const chosen = rank(label(await run(id, { fits: card, ctx })));
        // A lower rank is a larger, better file.
        if (previous !== undefined) expect(chosen, `${id} ${card} at ${ctx}`).toBeLessThanOrEqual(previous);
        previous = chosen;
      }
    }
    for (const card of CARDS) {
      let previous: number | undefined;
      for (const ctx of CONTEXTS) {
        const size = (await run(id, { fits: card, ctx })).size!;
        if (previous !== undefined) expect(size, `${id} ${card} at ${ctx}`).toBeLessThanOrEqual(previous);
        previous = size;
      }
    }
  });

  it("the issue's inversion is gone: the 16 GB card gets at least the 12 GB card's file", async () => {
    const twelve = await run(MOE, { fits: "RTX 3060:12", ctx: "16384" });
    const sixteen = await run(MOE, { fits: "RTX 4060 Ti:16", ctx: "16384" });
    expect(rank(label(sixteen))).toBeLessThanOrEqual(rank(label(twelve)));
    expect(tierOf({ label: label(sixteen) }, catalogue)).toBe("class");
  });
});

describe("the default class: no float file unless asked", () => {
  it("a small model on a large card gets Q8_0, not F16; --prefer quality or --quant F16 run the float", async () => {
    const big = await run(SMALL, { fits: "RTX 5090" });
    expect(label(big)).toBe("Q8_0");
    expect(noteLines([big.choice!])[0]).toContain("F16 runs only when asked (--prefer quality, or --quant F16)");
    expect(label(await run(SMALL, { fits: "RTX 5090", prefer: "quality" }))).toBe("F16");
    expect(label(await run(SMALL, { fits: "RTX 5090", quant: "F16" }))).toBe("F16");
  });

  it("--prefer speed takes the fastest of the class", async () => {
    const fastest = await run(MOE, { fits: "RTX 3060:12", ctx: "32k", prefer: "speed" });
    expect(tierOf({ label: label(fastest) }, catalogue)).toBe("class");
    expect(fastest.choice!.rule).toBe("prefer-speed");
  });

  it("below the class only when nothing of it fits anywhere, with a note that names what would", async () => {
    const result = await run(LLAMA, { fits: "8GB", ctx: "16k" });
    expect(tierOf({ label: label(result) }, catalogue)).toBe("below");
    expect(noteLines([result.choice!])[0]).toMatch(
      /^nothing of Q4_K_M's class \(up to Q8_0\) fits at 16,384 tokens \(its smallest, Q4_K_M, needs \d+\.\d\d GB\); Q3_K_M runs in memory$/,
    );
  });

  it("a repository whose quants all exceed the machine: exit 2, naming the smallest need", async () => {
    const error = await rejected(run("acme/Llama-3.1-405B-Instruct-GGUF", { fits: "RTX 4090" }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(
      /^no quant of acme\/Llama-3\.1-405B-Instruct-GGUF fits on RTX 4090, .*: the smallest, Q2_K, needs \d+\.\d\d GB, and the plan may use \d+\.\d\d GB \(margins kept\)$/,
    );
  });
});

describe("no quant type current llama.cpp cannot load", () => {
  const model: ModelData = {
    id: "acme/arm-GGUF",
    tags: ["gguf"],
    siblings: ["Q4_0", "Q4_0_4_4", "Q4_0_4_8", "Q4_0_8_8", "Q3_K_M"].map((quant) => ({
      rfilename: `m-${quant}.gguf`,
      size: quant === "Q3_K_M" ? 1.6e9 : 1.92e9,
    })),
  };
  const facts = factsOf(repo("acme/Llama-3.2-1B-Instruct-GGUF"));

  it("never chooses an ARM repack, even at the same size as Q4_0, and names the Q4_0 file, which the hub reads them all as", async () => {
    for (const fits of ["4GB", "8GB", "RTX 4090"]) {
      const result = await localRun(model, { fits }, facts);
      expect(label(result)).toBe("Q4_0");
      expect(result.file!.labelIsExact).toBe(false);
    }
    expect(hubReadsAs("m-Q4_0_4_4.gguf", "Q4_0")).toBe(true);
    expect(hubReadsAs("m-IQ4_0.gguf", "Q4_0")).toBe(false);
  });

  it("refuses one named, with the way forward", async () => {
    const error = await rejected(localRun(model, { quant: "Q4_0_8_8" }, facts));
    expect(error.message).toBe("Q4_0_8_8 is an ARM repack of Q4_0 that current llama.cpp no longer loads (it repacks Q4_0 itself when it loads it)");
    expect(error.hint).toBe("use --quant Q4_0");
  });

  it("leaves them out of what the picker and the model page plan", async () => {
    const context = await localContext(GGUF_CHAT, { fits: "RTX 4090" }, facts);
    expect(thrown(() => runOf(context, "llama.cpp", { quant: "Q4_0_4_4" })).exitCode).toBe(2);
  });
});

describe("no plan leaves less than the margin", () => {
  it.each(["RTX 3060:12", "RTX 4090", "M3 Max:36", "16GB", "2x3090"])("%s, at the default margin and at 2 GiB", async (fits) => {
    for (const margin of [undefined, "2GiB"]) {
      for (const id of [MOE, LLAMA, "acme/Qwen2.5-32B-Instruct-GGUF"]) {
        const planned = await run(id, { fits, ctx: "16k", ...(margin && { margin }) }).catch((error: unknown) => {
          // A model too large for the machine is refused, and that is no plan to check.
          if (isFailure(error) && error.problem.kind === "nothing-fits") return undefined;
          throw error;
        });
        if (!planned) continue;
        const result = planned;
        const kept = margin === undefined ? 2 ** 30 : 2 * 2 ** 30;
        const machine = result.machine!;
        expect(machine.gpuMargin).toBe(kept);
        for (const device of result.plan!.devices) {
          if (device.budget === undefined) continue;
          expect(device.total, `${id} on ${fits}: ${device.device}`).toBeLessThanOrEqual(device.budget);
        }
        // What each GPU may hold is its memory less the margin.
        for (const gpu of machine.plan.gpus) expect(gpu).toBeLessThanOrEqual((fits === "16GB" ? 16e9 : 48 * 2 ** 30) - kept);
      }
    }
  });

  it("--ctx fit keeps the margin too", async () => {
    const result = await run(LLAMA, { fits: "RTX 3060:12", quant: "Q6_K", ctx: "fit" });
    const gpu = result.plan!.devices[0]!;
    expect(gpu.total).toBeLessThanOrEqual(12 * 2 ** 30 - 2 ** 30);
    expect(gpu.budget).toBe(11 * 2 ** 30);
  });

  it("system memory keeps a margin, so a 16 GB Mac leaves room for macOS and the app", async () => {
    const result = await run(LLAMA, { fits: "M2:16", ctx: "32k" });
    const system = result.machine!;
    expect(system.systemMargin).toBe(4 * 2 ** 30);
    expect(system.plan.system).toBeLessThan(16 * 2 ** 30 - system.plan.gpus[0]! - 4 * 2 ** 30 + 1);
  });
});

describe("the machine: system memory is the target's", () => {
  it("a named GPU without --ram: 32 GB assumed, and the verdict says so with the flag that changes it", async () => {
    const result = await run(MOE, { fits: "RTX 3060:12", ctx: "32k" });
    expect(result.machine!.ram).toEqual({ bytes: 32 * 2 ** 30, source: "assumed" });
    const { runVerdict } = await import("../../src/cli/local-words.js");
    expect(runVerdict(result)[0]).toContain("with 32 GB of system memory (assumed: --ram sets it)");
  });

  it("--ram changes what fits beside the card", async () => {
    const roomy = await run("acme/Qwen2.5-32B-Instruct-GGUF", { fits: "RTX 3060:12", ctx: "8k", ram: "64GB" });
    expect(roomy.plan!.fits).toBe(true);
    const error = await rejected(run("acme/Llama-3.3-70B-Instruct-GGUF", { fits: "RTX 3060:12", ctx: "8k", ram: "8GB" }));
    expect(error.message).toMatch(/^no quant of acme\/Llama-3\.3-70B-Instruct-GGUF fits/);
  });
});

describe("the context", () => {
  it("beyond the trained length is planned, with one note naming it", async () => {
    const result = await run("acme/Phi-3-medium-4k-GGUF", { fits: "RTX 4090", ctx: "16k" });
    expect(result.plan!.context).toBe(16384);
    const said = noteLines(result.notes).filter((line) => line.includes("trained context length"));
    expect(said).toEqual([expect.stringMatching(/^--ctx 16384 is beyond the model's trained context length \(4,096\): llama\.cpp runs it as asked/)]);
  });
});
