import { describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { hardwarePart } from "../../src/build/parts.js";
import { fakeContext } from "../helpers/context.js";

const catalogue = hardwarePart.load();

async function hardware(args: string[], isTTY = false) {
  const { context, output, errors } = fakeContext({ NO_COLOR: "1" }, isTTY, 100);
  const status = await runProgram(["node", "hubref", "hardware", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

describe("hubref hardware", () => {
  it("lists every device --fits knows, one tab-separated line each when piped", async () => {
    const result = await hardware([]);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(catalogue.devices.length);
    expect(lines).toContain("RTX 4090\tgpu\t24 GB\t1008 GB/s\t82.58");
    expect(lines).toContain("Apple M3 Max\tapple\t36, 48, 64, 96, 128 GB\t400 GB/s\t14.2");
  });

  it("filters by a name written as --fits takes it, brand words optional", async () => {
    const result = await hardware(["rtx 4090"]);
    expect(
      result.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t")[0]),
    ).toEqual(["RTX 4090", "RTX 4090D", "RTX 4090 Mobile", "RTX 4090 Laptop"]);
    expect((await hardware(["7900xtx"])).stdout).toMatch(/^RX 7900 XTX\t/);
  });

  it("aligns a table with a header at a terminal", async () => {
    const result = await hardware(["m4 max"], true);
    expect(result.stdout).toMatch(/^name +kind +memory +bandwidth +TFLOPS\nApple M4 Max +apple +36, 48, 64, 128 GB +546 GB\/s +18\.4\n$/);
  });

  it("--json gives every figure, the bandwidth's spec page and the names a device answers to", async () => {
    const devices = JSON.parse((await hardware(["4090", "--json"])).stdout) as Record<string, unknown>[];
    expect(devices[0]).toEqual({
      name: "RTX 4090",
      kind: "gpu",
      vendor: "NVIDIA",
      memoryGB: [24],
      architecture: "ada",
      aliases: [],
      bandwidthGBs: 1008,
      bandwidthByMemoryGB: null,
      bandwidthSource: expect.stringMatching(/^https:\/\//),
      tflops: 82.58,
      origin: "hub",
    });
    expect(devices.find((device) => device.name === "RTX 4090 Laptop")).toMatchObject({ bandwidthGBs: 576 });
    const h100 = JSON.parse((await hardware(["h100", "--json"])).stdout) as Record<string, unknown>[];
    expect(h100.map((device) => [device.name, device.bandwidthGBs, device.origin])).toEqual([
      ["H100", 3350, "hub"],
      ["H100 PCIe", 2000, "hubref"],
      ["H100 NVL", 3900, "hubref"],
    ]);
  });

  it("a query that matches nothing prints nothing, says so with a suggestion, and exits 0", async () => {
    expect(await hardware(["RTX 4099"])).toEqual({ status: 0, stdout: "", stderr: "note: no device matches 'RTX 4099'; did you mean 'RTX 4090'?\n" });
  });
});
