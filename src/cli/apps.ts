import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { appEntries, findApp, type AppEntry } from "../apps/registry.js";
import { terminalLine } from "../output/terminal-text.js";

export interface AppsOptions {
  key?: string;
  for?: string;
  json: boolean;
  offline: boolean;
  refresh: boolean;
}

export function registerApps(program: Command, context: CommandContext): void {
  program
    .command("apps")
    .description("local apps that run a model on your machine: llama.cpp, Ollama, vLLM, MLX LM, LM Studio, …")
    .argument("[key]", "show one app")
    .option("--for <model>", "only the apps that run this model (a hub id, a metadata file, or -)")
    .option("--json", "print JSON", false)
    .option("--offline", "use only the cached hub metadata, never the network", false)
    .option("--refresh", "fetch the hub metadata again, ignoring the cache", false)
    .addHelpText(
      "after",
      `
Examples:
  $ hubref apps
  $ hubref apps --for bartowski/Llama-3.2-3B-Instruct-GGUF
  $ hubref apps llama.cpp
  $ hubref snippet bartowski/Llama-3.2-3B-Instruct-GGUF --app llama.cpp --quant Q5_K_M`,
    )
    .action(async (key: string | undefined, options: Omit<AppsOptions, "key">) => {
      await runApps({ ...options, key }, context);
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

export async function runApps(options: AppsOptions, context: CommandContext): Promise<void> {
  let apps = appEntries();
  const print = (text: string) => context.stdout.write(text);
  const style = await styleFor(context.stdout, context.env);

  // One rule for every listing command: a filter narrows the list, and does not go with one entry's key.
  if (options.key !== undefined && options.for !== undefined) {
    throw usageError("--for filters the list; it does not go with an app key", `run \`hubref apps ${options.key}\` alone, or \`hubref apps --for MODEL\``);
  }
  if (options.key !== undefined) {
    const app = findApp(options.key, apps);
    if (options.json) {
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
    const { renderFields } = await import("../output/layout.js");
    print(
      renderFields(rows, style, terminalColumns(context.stdout))
        .map((line) => `${line}\n`)
        .join(""),
    );
    return;
  }

  if (options.for !== undefined) {
    const { resolveModel } = await import("../model/resolve.js");
    const { appsForModel } = await import("../apps/formats.js");
    const model = await resolveModel(options.for, { env: context.env, stderr: context.stderr, offline: options.offline, refresh: options.refresh });
    apps = appsForModel(apps, model);
    if (apps.length === 0) context.stderr.write(`note: no local app runs ${terminalLine(model.id)}\n`);
  }
  if (options.json) {
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
