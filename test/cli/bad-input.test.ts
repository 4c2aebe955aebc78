import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/* Bad model input through the real command: one `error:` line (and a hint), exit 2, nothing on stdout, no stack trace. */

const dir = mkdtempSync(join(tmpdir(), "hubref-bad-"));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe("hubref snippet with bad input", () => {
  const cases: [string, () => string[], RegExp][] = [
    ["a missing file", () => [join(dir, "missing.json")], /^error: .*missing\.json: no such file\n/],
    ["a directory", () => [dir], /^error: .*: is a directory, not a file\n/],
    ["an empty file", () => [file("empty.json", "")], /^error: .*empty\.json: the input is empty\n/],
    ["invalid JSON", () => [file("bad.json", '{"id": "org/model",\n  "tags": [}')], /^error: .*bad\.json:2:12: invalid JSON: unexpected "}"\n/],
    [
      "a field of the wrong type",
      () => [file("types.json", JSON.stringify({ id: "org/model", tags: "text" }))],
      /^error: .*types\.json: field 'tags': Invalid input: expected array, received string\n/,
    ],
    ["binary garbage", () => [file("garbage.bin", Buffer.from([0, 1, 2, 255]))], /^error: .*garbage\.bin: binary data, not a JSON text file\n/],
  ];
  it.each(cases)("%s", (_name, args, stderr) => {
    const result = runCli(["snippet", ...args(), "--language", "python"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(stderr);
    expect(result.stderr.split("\n").filter(Boolean).length).toBeLessThanOrEqual(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("reads stdin with -, and names it in errors", () => {
    expect(runCli(["snippet", "-", "--language", "python"], { input: "{" }).stderr).toMatch(/^error: <stdin>:1:2: invalid JSON/);
    const ok = runCli(["snippet", "-", "--language", "python", "--client", "huggingface_hub"], {
      input: JSON.stringify({ id: "org/model", pipeline_tag: "fill-mask", mask_token: "<mask>" }),
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("fill_mask(");
  });
});
