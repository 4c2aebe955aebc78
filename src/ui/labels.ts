/** How the picker names languages, clients and providers on screen and in file names. */
import { parseClientKey } from "./combos.js";
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

export function clientLabel(clientKey: string): string {
  const { source, client, variant } = parseClientKey(clientKey);
  const library = source === "library" ? " (library)" : "";
  const second = variant > 1 ? ` #${variant}` : "";
  return `${safeLine(client)}${library}${second}`;
}

/** Library snippets have no provider: they run on the user's machine. */
export function providerLabel(provider: string): string {
  return provider === "" ? "local" : safeLine(provider);
}

export function defaultFileName(language: string): string {
  return FILE_NAMES[language] ?? `snippet.${EXTENSIONS[language] ?? "txt"}`;
}
