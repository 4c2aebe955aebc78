/** How the picker names languages, clients and providers on screen and in file names. */
import { parseClientKey } from "./combos.js";
import { safeLine } from "./text.js";

const LANGUAGE_NAMES: Record<string, string> = { python: "Python", js: "JavaScript", sh: "Shell", text: "Text" };

const EXTENSIONS: Record<string, string> = { python: "py", js: "js", sh: "sh", text: "txt" };

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
  return `snippet.${EXTENSIONS[language] ?? "txt"}`;
}
