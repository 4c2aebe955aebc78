import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { downloadRule, FORMAT_LIBRARIES, isFormatKey, libraryEntries, type FormatKey } from "../libraries/registry.js";
import { matchChoice, unknownChoice } from "../choices/choices.js";
import { checkFlags, sharedOption } from "./flag-rules.js";

/** The options as commander hands them over. */
export interface LibrariesOptions {
  filterable: boolean;
  withSnippets: boolean;
  json: boolean;
}

type LibraryEntry = ReturnType<typeof libraryEntries>[number];

/** `hubref libraries`, parsed: the list, narrowed, or one library (and the file format it was asked for by, if any). */
export type LibrariesCommand =
  | { mode: "list"; filterable: boolean; withSnippets: boolean; json: boolean }
  | { mode: "show"; entry: LibraryEntry; format?: FormatKey; json: boolean };

export function registerLibraries(program: Command, context: CommandContext): void {
  const command = program
    .command("libraries")
    .description("model libraries the hub knows: labels, links, download-count rules, usage snippets")
    .argument("[key]", "show one library")
    .option("--filterable", "only libraries offered as a filter in model search", false)
    .option("--with-snippets", "only libraries with usage snippets", false);
  sharedOption(command, "json")
    .addHelpText(
      "after",
      `
Examples:
  $ hubref libraries --with-snippets
  $ hubref libraries diffusers
  $ hubref libraries --filterable --json`,
    )
    .action(async (key: string | undefined, options: LibrariesOptions) => {
      await runLibraries(parseLibrariesCommand(key, options), context);
    });
}

/** Parses `hubref libraries [KEY]`'s argument and flags into one command, or throws the usage error. */
export function parseLibrariesCommand(key: string | undefined, raw: LibrariesOptions): LibrariesCommand {
  // As `tasks ID --modality`: a filter of the list says nothing about one entry.
  checkFlags("libraries", (flag) => (flag === "entry" ? key !== undefined : raw[flag]), key);
  if (key === undefined) return { mode: "list", filterable: raw.filterable, withSnippets: raw.withSnippets, json: raw.json };
  const entries = libraryEntries();
  const keys = entries.map((candidate) => candidate.key);
  // A file format (gguf) is no library of the hub's list: it shows the library whose code runs it.
  const format = isFormatKey(key) ? (key.toLowerCase() as FormatKey) : undefined;
  const found = format ? FORMAT_LIBRARIES[format] : matchChoice(key, keys);
  const entry = entries.find((candidate) => candidate.key === found);
  if (!entry) throw unknownChoice("library", key, keys, { kind: "listed-by", command: "libraries" });
  return { mode: "show", entry, ...(format && { format }), json: raw.json };
}

export async function runLibraries(command: LibrariesCommand, context: CommandContext): Promise<void> {
  const print = (text: string) => context.stdout.write(text);
  const style = await styleFor(context.stdout, context.env);

  if (command.mode === "show") {
    const { entry, format } = command;
    const rule = downloadRule(entry);
    if (command.json) {
      print(renderJson({ ...entry, downloadQuery: rule.query, ...(format ? { format } : {}) }));
      return;
    }
    const rows: [string, string][] = [
      ["key", entry.key],
      ["label", entry.prettyLabel],
      ["repository", `${entry.repoName} <${entry.repoUrl}>`],
      ["docs", entry.docsUrl ?? "-"],
      ["filter", entry.filter ? "yes" : "no"],
      ["snippets", entry.hasSnippets ? `yes (hubref snippet MODEL --library)` : "no"],
      ...(format ? [["format", `${format}: a file format, not a library; its repositories get ${entry.key}'s usage code`] as [string, string]] : []),
      // The hub's query text indents its continuation lines with tabs, which a terminal expands at random-looking stops.
      ["downloads", `${rule.query.replace(/\n[ \t]+/g, "\n")}${rule.isDefault ? " (default rule)" : ""}`],
    ];
    const { fieldsText } = await import("../output/layout.js");
    print(fieldsText(rows, style, terminalColumns(context.stdout)));
    return;
  }

  const selected = libraryEntries().filter((entry) => (!command.filterable || entry.filter) && (!command.withSnippets || entry.hasSnippets));
  if (command.json) {
    print(renderJson(selected.map((entry) => ({ ...entry, downloadQuery: downloadRule(entry).query }))));
    return;
  }
  const aligned = Boolean(context.stdout.isTTY);
  const flag = (on: boolean) => (aligned ? (on ? style.green("yes") : style.dim("no")) : on ? "yes" : "no");
  print(
    renderTable({
      header: ["KEY", "LABEL", "FILTER", "SNIPPETS"],
      rows: selected.map((entry) => [entry.key, entry.prettyLabel, flag(entry.filter), flag(entry.hasSnippets)]),
      style,
      aligned,
      width: terminalColumns(context.stdout),
    }),
  );
}
