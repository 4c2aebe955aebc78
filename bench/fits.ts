// Run by bench/run.mjs under tsx: `hubref models --fits "RTX 4090" --ctx 32768 --limit 20` (the built
// binary, a process of its own) against the stand-in hub of the tests (test/helpers/fits-hub.ts) with
// 100 ms added to every reply. Cold (an empty cache), then the same command again (cached), then with
// --offline: wall time of the whole process (median of runs), requests, headers read and their bytes.
// Goals: cold within 3 s reading at most 25 headers; cached within 0.5 s.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFitsHub } from "../test/helpers/fits-hub.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.HUBREF_BENCH_RUNS ?? 5);
const LATENCY_MS = 100;
const ARGS = ["models", "--fits", "RTX 4090", "--ctx", "32768", "--limit", "20"];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const hub = await startFitsHub({ latencyMs: LATENCY_MS });
// The CPU time of each run, written by the child at exit: on a shared machine the wall time also counts waiting for a core.
const scratch = mkdtempSync(join(tmpdir(), "hubref-bench-fits-cpu-"));
const hook = join(scratch, "cpu.cjs");
const cpuFile = join(scratch, "cpu.json");
writeFileSync(
  hook,
  `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`,
);

/** One run of the binary; the hub answers from this process, so the child is awaited, never waited on synchronously. */
function run(cache: string, extra: string[] = [], args = ARGS): Promise<{ ms: number; cpu: number; status: number | null; lines: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(root, "bin/hubref"), ...args, ...extra], {
      cwd: root,
      env: { ...process.env, HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, NO_COLOR: "1", NODE_OPTIONS: `--require ${hook}` },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (status) =>
      resolve({
        ms: Number(process.hrtime.bigint() - start) / 1e6,
        cpu: Number(readFileSync(cpuFile, "utf8")),
        status,
        lines: out.split("\n").filter(Boolean).length,
      }),
    );
  });
}

try {
  const figures = { cold: [] as number[], cached: [] as number[], offline: [] as number[], version: [] as number[] };
  const cpu = { cold: [] as number[], cached: [] as number[], offline: [] as number[], version: [] as number[] };
  let cold = { requests: 0, headers: 0, headerBytes: 0, rows: 0 };
  let cached = { requests: 0, headers: 0 };
  for (let round = 0; round < RUNS; round++) {
    const cache = mkdtempSync(join(tmpdir(), "hubref-bench-fits-"));
    try {
      hub.requests.length = 0;
      const first = await run(cache);
      if (first.status !== 0) throw new Error(`hubref exited ${first.status}`);
      figures.cold.push(first.ms);
      cpu.cold.push(first.cpu);
      const files = hub.requests.filter((request) => request.kind === "file");
      cold = {
        requests: hub.requests.length,
        headers: hub.headersRead().length,
        headerBytes: files.reduce((sum, request) => sum + request.bytes, 0),
        rows: first.lines,
      };
      hub.requests.length = 0;
      const second = await run(cache);
      figures.cached.push(second.ms);
      cpu.cached.push(second.cpu);
      cached = { requests: hub.requests.length, headers: hub.headersRead().length };
      hub.requests.length = 0;
      const offline = await run(cache, ["--offline"]);
      figures.offline.push(offline.ms);
      cpu.offline.push(offline.cpu);
      const version = await run(cache, [], ["--version"]);
      figures.version.push(version.ms);
      cpu.version.push(version.cpu);
      if (hub.requests.length > 0) throw new Error(`--offline made ${hub.requests.length} requests`);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
  const verdict = (ok: boolean) => (ok ? "goal met" : "GOAL MISSED");
  const cold50 = median(figures.cold);
  const cached50 = median(figures.cached);
  const both = (key: keyof typeof figures) => `${median(figures[key]).toFixed(0)} ms (CPU ${median(cpu[key]).toFixed(0)} ms)`;
  console.log(`  ${LATENCY_MS} ms per reply, ${RUNS} runs each, medians of the whole process; \`hubref --version\` on this machine now: ${both("version")}`);
  console.log(
    `  cold:    ${both("cold")}, ${cold.requests} requests, ${cold.headers} headers read (${(cold.headerBytes / 1e6).toFixed(2)} MB), ${cold.rows} models listed  [${verdict(cold50 <= 3000 && cold.headers <= 25)}: ≤ 3 s, ≤ 25 headers]`,
  );
  console.log(`  cached:  ${both("cached")}, ${cached.requests} requests (${cached.headers} headers)  [${verdict(cached50 <= 500)}: ≤ 0.5 s]`);
  console.log(`  offline: ${both("offline")}, 0 requests`);
} finally {
  await hub.close();
  rmSync(scratch, { recursive: true, force: true });
}
