import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { usageRefusal } from "../helpers/errors.js";
import { hardwarePart } from "../../src/build/parts.js";
import { ASSUMED_SYSTEM_BANDWIDTH, budgetOf, describeVerdict, judge, parseFits } from "../../src/hardware/budget.js";
import { parseHardware } from "../../src/hardware/catalogue.js";
import type { MemoryEstimate } from "../../src/memory/estimate.js";

const catalogue = hardwarePart.load();
const parse = (text: string) => parseHardware(text, catalogue);

describe("the hardware catalogue", () => {
  it("holds every device of the hub's list, with its memory sizes", () => {
    const reference = JSON.parse(readFileSync("test/fixtures/reference/hardware.json", "utf8")) as {
      skus: Record<string, Record<string, Record<string, { memory?: number[] }>>>;
    };
    const names = Object.values(reference.skus).flatMap((vendors) => Object.values(vendors).flatMap((devices) => Object.entries(devices)));
    expect(catalogue.devices.map((device) => device.name).sort()).toEqual(names.map(([name]) => name).sort());
    for (const [name, facts] of names) expect(catalogue.devices.find((device) => device.name === name)?.memoryGB).toEqual(facts.memory);
  });
});

describe("bandwidth figures", () => {
  it("come with their source, and the cards people run models on have one", () => {
    for (const device of catalogue.devices) expect(device.bandwidthGBs === undefined, device.name).toBe(device.bandwidthSource === undefined);
    for (const name of ["RTX 4090", "RTX 3090", "RTX 5090", "H100", "A100", "RX 7900 XTX", "Apple M3 Max", "Apple M4 Max"])
      expect(catalogue.devices.find((device) => device.name === name)?.bandwidthGBs, name).toBeGreaterThan(0);
  });
});

describe("--fits HARDWARE", () => {
  it.each([
    ["4090", "RTX 4090"],
    ["rtx 4090", "RTX 4090"],
    ["NVIDIA GeForce RTX 4090", "RTX 4090"],
    ["RTX 4090 Mobile", "RTX 4090 Mobile"],
    ["M3 Max:64", "Apple M3 Max"],
    ["apple m3 max : 64", "Apple M3 Max"],
    ["7900 xtx", "RX 7900 XTX"],
    ["a100:80", "A100"],
  ])("'%s' is %s, case and brand words aside", (text, name) => {
    expect(parse(text).device.name).toBe(name);
  });

  it("gives the speed estimate each device's bandwidth and FLOPS, and a stated one for the system memory beside a GPU", () => {
    expect(budgetOf({ kind: "hardware", text: "4090", hardware: parse("4090") }).speed).toEqual({
      gpuBandwidth: 1008e9,
      systemBandwidth: ASSUMED_SYSTEM_BANDWIDTH,
      flops: 82.58e12,
    });
    // Unified memory: the layers the GPU's share cannot hold are read at the same bandwidth.
    expect(budgetOf({ kind: "hardware", text: "M3 Max:64", hardware: parse("M3 Max:64") }).speed).toMatchObject({
      gpuBandwidth: 400e9,
      systemBandwidth: 400e9,
    });
    expect(budgetOf({ kind: "size", text: "16GB", bytes: 16e9 }).speed).toBeUndefined();
  });

  it("counts several GPUs with 2x", () => {
    expect(parse("2x3090")).toMatchObject({ count: 2, memoryGB: 24, device: { name: "RTX 3090" } });
    expect(budgetOf({ kind: "hardware", text: "2x3090", hardware: parse("2x3090") }).gpu).toBe(48 * 2 ** 30);
  });

  it("a chip sold with several sizes needs one named; a CPU needs the machine's memory", () => {
    expect(usageRefusal(() => parse("M3 Max")).message).toBe("Apple M3 Max comes with 36, 48, 64, 96, 128 GB: name one after a colon");
    expect(usageRefusal(() => parse("M3 Max:65")).message).toMatch(/not 65/);
    expect(usageRefusal(() => parse("Intel Core 13th Generation (i9)")).hint).toBe('for example: --fits "Intel Core 13th Generation (i9):32"');
  });

  it("an unknown name exits 2 with a suggestion", () => {
    const error = usageRefusal(() => parse("RTX 4909"));
    expect(error.message).toBe("unknown hardware 'RTX 4909'");
    expect(error.hint).toBe("did you mean 'RTX 4090'? (`hubref hardware` lists every device)");
    expect(usageRefusal(() => parse("Zorblax 9")).hint).toBe("give a size such as 16GB, a device `hubref hardware` lists, or auto for this machine");
  });

  it("Apple chips give the GPU its share of unified memory", () => {
    const budget = budgetOf({ kind: "hardware", text: "M3 Max:64", hardware: parse("M3 Max:64") });
    expect(budget.gpu).toBe(64 * 2 ** 30 * 0.75);
    // What the GPU's share cannot hold runs on the CPU, in the rest of the same memory.
    expect(budget.system).toBe(64 * 2 ** 30 * 0.25);
    expect(parse("RTX 3060:12").memoryGB).toBe(12);
    expect(usageRefusal(() => parse("RTX 3060")).hint).toBe('for example: --fits "RTX 3060:12"');
    expect(budget.label).toMatch(/^on Apple M3 Max with 64 GB of unified memory \(51\.54 GB of it for the GPU\)$/);
  });
});

describe("--fits values", () => {
  it("sizes in GB and GiB, echoed as given", () => {
    expect(parseFits("12GB")).toEqual({ kind: "size", text: "12GB", bytes: 12e9 });
    expect(parseFits("4.5GiB")).toMatchObject({ kind: "size", text: "4.5GiB", bytes: 4.5 * 2 ** 30 });
    expect(budgetOf(parseFits("4.5GiB") as never).label).toBe("in 4.5GiB");
  });

  it("auto, hardware, and a number without a unit", () => {
    expect(parseFits("AUTO")).toEqual({ kind: "auto" });
    expect(parseFits("RTX 4090")).toMatchObject({ kind: "hardware" });
    expect(parseFits("3090ti")).toMatchObject({ kind: "hardware", hardware: { device: { name: "RTX 3090 Ti" } } });
  });

  it("a bare number that names a device is the device; one that names none says both readings", () => {
    expect(parseFits("4090")).toMatchObject({ kind: "hardware", hardware: { count: 1, memoryGB: 24, device: { name: "RTX 4090" } } });
    const refused = usageRefusal(() => parseFits("24"));
    expect(refused.message).toBe("--fits 24 has no unit and names no device");
    expect(refused.hint).toBe("for memory write 24GB (10^9 bytes) or 24GiB (2^30 bytes); for a device, `hubref hardware` lists the names");
  });

  it("every spelling the docs show resolves", () => {
    const names = Object.fromEntries(
      ["4090", "rtx 4090", "M3 Max:64", "2x3090", "7900 xtx"].map((text) => {
        const fits = parseFits(text);
        return [text, fits.kind === "hardware" ? `${fits.hardware.count}x ${fits.hardware.device.name}:${fits.hardware.memoryGB}` : fits.kind];
      }),
    );
    expect(names).toEqual({
      "4090": "1x RTX 4090:24",
      "rtx 4090": "1x RTX 4090:24",
      "M3 Max:64": "1x Apple M3 Max:64",
      "2x3090": "2x RTX 3090:24",
      "7900 xtx": "1x RX 7900 XTX:24",
    });
  });
});

describe("the verdict", () => {
  const estimate = (total: number, fixed: number, layers: number): MemoryEstimate => ({
    ctx: 8192,
    context: 8192,
    cacheType: "f16",
    cacheTypeV: "f16",
    flashAttention: true,
    weights: total - fixed,
    projector: 0,
    tokenEmbedding: 0,
    kvCache: 0,
    compute: fixed,
    total,
    rule: "attention",
    layers: Array.from({ length: layers }, () => ({ weights: (total - fixed) / layers, experts: 0, cache: 0 })),
    fixed,
    notes: [],
  });

  it("fits entirely in GPU memory, or with layers offloaded (slower), or not at all", () => {
    expect(describeVerdict(judge(estimate(10e9, 1e9, 10), { label: "", gpu: 12e9 }))).toBe("fits entirely in GPU memory");
    expect(describeVerdict(judge(estimate(10e9, 1e9, 10), { label: "", gpu: 6e9, system: 32e9 }))).toBe(
      "5 of 10 layers on the GPU, 5 offloaded to system memory (slower)",
    );
    expect(judge(estimate(10e9, 1e9, 10), { label: "", gpu: 6e9 }).fits).toBe(false);
    expect(describeVerdict(judge(estimate(10e9, 1e9, 10), { label: "", gpu: 6e9 }))).toMatch(/^does not fit in GPU memory: 5 of 10 layers would/);
    expect(judge(estimate(10e9, 1e9, 10), { label: "", system: 9e9 }).fits).toBe(false);
  });
});
