// Start-up time of `hubref quant-types --json` and `hubref snippet FILE` against a bare `node -e 0`: median of 20 runs each.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 20;

function median(command, args) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const bare = median(process.execPath, ["-e", "0"]);
const snippet = median(process.execPath, ["bin/hubref", "snippet", "catalogue/models/distilbert--distilbert-base-uncased-finetuned-sst-2-english.json", "--language", "python", "--client", "requests", "--provider", "hf-inference"]);
const quant = median(process.execPath, ["bin/hubref", "quant-types", "--json"]);
console.log(`node -e 0                    ${bare.toFixed(1)} ms (median of ${RUNS})`);
console.log(`hubref quant-types --json    ${quant.toFixed(1)} ms, ${(quant - bare).toFixed(1)} ms over node`);
console.log(`hubref snippet FILE (1)      ${snippet.toFixed(1)} ms, ${(snippet - bare).toFixed(1)} ms over node`);
