import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT } from "./helpers/cli.js";
import { startGgufHub, type GgufHub } from "./helpers/gguf-hub.js";
import { planRepos } from "./cli/plan-repos.js";
import { startSearchHub, type SearchHub } from "./helpers/search-hub.js";

/*
 * README's examples, run as a reader would paste them: every `$ hubref …` line
 * followed by its output in a code block runs under bash with `hubref` on the
 * PATH, and must print exactly what README shows (stdout and stderr together,
 * or each apart where README marks stderr lines with `stderr: `). Hub ids go to
 * stand-in hubs: the search fixture, and the GGUF repositories of
 * test/cli/plan-repos.ts (the Llama 3.1 8B one README describes, with its
 * header and the published quants' sizes, a MoE and a sliding-window one).
 */

interface Example {
  command: string;
  output: string[];
  line: number;
}

/** Examples README shows but the test cannot reproduce, each with why. They must still be in README. */
const NOT_COMPARED: Record<string, string> = {
  "hubref snippet bartowski/Meta-Llama-3.1-8B-Instruct-GGUF --app llama.cpp --fits auto --ctx 32768 >/dev/null": "reads this machine's memory",
  "hubref snippet vit.json --language php --provider hf-inference | sed -n '/^\\$dataBytes/,$p'   # an image-classification model": "a file of the reader's",
  "hubref snippet tts.json --provider fal-ai --language python --client requests | sed -n '/^response = /,$p'   # a fal text-to-speech model":
    "a file of the reader's",
  "hubref models llama --task text-generation --provider all":
    "a terminal's table, whose AGE column moves with the date (test/cli/models.test.ts checks it as a terminal)",
};

function examples(): Example[] {
  const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
  const found: Example[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock || !line.startsWith("$ ") || !/(^|\| )hubref /.test(line.slice(2))) continue;
    const output: string[] = [];
    for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("$ ") && !lines[j]!.startsWith("```"); j++) output.push(lines[j]!);
    found.push({ command: line.slice(2), output, line: i + 1 });
  }
  return found;
}

const ALL = examples();
/** The picker draws a screen, which the UI tests check in tmux; only its refusals (an `error:` line) run here. */
const drawsPicker = (example: Example) => /\s-i(\s|$)/.test(example.command) && !example.output[0]?.startsWith("error:");
/** A command shown without output illustrates a form; it is not run. */
const RUN = ALL.filter((example) => example.output.length > 0 && !(example.command in NOT_COMPARED) && !drawsPicker(example));

const LLAMA = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";

let ggufHub: GgufHub;
let searchHub: SearchHub;
const root = mkdtempSync(join(tmpdir(), "hubref-readme-"));

beforeAll(async () => {
  // The Llama repository under bartowski's id, and the MoE and sliding-window repositories the --fits examples show.
  ggufHub = await startGgufHub(planRepos(LLAMA));
  searchHub = await startSearchHub();
});

afterAll(async () => {
  await ggufHub.close();
  await searchHub.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs an example as bash would, with stderr joined to stdout (`exec 2>&1`, so `>/dev/null` still hides stdout only) or apart. */
function run(example: Example, joined: boolean): Promise<{ stdout: string; stderr: string }> {
  const endpoint = /^hubref models /.test(example.command) ? searchHub.endpoint : ggufHub.endpoint;
  const env = {
    PATH: `${dirname(BIN)}:${process.env.PATH}`,
    HF_ENDPOINT: endpoint,
    XDG_CACHE_HOME: join(root, "cache"),
    NO_COLOR: "1",
    LANG: "C.UTF-8",
  };
  const script = joined ? `exec 2>&1\n${example.command}` : example.command;
  // Not spawnSync: the stand-in hubs answer from this process's event loop.
  const child = spawn("bash", ["-c", script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", () => resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }));
  });
}

const text = (lines: string[]) => (lines.length === 0 ? "" : `${lines.join("\n")}\n`);

describe("README's examples", () => {
  it("are found, and every example left out is still in README", () => {
    expect(RUN.length).toBeGreaterThan(ALL.length / 2);
    for (const command of Object.keys(NOT_COMPARED)) expect(ALL.map((example) => example.command)).toContain(command);
  });

  it.each(RUN.map((example) => [`README.md:${example.line}: ${example.command}`, example] as const))("%s", async (_, example) => {
    const marked = example.output.filter((line) => line.startsWith("stderr: "));
    if (marked.length === 0) {
      expect((await run(example, true)).stdout).toBe(text(example.output));
    } else {
      const result = await run(example, false);
      expect(result.stdout).toBe(text(example.output.filter((line) => !line.startsWith("stderr: "))));
      expect(result.stderr).toBe(text(marked.map((line) => line.slice("stderr: ".length))));
    }
  });
});
