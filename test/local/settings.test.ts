import { describe, expect, it } from "vitest";
import { buildProgram } from "../../src/cli/program.js";
import { z } from "zod";
import { rawFromJson, TEXT_LOCAL_SHAPE } from "../../src/local/settings-schema.js";
import { LOCAL_SETTINGS, RUN_SETTINGS, settingsAbout } from "../../src/local/settings.js";
import { FLAG_NAMES } from "../../src/words/cli-names.js";
import { fakeContext } from "../helpers/context.js";

/*
 * The run settings are written once (RUN_SETTINGS): the command line's flags,
 * the request as text and its schema derive from it, so a setting added there
 * is a flag of every command that runs a model, and nowhere forgotten.
 */

const program = buildProgram(fakeContext({}, false).context);
const optionsOf = (name: string) => program.commands.find((command) => command.name() === name)!.options;

describe("the run settings' one table", () => {
  it.each(["snippet", "model", "models", "quant-types"])("gives %s a flag for every setting of the machine and the run, spelled by FLAG_NAMES", (name) => {
    const options = optionsOf(name);
    for (const key of [...settingsAbout("machine"), ...settingsAbout("run")]) {
      const option = options.find((candidate) => candidate.attributeName() === key);
      expect(option?.long, `${name} ${key}`).toBe(FLAG_NAMES[key]);
    }
  });

  it("completes every setting that takes one of a list with that list", async () => {
    const { completions } = await import("../../src/cli/completion-words.js");
    for (const key of LOCAL_SETTINGS) {
      const choices: readonly string[] | undefined = (RUN_SETTINGS[key] as { choices?: readonly string[] }).choices;
      if (choices === undefined) continue;
      const words = await completions(program, { before: ["snippet", "m.json", "--app", "llama.cpp", FLAG_NAMES[key]], current: "" });
      expect(words.slice(1), key).toEqual([...choices]);
    }
  });

  it("shapes the request as bounded text, a context also as a number, and leaves the meaning to the parser", () => {
    const RAW_LOCAL_OPTIONS = z.object(TEXT_LOCAL_SHAPE);
    expect(RAW_LOCAL_OPTIONS.safeParse({ fits: "RTX 4090", ctx: 32768, cacheType: "Q8_0" }).success).toBe(true);
    expect(RAW_LOCAL_OPTIONS.safeParse({ ctx: "32k" }).success).toBe(true);
    expect(RAW_LOCAL_OPTIONS.safeParse({ fits: "x".repeat(1000) }).success).toBe(false);
    expect(RAW_LOCAL_OPTIONS.safeParse({ ram: 32 }).success).toBe(false);
    // By the names JSON gives them, read back as the settings' keys.
    expect(Object.keys(RAW_LOCAL_OPTIONS.shape)).toEqual(LOCAL_SETTINGS.map((key) => (key === "flashAttn" ? "flashAttention" : key)));
    expect(rawFromJson({ flashAttention: "on", ctx: 4096, page: 2 })).toEqual({ flashAttn: "on", ctx: 4096 });
  });
});
