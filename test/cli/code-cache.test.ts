import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.js";

/*
 * bin/hubref runs the bundles (the CLI's, and the picker's for `-i`) with V8's
 * code cache. A Node that refuses the caches the build shipped (another version,
 * other V8 flags: here --no-opt) still runs the CLI, and keeps caches of its own
 * in the user's cache folder.
 */

const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

function runWithOtherFlags(cacheHome: string, args: string[]) {
  const env = { ...process.env, XDG_CACHE_HOME: cacheHome, NO_COLOR: "1" };
  return spawnSync(process.execPath, ["--no-opt", BIN, ...args], { cwd: ROOT, env, encoding: "utf8" });
}

/** `snippet -i` in the stand-in terminal the build makes the picker's cache in: it presses Right, then q. */
function runPicker(cacheHome: string, nodeFlags: string[]) {
  const env = { ...process.env, XDG_CACHE_HOME: cacheHome, NO_COLOR: "1", HUBREF_WRITE_CODE_CACHE: "", CI: "false" };
  const args = [...nodeFlags, "--require", join(ROOT, "scripts/picker-warm-up.cjs"), BIN, "snippet", MODEL, "-i"];
  return spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8", timeout: 30_000 });
}

const runPickerWithOtherFlags = (cacheHome: string) => runPicker(cacheHome, ["--no-opt"]);

describe("the code cache", () => {
  it("is made once for a Node whose flags refuse the shipped one, and the output does not change", () => {
    const cacheHome = mkdtempSync(join(tmpdir(), "hubref-code-cache-"));
    const first = runWithOtherFlags(cacheHome, ["snippet", MODEL, "--json"]);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(runCli(["snippet", MODEL, "--json"]).stdout);
    const folder = join(cacheHome, "hubref", "code-cache");
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const written = statSync(join(folder, files[0]!)).mtimeMs;

    const second = runWithOtherFlags(cacheHome, ["snippet", MODEL, "--json"]);
    expect(second.stdout).toBe(first.stdout);
    // Accepted this time, so not written again.
    expect(readdirSync(folder)).toEqual(files);
    expect(statSync(join(folder, files[0]!)).mtimeMs).toBe(written);
  });

  it("runs and exits when the cache folder cannot be made (a cache home under /proc)", () => {
    const result = spawnSync(process.execPath, ["--no-opt", BIN, "snippet", MODEL, "--json"], {
      cwd: ROOT,
      env: { ...process.env, XDG_CACHE_HOME: "/proc/hubref-no-such-folder", NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(runCli(["snippet", MODEL, "--json"]).stdout);
  });

  it("keeps a cache of the picker's bundle beside the CLI's, made once, when the shipped one is refused", () => {
    const cacheHome = mkdtempSync(join(tmpdir(), "hubref-code-cache-"));
    const folder = join(cacheHome, "hubref", "code-cache");
    const first = runPickerWithOtherFlags(cacheHome);
    expect(first.status).toBe(0);
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    const written = files.map((file) => statSync(join(folder, file)).mtimeMs);

    const second = runPickerWithOtherFlags(cacheHome);
    expect(second.status).toBe(0);
    expect(second.stderr).toBe(first.stderr);
    expect(readdirSync(folder).sort()).toEqual(files);
    expect(files.map((file) => statSync(join(folder, file)).mtimeMs)).toEqual(written);
  });

  it("writes no cache of its own when the shipped ones are accepted, the picker's included", () => {
    const cacheHome = mkdtempSync(join(tmpdir(), "hubref-code-cache-"));
    const result = runCli(["--version"], { env: { XDG_CACHE_HOME: cacheHome } });
    expect(result.status).toBe(0);
    const picker = runPicker(cacheHome, []);
    expect(picker.status).toBe(0);
    expect(readdirSync(cacheHome)).toEqual([]);
  });
});
