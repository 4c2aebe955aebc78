import { describe, expect, it } from "vitest";
import { isCommandApp } from "../../src/apps/app-keys.js";
import { appEntries } from "../../src/apps/registry.js";
import type { GgufRepoSpec } from "../helpers/gguf-hub.js";
import { ggufHubSuite } from "../helpers/gguf-hub-suite.js";
import { llama } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { runInProcess } from "../helpers/in-process.js";
import { planRepos } from "./plan-repos.js";

/*
 * A `repo:TAG` in a printed command (`-hf repo:TAG`, `hf.co/repo:TAG`) is
 * resolved by the hub, not by hubref: the hub takes every GGUF file whose name
 * carries the tag, in any case, set apart by a separator, and reads the ARM
 * repacks (`Q4_0_4_4`) as `Q4_0`. Every command of every app that prints a tag,
 * for every quant of the stand-in repositories and one built to hold files the
 * hub reads alike, must name one file that way; where the tag would name two,
 * the command names the file instead (a tag that is the file's name), or an
 * app that takes labels only refuses it.
 */

const AMBIGUOUS = "acme/Repacks-GGUF";
const header = writeGguf(llama(1000).spec);
const repos: Record<string, GgufRepoSpec> = {
  ...planRepos(),
  [AMBIGUOUS]: {
    files: ["Q4_0", "Q4_0_4_4", "Q4_0_8_8", "Q4_K_M", "Q8_0"].map((quant, index) => ({
      name: `Repacks-8B-${quant}.gguf`,
      size: 4.5e9 + index * 1e6,
      content: header,
    })),
    gguf: { architecture: "llama", context_length: 131072, total: 8.03e9 },
  },
};

const { env } = ggufHubSuite("hf-tag", repos);

/**
 * The files of `repo` the hub takes for `tag`, as it reads names (written here apart from hubref's own reading): the
 * tag, upper-cased, where the base name has it after its start or a `-`/`.`/`_`, and before its end or one of those
 * (so `Q4_0_4_4` is a `Q4_0`). A split quant's shards are one file to the hub: it takes the first.
 */
function hubTakes(repo: string, tag: string): string[] {
  const wanted = tag.toUpperCase();
  const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  // Projectors are served beside the model, never for a tag.
  const models = repos[repo]!.files.filter((file) => !/mmproj/i.test(file.name));
  // A tag that is a file's whole name is that file.
  if (/\.gguf$/i.test(tag)) return models.filter((file) => baseName(file.name) === tag).map((file) => file.name);
  const taken = models.filter((file) => {
    const name = baseName(file.name).toUpperCase();
    const words = name.replace(/\.GGUF$/, "").split(/(?=[-._])|(?<=[-._])/);
    // Every run of words from a word's start: the tag must be one such run, whole.
    return words.some((_, start) => {
      let text = "";
      for (const word of words.slice(start)) {
        text += word;
        if (text === wanted) return true;
        if (!wanted.startsWith(text)) return false;
      }
      return false;
    });
  });
  return [...new Set(taken.map((file) => file.name.replace(/-\d{5}-of-\d{5}(?=\.gguf$)/, "")))];
}

/** Every `repo:TAG` a command line gives the hub to resolve. */
function tagsIn(text: string): { repo: string; tag: string }[] {
  return [...text.matchAll(/(?:-hf\s+|hf\.co\/|--hf-repo\s+)([\w.-]+\/[\w.-]+):([\w.-]+)/g)].map((match) => ({ repo: match[1]!, tag: match[2]! }));
}

const APPS = appEntries()
  .filter((app) => isCommandApp(app.key) && app.runs.includes("gguf"))
  .map((app) => app.key);

/** The quant labels `model ID --json` lists for the repository (what `--quant` takes). */
async function quantsOf(id: string): Promise<string[]> {
  const result = await runInProcess(["model", id, "--fits", "off", "--json"], { env: env() });
  expect(result.status, result.stderr).toBe(0);
  const { quants } = JSON.parse(result.stdout) as { quants: { quant: string | null; loadable: boolean }[] };
  return quants.flatMap((quant) => (quant.quant !== null && quant.loadable ? [quant.quant] : []));
}

describe("the tag of a printed command names one file as the hub reads it", () => {
  it("the reading: Q4_0 takes the ARM repacks, in any case; Q4_K_M takes its own file", () => {
    expect(hubTakes(AMBIGUOUS, "q4_0")).toEqual(["Repacks-8B-Q4_0.gguf", "Repacks-8B-Q4_0_4_4.gguf", "Repacks-8B-Q4_0_8_8.gguf"]);
    expect(hubTakes(AMBIGUOUS, "Q4_K_M")).toEqual(["Repacks-8B-Q4_K_M.gguf"]);
    expect(hubTakes(AMBIGUOUS, "Q4")).toHaveLength(4);
    expect(hubTakes(AMBIGUOUS, "Repacks-8B-Q4_0.gguf")).toEqual(["Repacks-8B-Q4_0.gguf"]);
    expect(hubTakes("ggml-org/gemma-3-4b-it-GGUF", "F16")).toEqual(["gemma-3-4b-it-f16.gguf"]);
  });

  it.each(Object.keys(repos))("%s: every app, every quant, and the file --fits chooses", async (id) => {
    let tags = 0;
    const runs = [...(await quantsOf(id)).map((quant) => ["--quant", quant]), ["--fits", "RTX 4090", "--ctx", "8k"], ["--fits", "4GB", "--ctx", "4k"]];
    for (const app of APPS) {
      for (const flags of runs) {
        const printed = await runInProcess(["snippet", id, "--app", app, ...flags], { env: env() });
        // Refusals (a quant an app cannot load, a chat agent for a model without a chat tag, nothing that fits) print nothing.
        if (printed.status !== 0) {
          expect(printed.stdout).toBe("");
          continue;
        }
        for (const { repo, tag } of tagsIn(printed.stdout)) {
          tags++;
          expect(repo).toBe(id);
          expect(hubTakes(repo, tag), `${app} ${flags.join(" ")}: ${repo}:${tag}`).toHaveLength(1);
        }
      }
    }
    expect(tags).toBeGreaterThan(0);
  });

  it("where the tag would name several files, the command names the file, and a note says why", async () => {
    for (const app of ["llama.cpp", "ollama", "node-llama-cpp", "localai"]) {
      const printed = await runInProcess(["snippet", AMBIGUOUS, "--app", app, "--quant", "Q4_0"], { env: env() });
      expect(printed.status, `${app}: ${printed.stderr}`).toBe(0);
      expect(
        tagsIn(printed.stdout).filter((found) => found.tag.toUpperCase() === "Q4_0"),
        app,
      ).toEqual([]);
      expect(printed.stdout, app).toContain("Repacks-8B-Q4_0.gguf");
      expect(printed.stderr, app).toContain(
        "the hub also reads Repacks-8B-Q4_0_4_4.gguf, Repacks-8B-Q4_0_8_8.gguf as Q4_0: the commands name Repacks-8B-Q4_0.gguf itself",
      );
    }
  });

  it("an app that takes a label only refuses a file whose label the hub reads two ways: one error line", async () => {
    for (const [app, label] of [
      ["docker-model-runner", "Docker Model Runner"],
      ["lemonade", "Lemonade"],
    ]) {
      const refused = await runInProcess(["snippet", AMBIGUOUS, "--app", app!, "--quant", "Q4_0"], { env: env() });
      expect(refused.stdout).toBe("");
      expect(refused.status).not.toBe(0);
      expect(refused.stderr.split("\n")[0]).toBe(
        `error: ${label} names a quant by its label, and Repacks-8B-Q4_0.gguf in acme/Repacks-GGUF has a label the hub reads in other files too (Q4_0)`,
      );
    }
  });
});
