import { execFile } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runInProcess } from "../helpers/in-process.js";
import { BIN } from "../helpers/cli.js";
import { startSearchHub } from "../helpers/search-hub.js";

/* `hubref snippet` over several models in a script: one bad model does not stop the others, in every mode. */

const LLAMA = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const LORA = "catalogue/models/ostris--watercolor_style_lora_sdxl.json";
const GGUF = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";
const dir = mkdtempSync(join(tmpdir(), "hubref-batch-"));
const MISSING = join(dir, "missing.json");
/** A model with no library, no provider and no GGUF file: no mode has code for it. */
const BARE = join(dir, "bare.json");
writeFileSync(BARE, JSON.stringify({ id: "org/bare", pipeline_tag: "robotics" }));
const hubref = (...args: string[]) => runInProcess(args, { env: { HUBREF_OFFLINE: "1" } });

/** The one shape `--json` prints in every mode: what a script may rely on. */
const BlockSchema = z.looseObject({
  model: z.string(),
  source: z.enum(["inference", "library", "local"]),
  language: z.string(),
  title: z.string(),
  content: z.string(),
});
const ToolSchema = z.union([z.looseObject({ client: z.string() }), z.looseObject({ library: z.string() }), z.looseObject({ app: z.string() })]);

function blocksOf(stdout: string) {
  const parsed = z.array(BlockSchema.and(ToolSchema)).parse(JSON.parse(stdout));
  return parsed;
}

function errorLines(stderr: string): string[] {
  return stderr.split("\n").filter((line) => line.startsWith("error: "));
}

describe("a batch survives one bad model", () => {
  it.each([
    ["inference", [LLAMA, "--language", "sh"], "inference"],
    ["--library", [LORA, "--library"], "library"],
    ["--app", [GGUF, "--app", "llama.cpp"], "local"],
  ] as const)("%s: prints the good model's blocks, names each failure on one error line, and exits 1", async (_mode, [good, ...flags], source) => {
    const result = await hubref("snippet", good, MISSING, BARE, ...flags, "--json");
    expect(result.status).toBe(1);
    const blocks = blocksOf(result.stdout);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.source).toBe(source);
    const errors = errorLines(result.stderr);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain(MISSING);
    expect(errors[1]).toContain("org/bare");
    // Without --json too: the good model's code, the same failures.
    const text = await hubref("snippet", good, MISSING, BARE, ...flags);
    expect(text.status).toBe(1);
    expect(text.stdout).not.toBe("");
    expect(errorLines(text.stderr)).toEqual(errors);
  });

  it("with --json, the three modes print one shape: model, source, language, client or library or app, title, content", async () => {
    const inference = blocksOf((await hubref("snippet", LLAMA, "--language", "python", "--json")).stdout);
    const library = blocksOf((await hubref("snippet", LORA, "--library", "--json")).stdout);
    const local = blocksOf((await hubref("snippet", GGUF, "--app", "llama.cpp", "--json")).stdout);
    expect(inference[0]).toMatchObject({ model: "meta-llama/Llama-3.1-8B-Instruct", source: "inference", language: "python" });
    expect(inference[0]!.title).toBe(`python / ${inference[0]!.client as string} / ${inference[0]!.provider as string}`);
    expect(library[0]).toMatchObject({ model: "ostris/watercolor_style_lora_sdxl", source: "library" });
    expect(local[0]).toMatchObject({ model: "bartowski/Llama-3.2-3B-Instruct-GGUF", source: "local", app: "llama.cpp" });
  });

  it("a single missing file is still the command's own error", async () => {
    const result = await hubref("snippet", MISSING, "--json");
    expect(result.stdout).toBe("");
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.status).not.toBe(0);
  });
});

describe("several languages into a pipe", () => {
  it("says so on stderr and names --language, when stdout is not a terminal and no --language was given", async () => {
    const result = await hubref("snippet", LLAMA, "--provider", "cerebras");
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^note: .*languages.*--language/m);
    const one = await hubref("snippet", LLAMA, "--provider", "cerebras", "--language", "python");
    expect(one.stderr).not.toMatch(/--language/);
  });

  it("says nothing with --json, which keeps each language apart", async () => {
    const json = await hubref("snippet", LLAMA, "--provider", "cerebras", "--json");
    expect(json.status).toBe(0);
    expect(json.stderr).not.toMatch(/--language/);
  });
});

describe("README's pipeline", () => {
  it("models | cut | head | xargs snippet --language sh: every text-to-image model gets a curl script for its first live provider", async () => {
    const hub = await startSearchHub();
    try {
      const bin = mkdtempSync(join(tmpdir(), "hubref-bin-"));
      symlinkSync(BIN, join(bin, "hubref"));
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: join(dir, "cache"), NO_COLOR: "1" };
      const run = (command: string) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          execFile("bash", ["-o", "pipefail", "-c", command], { env, timeout: 100_000 }, (error, stdout, stderr) =>
            resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
          );
        });
      const listed = (await run("hubref models --task text-to-image --provider fal-ai | cut -f1 | head -3")).stdout.trim().split("\n");
      expect(listed.length).toBeGreaterThan(1);
      const result = await run("hubref models --task text-to-image --provider fal-ai | cut -f1 | head -3 | xargs -n1 hubref snippet --language sh");
      expect(result.stderr).toMatch(/^note: .*with provider auto, curl calls [a-z-]+, the model's first live provider for text-to-image/m);
      expect(result.status).toBe(0);
      expect(result.stdout.match(/^#!\/usr\/bin\/env bash$/gm)).toHaveLength(listed.length);
      // --provider overrides the first live provider.
      const chosen = await hubref("snippet", "catalogue/models/black-forest-labs--FLUX.1-dev.json", "--language", "sh", "--provider", "wavespeed");
      expect(chosen.status).toBe(0);
      expect(chosen.stdout).toContain("wavespeed");
      expect(chosen.stderr).not.toContain("first live provider");
    } finally {
      await hub.close();
    }
    // Four node start-ups, on a machine that may be busy.
  }, 240_000);
});
