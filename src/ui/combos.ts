/**
 * Which source / language / client / provider combinations exist for a model,
 * and which one is shown. Every option offered comes from an existing snippet,
 * so no choice can lead to an empty screen. Local runs use the same levels:
 * the app is their client and the quant their provider.
 */
import { blockLanguage, blockTool } from "../blocks/code-block.js";
import { safeLine } from "./text.js";
import type { CodeBlock, CodeSource } from "./types.js";

/** One snippet, with the keys the pickers choose by. */
export interface Combo {
  /** Index into the entries the combos were built from. */
  index: number;
  source: CodeSource;
  /** The language, or "" for local runs (one app's steps may mix shell and a link). */
  language: string;
  /** Source, client and variant: two library snippets for one client are two choices. */
  clientKey: string;
  /** The client choice as the picker shows it. */
  clientLabel: string;
  /** The provider, or for local runs the quant label ("" when the app takes no file). */
  provider: string;
  /** The quant `--app KEY` picks by default. */
  isDefault: boolean;
}

/** The user's explicit choices; they outlive a choice that is not on offer for a while. */
export interface Preferences {
  source?: CodeSource;
  language?: string;
  clientKey?: string;
  provider?: string;
  /** Local runs keep their own app and quant, so going back to inference keeps its client. */
  app?: string;
  quant?: string;
}

export interface Selection {
  sources: CodeSource[];
  languages: string[];
  clients: string[];
  /**
   * The provider row: for inference calls every provider of the language, in one order whichever client is
   * shown, so that the row does not change under the cursor when the client does; for local runs the app's quants.
   */
  providers: string[];
  /** The providers the shown client calls (for local runs, the app's quants): each leads to a snippet as it stands. */
  served: string[];
  source: CodeSource;
  language: string;
  clientKey: string;
  provider: string;
  /** Index of the shown snippet in the entries. */
  index: number;
}

/** Languages people reach for first come first; others keep the engine's order. */
const LANGUAGE_ORDER = ["python", "js", "sh"];
const SOURCE_ORDER: CodeSource[] = ["inference", "library", "local"];

/** The key of a client (or library, or app) choice within a source; opaque, never parsed back. */
export function clientKeyOf(source: CodeSource, tool: string, variant: number): string {
  return JSON.stringify([source, tool, variant]);
}

/** Longest a label derived from a block's code may be: a choice, not the code itself. */
const DERIVED_LABEL_WIDTH = 24;

/**
 * What tells one library block from the others of its library and language:
 * the title its generator gives, else its first line that none of the others
 * has (comment markers dropped), else its number.
 */
function variantName(block: CodeBlock, others: readonly CodeBlock[], variant: number): string {
  if (block.source === "library" && block.title !== undefined) return safeLine(block.title);
  const seen = new Set(others.flatMap((other) => other.content.split("\n").map((line) => line.trim())));
  const own = block.content
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "" && !seen.has(line));
  if (own === undefined) return `#${variant}`;
  const text = own.replace(/^(?:#|\/\/)\s*/, "");
  return safeLine(text.length > DERIVED_LABEL_WIDTH ? `${text.slice(0, DERIVED_LABEL_WIDTH - 1).trimEnd()}…` : text);
}

/** How a client choice reads on screen: a library's blocks by what differs between them; an app is its label. */
function choiceLabel(block: CodeBlock, variant: number, siblings: readonly CodeBlock[]): string {
  if (block.source === "local") return safeLine(block.appLabel);
  const tool = safeLine(blockTool(block));
  if (siblings.length < 2) return tool;
  return `${tool} (${variantName(
    block,
    siblings.filter((other) => other !== block),
    variant,
  )})`;
}

export function buildCombos(entries: readonly CodeBlock[]): Combo[] {
  const keyOf = (entry: CodeBlock) =>
    JSON.stringify([entry.source, blockLanguage(entry), blockTool(entry), entry.source === "inference" ? entry.provider : ""]);
  const groups = new Map<string, CodeBlock[]>();
  for (const entry of entries) {
    if (entry.source === "local") continue;
    const key = keyOf(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    if (entry.source === "local") {
      return {
        index,
        source: entry.source,
        language: "",
        clientKey: clientKeyOf(entry.source, entry.app, 1),
        clientLabel: choiceLabel(entry, 1, []),
        provider: entry.quant?.label ?? "",
        isDefault: entry.quant?.isDefault ?? false,
      };
    }
    const provider = entry.source === "inference" ? entry.provider : "";
    const same = keyOf(entry);
    const variant = (seen.get(same) ?? 0) + 1;
    seen.set(same, variant);
    return {
      index,
      source: entry.source,
      language: entry.language,
      clientKey: clientKeyOf(entry.source, blockTool(entry), variant),
      clientLabel: choiceLabel(entry, variant, groups.get(same)!),
      provider,
      isDefault: false,
    };
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

/**
 * Several orders merged into one: each value goes after the one it follows in the first list that has it
 * (`auto novita` and `auto fastest novita` give `auto fastest novita`).
 */
function mergedOrder(lists: readonly (readonly string[])[]): string[] {
  const merged: string[] = [];
  for (const list of lists)
    list.forEach((value, index) => {
      if (merged.includes(value)) return;
      merged.splice(index === 0 ? 0 : merged.indexOf(list[index - 1]!) + 1, 0, value);
    });
  return merged;
}

function pick<T extends string>(options: T[], wanted: string | undefined): T | undefined {
  return wanted !== undefined && (options as string[]).includes(wanted) ? (wanted as T) : options[0];
}

/** The shown snippet for these preferences, or undefined when there is no snippet at all. */
export function resolveSelection(combos: readonly Combo[], prefs: Preferences): Selection | undefined {
  const sources = SOURCE_ORDER.filter((source) => combos.some((combo) => combo.source === source));
  const source = pick(sources, prefs.source);
  if (source === undefined) return undefined;
  const inSource = combos.filter((combo) => combo.source === source);
  const languages = orderedLanguages(inSource);
  const language = pick(languages, prefs.language)!;
  const inLanguage = inSource.filter((combo) => combo.language === language);
  const clients = unique(inLanguage.map((combo) => combo.clientKey));
  const clientKey = pick(clients, source === "local" ? prefs.app : prefs.clientKey)!;
  const forClient = inLanguage.filter((combo) => combo.clientKey === clientKey);
  const served = unique(forClient.map((combo) => combo.provider));
  // A quant chosen for one app is kept for the next app that has it; otherwise the app's own default.
  const fallback = source === "local" ? forClient.find((combo) => combo.isDefault)?.provider : undefined;
  const wanted = source === "local" ? (prefs.quant !== undefined && served.includes(prefs.quant) ? prefs.quant : fallback) : prefs.provider;
  const provider = pick(served, wanted)!;
  const combo = forClient.find((candidate) => candidate.provider === provider)!;
  const providers =
    source === "inference"
      ? mergedOrder(clients.map((key) => unique(inLanguage.filter((other) => other.clientKey === key).map((other) => other.provider))))
      : served;
  return { sources, languages, clients, providers, served, source, language, clientKey, provider, index: combo.index };
}
