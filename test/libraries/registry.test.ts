import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { librariesPart } from "../../src/build/parts.js";
import { DEFAULT_DOWNLOAD_QUERY, renderDownloadQuery } from "../../src/libraries/download-query.js";
import { hasSnippetGenerator, loadSnippetGenerator } from "../../src/libraries/registry.js";
import { LIBRARY_GENERATORS } from "../../src/libraries/generators.js";

// The hub's library registry facts, kept as a fixture so the test runs without ../shared.
const reference = JSON.parse(readFileSync(new URL("../fixtures/reference/libraries.json", import.meta.url), "utf8")) as Record<
  string,
  { countDownloads: string | null; hasSnippets: boolean }
>;
const catalogue = librariesPart.load();

describe("library registry", () => {
  it("holds every library of the hub, and no other", () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
    expect(Object.keys(catalogue).length).toBeGreaterThan(0);
  });

  it("renders every download-count rule to the hub's exact query text", () => {
    for (const [key, expected] of Object.entries(reference)) {
      const query = catalogue[key]!.countDownloads;
      if (expected.countDownloads === null) expect(query, key).toBeUndefined();
      else expect(renderDownloadQuery(query!), key).toBe(expected.countDownloads);
    }
  });

  it("renders the default rule for libraries without one", () => {
    expect(renderDownloadQuery(DEFAULT_DOWNLOAD_QUERY)).toBe(
      'path:"config.json" OR path:"config.yaml" OR path:"hyperparams.yaml" OR path:"params.json" OR path:"meta.yaml"',
    );
  });

  it("parenthesises a group nested in another operator", () => {
    expect(renderDownloadQuery({ or: [{ extension: "gguf" }, { and: [{ filename: "config" }, { extension: "json" }] }] })).toBe(
      'path_extension:"gguf" OR (path_filename:"config" AND path_extension:"json")',
    );
  });

  it("has a usage-snippet generator for exactly the libraries the hub shows usage code for", async () => {
    const withSnippets = Object.entries(reference)
      .filter(([, entry]) => entry.hasSnippets)
      .map(([key]) => key);
    expect(withSnippets.length).toBeGreaterThan(0);
    const withGenerators = Object.keys(catalogue).filter((key) => hasSnippetGenerator(key));
    expect(withGenerators.sort()).toEqual(withSnippets.sort());
    for (const key of withSnippets) expect(typeof (await loadSnippetGenerator(key)), key).toBe("function");
  });

  it("lists every generator file once in LIBRARY_GENERATORS, so none lies unused", () => {
    const listed = [
      ...readFileSync(new URL("../../src/libraries/generators.ts", import.meta.url), "utf8").matchAll(/import\("\.\/snippets\/([a-z0-9-]+)\.js"\)/g),
    ].map((match) => match[1]);
    const files = readdirSync(new URL("../../src/libraries/snippets/", import.meta.url)).map((file) => file.replace(/\.ts$/, ""));
    expect(listed.sort()).toEqual(files.sort());
    expect(listed.length).toBe(Object.keys(LIBRARY_GENERATORS).length);
  });

  it("makes the build refuse a generator of a library the catalogue lacks", () => {
    const { transformers: _transformers, ...withoutTransformers } = catalogue;
    expect(librariesPart.schema.safeParse(withoutTransformers).error?.issues[0]?.message).toMatch(
      /has a generator \(src\/libraries\/generators\.ts\) but no catalogue entry/,
    );
  });

  it("rejects a malformed download rule", () => {
    const broken = { x: { prettyLabel: "X", repoName: "x", repoUrl: "https://example.com/x", filter: false, countDownloads: { path: "a", extension: "b" } } };
    expect(() => librariesPart.schema.parse(broken)).toThrow(/exactly one of/);
  });
});
