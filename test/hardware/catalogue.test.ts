import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { usageRefusal } from "../helpers/errors.js";
import { hardwarePart } from "../../src/build/parts.js";
import { DDR4_DESKTOP, DDR5_DESKTOP, assumedSystemMemory, budgetOf, describeVerdict, judge, parseFits } from "../../src/hardware/budget.js";
import { deviceSpellings, findDevice, parseHardware } from "../../src/hardware/catalogue.js";
import type { MemoryEstimate } from "../../src/memory/estimate.js";
import { ARCHITECTURE_RULES } from "../../src/memory/speed.js";

const catalogue = hardwarePart.load();
const parse = (text: string) => parseHardware(text, catalogue);

describe("the hardware catalogue", () => {
  it("holds every device of the hub's list, with its memory sizes, and marks the ones it adds", () => {
    const reference = JSON.parse(readFileSync("test/fixtures/reference/hardware.json", "utf8")) as {
      skus: Record<string, Record<string, Record<string, { memory?: number[] }>>>;
    };
    const names = Object.values(reference.skus).flatMap((vendors) => Object.values(vendors).flatMap((devices) => Object.entries(devices)));
    const hubs = catalogue.devices.filter((device) => device.origin === undefined);
    expect(hubs.map((device) => device.name).sort()).toEqual(names.map(([name]) => name).sort());
    for (const [name, facts] of names) expect(catalogue.devices.find((device) => device.name === name)?.memoryGB).toEqual(facts.memory);
    // The ones hubref adds are variants the scoreboards run: each says where its figures come from.
    for (const device of catalogue.devices.filter((device) => device.origin === "hubref")) expect(device.specSource, device.name).toMatch(/^https:\/\//);
  });
});

describe("bandwidth figures", () => {
  it("every GPU and Apple chip has one, with the public spec page it comes from", () => {
    for (const device of catalogue.devices.filter((device) => device.kind !== "cpu")) {
      expect(device.bandwidthGBs, device.name).toBeGreaterThan(0);
      expect(device.bandwidthSource, device.name).toMatch(/^https:\/\/[a-z.]+\//);
    }
  });

  it("a size that comes with a narrower bus has its own figure", () => {
    const speedOf = (text: string) => budgetOf({ kind: "hardware", text, hardware: parse(text) }).speed?.gpuBandwidth;
    expect(speedOf("RTX 3060:12")).toBe(360e9);
    expect(speedOf("RTX 3060:8")).toBe(240e9);
    expect(speedOf("M3 Max:36")).toBe(300e9);
    expect(speedOf("M3 Max:64")).toBe(400e9);
    expect(speedOf("A100 PCIe:80")).toBe(1935e9);
    expect(speedOf("A100:80")).toBe(2039e9);
  });

  it("every architecture has a speed rule, and every device an architecture", () => {
    expect(Object.keys(ARCHITECTURE_RULES).sort()).toEqual(catalogue.architectures.map((architecture) => architecture.id).sort());
  });
});

describe("device names", () => {
  const fixture = JSON.parse(readFileSync("test/fixtures/llama-bench/device-names.json", "utf8")) as { names: { name: string; device: string }[] };

  it.each(fixture.names.map(({ name, device }) => [name, device]))("the scoreboards' and tools' '%s' is %s", (name, device) => {
    expect(findDevice(name, catalogue).device.name).toBe(device);
  });

  it("a variant word is part of the name: PCIe and SXM, SUPER, XT, D, laptop parts", () => {
    expect(parse("H100 PCIe").device.bandwidthGBs).toBe(2000);
    expect(parse("H100 SXM").device.name).toBe("H100");
    expect(parse("RTX 2060 SUPER").device.name).toBe("RTX 2060 SUPER");
    expect(parse("RX 6800 XT").device.name).toBe("RX 6800 XT");
    expect(parse("RTX 4060 Laptop").device.name).toBe("RTX 4060 Laptop");
    // A variant the list lacks is unknown, not the device without the word.
    expect(usageRefusal(() => parse("RTX 3080 Ti Laptop")).message).toBe("unknown hardware 'RTX 3080 Ti Laptop'");
  });

  it("a memory size in the name is the size: 'RTX 3060 12GB', 'A100 80GB', 'm2 pro 16gb'", () => {
    expect(parse("RTX 3060 12GB")).toMatchObject({ memoryGB: 12, device: { name: "RTX 3060" } });
    expect(parse("A100 80GB")).toMatchObject({ memoryGB: 80, device: { name: "A100" } });
    expect(parse("m2 pro 16gb")).toMatchObject({ memoryGB: 16, device: { name: "Apple M2 Pro" } });
    // A name that holds its size is that device: the RTX 2060 12GB is a card of its own.
    expect(parse("RTX 2060 12GB")).toMatchObject({ memoryGB: 12, device: { name: "RTX 2060 12GB" } });
    expect(parse("RTX 2060:12").device.name).toBe("RTX 2060 12GB");
    expect(usageRefusal(() => parse("RTX 3060 16GB")).message).toBe("RTX 3060 comes with 8, 12 GB, not 16");
  });

  it("modules that differ by memory alone are told apart by it", () => {
    expect(parse("Jetson AGX Orin:64").device.name).toBe("Jetson AGX Orin 64GB");
    expect(usageRefusal(() => parse("Jetson AGX Orin")).message).toBe("'Jetson AGX Orin' names several devices: Jetson AGX Orin 64GB, Jetson AGX Orin 32GB");
  });

  it("completion offers what --fits takes: each size of a device sold with several", () => {
    const rtx3060 = catalogue.devices.find((device) => device.name === "RTX 3060")!;
    expect(deviceSpellings(rtx3060)).toEqual(["RTX 3060:8", "RTX 3060:12"]);
    for (const device of catalogue.devices.filter((device) => device.memoryGB !== undefined))
      for (const spelling of deviceSpellings(device)) expect(() => parse(spelling), spelling).not.toThrow();
  });
});

describe("system memory beside a discrete GPU", () => {
  it("is the memory of the card's time, stated; a caller that knows the machine says so", () => {
    const device = (name: string) => catalogue.devices.find((device) => device.name === name)!;
    expect(assumedSystemMemory(device("RTX 3060"), catalogue)).toEqual(DDR4_DESKTOP);
    expect(assumedSystemMemory(device("RTX 4060"), catalogue)).toEqual(DDR5_DESKTOP);
    expect(budgetOf({ kind: "hardware", text: "3060", hardware: parse("RTX 3060:12") }).speed).toMatchObject({
      systemBandwidth: 51.2e9,
      systemMemory: "dual-channel DDR4-3200",
    });
    const named = budgetOf(
      { kind: "hardware", text: "3060", hardware: parse("RTX 3060:12") },
      { systemMemory: { name: "quad-channel DDR4-3200", bandwidth: 102.4e9 } },
    );
    expect(named.speed).toMatchObject({ systemBandwidth: 102.4e9, systemMemory: "quad-channel DDR4-3200" });
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
      device: "RTX 4090",
      backend: "CUDA",
      architecture: "ada",
      gpuBandwidth: 1008e9,
      systemBandwidth: DDR5_DESKTOP.bandwidth,
      systemMemory: DDR5_DESKTOP.name,
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
    // A number naming a device sold with several sizes is that device, asking for the size as its name does.
    expect(usageRefusal(() => parseFits("3060")).message).toBe("RTX 3060 comes with 8, 12 GB: name one after a colon");
    const refused = usageRefusal(() => parseFits("24"));
    expect(refused.message).toBe("--fits 24 has no unit and names no device");
    expect(refused.hint).toBe("for memory write 24GB (10^9 bytes) or 24GiB (2^30 bytes); for a device, `hubref hardware` lists the names");
  });

  it("a size it cannot take, and a count of devices past the limit, in the command line's words", () => {
    expect(usageRefusal(() => parseFits("0GB")).message).toBe("--fits takes a size above zero, got '0GB'");
    expect(usageRefusal(() => parseFits("99999999999999999999GB")).message).toBe("--fits takes a size up to 1 PB, got '99999999999999999999GB'");
    expect(usageRefusal(() => parseFits("65x3090")).message).toBe("--fits counts 1 to 64 devices, got 65");
    const cpu = usageRefusal(() => parse("Xeon E5v4 (Broadwell)"));
    expect([cpu.message, cpu.hint]).toEqual([
      "Xeon E5v4 (Broadwell) is a CPU: name the machine's memory after a colon",
      'for example: --fits "Xeon E5v4 (Broadwell):32"',
    ]);
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
