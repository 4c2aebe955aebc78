import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT } from "./helpers/cli.js";
import { startGgufHub, type GgufHub } from "./helpers/gguf-hub.js";
import { planRepos } from "./cli/plan-repos.js";
import { startSearchHub, type SearchHub } from "./helpers/search-hub.js";
import { startFitsHub, type FitsHub } from "./helpers/fits-hub.js";
import { startSafetensorsHub, type SafetensorsHub } from "./helpers/safetensors-hub.js";
import { LLAMA_3_1_8B, LLAMA_3_1_8B_AWQ, QWEN3_32B } from "./helpers/safetensors-models.js";

/*
 * The examples of README.md and docs/, run as a reader would paste them: every
 * `$ hubref …` line of a fenced block (pipelines included) runs under bash with
 * `hubref` on the PATH and `set -o pipefail`. Its exit status must be 0, or not
 * 0 where the output shown has an `error:` line; where the doc shows output, the
 * command must print exactly that (stdout and stderr together, or each apart
 * where the doc marks stderr lines with `stderr: `). `text` blocks (what
 * `--help` prints) are not examples. The generated command pages are read, not
 * their hand-written sources in docs/commands/_examples/, so each example runs
 * once. Hub ids go to stand-in hubs: the search fixture, and the GGUF
 * repositories of test/cli/plan-repos.ts (the Llama 3.1 8B one the docs
 * describe, with its header and the published quants' sizes, a MoE and a
 * sliding-window one).
 */

interface Example {
  command: string;
  output: string[];
  /** Where it is, as `file:line`. */
  place: string;
}

/** Examples the docs show but the test cannot reproduce, each with why. They must still be in the docs. */
const NOT_COMPARED: Record<string, string> = {
  "hubref snippet bartowski/Meta-Llama-3.1-8B-Instruct-GGUF --app llama.cpp --fits auto --ctx 32768 >/dev/null": "reads this machine's memory",
  "hubref snippet vit.json --language php --provider hf-inference | sed -n '/^\\$dataBytes/,$p'   # an image-classification model": "a file of the reader's",
  "hubref snippet tts.json --provider fal-ai --language python --client requests | sed -n '/^response = /,$p'   # a fal text-to-speech model":
    "a file of the reader's",
  "hubref models llama --task text-generation --provider all":
    "a terminal's table, whose AGE column moves with the date (test/cli/models.test.ts checks it as a terminal)",
};

/** README.md and every page of docs/ but the hand-written sources the generator merges into docs/commands/. */
function documents(): string[] {
  const found = ["README.md"];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "_examples") walk(path);
      } else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found;
}

function examplesOf(file: string): Example[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const found: Example[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      fence = fence === undefined ? line.slice(3).trim() : undefined;
      continue;
    }
    if (fence === undefined || fence === "text" || !line.startsWith("$ ")) continue;
    const command = line.slice(2);
    if (!/(^|\| |&& |\()hubref /.test(command)) continue;
    const output: string[] = [];
    for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("$ ") && !lines[j]!.startsWith("```"); j++) output.push(lines[j]!);
    found.push({ command, output, place: `${file}:${i + 1}` });
  }
  return found;
}

const ALL = documents().flatMap(examplesOf);
/** The picker draws a screen, which the UI tests check in tmux; only its refusals (an `error:` line) run here. */
const drawsPicker = (example: Example) => /\s-i(\s|$)/.test(example.command) && !example.output[0]?.startsWith("error:");
const RUN = ALL.filter((example) => !(example.command in NOT_COMPARED) && !drawsPicker(example));
/** Whether the doc shows the command failing. */
const fails = (example: Example) => example.output.some((line) => /^(stderr: )?error: /.test(line));

const LLAMA = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";

let ggufHub: GgufHub;
let searchHub: SearchHub;
let fitsHub: FitsHub;
let servedHub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-readme-"));

beforeAll(async () => {
  // The Llama repository under bartowski's id, and the MoE and sliding-window repositories the --fits examples show.
  ggufHub = await startGgufHub(planRepos(LLAMA));
  searchHub = await startSearchHub();
  // `models --fits` reads GGUF repositories with headers and file sizes: the stand-in hub of its own tests.
  fitsHub = await startFitsHub();
  // Servers of safetensors weights (snippet --app vllm --fits): header-only checkpoints of real architectures.
  // The model page's serving verdict and `models --fits --app vllm` read them too; the AWQ one is listed as the
  // 8B's quantization, the way forward of a plan that does not fit.
  servedHub = await startSafetensorsHub({
    "meta-llama/Llama-3.1-8B-Instruct": { checkpoint: LLAMA_3_1_8B(), shardBytes: 5e9, metadata: { downloads: 5000 } },
    "Qwen/Qwen3-32B": { checkpoint: QWEN3_32B(), shardBytes: 5e9, metadata: { downloads: 3000 } },
    "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4": {
      checkpoint: LLAMA_3_1_8B_AWQ(),
      metadata: {
        downloads: 800,
        tags: ["transformers", "safetensors", "text-generation", "base_model:quantized:meta-llama/Llama-3.1-8B-Instruct"],
      },
    },
  });
});

afterAll(async () => {
  await ggufHub.close();
  await searchHub.close();
  await fitsHub.close();
  await servedHub.close();
  rmSync(root, { recursive: true, force: true });
});

/** The commands that plan a server of safetensors weights: the snippet, the model page of a served repository, the search. */
const SERVED =
  /^hubref (snippet \S+ --app (vllm|sglang|mlx-lm) |model (meta-llama\/Llama-3\.1-8B-Instruct|Qwen\/Qwen3-32B) .*--fits |models .*--fits .*--app (vllm|sglang|mlx-lm)\b)/;

/** Runs an example as bash would, with stderr joined to stdout (`exec 2>&1`, so `>/dev/null` still hides stdout only) or apart. */
function run(example: Example, joined: boolean): Promise<{ stdout: string; stderr: string; status: number | null }> {
  const endpoint = SERVED.test(example.command)
    ? servedHub.endpoint
    : /^hubref models .*--fits/.test(example.command)
      ? fitsHub.endpoint
      : /^hubref models /.test(example.command)
        ? searchHub.endpoint
        : ggufHub.endpoint;
  const env = {
    PATH: `${dirname(BIN)}:${process.env.PATH}`,
    HF_ENDPOINT: endpoint,
    XDG_CACHE_HOME: join(root, "cache"),
    // The completion examples install into the home folder.
    HOME: join(root, "home"),
    NO_COLOR: "1",
    LANG: "C.UTF-8",
  };
  const script = `set -o pipefail\n${joined ? "exec 2>&1\n" : ""}${example.command}`;
  // Not spawnSync: the stand-in hubs answer from this process's event loop.
  const child = spawn("bash", ["-c", script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8"), status }));
  });
}

const text = (lines: string[]) => (lines.length === 0 ? "" : `${lines.join("\n")}\n`);

describe("the examples of README and docs/", () => {
  it("are found, and every example left out is still there", () => {
    expect(RUN.length).toBeGreaterThan(ALL.length / 2);
    for (const command of Object.keys(NOT_COMPARED)) expect(ALL.map((example) => example.command)).toContain(command);
  });

  const check = async (example: Example) => {
    const marked = example.output.filter((line) => line.startsWith("stderr: "));
    const result = await run(example, marked.length === 0);
    if (example.output.length > 0) {
      if (marked.length === 0) {
        expect(result.stdout).toBe(text(example.output));
      } else {
        expect(result.stdout).toBe(text(example.output.filter((line) => !line.startsWith("stderr: "))));
        expect(result.stderr).toBe(text(marked.map((line) => line.slice("stderr: ".length))));
      }
    }
    if (fails(example)) expect(result.status, "the doc shows an error").not.toBe(0);
    else expect(result.status, result.stdout + result.stderr).toBe(0);
  };

  const named = (examples: Example[]) => examples.map((example) => [`${example.place}: ${example.command}`, example] as const);
  // A pipeline runs hubref several times: on a busy machine that is more than the default bound.
  it.each(named(RUN))("%s", async (_, example) => check(example), 120_000);
});
