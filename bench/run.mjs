// `npm run bench`: hubref's figures as ratios, on this machine, in one run.
// - cold start: whole-process time of hubref commands over a bare `node -e 0`, and of
//   `snippet --json` with the bundle loaded by a plain require (bench/plain-require.cjs)
//   instead of bin/hubref's vm.Script with V8's code cache;
// - throughput: `hubref snippet FILE... --json` on 3,000 and 30,000 model files
//   against @huggingface/inference's getInferenceSnippets doing the same work
//   (bench/reference.mjs), with each side's peak memory;
// - the picker's first frame, by bench/picker.mjs where it exists and tmux is installed;
// - `hubref models` and its browser against a stand-in hub, by bench/search.mjs.
// Times are medians of wall-clock runs; the machine's load moves them.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeModels } from "./models.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin/hubref");
const STARTUP_RUNS = Number(process.env.HUBREF_BENCH_RUNS ?? 20);
const CHAT_MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

function run(args, options = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, maxBuffer: 1024 ** 3, stdio: ["ignore", "ignore", "pipe"], ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`node ${args.slice(0, 4).join(" ")} … failed: ${result.stderr}`);
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians of runs taken in turns, so that a change in the machine's load falls on every command alike. */
function startup(commands) {
  const times = commands.map(() => []);
  for (let round = 0; round < STARTUP_RUNS; round++)
    commands.forEach(([, args], index) => {
      times[index].push(run(args));
    });
  return times.map(median);
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node.js ${process.version}\n`);

const commands = [
  ["node -e 0", ["-e", "0"]],
  ["hubref snippet MODEL --json (one chat model)", [bin, "snippet", CHAT_MODEL, "--json"]],
  // The launcher weighed: the same bundle by a plain require, without the code cache.
  ["  the same, bundle by plain require (no cache)", [join(root, "bench/plain-require.cjs"), "snippet", CHAT_MODEL, "--json"]],
  ["hubref tasks", [bin, "tasks"]],
  ["hubref libraries", [bin, "libraries"]],
  ["hubref quant-types", [bin, "quant-types"]],
];
const [bare, ...others] = startup(commands);
console.log(`cold start, median of ${STARTUP_RUNS} (ratio to node -e 0)`);
console.log(`  ${"node -e 0".padEnd(46)} ${bare.toFixed(0).padStart(5)} ms`);
others.forEach((ms, index) => {
  console.log(`  ${commands[index + 1][0].padEnd(46)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / bare).toFixed(2)}x`);
});

/** One whole-process run over `files` in `dir`: its time and peak memory. */
function measured(script, files, dir, env = {}) {
  const rssFile = join(tmpdir(), `hubref-bench-rss-${process.pid}`);
  const ms = run(["--require", join(root, "bench/max-rss.cjs"), script, ...files], { cwd: dir, env: { ...process.env, ...env, HUBREF_BENCH_RSS: rssFile } });
  const kib = Number(readFileSync(rssFile, "utf8"));
  rmSync(rssFile, { force: true });
  return { ms, mib: kib / 1024 };
}

console.log("\nthroughput: every snippet of N model files in one JSON array (whole process)");
console.log("  floor: bench/floor.mjs reads and parses the same files once and writes hubref's output bytes");
for (const [count, rounds] of [
  [3_000, 3],
  [30_000, 1],
]) {
  const models = writeModels(count);
  try {
    const hubref = [];
    const reference = [];
    const floor = [];
    // hubref's output, once, for the floor to write.
    const outputFile = join(tmpdir(), `hubref-bench-output-${process.pid}.json`);
    const saved = spawnSync(process.execPath, [bin, "snippet", ...models.files, "--json"], { cwd: models.dir, maxBuffer: 1024 ** 3 });
    writeFileSync(outputFile, saved.stdout);
    for (let round = 0; round < rounds; round++) {
      floor.push(measured(join(root, "bench/floor.mjs"), models.files, models.dir, { HUBREF_BENCH_OUTPUT: outputFile }));
      hubref.push(measured(bin, ["snippet", ...models.files, "--json"], models.dir));
      reference.push(measured(join(root, "bench/reference.mjs"), models.files, models.dir));
    }
    rmSync(outputFile, { force: true });
    const f = { ms: median(floor.map((x) => x.ms)), mib: Math.max(...floor.map((x) => x.mib)) };
    const h = { ms: median(hubref.map((r) => r.ms)), mib: Math.max(...hubref.map((r) => r.mib)) };
    const r = { ms: median(reference.map((x) => x.ms)), mib: Math.max(...reference.map((x) => x.mib)) };
    const how = rounds === 1 ? "one run" : `median of ${rounds}`;
    console.log(
      `  ${String(count).padStart(6)} models  floor ${(f.ms / 1000).toFixed(2)} s, peak ${f.mib.toFixed(0)} MiB;  hubref ${(h.ms / 1000).toFixed(2)} s, peak ${h.mib.toFixed(0)} MiB, ${(h.ms / f.ms).toFixed(1)}x the floor (goal 2x);  reference ${(r.ms / 1000).toFixed(2)} s, peak ${r.mib.toFixed(0)} MiB (${how})`,
    );
  } finally {
    models.remove();
  }
}

const picker = join(root, "bench/picker.mjs");
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
console.log("\npicker first frame");
if (existsSync(picker) && hasTmux) spawnSync(process.execPath, [picker], { cwd: root, stdio: "inherit" });
else console.log(`  skipped: ${existsSync(picker) ? "tmux is not installed" : "bench/picker.mjs is not in this tree"}`);

console.log("\nGGUF header over range requests (stand-in hub, 32,000-token vocabulary)");
const header = spawnSync(process.execPath, ["--import", "tsx", join(root, "bench/gguf-header.ts")], { cwd: root, stdio: "inherit" });
if (header.status !== 0) process.exitCode = 1;
console.log("\nmodels search and browser");
spawnSync(process.execPath, [join(root, "bench/search.mjs")], { cwd: root, stdio: "inherit" });
