import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

describe("CLI conventions", () => {
  it("prints help with examples and exit codes, exit 0", () => {
    const result = runCli(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: hubref/);
    expect(result.stdout).toContain("Examples:");
    expect(result.stdout).toContain("Exit codes:");
  });

  it("prints each command's help with examples", () => {
    const result = runCli(["quant-types", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--nearest <label>");
    expect(result.stdout).toContain("$ hubref quant-types");
  });

  it("prints the package version", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const result = runCli(["--version"]);
    expect(result).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("exits 2 on an unknown command or option, with the error on stderr only", () => {
    for (const args of [["quant-typo"], ["quant-types", "--bogus"]]) {
      const result = runCli(args);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^error: /);
    }
  });

  it("suggests the command or option meant, on a hint line", () => {
    expect(runCli(["snipet"])).toMatchObject({ status: 2, stdout: "", stderr: "error: unknown command 'snipet'\nhint: did you mean 'snippet'?\n" });
    expect(runCli(["quant-types", "--parsee", "x.gguf"])).toMatchObject({
      status: 2,
      stderr: "error: unknown option '--parsee'\nhint: did you mean '--parse'?\n",
    });
  });

  it("prints the help on stdout, exit 0, when run with nothing", () => {
    const result = runCli([]);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Usage: hubref/);
  });

  it("refuses help for a command that does not exist", () => {
    expect(runCli(["help", "nope"])).toMatchObject({
      status: 2,
      stdout: "",
      stderr: "error: unknown command 'nope'\nhint: run `hubref --help` for the commands\n",
    });
    expect(runCli(["help", "tasks"])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage: hubref tasks/) });
  });
});
