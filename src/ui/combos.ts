/**
 * Which language / client / provider combinations exist for a model, and which
 * one is shown. Every option offered comes from an existing snippet, so no
 * choice can lead to an empty screen.
 */
import type { SnippetEntry } from "./types.js";

/** One snippet, with the keys the pickers choose by. */
export interface Combo {
  /** Index into the entries the combos were built from. */
  index: number;
  language: string;
  /** Source, client and variant: two library snippets for one client are two choices. */
  clientKey: string;
  provider: string;
}

/** The user's explicit choices; they outlive a choice that is not on offer for a while. */
export interface Preferences {
  language?: string;
  clientKey?: string;
  provider?: string;
}

export interface Selection {
  languages: string[];
  clients: string[];
  providers: string[];
  language: string;
  clientKey: string;
  provider: string;
  /** Index of the shown snippet in the entries. */
  index: number;
}

/** Languages people reach for first come first; others keep the engine's order. */
const LANGUAGE_ORDER = ["python", "js", "sh"];

export function clientKeyOf(source: SnippetEntry["source"], client: string, variant: number): string {
  return `${source}:${client}#${variant}`;
}

export function parseClientKey(key: string): { source: string; client: string; variant: number } {
  const colon = key.indexOf(":");
  const hash = key.lastIndexOf("#");
  return { source: key.slice(0, colon), client: key.slice(colon + 1, hash), variant: Number(key.slice(hash + 1)) };
}

export function buildCombos(entries: readonly SnippetEntry[]): Combo[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const same = JSON.stringify([entry.source, entry.language, entry.client, entry.provider]);
    const variant = (seen.get(same) ?? 0) + 1;
    seen.set(same, variant);
    return { index, language: entry.language, clientKey: clientKeyOf(entry.source, entry.client, variant), provider: entry.provider };
  });
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

function orderedLanguages(combos: readonly Combo[]): string[] {
  const found = unique(combos.map((combo) => combo.language));
  const known = LANGUAGE_ORDER.filter((language) => found.includes(language));
  return [...known, ...found.filter((language) => !LANGUAGE_ORDER.includes(language))];
}

function pick(options: string[], wanted: string | undefined): string | undefined {
  return wanted !== undefined && options.includes(wanted) ? wanted : options[0];
}

/** The shown snippet for these preferences, or undefined when there is no snippet at all. */
export function resolveSelection(combos: readonly Combo[], prefs: Preferences): Selection | undefined {
  const languages = orderedLanguages(combos);
  const language = pick(languages, prefs.language);
  if (language === undefined) return undefined;
  const inLanguage = combos.filter((combo) => combo.language === language);
  const clients = unique(inLanguage.map((combo) => combo.clientKey));
  const clientKey = pick(clients, prefs.clientKey)!;
  const forClient = inLanguage.filter((combo) => combo.clientKey === clientKey);
  const providers = unique(forClient.map((combo) => combo.provider));
  const provider = pick(providers, prefs.provider)!;
  const combo = forClient.find((candidate) => candidate.provider === provider)!;
  return { languages, clients, providers, language, clientKey, provider, index: combo.index };
}
