import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.js";

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

/**
 * Node's own modules a run loaded (process.moduleLoadList, written at exit by a preloaded script), with
 * stdout into a file (as `hubref ... > out.json`) and stderr a pipe; and what it printed.
 */
function builtinsLoaded(args: string[]): { loaded: string[]; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), "hubref-builtins-"));
  const hook = join(dir, "hook.cjs");
  const list = join(dir, "loaded.json");
  const output = join(dir, "out.json");
  writeFileSync(hook, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));`);
  const out = openSync(output, "w");
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: `--require ${hook}` },
    stdio: ["ignore", out, "pipe"],
  });
  closeSync(out);
  expect(result.status).toBe(0);
  const loaded = JSON.parse(readFileSync(list, "utf8")) as string[];
  return {
    loaded: loaded.filter((entry) => entry.startsWith("NativeModule ")).map((entry) => entry.slice("NativeModule ".length)),
    stdout: readFileSync(output, "utf8"),
  };
}

describe("modules the built command loads", () => {
  // Each costs milliseconds of every start: fs/promises came with reading process.stdin, and a file stream
  // with writing process.stdout into a file. (commander requires child_process, and with it net and Node's
  // streams, when it loads: a cost the bundle accepts rather than replacing a built-in module.)
  it("snippet --json into a file loads neither fs/promises, readline nor a file stream, and prints what a pipe gets", () => {
    const { loaded, stdout } = builtinsLoaded(["snippet", MODEL, "--json"]);
    for (const name of ["internal/fs/promises", "readline", "internal/fs/streams"]) expect(loaded, name).not.toContain(name);
    expect(stdout).toBe(runCli(["snippet", MODEL, "--json"]).stdout);
  });

  it("snippet on a valid model file loads neither zod, the picker's packages nor the MCP SDK", () => {
    const loaded = packagesLoaded(["snippet", MODEL, "--json"]);
    // Ink, React and highlight.js are in the screens' own files (scripts/bundle.mjs); packages would show here.
    for (const name of ["zod", "ink", "react", "clipboardy", "highlight.js", "eta", "@modelcontextprotocol/sdk"]) expect(loaded, name).not.toContain(name);
    // And the log is read: the bundle itself is in it.
    expect(runCli(["snippet", MODEL, "--json"], { env: { NODE_DEBUG: "module" } }).stderr).toContain("dist/bundle/hubref.cjs");
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
