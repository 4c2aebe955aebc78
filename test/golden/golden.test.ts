import fs from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { partialFilesOf } from "../../src/build/templates.js";
import { TEMPLATES_DIR } from "../../src/catalogue/paths.js";
import type { Client, Language } from "../../src/inference/ids.js";
import { clientDescriptor, CLIENTS_BY_LANGUAGE, LANGUAGES } from "../../src/inference/id-lists.js";
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
/** The template files (partials included) behind the compiled templates the cases rendered. */
const templatesRead = new Set<string>();

beforeAll(async () => {
  // The cases run in a fresh module graph whose compiled templates are wrapped to note each one
  // called; a template's partials were put in place by the build, so they count with it.
  vi.resetModules();
  try {
    const { COMPILED_TEMPLATES } = await import("../../src/inference/generated/templates.js");
    const rendered = new Set<string>();
    const table = COMPILED_TEMPLATES as unknown as Record<string, Record<string, Record<string, (it: unknown, uses: unknown) => string>>>;
    for (const [language, clients] of Object.entries(table)) {
      for (const [client, templates] of Object.entries(clients)) {
        const folder = clientDescriptor(language as Language, client as Client).folder;
        for (const [name, render] of Object.entries(templates)) {
          templates[name] = (it, uses) => {
            rendered.add(`${language}/${folder}/${name}`);
            return render(it, uses);
          };
        }
      }
    }
    const { goldenFiles } = await import("./cases.js");
    made = await goldenFiles();
    for (const key of rendered) {
      const file = resolve(TEMPLATES_DIR, `${key}.eta`);
      templatesRead.add(file);
      for (const partial of partialFilesOf(file, key.split("/")[0] as Language)) templatesRead.add(resolve(partial));
    }
  } finally {
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
    expect(templatesRead.size, "no compiled template was called: the cases did not run in a fresh module graph").toBeGreaterThan(0);
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
