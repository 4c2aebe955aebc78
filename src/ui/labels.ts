/** How the picker names languages, clients and providers on screen and in file names. */
import { blockLanguage, blockTool, type CodeBlock } from "../blocks/code-block.js";
import { describeLanguage } from "../format/languages.js";
import { safeLine } from "./text.js";

export function languageLabel(language: string): string {
  return describeLanguage(language)?.label ?? safeLine(language);
}

/** "Python / requests / together"; for a local run "Run locally / llama.cpp / Q4_K_M". */
export function blockTitle(block: CodeBlock): string {
  switch (block.source) {
    case "local":
      return ["Run locally", safeLine(block.appLabel), ...(block.quant ? [safeLine(block.quant.label)] : [])].join(" / ");
    case "library":
      return `${languageLabel(block.language)} / ${safeLine(block.library)}${block.title === undefined ? "" : ` (${safeLine(block.title)})`} / ${providerLabel("")}`;
    case "inference":
      return `${languageLabel(block.language)} / ${safeLine(block.client)} / ${providerLabel(block.provider)}`;
  }
}

/** The provider a block calls, or "local" for code that runs on the user's machine. */
export function blockProvider(block: CodeBlock): string {
  return providerLabel(block.source === "inference" ? block.provider : "");
}

/** "python / requests", as the summary and the copy message name what was copied. */
export function blockShortName(block: CodeBlock): string {
  return `${safeLine(blockLanguage(block))} / ${safeLine(blockTool(block))}`;
}

/** Library snippets have no provider: they run on the user's machine. */
export function providerLabel(provider: string): string {
  return provider === "" ? "local" : safeLine(provider);
}

export function defaultFileName(language: string): string {
  return (describeLanguage(language) ?? describeLanguage("text")!).fileName;
}
