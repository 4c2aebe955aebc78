import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * What the built command loads, as Node's module log shows it: the snippet
 * path for a valid model file must not load zod (it costs about a third of
 * node's own start), nor the picker's packages. One import in the wrong
 * place brings them back, and only a run of the real binary shows it.
 */

const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

function packagesLoaded(args: string[]): string[] {
  const result = runCli(args, { env: { NODE_DEBUG: "module" } });
  const found = new Set<string>();
  for (const match of result.stderr.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)) found.add(match[1]!);
  return [...found];
}

describe("modules the built command loads", () => {
  it("snippet on a valid model file loads neither zod nor the picker's packages", () => {
    const loaded = packagesLoaded(["snippet", MODEL, "--json"]);
    for (const name of ["zod", "ink", "react", "clipboardy", "highlight.js", "eta"]) expect(loaded, name).not.toContain(name);
  });

  it("snippet --app without --fits reads no header, so loads no zod", () => {
    const loaded = packagesLoaded(["snippet", "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json", "--app", "llama.cpp"]);
    expect(loaded).not.toContain("zod");
  });

  it("loads zod where it has something to judge: a file the quick check does not pass", () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-modules-"));
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ id: 5 }));
    expect(packagesLoaded(["snippet", file, "--json"])).toContain("zod");
  });
});
