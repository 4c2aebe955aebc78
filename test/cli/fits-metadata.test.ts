import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GgufRepoSpec } from "../helpers/gguf-hub.js";
import { ggufHubSuite } from "../helpers/gguf-hub-suite.js";
import { runInProcess } from "../helpers/in-process.js";
import { DENSE, planRepos } from "./plan-repos.js";

/*
 * A GGUF repository given as a metadata file is planned as its hub id is: the
 * file names the repository, whose header is read from the hub, so at a long
 * context (128k, where an f16 cache alone outgrows a 12 GB card) the file,
 * the placement and the commands are the id's, never a flat allowance's.
 */

const repos = planRepos();
const { root, env } = ggufHubSuite("fits-metadata", repos);
const snippet = (...args: string[]) => runInProcess(["snippet", ...args], { env: env() });

/** The metadata file of a stand-in repository, as `hubref` or the hub's API would save it (files with their sizes). */
function metadataFile(id: string, spec: GgufRepoSpec): string {
  const path = join(root, `${id.replace("/", "--")}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      id,
      pipeline_tag: "text-generation",
      tags: ["gguf", "text-generation"],
      ...(spec.gguf && { gguf: spec.gguf }),
      siblings: spec.files.map((file) => ({ rfilename: file.name, size: file.size })),
    }),
  );
  return path;
}

// The catalogue's own metadata files, and files written for the stand-in's dense and MoE repositories.
const CASES: [id: string, file: () => string][] = [
  ["bartowski/Llama-3.2-3B-Instruct-GGUF", () => "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json"],
  ["ggml-org/gemma-3-4b-it-GGUF", () => "catalogue/models/ggml-org--gemma-3-4b-it-GGUF.json"],
  [DENSE, () => metadataFile(DENSE, repos[DENSE]!)],
  ["unsloth/Qwen3-30B-A3B-GGUF", () => metadataFile("unsloth/Qwen3-30B-A3B-GGUF", repos["unsloth/Qwen3-30B-A3B-GGUF"]!)],
];

interface Step {
  quant: string;
  file: string;
  content: string;
  plan: { quant: string; context: number; placement: string; gpuLayers: number; cpuMoeLayers: number; fits: boolean; devices: unknown[] };
}

async function steps(...args: string[]): Promise<Step[]> {
  const result = await snippet(...args, "--json");
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Step[];
}

describe('snippet FILE.json --fits "RTX 3060:12" --ctx 128k picks what the hub id picks', () => {
  it.each(CASES)("%s", async (id, file) => {
    const path = file();
    expect((JSON.parse(readFileSync(path, "utf8")) as { id: string }).id).toBe(id);
    for (const app of ["llama.cpp", "ollama"]) {
      for (const flags of [
        ["--fits", "RTX 3060:12", "--ctx", "128k"],
        ["--fits", "RTX 3060:12", "--ctx", "128k", "--cache-type", "q8_0"],
        ["--fits", "32GB", "--ctx", "128k"],
      ]) {
        const byId = await steps(id, "--app", app, ...flags);
        const byFile = await steps(path, "--app", app, ...flags);
        expect(byFile, `${id} ${app} ${flags.join(" ")}`).toEqual(byId);
        // A plan made at the context asked, from the header: the cache at 128k counted, not an allowance.
        expect(byId[0]!.plan.context).toBe(131_072);
        expect(byId[0]!.plan.devices.length).toBeGreaterThan(0);
      }
    }
    // Where nothing fits, both refuse alike, naming the same smallest need.
    const refusedId = await snippet(id, "--app", "llama.cpp", "--fits", "6GB", "--ctx", "128k");
    const refusedFile = await snippet(path, "--app", "llama.cpp", "--fits", "6GB", "--ctx", "128k");
    expect(refusedId).toMatchObject({ status: 2, stdout: "" });
    expect(refusedId.stderr).toMatch(/^error: no quant of .* fits in 6GB: the smallest, \S+, needs [\d.]+ GB/);
    expect(refusedFile).toEqual(refusedId);
    // What a user reads: the file's commands and verdict are the id's, with one line more saying where the header came from.
    const printedId = await snippet(id, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--ctx", "128k");
    const printedFile = await snippet(path, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--ctx", "128k");
    expect(printedFile.stdout).toBe(printedId.stdout);
    const extra = printedFile.stderr.split("\n").filter((line) => !printedId.stderr.split("\n").includes(line));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatch(
      new RegExp(`^note: ${id.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} was given as a metadata file: its GGUF header \\(.+\\) was read from the hub$`),
    );
  });
});
