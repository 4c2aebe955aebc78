import { describe, expect, it } from "vitest";
import { librariesPart } from "../../src/build/parts.js";
import { stripVTControlCharacters } from "node:util";
import { runInProcess } from "../helpers/in-process.js";
import { fakeContext } from "../helpers/context.js";
import { parseLibrariesCommand, runLibraries } from "../../src/cli/libraries.js";

describe("hubref libraries", () => {
  it("lists key, label, filter and snippets flags as tab-separated lines", async () => {
    const result = await runInProcess(["libraries"]);
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(Object.keys(librariesPart.load()).length);
    expect(lines).toContain("diffusers\tDiffusers\tyes\tyes");
    expect(lines).toContain("acestep\tACE-Step\tno\tno");
  });

  it("filters to filterable libraries with snippets", async () => {
    const entries = JSON.parse((await runInProcess(["libraries", "--filterable", "--with-snippets", "--json"])).stdout) as {
      key: string;
      filter: boolean;
      hasSnippets: boolean;
    }[];
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.every((entry) => entry.filter && entry.hasSnippets)).toBe(true);
    expect(entries.map((entry) => entry.key)).toContain("transformers");
  });

  it("shows one library with its links and download rule", async () => {
    const result = await runInProcess(["libraries", "adapter-transformers"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Adapters");
    expect(result.stdout).toContain("https://github.com/Adapter-Hub/adapters");
    expect(result.stdout).toContain("https://huggingface.co/docs/hub/adapters");
    expect(result.stdout).toContain('path:"adapter_config.json"');
  });

  it("says when a library uses the default download rule", async () => {
    const json = JSON.parse((await runInProcess(["libraries", "allennlp", "--json"])).stdout) as { downloadQuery: string; countDownloads?: unknown };
    expect(json.countDownloads).toBeUndefined();
    expect(json.downloadQuery).toContain('path:"hyperparams.yaml"');
    expect((await runInProcess(["libraries", "allennlp"])).stdout).toContain("(default rule)");
  });

  it("rejects an unknown key with exit 2 and a suggestion", async () => {
    const result = await runInProcess(["libraries", "transformer"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: unknown library 'transformer'\nhint: did you mean 'transformers'?\n");
  });
});

describe("hubref libraries KEY: spelling", () => {
  it("takes a key in any case", async () => {
    expect((await runInProcess(["libraries", "DIFFUSERS", "--json"])).stdout).toContain('"key": "diffusers"');
  });

  it("refuses the list filters together with a key, as tasks does", async () => {
    for (const filter of ["--filterable", "--with-snippets"]) {
      const result = await runInProcess(["libraries", "diffusers", filter]);
      expect(result).toMatchObject({ status: 2, stdout: "" });
      expect(result.stderr).toMatch(/^error: --filterable and --with-snippets filter the list; they do not go with a library key\n/);
    }
  });

  it("suggests nothing rather than a far key", async () => {
    expect(await runInProcess(["libraries", "nope"])).toMatchObject({
      status: 2,
      stderr: "error: unknown library 'nope'\nhint: run `hubref libraries` for the list\n",
    });
  });
});

describe("hubref libraries at a terminal", () => {
  it("keeps the columns aligned when the yes/no flags are coloured", async () => {
    const { context, output } = fakeContext({ FORCE_COLOR: "1" }, true, 100);
    await runLibraries(parseLibrariesCommand(undefined, { filterable: false, withSnippets: false, json: false }), context);
    expect(output()).toMatch(/\x1b\[/);
    const lines = stripVTControlCharacters(output()).trimEnd().split("\n");
    const filterColumn = lines[0]!.indexOf("FILTER");
    const snippetsColumn = lines[0]!.indexOf("SNIPPETS");
    for (const line of lines.slice(1)) {
      expect(line.slice(filterColumn, snippetsColumn)).toMatch(/^(yes|no) +$/);
      expect(line.slice(snippetsColumn)).toMatch(/^(yes|no)$/);
    }
  });

  it("shows a download rule of several lines under its first line", async () => {
    const { context, output } = fakeContext({ NO_COLOR: "1" }, true, 100);
    await runLibraries(parseLibrariesCommand("open_clip", { filterable: false, withSnippets: false, json: false }), context);
    expect(output()).toContain('downloads   path:"open_clip_model.safetensors"\n            OR path:"model.safetensors"\n');
    expect(output()).not.toContain("\t");
  });
});
