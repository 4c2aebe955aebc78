// Start-up of the interactive picker in a real terminal (tmux): median times
// from launch to the first frame and to "ready", over N runs.
//
//   node bench/picker.mjs [runs=15] [model file]
//
// first frame: capture-pane first shows the model id (the splash, or the picker itself).
// floor:       the same for `node -e` writing that line: tmux, the shell and Node's own start, and the polling.
// ready:       the pickers are drawn (a row marked "› "), a Right key is sent at once, and the
//              screen shows that row changed; the time is taken when the change is seen. So
//              "ready" is when a key typed by the user gets its answer on screen.
// Launch is the moment `tmux new-session` is spawned, on a tmux server already running,
// so tmux's own start-up is left out; polling capture-pane costs a few ms per look.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const model = process.argv[3] ?? "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const socket = `hubref-bench-${process.pid}`;
const TIMEOUT_MS = 20_000;
/** BENCH_ENV="NAME=value ..." sets variables for hubref only, to compare two variants in one sitting. */
const extraEnv = (process.env.BENCH_ENV ?? "").split(" ").filter(Boolean);

function tmux(...args) {
  const result = spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  if (result.error) throw new Error(`tmux could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

const quote = (word) => `'${word.replace(/'/g, "'\\''")}'`;
const now = () => Number(process.hrtime.bigint()) / 1e6;

function waitUntil(test, since) {
  for (;;) {
    const screen = tmux("capture-pane", "-p", "-t", "run");
    const found = test(screen);
    if (found) return { at: now(), found, screen };
    if (now() - since > TIMEOUT_MS) throw new Error(`nothing after ${TIMEOUT_MS} ms; the screen:\n${screen}`);
  }
}

function modelId() {
  const result = spawnSync(process.execPath, ["-e", `process.stdout.write(JSON.parse(require("fs").readFileSync(${JSON.stringify(model)}, "utf8")).id)`], {
    cwd: root,
    encoding: "utf8",
  });
  return result.stdout;
}

/** The same launch and the same look at the screen for a bare Node that writes the model id: the floor of "first frame". */
function floorOnce(id) {
  const command = [process.execPath, "-e", `process.stdout.write(${JSON.stringify(`hubref ${id}`)})`].map(quote).join(" ");
  const launched = now();
  tmux("new-session", "-d", "-s", "run", "-x", "80", "-y", "24", "-c", root, `${command}; sleep 60`);
  const first = waitUntil((screen) => screen.includes(id), launched);
  tmux("kill-session", "-t", "run");
  return first.at - launched;
}

function once(id) {
  const command = ["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "CI=false", ...extraEnv, process.execPath, "bin/hubref", "snippet", model, "-i"]
    .map(quote)
    .join(" ");
  const launched = now();
  tmux("new-session", "-d", "-s", "run", "-x", "80", "-y", "24", "-c", root, `${command}; sleep 60`);
  const first = waitUntil((screen) => screen.includes(id), launched);
  const drawn = waitUntil((screen) => screen.split("\n").find((line) => line.startsWith("› ")), launched);
  tmux("send-keys", "-t", "run", "Right");
  const ready = waitUntil((screen) => !screen.split("\n").includes(drawn.found), launched);
  tmux("kill-session", "-t", "run");
  return { first: first.at - launched, ready: ready.at - launched };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

tmux("new-session", "-d", "-s", "idle", "sleep 600");
try {
  const id = modelId();
  once(id); // warm the file cache
  const results = [];
  const floors = [];
  // In turns, so that a change in the machine's load falls on both alike.
  for (let i = 0; i < runs; i++) {
    results.push(once(id));
    floors.push(floorOnce(id));
  }
  const firsts = results.map((result) => result.first);
  const readies = results.map((result) => result.ready);
  console.log(`hubref snippet ${model} -i, ${runs} runs in tmux at 80x24`);
  console.log(`first frame  median ${median(firsts).toFixed(0)} ms  (min ${Math.min(...firsts).toFixed(0)}, max ${Math.max(...firsts).toFixed(0)})`);
  console.log(
    `floor        median ${median(floors).toFixed(0)} ms  (min ${Math.min(...floors).toFixed(0)}, max ${Math.max(...floors).toFixed(0)}): a bare node writing the same line, launched and seen alike`,
  );
  console.log(`first frame over its floor: ${(median(firsts) / median(floors)).toFixed(2)}x (issue 42 keeps it at most 1.3x)`);
  console.log(`ready        median ${median(readies).toFixed(0)} ms  (min ${Math.min(...readies).toFixed(0)}, max ${Math.max(...readies).toFixed(0)})`);
} finally {
  spawnSync("tmux", ["-L", socket, "kill-server"]);
}
