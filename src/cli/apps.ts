import type { Command } from "commander";
import { hubOf, type CacheFlags, type CommandContext } from "./context.js";
import { cacheOptions, checkFlags, givenValue, sharedOption } from "./flag-rules.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { appEntries, findApp, type AppEntry } from "../apps/registry.js";
import { terminalLine } from "../output/terminal-text.js";

/** The options as commander hands them over. */
export interface AppsOptions extends CacheFlags {
  for?: string;
  json: boolean;
}

/** `hubref apps`, parsed: one app, or the list (narrowed to the apps that run a model, read through the cache flags). */
export type AppsCommand = { mode: "show"; app: AppEntry; json: boolean } | { mode: "list"; for?: { model: string } & CacheFlags; json: boolean };

export function registerApps(program: Command, context: CommandContext): void {
  const command = program
    .command("apps")
    .description("local apps that run a model on your machine: llama.cpp, Ollama, vLLM, MLX LM, LM Studio, …")
    .argument("[key]", "show one app");
  sharedOption(command, "for", { description: "only the apps that run this model (a hub id, a metadata file, or -)" });
  cacheOptions(sharedOption(command, "json"), "with --for")
    .addHelpText(
      "after",
      `
Examples:
  $ hubref apps
  $ hubref apps --for bartowski/Llama-3.2-3B-Instruct-GGUF
  $ hubref apps llama.cpp
  $ hubref snippet bartowski/Llama-3.2-3B-Instruct-GGUF --app llama.cpp --quant Q5_K_M`,
    )
    .action(async (key: string | undefined, options: AppsOptions) => {
      await runApps(parseAppsCommand(key, options), context);
    });
}

function jsonOf(app: AppEntry) {
  return {
    key: app.key,
    label: app.prettyLabel,
    docsUrl: app.docsUrl,
    kind: app.kind,
    runs: app.runs,
    mainTask: app.mainTask,
    description: app.description,
    ...(app.port ? { port: app.port } : {}),
  };
}

/** Parses `hubref apps [KEY]`'s argument and flags into one command, or throws the usage error. */
export function parseAppsCommand(key: string | undefined, raw: AppsOptions): AppsCommand {
  // One rule for every listing command: a filter narrows the list, and does not go with one entry's key.
  checkFlags("apps", (flag) => (flag === "entry" ? key !== undefined : givenValue(raw[flag])), key);
  if (key !== undefined) return { mode: "show", app: findApp(key), json: raw.json };
  return { mode: "list", ...(raw.for !== undefined && { for: { model: raw.for, offline: raw.offline, refresh: raw.refresh } }), json: raw.json };
}

export async function runApps(command: AppsCommand, context: CommandContext): Promise<void> {
  const print = (text: string) => context.stdout.write(text);
  const style = await styleFor(context.stdout, context.env);

  if (command.mode === "show") {
    const { app } = command;
    if (command.json) {
      print(renderJson(jsonOf(app)));
      return;
    }
    const rows: [string, string][] = [
      ["key", app.key],
      ["label", app.prettyLabel],
      ["about", app.description],
      ["runs", app.runs.join(", ")],
      ["gives", app.kind === "snippet" ? `commands (hubref snippet MODEL --app ${app.key})` : "a deep link that opens the app"],
      ["docs", app.docsUrl],
    ];
    if (app.port) rows.push(["port", String(app.port)]);
    if (app.runs.includes("gguf")) rows.push(["split GGUF", app.splitFiles === false ? "no: quants split into shards are refused" : "yes"]);
    const { fieldsText } = await import("../output/layout.js");
    print(fieldsText(rows, style, terminalColumns(context.stdout)));
    return;
  }

  let apps = appEntries();
  if (command.for !== undefined) {
    const { resolveModel } = await import("../model/resolve.js");
    const { appsForModel } = await import("../apps/formats.js");
    const model = await resolveModel(command.for.model, hubOf(context, command.for));
    apps = appsForModel(apps, model);
    if (apps.length === 0) context.stderr.write(`note: no local app runs ${terminalLine(model.id)}\n`);
  }
  if (command.json) {
    print(renderJson(apps.map(jsonOf)));
    return;
  }
  print(
    renderTable({
      header: ["KEY", "LABEL", "RUNS", "GIVES", "DOCS"],
      rows: apps.map((app) => [app.key, app.prettyLabel, app.runs.join(","), app.kind, app.docsUrl]),
      style,
      aligned: Boolean(context.stdout.isTTY),
      width: terminalColumns(context.stdout),
    }),
  );
}
