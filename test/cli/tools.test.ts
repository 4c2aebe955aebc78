import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/* `hubref snippet --tools/--schema` as a user runs it: the built CLI. */

const CHAT = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const dir = mkdtempSync(join(tmpdir(), "hubref-tools-"));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("hubref snippet --tools / --schema", () => {
  it("--tools alone prints a program with the sample tool", () => {
    const result = runCli(["snippet", CHAT, "--tools", "--language", "go"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('"get_weather": get_weather,');
    expect(result.stdout).toContain("What is the weather like in Paris and in Tokyo?");
  });

  it("a tools file's tools are sent and given functions of their own", () => {
    const tools = file(
      "tools.json",
      JSON.stringify([{ type: "function", function: { name: "lookup", description: "Find a thing.", parameters: { type: "object" } } }]),
    );
    const result = runCli(["snippet", CHAT, "--tools", tools, "--language", "python", "--client", "requests"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("def lookup(arguments):");
    expect(result.stdout).toContain('"description": "Find a thing.",');
  });

  it.each([
    ["a file that is not an array", ["--tools", "notarray.json:{}"], "not an array of function tools"],
    [
      "a tool name that is no identifier",
      ["--tools", `bad.json:${JSON.stringify([{ type: "function", function: { name: "a.b" } }])}`],
      "a tool name is a letter",
    ],
    [
      "a tool name given twice",
      [
        "--tools",
        `twice.json:${JSON.stringify([
          { type: "function", function: { name: "a" } },
          { type: "function", function: { name: "a" } },
        ])}`,
      ],
      "the tool name a is given twice",
    ],
    ["a schema that is not an object", ["--schema", "schema.json:[]"], "a schema is a JSON object"],
  ])("refuses %s with exit 2, one error line and a hint", (_, [flag, spec], message) => {
    const [name, text] = spec!.split(/:(.*)/s) as [string, string];
    const result = runCli(["snippet", CHAT, flag!, file(name, text)]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(message);
    expect(lines[1]!.startsWith("hint: ")).toBe(true);
  });

  it("refuses --tools and --schema for a model that is not a chat model", () => {
    for (const flag of ["--tools", "--schema"]) {
      const result = runCli(["snippet", "catalogue/models/google-bert--bert-base-uncased.json", flag]);
      expect(result).toMatchObject({
        status: 2,
        stdout: "",
        stderr: `error: google-bert/bert-base-uncased: ${flag} is for chat models, and this is a fill-mask model\nhint: pick a model tagged conversational (a chat model)\n`,
      });
    }
  });

  it("refuses them with --library and --app, from the flag table", () => {
    expect(runCli(["snippet", CHAT, "--tools", "--library"])).toMatchObject({
      status: 2,
      stderr: "error: --library prints the library's usage code, which --tools does not apply to\nhint: leave out --library for inference API snippets\n",
    });
  });

  it("names a file it cannot read", () => {
    expect(runCli(["snippet", CHAT, "--schema", join(dir, "missing.json")])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("--schema: cannot read"),
    });
  });
});
