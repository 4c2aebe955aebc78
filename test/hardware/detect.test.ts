import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { detectMachine, runTool } from "../../src/hardware/detect.js";

/*
 * Stand-in nvidia-smi, sysctl and rocm-smi on PATH: each prints what the real
 * tool prints, or hangs, or prints garbage, or fails.
 */

const root = mkdtempSync(join(tmpdir(), "hubref-detect-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

function tools(scripts: Record<string, string>): string {
  const dir = join(root, `bin${folders++}`);
  mkdirSync(dir);
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

const meminfo = join(root, "meminfo");
writeFileSync(meminfo, "MemTotal:       65000000 kB\nMemFree:        1000000 kB\nMemAvailable:   30000000 kB\n");
const base = { meminfoPath: meminfo, totalmem: () => 16e9, platform: "linux" as const, timeoutMs: 5_000 };
const env = (dir: string) => ({ PATH: `${dir}:/usr/bin:/bin` });

describe("--fits auto", () => {
  it("NVIDIA: the free memory of every GPU from nvidia-smi, and system memory for offloaded layers", async () => {
    const dir = tools({ "nvidia-smi": 'echo "NVIDIA GeForce RTX 4090, 24564, 1024"\necho "NVIDIA GeForce RTX 3090, 24576, 0"' });
    const found = await detectMachine({ ...base, env: env(dir) });
    expect(found.budget.gpu).toBe((24564 - 1024 + 24576) * 2 ** 20);
    expect(found.budget.system).toBe(30000000 * 1024);
    expect(found.found.join("; ")).toBe(
      "NVIDIA GeForce RTX 4090 (25.76 GB, 24.68 GB free), NVIDIA GeForce RTX 3090 (25.77 GB, 25.77 GB free); 30.72 GB of available system memory (MemAvailable)",
    );
  });

  it("Apple Silicon: unified memory from sysctl, with the GPU's share", async () => {
    const dir = tools({ "nvidia-smi": "exit 127", sysctl: 'echo 68719476736\necho "Apple M3 Max"' });
    const found = await detectMachine({ ...base, platform: "darwin", env: env(dir) });
    expect(found.budget).toMatchObject({ gpu: 68719476736 * 0.75, system: 68719476736 * 0.25 });
    expect(found.found[0]).toBe("Apple M3 Max with 68.72 GB of unified memory (51.54 GB of it for the GPU)");
    expect(found.skipped).toEqual(["nvidia-smi exited with status 127"]);
  });

  it("AMD: rocm-smi, after an nvidia-smi that prints garbage", async () => {
    const dir = tools({
      "nvidia-smi": 'echo "\\033]0;pwned\\007 NVIDIA-SMI has failed because it could not communicate with the driver"',
      "rocm-smi": 'echo "device,VRAM Total Memory (B),VRAM Total Used Memory (B)"\necho "card0,25753026560,753026560"',
    });
    const found = await detectMachine({ ...base, env: env(dir) });
    expect(found.budget.gpu).toBe(25e9);
    expect(found.skipped).toEqual(["nvidia-smi printed nothing hubref reads"]);
  });

  it("no GPU tool: MemAvailable, else os.totalmem()", async () => {
    const dir = tools({});
    expect(await detectMachine({ ...base, env: env(dir) })).toMatchObject({ budget: { system: 30000000 * 1024 }, skipped: [] });
    expect((await detectMachine({ ...base, meminfoPath: join(root, "absent"), env: env(dir) })).budget).toEqual({
      label: "in this machine's 16.00 GB of system memory (total)",
      system: 16e9,
    });
  });

  it("a hanging tool is killed, with its children, at the timeout, and detection goes on", async () => {
    const pidFile = join(root, "child.pid");
    const dir = tools({ "nvidia-smi": `sleep 600 &\necho $! > ${pidFile}\nwait` });
    // Long enough for a busy machine to start the tool and its child before the deadline.
    const found = await detectMachine({ ...base, timeoutMs: 3000, env: env(dir) });
    expect(found.skipped).toEqual(["nvidia-smi did not answer within 3 s"]);
    expect(found.budget.system).toBe(30000000 * 1024);
    const child = Number(readFileSync(pidFile, "utf8"));
    const gone = () => expect(() => process.kill(child, 0)).toThrow();
    await vi.waitFor(gone, { timeout: 20_000 });
  });

  it("speed: a GPU the hardware list knows gives its bandwidth and FLOPS; several cards go at the slowest one's pace", async () => {
    const dir = tools({ "nvidia-smi": 'echo "NVIDIA GeForce RTX 4090, 24564, 1024"\necho "NVIDIA GeForce RTX 3090, 24576, 0"' });
    const found = await detectMachine({ ...base, env: env(dir) });
    expect(found.budget.speed).toMatchObject({ device: "RTX 3090", backend: "CUDA", gpuBandwidth: 936e9, flops: 35.58e12 });
    // An RTX 3090's machine is taken to have the DDR4 of its time (docs/hardware.md says so).
    expect(found.speedDevice).toBe("RTX 3090 (936 GB/s, 35.58 TFLOPS; system memory taken as dual-channel DDR4-3200, 51.2 GB/s)");
  });

  it("speed: the tools' long names are read as --fits reads a name (memory, form factor and bus dropped)", async () => {
    for (const [name, device] of [
      ["NVIDIA H100 80GB HBM3", "H100"],
      ["NVIDIA H100 PCIe", "H100 PCIe"],
      ["NVIDIA A100-SXM4-80GB", "A100"],
      ["NVIDIA A100 80GB PCIe", "A100 PCIe"],
      ["NVIDIA GeForce RTX 4060 Laptop GPU", "RTX 4060 Laptop"],
      ["NVIDIA GeForce RTX 2060 SUPER", "RTX 2060 SUPER"],
      ["Tesla T4", "T4"],
    ]) {
      const dir = tools({ "nvidia-smi": `echo "${name}, 81559, 0"` });
      expect((await detectMachine({ ...base, env: env(dir) })).speedDevice, name).toMatch(new RegExp(`^${device} \\(`));
    }
  });

  it("speed: the bandwidth of the size found, where the device comes in several", async () => {
    const small = tools({ "nvidia-smi": 'echo "NVIDIA GeForce RTX 3060, 8192, 0"' });
    expect((await detectMachine({ ...base, env: env(small) })).budget.speed?.gpuBandwidth).toBe(240e9);
    const large = tools({ "nvidia-smi": 'echo "NVIDIA GeForce RTX 3060, 12288, 0"' });
    expect((await detectMachine({ ...base, env: env(large) })).budget.speed?.gpuBandwidth).toBe(360e9);
  });

  it("speed: none for a GPU the list lacks (never a device it is not), an unnamed AMD card or system memory alone", async () => {
    // Not the desktop RTX 3080 Ti: a laptop part the list does not hold gets no figures at all.
    const laptop = tools({ "nvidia-smi": 'echo "NVIDIA GeForce RTX 3080 Ti Laptop GPU, 16376, 0"' });
    expect(await detectMachine({ ...base, env: env(laptop) })).not.toHaveProperty("speedDevice");
    const amd = tools({ "rocm-smi": 'echo "device,VRAM Total Memory (B),VRAM Total Used Memory (B)"\necho "card0,25753026560,753026560"' });
    expect((await detectMachine({ ...base, env: env(amd) })).budget.speed).toBeUndefined();
    expect((await detectMachine({ ...base, env: env(tools({})) })).budget.speed).toBeUndefined();
  });

  it("speed: an Apple chip reads its one memory at the chip's bandwidth", async () => {
    const dir = tools({ sysctl: 'echo 68719476736\necho "Apple M3 Max"' });
    const found = await detectMachine({ ...base, platform: "darwin", env: env(dir) });
    expect(found.budget.speed).toMatchObject({ backend: "Metal", gpuBandwidth: 400e9, systemBandwidth: 400e9, flops: 14.2e12 });
    expect(found.speedDevice).toBe("Apple M3 Max (400 GB/s, 14.2 TFLOPS)");
    // The 36 GB M3 Max is the 30-core part, with a narrower memory bus.
    const small = tools({ sysctl: 'echo 38654705664\necho "Apple M3 Max"' });
    expect((await detectMachine({ ...base, platform: "darwin", env: env(small) })).speedDevice).toBe("Apple M3 Max (300 GB/s, 14.2 TFLOPS)");
  });

  it("runTool reports a missing tool as not installed", async () => {
    expect(await runTool("hubref-no-such-tool", [], { ...base, env: { PATH: root } })).toEqual({ ok: false, why: "not installed" });
    expect(existsSync(root)).toBe(true);
  });
});
