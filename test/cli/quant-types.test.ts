import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { parseQuantTypesCommand, runQuantTypes } from "../../src/cli/quant-types.js";
import { fakeContext } from "../helpers/context.js";
import { quantTypesPart } from "../../src/build/parts.js";

describe("hubref quant-types", () => {
  it("lists file types as tab-separated lines when piped", async () => {
    const result = await runInProcess(["quant-types"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("F32\t0");
    expect(lines).toContain("Q4_K_M\t15");
    expect(lines.at(-1)).toBe("Q1_0\t40");
  });

  it("prints only JSON with --json", async () => {
    const result = await runInProcess(["quant-types", "--json"]);
    expect(result.status).toBe(0);
    const types = JSON.parse(result.stdout) as { name: string; id: number }[];
    expect(types[0]).toEqual({ name: "F32", id: 0 });
    expect(types).toHaveLength(quantTypesPart.load().fileTypes.length);
  });

  it("lists tensor types with block size, bytes per block and bits per weight", async () => {
    const types = JSON.parse((await runInProcess(["quant-types", "--tensor-types", "--json"])).stdout) as Record<string, unknown>[];
    expect(types.find((type) => type.name === "Q4_0")).toEqual({ name: "Q4_0", id: 2, blockSize: 32, bytesPerBlock: 18, bitsPerWeight: 4.5 });
    expect(types.map((type) => type.name)).toEqual(expect.arrayContaining(["I8", "I16", "I32", "I64", "F64"]));
  });

  it("parses file names into labels, null where there is none", async () => {
    const result = await runInProcess(["quant-types", "--parse", "a-UD-Q4_K_XL-00001-of-00003.gguf", "plain.gguf", "--json"]);
    expect(JSON.parse(result.stdout)).toEqual([
      { file: "a-UD-Q4_K_XL-00001-of-00003.gguf", quant: "UD-Q4_K_XL" },
      { file: "plain.gguf", quant: null },
    ]);
  });

  it("refuses an empty name with one error line and exit 2, printing nothing on stdout", async () => {
    const result = await runInProcess(["quant-types", "--parse", ""]);
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr: "error: --parse takes GGUF file names, and the one given is empty\nhint: for example: --parse model-Q4_K_M.gguf\n",
    });
  });

  it("picks the nearest available quantization", async () => {
    expect((await runInProcess(["quant-types", "--nearest", "Q4_K_M", "--available", "Q8_0,Q3_K_M"])).stdout).toBe("Q3_K_M\n");
    const json = JSON.parse((await runInProcess(["quant-types", "--nearest", "q4_k_m", "--available", "Q8_0", "--json"])).stdout);
    expect(json).toEqual({ wanted: "Q4_K_M", available: ["Q8_0"], nearest: "Q8_0" });
  });

  it("rejects an unknown type with exit 2 and a suggestion", async () => {
    const result = await runInProcess(["quant-types", "--nearest", "Q4_K_N", "--available", "Q8_0"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: unknown quantization type 'Q4_K_N'\nhint: did you mean 'Q4_K_M'?\n");
  });

  it("rejects --nearest without --available", async () => {
    const result = await runInProcess(["quant-types", "--nearest", "Q4_K_M"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --nearest and --available go together/);
  });

  it("draws an aligned, coloured table for a terminal, without colour under NO_COLOR", async () => {
    const coloured = fakeContext({}, true);
    await runQuantTypes(parseQuantTypesCommand({ tensorTypes: false, json: false, offline: false, refresh: false }), coloured.context);
    expect(coloured.output()).toMatch(/\u001b\[1mNAME/);
    expect(coloured.output()).toMatch(/^Q4_K_M {2,}15$/m);

    const plain = fakeContext({ NO_COLOR: "1" }, true);
    await runQuantTypes(parseQuantTypesCommand({ tensorTypes: false, json: false, offline: false, refresh: false }), plain.context);
    expect(plain.output()).not.toMatch(/\u001b\[/);
    expect(plain.output().split("\n")[0]).toMatch(/^NAME {2,}ID$/);
  });
});

describe("docs/commands/quant-types.md", () => {
  it("shows what `quant-types --parse` prints for the MXFP4_MOE example", async () => {
    const readme = readFileSync(new URL("../../docs/commands/quant-types.md", import.meta.url), "utf8");
    const example = /^\$ hubref (quant-types --parse [^\n]*MXFP4_MOE[^\n]*)\n([\s\S]*?)(?=^\$ )/m.exec(readme);
    expect(example).not.toBeNull();
    expect((await runInProcess(example![1]!.split(" "))).stdout).toBe(example![2]);
  });
});

describe("quant-types: what a new user hit", () => {
  it("refuses an unknown type in --available with a suggestion, instead of dropping it", async () => {
    const result = await runInProcess(["quant-types", "--nearest", "Q4_K_M", "--available", "Q8_0,q5_k_n"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: unknown quantization type 'q5_k_n'\nhint: did you mean 'Q5_K_M'?\n");
  });

  it("takes --offline and --refresh with --for, as every command that takes a hub id does", async () => {
    const cache = mkdtempSync(join(tmpdir(), "hubref-qt-cache-"));
    // Nothing cached and no network allowed: the offline lookup says so, rather than refusing the flag.
    const offline = await runInProcess(["quant-types", "--for", "acme/Nothing-GGUF", "--offline"], { env: { XDG_CACHE_HOME: cache } });
    expect(offline.status).not.toBe(0);
    expect(offline.stderr).not.toMatch(/unknown option/);
    expect(offline.stderr).toMatch(/offline|cache/i);
    expect((await runInProcess(["quant-types", "--offline"])).stderr).toBe("error: --offline and --refresh go with --for\n");
  });
});
