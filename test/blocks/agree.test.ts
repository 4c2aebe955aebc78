import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { modelMenu, type Menu } from "../../src/blocks/menu.js";
import type { CodeBlock } from "../../src/blocks/code-block.js";
import { onlyRunsLocally } from "../../src/inference/engine.js";
import { settleOptions } from "../../src/inference/snippet.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { takesChatImages } from "../../src/model/chat.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * The printing command, --json and the picker's preview give the same code:
 * for every example model, every block the picker offers (every source,
 * toggle, language, client, provider, library block, app and quant) is
 * printed by the command line that names it, and is the `content` of that
 * command's --json; and for option combinations (--image), every hosted
 * call the picker offers with them is what the command prints with them.
 */

const MODELS_DIR = "catalogue/models";
const files = readdirSync(MODELS_DIR).map((file) => `${MODELS_DIR}/${file}`);
const TOGGLES = [false, true].flatMap((stream) => [false, true].map((direct) => ({ stream, direct })));

/** The flags that print exactly this block. */
function flagsOf(block: CodeBlock, toggles: { stream: boolean; direct: boolean }): string[] {
  switch (block.source) {
    case "inference":
      return [
        "--language",
        block.language,
        "--client",
        block.client,
        "--provider",
        block.provider,
        ...(toggles.stream ? ["--stream"] : []),
        ...(toggles.direct ? ["--direct"] : []),
      ];
    case "library":
      return ["--library", "--language", block.language];
    case "local":
      return ["--app", block.app, ...(block.quant ? ["--quant", block.quant.label] : [])];
  }
}

/** What --json prints for the block's flags: the content of each entry. */
function jsonContents(stdout: string, block: CodeBlock): string[] {
  const parsed = JSON.parse(stdout) as { content: string; model: string }[];
  // An app's --json lists its steps; the block is their rendering, checked through the printed form.
  return block.source === "local" ? [] : parsed.map((entry) => entry.content);
}

/** Option combinations beyond the toggles: the command line's flags, the options the picker gets, and the models they apply to. */
const OPTION_CASES = [
  {
    name: "--image (a local file and a URL)",
    flags: ["--image", "cats.jpg", "--image", "https://example.com/photo.png"],
    options: { images: ["cats.jpg", "https://example.com/photo.png"] },
    // The picker offers no hosted calls for weights only local apps run.
    applies: (model: ModelData) => takesChatImages(model) && !onlyRunsLocally(model),
  },
];

/**
 * Every block the menu offers for these options is what the command line
 * with the same flags prints and puts in --json; `inferenceOnly` keeps to
 * the hosted calls (flags such as --image go with nothing else).
 */
async function expectAgreement(file: string, menu: Menu, extra: string[], inferenceOnly: boolean): Promise<Set<string>> {
  const seen = new Set<string>();
  let compared = 0;
  for (const toggles of TOGGLES) {
    const blocks = menu.loadBlocks(toggles).filter((block) => !inferenceOnly || block.source === "inference");
    for (const block of blocks) {
      const flags = flagsOf(block, toggles);
      // Library and local blocks do not change with the toggles; one check each.
      const key = JSON.stringify(flags);
      if (seen.has(key)) continue;
      seen.add(key);
      const printed = await runInProcess(["snippet", file, ...flags, ...extra]);
      const json = await runInProcess(["snippet", file, ...flags, ...extra, "--json"]);
      expect(printed.status, `${flags.join(" ")}: ${printed.stderr}`).toBe(0);
      expect(json.status, `${flags.join(" ")} --json: ${json.stderr}`).toBe(0);
      const withNewline = block.content.endsWith("\n") ? block.content : `${block.content}\n`;
      const sameLanguage = blocks.filter((other) => JSON.stringify(flagsOf(other, toggles)) === key);
      if (sameLanguage.length === 1) expect(printed.stdout, flags.join(" ")).toBe(withNewline);
      else expect(printed.stdout, flags.join(" ")).toContain(block.content);
      if (block.source !== "local") expect(jsonContents(json.stdout, block), `${flags.join(" ")} --json`).toContain(block.content);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(0);
  return seen;
}

const parsed = (file: string) => ModelDataSchema.parse(JSON.parse(readFileSync(file, "utf8")));

describe("printing, --json and the picker agree", () => {
  // A chat model's menu runs the command twice for each block, the router's policies included: more than the default time on a busy machine.
  it.each(files)(
    "%s",
    async (file) => {
      const model = parsed(file);
      const seen = await expectAgreement(file, await modelMenu(model, settleOptions({})), [], false);
      // Weights only local apps run get no hosted calls in the picker, as the printing command says.
      if (onlyRunsLocally(model)) expect(seen.size === 0 || [...seen].every((flags) => !flags.includes("--provider"))).toBe(true);
    },
    120_000,
  );

  const optionCases = OPTION_CASES.flatMap((option) => files.filter((file) => option.applies(parsed(file))).map((file) => ({ ...option, file })));
  it("an option case applies to an example model", () => expect(optionCases.length).toBeGreaterThanOrEqual(OPTION_CASES.length));
  it.each(optionCases)("$name: $file", async ({ file, flags, options }) => {
    const menu = await modelMenu(parsed(file), settleOptions(options), { source: "inference" });
    const seen = await expectAgreement(file, menu, flags, true);
    // The options reach the code: the picker's blocks are not the ones without them.
    const plain = (await modelMenu(parsed(file), settleOptions({}))).loadBlocks(TOGGLES[0]!).filter((block) => block.source === "inference");
    const given = menu.loadBlocks(TOGGLES[0]!).filter((block) => block.source === "inference");
    expect(given.map((block) => block.content)).not.toEqual(plain.map((block) => block.content));
    expect(seen.size).toBeGreaterThan(0);
  });
});
