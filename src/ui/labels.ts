/** How the picker names languages, clients and providers on screen and in file names. */
import { blockLanguage, blockTool, type CodeBlock } from "../blocks/code-block.js";
import { safeLine } from "./text.js";

const LANGUAGE_NAMES: Record<string, string> = {
  python: "Python",
  js: "JavaScript",
  sh: "Shell",
  go: "Go",
  java: "Java",
  ruby: "Ruby",
  php: "PHP",
  text: "Text",
};

const EXTENSIONS: Record<string, string> = { python: "py", js: "js", sh: "sh", text: "txt" };

/** Programs whose language wants a file name of its own: `go run main.go`, `java Main.java` (the class is Main). */
const FILE_NAMES: Record<string, string> = { go: "main.go", java: "Main.java", ruby: "main.rb", php: "main.php" };

export function languageLabel(language: string): string {
  return LANGUAGE_NAMES[language] ?? safeLine(language);
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
  return FILE_NAMES[language] ?? `snippet.${EXTENSIONS[language] ?? "txt"}`;
}
