// `hubref models` figures against a stand-in hub (bench/search-hub.mjs, its own process):
// - whole-process time of `hubref models --json` over a bare node script that fetches the same
//   URL and prints the JSON, medians of runs taken in turns;
// - the browser's first frame and its first list in tmux (120x30), launch to screen;
// - reply-to-redraw: in-process (the browser from src/, through tsx), the time from a search reply's arrival to
//   the frame that shows it.
import { spawn, spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.HUBREF_BENCH_RUNS ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e6;

const hub = spawn(process.execPath, ["bench/search-hub.mjs"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
const endpoint = await new Promise((resolve) => hub.stdout.once("data", (chunk) => resolve(String(chunk).trim())));

try {
  const fields = ["pipeline_tag", "library_name", "downloads", "likes", "trendingScore", "createdAt", "inferenceProviderMapping", "gated"];
  const url = `${endpoint}/api/models?sort=trendingScore&limit=20&${fields.map((field) => `expand[]=${field}`).join("&")}`;
  const bare = `fetch(${JSON.stringify(url)}).then((r) => r.text()).then((t) => process.stdout.write(JSON.stringify(JSON.parse(t), null, 2)))`;
  const env = { ...process.env, HF_ENDPOINT: endpoint };
  const commands = [
    ["node -e 0", ["-e", "0"]],
    ["bare node: fetch + JSON", ["-e", bare]],
    ["hubref models --json", ["bin/hubref", "models", "--json"]],
  ];
  const times = commands.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    commands.forEach(([, args], index) => {
      const start = now();
      const result = spawnSync(process.execPath, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
      if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
      times[index].push(now() - start);
    });
  }
  const [idle, fetchOnly, hubref] = times.map(median);
  console.log(`hubref models --json against the stand-in hub, median of ${RUNS}`);
  console.log(`  node -e 0                     ${idle.toFixed(0).padStart(5)} ms`);
  console.log(`  bare node: fetch + JSON       ${fetchOnly.toFixed(0).padStart(5)} ms`);
  console.log(
    `  hubref models --json          ${hubref.toFixed(0).padStart(5)} ms  ${(hubref / fetchOnly).toFixed(2)}x the bare fetch, ${(hubref / idle).toFixed(2)}x node -e 0`,
  );

  if (spawnSync("tmux", ["-V"]).status === 0) {
    const socket = `hubref-bench-browser-${process.pid}`;
    const tmux = (...args) => spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" }).stdout;
    tmux("new-session", "-d", "-s", "idle", "sleep 600");
    const waitFor = (text, since) => {
      for (;;) {
        if (tmux("capture-pane", "-p", "-t", "run").includes(text)) return now() - since;
        if (now() - since > 20_000) throw new Error(`no '${text}' after 20 s`);
      }
    };
    const firsts = [];
    const lists = [];
    for (let round = 0; round <= Math.min(RUNS, 10); round++) {
      const launched = now();
      tmux(
        "new-session",
        "-d",
        "-s",
        "run",
        "-x",
        "120",
        "-y",
        "30",
        "-c",
        root,
        `env CI=false HF_ENDPOINT=${endpoint} ${process.execPath} bin/hubref models -i; sleep 60`,
      );
      const first = waitFor("hubref models ·", launched);
      const list = waitFor("50 models", launched);
      tmux("kill-session", "-t", "run");
      // The first round warms the file cache.
      if (round > 0) {
        firsts.push(first);
        lists.push(list);
      }
    }
    tmux("kill-server");
    console.log(`\nmodels browser in tmux (120x30), median of ${firsts.length}`);
    console.log(`  first frame                   ${median(firsts).toFixed(0).padStart(5)} ms`);
    console.log(`  first list drawn              ${median(lists).toFixed(0).padStart(5)} ms`);
  }

  // Reply to redraw, in-process: the frame written after a reply that shows the reply's first model.
  // Ink writes only the last frame when it believes it runs under CI.
  process.env.CI = "false";
  const React = await import("react");
  const { render } = await import("ink");
  const { Browser, BROWSER_MAX_FPS } = await import("../src/ui/browser/Browser.js");
  const fixture = (await import("../test/fixtures/search/models.json", { with: { type: "json" } })).default;
  const hit = (model) => ({
    id: model.id,
    task: model.pipeline_tag,
    library: model.library_name,
    downloads: model.downloads,
    likes: model.likes,
    trending: model.trendingScore,
    createdAt: model.createdAt,
    providers: [],
    gated: false,
  });
  let release;
  let released = 0;
  let shownAt = 0;
  let wanted = "";
  const out = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        if (wanted && !shownAt && String(chunk).includes(wanted)) shownAt = now();
        done();
      },
    }),
    { columns: 120, rows: 30, isTTY: true },
  );
  const stdin = Object.assign(new (await import("node:stream")).PassThrough(), {
    isTTY: true,
    setRawMode: () => undefined,
    ref: () => undefined,
    unref: () => undefined,
  });
  const services = {
    choices: { task: ["text-generation"], provider: ["all"], sort: ["trending"], fits: [] },
    source: "bench",
    offline: false,
    search: () => new Promise((resolve) => (release = resolve)),
    open: () => new Promise(() => undefined),
  };
  const instance = render(React.createElement(Browser, { services, onExit: () => undefined, debounceMs: 0 }), {
    stdout: out,
    stdin,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: BROWSER_MAX_FPS,
  });
  const redraws = [];
  for (let round = 0; round < 30; round++) {
    while (!release) await new Promise((resolve) => setTimeout(resolve, 1));
    const page = fixture.slice(round % 5, (round % 5) + 50).map(hit);
    wanted = page[0].id.slice(0, 20);
    shownAt = 0;
    const resolveReply = release;
    release = undefined;
    released = now();
    resolveReply({ hits: page });
    while (!shownAt) await new Promise((resolve) => setImmediate(resolve));
    redraws.push(shownAt - released);
    // The next search: type a character (the reducer asks again at once, debounce 0).
    stdin.write("a");
  }
  instance.unmount();
  console.log(
    `\nbrowser reply to redraw (in-process, 50 rows), median of ${redraws.length}: ${median(redraws).toFixed(1)} ms (max ${Math.max(...redraws).toFixed(1)})`,
  );
} finally {
  hub.kill();
}
