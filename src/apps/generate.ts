import { shellComment } from "../format/shell.js";
import type { RunSettings } from "../memory/run-settings.js";
import type { ServeCommand } from "../serve/run.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { deepLinkUrl } from "./deeplink.js";
import { deepLinkOf } from "./display.js";
import { appsForModel, formatFor } from "./formats.js";
import { ggufRepo, hasFileList, hasGguf, projectorFor } from "./gguf-files.js";
import { appEntries, findApp, type AppEntry } from "./registry.js";
import { isCommandApp, type CommandAppKey } from "./app-keys.js";
import { selectGgufFile, type FileChoice } from "./select.js";
import { notedSettings, runSettingsOf, type AppNote, type AppRunContext, type AppStep } from "./steps.js";
import { fail } from "../outcome/problems.js";
import type { FileSetting } from "../outcome/local-problems.js";
import { llamaCppSteps } from "./snippets/llama-cpp.js";
import { mlxLmSteps, sglangSteps, tgiSteps, vllmSteps } from "./snippets/servers.js";
import { customEndpointSteps, dockerModelRunnerSteps, lemonadeSteps, localAiSteps, nodeLlamaCppSteps, ollamaSteps, piSteps } from "./snippets/gguf-runners.js";

/** One step as `snippet --app --json` prints it. */
export interface AppSnippet {
  model: string;
  app: string;
  kind: "snippet" | "deeplink";
  title: string;
  language: AppStep["language"];
  setup: boolean;
  content: string;
  /** The quant label of the chosen GGUF file, or null. */
  quant: string | null;
  /** The chosen GGUF file (the first shard of a split one), or null. */
  file: string | null;
}

/**
 * Which file to run, and how: a file chosen already (src/local/ chose it for a
 * budget), or one named, or the default; the settings each app's command
 * carries (or a note says to set by hand).
 */
export interface AppRequest {
  quant?: string;
  file?: string;
  choice?: FileChoice;
  /** Which setting chose `choice`, for the problems of an app that cannot take a file: `fits` for a budget's. */
  chosenBy?: FileSetting;
  run?: RunSettings;
  /** A server's settings for safetensors weights (src/serve/): the apps of servers.ts carry them. */
  serve?: ServeCommand;
}

export interface AppSnippets {
  snippets: AppSnippet[];
  /** Why this file, what else there is. */
  notes: AppNote[];
}

/** The commands of each command app; a command app of APP_KINDS without one fails `tsc`. */
const GENERATORS = {
  "llama.cpp": llamaCppSteps,
  "node-llama-cpp": nodeLlamaCppSteps,
  vllm: vllmSteps,
  sglang: sglangSteps,
  tgi: tgiSteps,
  "mlx-lm": mlxLmSteps,
  localai: localAiSteps,
  ollama: ollamaSteps,
  "docker-model-runner": dockerModelRunnerSteps,
  lemonade: lemonadeSteps,
  pi: piSteps,
  "hermes-agent": customEndpointSteps,
  openclaw: customEndpointSteps,
} satisfies Record<CommandAppKey, (context: AppRunContext) => AppStep[]>;

function takesFile(app: AppEntry): boolean {
  return app.kind === "snippet" || app.deeplink?.fileParam !== undefined;
}

/** The steps that run `model` with the app `key`: commands, or a deep link. */
export function generateAppSnippets(model: ModelData, key: string, request: AppRequest = {}): AppSnippets {
  const apps = appEntries();
  const app = findApp(key, apps);
  const format = formatFor(app, model);
  const asked: FileSetting | undefined = request.quant !== undefined ? "quant" : request.file !== undefined ? "file" : request.chosenBy;
  if (!format) {
    if (asked && !hasGguf(model)) fail({ kind: "not-gguf", model: model.id, setting: asked });
    fail({ kind: "app-does-not-run", app: app.prettyLabel, model: model.id, runners: appsForModel(apps, model).map((candidate) => candidate.key) });
  }
  const notes: AppNote[] = [];
  const context: AppRunContext = { model, app, format, run: request.run ?? {}, notes, ...(request.serve && { serve: request.serve }) };
  if (asked && format !== "gguf") fail({ kind: "weights-not-gguf", model: model.id, setting: asked, app: app.prettyLabel, format });
  if (asked && !takesFile(app)) fail({ kind: "app-picks-the-file", app: app.prettyLabel, setting: asked });
  if (format === "gguf" && hasFileList(model) && takesFile(app)) {
    const catalogue = quantCatalogue();
    const repo = ggufRepo(model, catalogue);
    const choice = request.choice ?? selectGgufFile(request, { model, repo, catalogue, splitFiles: app.splitFiles !== false, appLabel: app.prettyLabel });
    context.choice = choice;
    notes.push(...choice.notes);
    const projector = projectorFor(repo);
    if (projector) context.projector = projector;
  } else if (asked) {
    fail({ kind: "no-file-list", model: model.id, setting: asked });
  }

  const quant = context.choice?.variant.label ?? null;
  const file = context.choice?.variant.file ?? null;
  const snippet = (kind: AppSnippet["kind"], step: AppStep): AppSnippet => ({
    model: model.id,
    app: app.key,
    kind,
    title: step.title,
    language: step.language,
    setup: step.setup,
    content: step.content,
    quant,
    file,
  });
  if (isCommandApp(app.key)) return { snippets: GENERATORS[app.key](context).map((step) => snippet("snippet", step)), notes };
  const content = deepLinkUrl(deepLinkOf(app, model, format)!, model.id, file ?? undefined);
  const settings = runSettingsOf(context.run);
  // A link carries no settings: they are set in the app, and the note says which. LM Studio's `lms load`
  // (lmstudio.ai/docs/cli/load) takes --context-length, but names the model by LM Studio's own key, known only
  // once the link has downloaded it; the link stays the way in.
  if (settings.length > 0)
    notes.push({
      kind: "set-in-app",
      app: app.prettyLabel,
      settings,
      run: notedSettings(context.run),
      ...(context.run.layerCount !== undefined && { layerCount: context.run.layerCount - 1 }),
      ...(app.key === "lmstudio" && context.run.contextSize !== undefined && { lmsContext: context.run.contextSize }),
    });
  return { snippets: [snippet("deeplink", { title: `open ${model.id} in ${app.prettyLabel}`, language: "url", setup: false, content })], notes };
}

/** Plain output: one script, each step under a `# title`; a config file's text as comment lines. */
export function renderAppSnippets(snippets: AppSnippet[]): string {
  if (snippets.length === 1 && snippets[0]!.language === "url") return `${snippets[0]!.content}\n`;
  return `${snippets
    .map((snippet) => {
      const title = shellComment(snippet.title);
      if (snippet.language === "url") return `${title}\n${shellComment(snippet.content)}`;
      if (snippet.language === "json")
        return `${title}\n${snippet.content
          .split("\n")
          .map((line) => shellComment(`  ${line}`))
          .join("\n")}`;
      return `${title}\n${snippet.content}`;
    })
    .join("\n\n")}\n`;
}
