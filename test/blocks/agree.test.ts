import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { modelMenu } from "../../src/blocks/menu.js";
import type { CodeBlock } from "../../src/blocks/code-block.js";
import { onlyRunsLocally } from "../../src/inference/engine.js";
import { settleOptions } from "../../src/inference/snippet.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * The printing command, --json and the picker's preview give the same code:
 * for every example model, every block the picker offers (every source,
 * toggle, language, client, provider, library block, app and quant) is
 * printed by the command line that names it, and is the `content` of that
 * command's --json.
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

describe("printing, --json and the picker agree", () => {
  it.each(files)("%s", async (file) => {
    const model = ModelDataSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    const menu = await modelMenu(model, settleOptions({}));
    const seen = new Set<string>();
    let compared = 0;
    for (const toggles of TOGGLES) {
      for (const block of menu.loadBlocks(toggles)) {
        const flags = flagsOf(block, toggles);
        // Library and local blocks do not change with the toggles; one check each.
        const key = JSON.stringify(flags);
        if (seen.has(key)) continue;
        seen.add(key);
        const printed = await runInProcess(["snippet", file, ...flags]);
        const json = await runInProcess(["snippet", file, ...flags, "--json"]);
        expect(printed.status, `${flags.join(" ")}: ${printed.stderr}`).toBe(0);
        expect(json.status, `${flags.join(" ")} --json: ${json.stderr}`).toBe(0);
        const withNewline = block.content.endsWith("\n") ? block.content : `${block.content}\n`;
        const sameLanguage = menu.loadBlocks(toggles).filter((other) => JSON.stringify(flagsOf(other, toggles)) === key);
        if (sameLanguage.length === 1) expect(printed.stdout, flags.join(" ")).toBe(withNewline);
        else expect(printed.stdout, flags.join(" ")).toContain(block.content);
        if (block.source !== "local") expect(jsonContents(json.stdout, block), `${flags.join(" ")} --json`).toContain(block.content);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
    // Weights only local apps run get no hosted calls in the picker, as the printing command says.
    if (onlyRunsLocally(model)) expect(seen.size === 0 || [...seen].every((flags) => !flags.includes("--provider"))).toBe(true);
  });
});
