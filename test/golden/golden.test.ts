import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TEMPLATES_DIR } from "../../src/catalogue/paths.js";
import { CLIENTS_BY_LANGUAGE, LANGUAGES } from "../../src/inference/id-lists.js";
import type { GoldenFile } from "./cases.js";
import { filesOnDisk, readGolden } from "./files.js";

/*
 * The golden snippets (test/golden/): any change to what a case makes fails
 * here until `npm run golden` rewrites the files, so a template change is
 * reviewed as a diff of the code users get.
 */

const RUN_GOLDEN = "run `npm run golden` and review the diff (git diff test/golden) before committing it";

function templateFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    return entry.name.endsWith(".eta") ? [resolve(path)] : [];
  });
}

let made: GoldenFile[] = [];
/** The template files (partials included) read while the cases were made. */
const templatesRead = new Set<string>();

beforeAll(async () => {
  // Templates are compiled once per module graph and the graph is shared between test files, so
  // the cases run in a fresh one, with node:fs's readFileSync watched for template files.
  const readFileSync = fs.readFileSync;
  fs.readFileSync = ((path: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof path === "string" && path.endsWith(".eta")) templatesRead.add(resolve(path));
    return (readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  syncBuiltinESMExports();
  try {
    vi.resetModules();
    const { goldenFiles } = await import("./cases.js");
    made = await goldenFiles();
  } finally {
    fs.readFileSync = readFileSync;
    syncBuiltinESMExports();
    vi.resetModules();
  }
});

describe("golden snippets", () => {
  it("each golden file holds what the code makes now, and no file is missing or left over", () => {
    const onDisk = new Set(filesOnDisk());
    const wanted = new Set(made.map((file) => file.path));
    const missing = made.filter((file) => !onDisk.has(file.path)).map((file) => file.path);
    const stale = [...onDisk].filter((path) => !wanted.has(path));
    const changed = made.filter((file) => onDisk.has(file.path) && readGolden(file.path) !== file.content);
    const report = [
      ...missing.map((path) => `missing: test/golden/${path}`),
      ...stale.map((path) => `no case makes it any more: test/golden/${path}`),
      ...changed.map((file) => `differs: test/golden/${file.path}`),
    ];
    // The first few differences as diffs, so the failure shows what changed, not only where.
    for (const file of changed.slice(0, 3)) {
      expect.soft(readGolden(file.path), `test/golden/${file.path} differs from what the code makes: ${RUN_GOLDEN}`).toBe(file.content);
    }
    expect(report, `the golden snippets are out of date: ${RUN_GOLDEN}`).toEqual([]);
  });

  it("every template under templates/, partials included, is rendered by some case", () => {
    expect(templatesRead.size, "no template was read: the cases did not run in a fresh module graph").toBeGreaterThan(0);
    const unused = templateFiles(TEMPLATES_DIR)
      .filter((file) => !templatesRead.has(file))
      .map((file) => relative(TEMPLATES_DIR, file).split(sep).join("/"));
    expect(unused, "add a case to test/golden/cases.ts that renders these templates, then run `npm run golden`").toEqual([]);
  });

  it("every language and client has a golden inference snippet", () => {
    // inference/<case>/<provider>/<language>-<client>.<extension>
    const names = made.filter((file) => file.path.startsWith("inference/")).map((file) => file.path.split("/").at(-1)!);
    const shown = new Set(names.map((name) => name.slice(0, name.lastIndexOf("."))));
    const pairs = LANGUAGES.flatMap((language) => CLIENTS_BY_LANGUAGE[language].map((client) => `${language}-${client.replaceAll("/", "-")}`));
    expect(pairs.filter((pair) => !shown.has(pair))).toEqual([]);
  });
});
