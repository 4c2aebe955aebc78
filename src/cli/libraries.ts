import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { downloadRule, FORMAT_LIBRARIES, isFormatKey, libraryEntries, type FormatKey } from "../libraries/registry.js";
import { matchChoice, unknownChoiceError } from "../choices/choices.js";

export interface LibrariesOptions {
  key?: string;
  filterable: boolean;
  withSnippets: boolean;
  json: boolean;
}

export function registerLibraries(program: Command, context: CommandContext): void {
  program
    .command("libraries")
    .description("model libraries the hub knows: labels, links, download-count rules, usage snippets")
    .argument("[key]", "show one library")
    .option("--filterable", "only libraries offered as a filter in model search", false)
    .option("--with-snippets", "only libraries with usage snippets", false)
    .option("--json", "print JSON", false)
    .addHelpText(
      "after",
      `
Examples:
  $ hubref libraries --with-snippets
  $ hubref libraries diffusers
  $ hubref libraries --filterable --json`,
    )
    .action(async (key: string | undefined, options: Omit<LibrariesOptions, "key">) => {
      await runLibraries({ ...options, key }, context);
    });
}

export async function runLibraries(options: LibrariesOptions, context: CommandContext): Promise<void> {
  const entries = libraryEntries();
  const print = (text: string) => context.stdout.write(text);
  const style = await styleFor(context.stdout, context.env);

  if (options.key !== undefined) {
    // As `tasks ID --modality`: a filter of the list says nothing about one entry.
    if (options.filterable || options.withSnippets) {
      throw usageError(
        "--filterable and --with-snippets filter the list; they do not go with a library key",
        `run \`hubref libraries ${options.key}\` alone, or \`hubref libraries --with-snippets\``,
      );
    }
    const keys = entries.map((candidate) => candidate.key);
    // A file format (gguf) is no library of the hub's list: it shows the library whose code runs it.
    const format = isFormatKey(options.key) ? (options.key.toLowerCase() as FormatKey) : undefined;
    const key = format ? FORMAT_LIBRARIES[format] : matchChoice(options.key, keys);
    const entry = entries.find((candidate) => candidate.key === key);
    if (!entry) throw unknownChoiceError("library", options.key, keys, "run `hubref libraries` for the list");
    const rule = downloadRule(entry);
    if (options.json) {
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
    const { renderFields } = await import("../output/layout.js");
    print(
      renderFields(rows, style, terminalColumns(context.stdout))
        .map((line) => `${line}\n`)
        .join(""),
    );
    return;
  }

  const selected = entries.filter((entry) => (!options.filterable || entry.filter) && (!options.withSnippets || entry.hasSnippets));
  if (options.json) {
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
