import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command } from "commander";
import { CACHE_RULE, COMMAND_RULES, FLAG_NAMES, ruleBroken, type Flag } from "../../src/cli/flag-rules.js";
import { buildProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * The one table of refused flag combinations: every flag it names is a flag
 * of that command, spelled as commander takes it, and a rule shared by several
 * commands refuses the same way in each.
 */

const program = buildProgram(fakeContext({}, false).context);
const commandNamed = (name: string): Command => program.commands.find((command) => command.name() === name)!;
/** The long (or only) spelling of each option of a command. */
const spellings = (command: Command) => command.options.flatMap((option) => [option.long, option.short].filter((flag): flag is string => flag !== undefined));
const flagsOf = (rules: (typeof COMMAND_RULES)[keyof typeof COMMAND_RULES]): Flag[] => [
  ...new Set(
    rules.flatMap((rule): readonly Flag[] =>
      "valued" in rule
        ? [rule.valued, ...rule.refuses]
        : "refuses" in rule
          ? [...rule.when, ...rule.refuses]
          : "needs" in rule
            ? [...rule.flags, ...rule.needs]
            : "oneOf" in rule
              ? rule.oneOf
              : rule.together,
    ),
  ),
];

const MODEL = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";

describe("COMMAND_RULES", () => {
  it.each(Object.keys(COMMAND_RULES))("%s: every flag a rule names is one of its options", (name) => {
    const command = commandNamed(name);
    expect(command, name).toBeDefined();
    const named = flagsOf(COMMAND_RULES[name as keyof typeof COMMAND_RULES]).filter((flag) => flag !== "entry");
    expect(named.filter((flag) => !spellings(command).includes(FLAG_NAMES[flag]))).toEqual([]);
  });

  it("holds the cache rule for every command that takes both --offline and --refresh, and for no other", () => {
    const both = program.commands.filter((command) => spellings(command).includes("--offline") && spellings(command).includes("--refresh"));
    const withRule = Object.entries(COMMAND_RULES)
      .filter(([, rules]) => (rules as readonly unknown[]).includes(CACHE_RULE))
      .map(([name]) => name);
    expect(both.length).toBeGreaterThan(1);
    expect(withRule.sort()).toEqual(both.map((command) => command.name()).sort());
  });

  // `apps --for FILE` reads no cache at all, and was the one command that let the pair through.
  it.each([
    ["snippet", MODEL, "--language", "sh"],
    ["apps", "--for", MODEL],
    ["quant-types", "--for", MODEL],
    ["model", MODEL],
  ])("%s refuses --offline with --refresh, as every command does, before reading the model", async (...words) => {
    const result = await runInProcess([...words, "--offline", "--refresh"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: --offline and --refresh contradict each other\nhint: use one of them\n");
  });

  it("names the clashing flags, and the first rule that matches wins", () => {
    const snippet = COMMAND_RULES.snippet;
    const given =
      (...flags: Flag[]) =>
      (flag: Flag) =>
        flags.includes(flag);
    expect(ruleBroken(snippet, given("library", "client", "stream"))?.message).toBe(
      "--library prints the library's usage code, which --client, --stream do not apply to",
    );
    expect(ruleBroken(snippet, given("app", "quant", "file"))?.message).toBe("--quant and --file each pick the file: give one");
    expect(ruleBroken(snippet, given("app", "quant"))).toBeUndefined();
    expect(ruleBroken(COMMAND_RULES["quant-types"], given("nearest"))?.message).toBe("--nearest and --available go together");
  });

  it("a hint may name the command's argument", () => {
    const broken = ruleBroken(COMMAND_RULES.tasks, (flag) => flag === "entry" || flag === "modality", "text-classification");
    expect(broken).toEqual({
      message: "--modality and --library filter the list; they do not go with a task id",
      hint: "run `hubref tasks text-classification` alone, or `hubref tasks --modality ...`",
    });
  });

  it("a model file given to a command that refuses its flags is not read", async () => {
    // A folder would be an error of its own if it were read: the flags' error comes first.
    const dir = mkdtempSync(join(tmpdir(), "hubref-rules-"));
    writeFileSync(join(dir, "m.json"), "{not json");
    const result = await runInProcess(["apps", "llama.cpp", "--for", join(dir, "m.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe("error: --for filters the list; it does not go with an app key");
  });
});
