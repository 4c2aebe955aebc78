import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { SHELLS } from "../../src/cli/completion.js";
import { LANGUAGES } from "../../src/inference/id-lists.js";
import { allTasks } from "../../src/tasks/catalogue.js";
import { BIN, ROOT } from "../helpers/cli.js";
import { fakeContext } from "../helpers/context.js";

/*
 * `hubref completion bash` is sourced in bash and asked, as bash asks it at a
 * TAB (COMP_WORDS, COMP_CWORD, then the function), for the completions of a
 * line: the answer is what COMPREPLY holds. zsh and fish get a syntax check
 * where they are installed.
 */

const folder = mkdtempSync(join(tmpdir(), "hubref-completion-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;

async function script(shell: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const { context, output, errors } = fakeContext({}, false);
  const status = await runProgram(["node", "hubref", "completion", shell], context);
  return { status, stdout: output(), stderr: errors() };
}

/** What bash's completion offers for `line`, the cursor at its end (a line ending in a space completes a new word). */
function bashCompletes(line: string): string[] {
  const path = join(folder, "hubref.bash");
  // Split as bash splits the line: a backslash keeps a space in its word.
  const words = line.split(/(?<!\\) /);
  const driver = `source ${JSON.stringify(path)}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(" ")})
COMP_CWORD=${words.length - 1}
_hubref
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync("bash", ["--norc", "--noprofile", "-c", driver], {
    cwd: ROOT,
    env: { PATH: `${dirname(BIN)}:${process.env.PATH}`, HOME: folder, LANG: "C.UTF-8" },
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout.split("\n").filter((word) => word !== "");
}

/** Each completion starts bash and hubref: generous, for a loaded machine. */
const SLOW = 180_000;

describe("hubref completion", () => {
  it(
    "prints a bash script that completes commands, options and their values",
    async () => {
      const bash = await script("bash");
      expect(bash.status).toBe(0);
      writeFileSync(join(folder, "hubref.bash"), bash.stdout);

      expect(bashCompletes("hubref ")).toEqual(expect.arrayContaining(["snippet", "models", "quant-types", "completion"]));
      expect(bashCompletes("hubref ")).not.toContain("__complete");
      expect(bashCompletes("hubref sni")).toEqual(["snippet"]);
      expect(bashCompletes("hubref snippet m.json --lang")).toEqual(["--language"]);
      expect(bashCompletes("hubref snippet m.json --language ")).toEqual([...LANGUAGES]);
      // The clients of the language given earlier on the line.
      expect(bashCompletes("hubref snippet m.json --language golang --client ")).toEqual(["net/http"]);
      expect(bashCompletes("hubref snippet m.json --provider toge")).toEqual(["together"]);
      expect(bashCompletes("hubref models --provider al")).toEqual(["all"]);
      expect(bashCompletes("hubref models --task text-to-i")).toEqual(["text-to-image"]);
      expect(bashCompletes("hubref tasks ")).toEqual(allTasks().map((task) => task.id));
      expect(bashCompletes("hubref snippet m.json --app llama")).toEqual(["llama.cpp"]);
      expect(bashCompletes("hubref snippet m.json --flash-attn o")).toEqual(["on", "off"]);
      expect(bashCompletes("hubref completion ")).toEqual([...SHELLS]);
      // A hardware name with a space stays one word on the line.
      expect(bashCompletes("hubref snippet m.json --app llama.cpp --fits RTX\\ 409")).toContain("RTX\\ 4090");
      // A card sold with several sizes completes with each, as --fits takes it.
      expect(bashCompletes("hubref snippet m.json --app llama.cpp --fits RTX\\ 3060")).toEqual(expect.arrayContaining(["RTX\\ 3060:8", "RTX\\ 3060:12"]));
    },
    SLOW,
  );

  it(
    "completes the quants and files of a GGUF metadata file given earlier on the line",
    async () => {
      writeFileSync(join(folder, "hubref.bash"), (await script("bash")).stdout);
      const model = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";
      expect(bashCompletes(`hubref snippet ${model} --app llama.cpp --quant Q5_K`)).toEqual(["Q5_K_L", "Q5_K_M", "Q5_K_S"]);
      expect(bashCompletes(`hubref snippet ${model} --app llama.cpp --file Llama-3.2-3B-Instruct-Q8`)).toEqual(["Llama-3.2-3B-Instruct-Q8_0.gguf"]);
    },
    SLOW,
  );

  it(
    "offers file names where a command takes a model file",
    async () => {
      writeFileSync(join(folder, "hubref.bash"), (await script("bash")).stdout);
      expect(bashCompletes("hubref snippet catalogue/models/bartowski--Llama-3.2-3B")).toEqual(["catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json"]);
    },
    SLOW,
  );

  it.each([["zsh"], ["fish"]])("prints a %s script its shell reads without a syntax error (skipped where it is not installed)", async (shell) => {
    const printed = await script(shell);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain("hubref __complete --");
    if (!has(shell)) {
      // CI installs both shells (.ci/run): there, a missing one fails instead.
      if (process.env.HUBREF_REQUIRE_TOOLCHAINS === "1") throw new Error(`${shell} is required here (HUBREF_REQUIRE_TOOLCHAINS=1) but not installed`);
      console.log(`skips the ${shell} syntax check: no ${shell} here`);
      return;
    }
    const path = join(folder, `hubref.${shell}`);
    writeFileSync(path, printed.stdout);
    const result = spawnSync(shell, ["-n", path], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("refuses a shell it has no script for", async () => {
    const printed = await script("powershell");
    expect(printed.status).toBe(2);
    expect(printed.stderr).toBe("error: unknown shell 'powershell'\nhint: one of: bash, zsh, fish\n");
  });
});
