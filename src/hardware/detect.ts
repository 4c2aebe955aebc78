import type { LocalNoteOf } from "../outcome/local-notes.js";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { totalmem } from "node:os";
import { formatBytes } from "../util/bytes.js";
import { cleanRemoteText } from "../model/hub/failures.js";
import type { SpeedDevices } from "../memory/speed.js";
import { deviceSpeed, type MemoryBudget } from "./budget.js";
import type { Device } from "../build/schemas/hardware.js";
import { appleGpuShare, bandwidthOf, deviceOfDetectedName } from "./catalogue.js";

/*
 * `--fits auto`: this machine's memory. Each source is tried in turn (NVIDIA,
 * Apple, AMD, then system RAM); a tool that is missing, fails, hangs past the
 * timeout or prints something unreadable is skipped, never an error.
 */

export interface DetectSettings {
  /** PATH is read from here to find the tools. */
  env: NodeJS.ProcessEnv;
  /** Each tool gets this long; then it and its children are killed. */
  timeoutMs: number;
  meminfoPath: string;
  totalmem: () => number;
  /** sysctl is asked on macOS only: elsewhere it exists but knows no hw.memsize. */
  platform: NodeJS.Platform;
}

const DEFAULT_DETECT_SETTINGS: Omit<DetectSettings, "env"> = {
  timeoutMs: 5_000,
  meminfoPath: "/proc/meminfo",
  totalmem,
  platform: process.platform,
};

/** The notes of measuring the machine. */
export type DetectNote = LocalNoteOf<"auto-found" | "auto-skipped" | "auto-speed">;

export interface Detected {
  budget: MemoryBudget;
  /** What was found, and which tools were skipped and why: said on stderr. */
  found: string[];
  skipped: string[];
  /** The device of the hardware list whose figures the speed estimate uses, in words; absent when there is no speed. */
  speedDevice?: string;
}

type ToolResult = { ok: true; stdout: string } | { ok: false; why: string };

/** Most a tool's answer may be: a few lines per device. */
const MAX_TOOL_OUTPUT = 64 * 1024;

/** Runs a tool without a shell; kills its whole process group at the deadline, so a hang costs only the timeout. */
export function runTool(command: string, args: string[], settings: DetectSettings): Promise<ToolResult> {
  return new Promise((resolve) => {
    let stdout = "";
    let settled = false;
    const finish = (result: ToolResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, { env: settings.env, stdio: ["ignore", "pipe", "ignore"], detached: true });
    } catch (error) {
      resolve({ ok: false, why: (error as Error).message });
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      finish({ ok: false, why: `did not answer within ${settings.timeoutMs / 1000} s` });
    }, settings.timeoutMs);
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      if (stdout.length < MAX_TOOL_OUTPUT) stdout += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, why: error.code === "ENOENT" ? "not installed" : error.message }));
    child.on("close", (code) => finish(code === 0 ? { ok: true, stdout } : { ok: false, why: `exited with status ${code}` }));
  });
}

interface Gpu {
  name: string;
  total: number;
  used: number;
}

const MIB = 2 ** 20;

/** `name, total, used` per line, memory in MiB (nvidia-smi's nounits). */
function parseNvidiaSmi(text: string): Gpu[] | undefined {
  const gpus: Gpu[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const match = /^\s*(.+?)\s*,\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (!match) return undefined;
    gpus.push({ name: cleanRemoteText(match[1]!, 100), total: Number(match[2]) * MIB, used: Number(match[3]) * MIB });
  }
  return gpus.length > 0 && gpus.every((gpu) => gpu.total > 0 && gpu.used <= gpu.total) ? gpus : undefined;
}

/** `rocm-smi --showmeminfo vram --csv`: a header, then `card0,total,used` in bytes. */
function parseRocmSmi(text: string): Gpu[] | undefined {
  const gpus: Gpu[] = [];
  for (const line of text.split("\n")) {
    const match = /^\s*(card\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*$/.exec(line);
    if (match) gpus.push({ name: `AMD GPU ${match[1]}`, total: Number(match[2]), used: Number(match[3]) });
  }
  return gpus.length > 0 && gpus.every((gpu) => gpu.total > 0 && gpu.used <= gpu.total) ? gpus : undefined;
}

/** `sysctl -n hw.memsize machdep.cpu.brand_string`: bytes, then the chip's name. */
function parseSysctl(text: string): { total: number; chip: string } | undefined {
  const [memsize, brand] = text.split("\n").map((line) => line.trim());
  if (!memsize || !/^\d+$/.test(memsize) || !brand?.startsWith("Apple")) return undefined;
  const total = Number(memsize);
  return total > 0 ? { total, chip: cleanRemoteText(brand, 100) } : undefined;
}

/** MemAvailable from /proc/meminfo, in bytes. */
function parseMeminfo(text: string): number | undefined {
  const match = /^MemAvailable:\s+(\d+)\s*kB$/m.exec(text);
  return match ? Number(match[1]) * 1024 : undefined;
}

async function systemMemory(settings: DetectSettings): Promise<{ bytes: number; what: string }> {
  const text = await readFile(settings.meminfoPath, "utf8").catch(() => "");
  const available = parseMeminfo(text);
  if (available !== undefined) return { bytes: available, what: `${formatBytes(available)} of available system memory (MemAvailable)` };
  const total = settings.totalmem();
  return { bytes: total, what: `${formatBytes(total)} of system memory (total)` };
}

function gpuList(gpus: Gpu[]): string {
  return gpus.map((gpu) => `${gpu.name} (${formatBytes(gpu.total)}, ${formatBytes(gpu.total - gpu.used)} free)`).join(", ");
}

/**
 * Bandwidth and FLOPS for the speed estimate: every GPU found must be a device
 * of the hardware list (named as --fits reads a name, at the size found);
 * several cards take turns on a token, so the slowest one sets the pace.
 */
function gpuSpeed(gpus: Gpu[]): { speed: SpeedDevices; device: string } | undefined {
  const found = gpus.map((gpu) => {
    const device = deviceOfDetectedName(gpu.name);
    return device && { device, memoryGB: soldSize(device, gpu.total) };
  });
  if (found.length === 0 || found.some((entry) => entry === undefined || entry.device.kind !== "gpu" || entry.device.bandwidthGBs === undefined))
    return undefined;
  const known = found as { device: Device; memoryGB?: number }[];
  const bandwidth = (entry: (typeof known)[number]) => bandwidthOf(entry.device, entry.memoryGB)!;
  const slowest = [...known].sort((a, b) => bandwidth(a) - bandwidth(b))[0]!;
  const speed = {
    ...deviceSpeed(slowest.device, slowest.memoryGB === undefined ? {} : { memoryGB: slowest.memoryGB }),
    flops: Math.min(...known.map((entry) => (entry.device.speedTflops ?? entry.device.tflops) * 1e12)),
  };
  return {
    speed,
    device: `${slowest.device.name} (${bandwidth(slowest).toLocaleString("en-US")} GB/s, ${slowest.device.tflops} TFLOPS; system memory taken as ${speed.systemMemory}, ${speed.systemBandwidth! / 1e9} GB/s)`,
  };
}

/** The memory size a device is sold as nearest to what a tool found (a 12 GB card reports a little less). */
function soldSize(device: Device, bytes: number): number | undefined {
  const sizes = device.memoryGB;
  if (!sizes) return undefined;
  const gib = bytes / 2 ** 30;
  return [...sizes].sort((a, b) => Math.abs(a - gib) - Math.abs(b - gib))[0];
}

/** An Apple chip's figures: one memory, read at the chip's bandwidth by the GPU and the CPU alike. */
function appleSpeed(chip: string, total: number): { speed: SpeedDevices; device: string } | undefined {
  const device = deviceOfDetectedName(chip);
  if (device?.kind !== "apple" || device.bandwidthGBs === undefined) return undefined;
  const memoryGB = soldSize(device, total);
  return {
    speed: deviceSpeed(device, memoryGB === undefined ? {} : { memoryGB }),
    device: `${device.name} (${bandwidthOf(device, memoryGB)!.toLocaleString("en-US")} GB/s, ${device.tflops} TFLOPS)`,
  };
}

/** What a caller gives detection: the environment to find the tools by, and any setting to change. */
export type DetectRequest = Partial<DetectSettings> & Pick<DetectSettings, "env">;

export async function detectMachine(partial: DetectRequest): Promise<Detected> {
  const settings: DetectSettings = { ...DEFAULT_DETECT_SETTINGS, ...partial };
  const skipped: string[] = [];
  const attempt = async <T>(tool: string, args: string[], parse: (text: string) => T | undefined): Promise<T | undefined> => {
    const result = await runTool(tool, args, settings);
    if (!result.ok) {
      if (result.why !== "not installed") skipped.push(`${tool} ${result.why}`);
      return undefined;
    }
    const parsed = parse(result.stdout);
    if (parsed === undefined) skipped.push(`${tool} printed nothing hubref reads`);
    return parsed;
  };

  const nvidia = await attempt("nvidia-smi", ["--query-gpu=name,memory.total,memory.used", "--format=csv,noheader,nounits"], parseNvidiaSmi);
  if (nvidia) {
    const system = await systemMemory(settings);
    const free = nvidia.reduce((sum, gpu) => sum + gpu.total - gpu.used, 0);
    const known = gpuSpeed(nvidia);
    return {
      budget: { label: `on this machine's ${gpuList(nvidia)}`, gpu: free, system: system.bytes, ...(known && { speed: known.speed }) },
      found: [gpuList(nvidia), system.what],
      skipped,
      ...(known && { speedDevice: known.device }),
    };
  }
  const apple = settings.platform !== "darwin" ? undefined : await attempt("sysctl", ["-n", "hw.memsize", "machdep.cpu.brand_string"], parseSysctl);
  if (apple) {
    const gpu = appleGpuShare(apple.total);
    const what = `${apple.chip} with ${formatBytes(apple.total)} of unified memory (${formatBytes(gpu)} of it for the GPU)`;
    const known = appleSpeed(apple.chip, apple.total);
    return {
      budget: { label: `on this ${what}`, gpu, system: apple.total - gpu, ...(known && { speed: known.speed }) },
      found: [what],
      skipped,
      ...(known && { speedDevice: known.device }),
    };
  }
  const amd = await attempt("rocm-smi", ["--showmeminfo", "vram", "--csv"], parseRocmSmi);
  if (amd) {
    const system = await systemMemory(settings);
    const free = amd.reduce((sum, gpu) => sum + gpu.total - gpu.used, 0);
    return { budget: { label: `on this machine's ${gpuList(amd)}`, gpu: free, system: system.bytes }, found: [gpuList(amd), system.what], skipped };
  }
  const system = await systemMemory(settings);
  return { budget: { label: `in this machine's ${system.what}`, system: system.bytes }, found: [`no GPU; ${system.what}`], skipped };
}

/** What measuring the machine says: the tools it skipped (unless `withSkipped` is false), what it found, and the device its speeds assume. */
export function detectedNotes(detected: Detected, withSkipped = true): DetectNote[] {
  return [
    ...(withSkipped ? detected.skipped.map((what): DetectNote => ({ kind: "auto-skipped", what })) : []),
    { kind: "auto-found", found: detected.found },
    detected.speedDevice === undefined ? { kind: "auto-speed" } : { kind: "auto-speed", device: detected.speedDevice },
  ];
}
