import type { RunSettings } from "../../memory/run-settings.js";
import { command, chatCurl, lines, quantRef, resolveUrl, waitStep, type AppRunContext, type AppStep, type RunSetting } from "../steps.js";

/*
 * llama.cpp's flags, from its server's help (common/arg.cpp in
 * ggml-org/llama.cpp, and tools/server/README.md): -c (0: the trained
 * length), -ngl (a count, `auto`, the default, or `all`), --n-cpu-moe,
 * -fa on|off|auto, -ctk/-ctv. Its own fitting (--fit, on by default) adjusts
 * only what the command leaves unset, keeping --fit-target (1024 MiB) free per
 * device: a command that carries a plan sets the context and the layers, so
 * llama.cpp runs the plan as printed (docs/decisions.md says why).
 *
 * The install is llama.cpp's own: the llama.app installer on macOS and Linux,
 * winget on Windows, both giving one `llama` binary whose `serve` is the
 * server (`llama-server` of a build or a release archive takes the same flags).
 */

/*
 * The server's default port is announced to move from 8080 to 9931 (llama.cpp
 * PR 26508's start-up notice): the commands always name the port.
 */
const PORT = 8080;

/** Which of llama.cpp's run flags a caller writes; Docker Model Runner and Lemonade set some through their own options. */
interface FlagChoice {
  context?: boolean;
  gpuLayers?: boolean;
}

/** The settings as llama.cpp's own flags, as words (each becomes one shell word); an absent setting adds none. */
export function llamaCppFlags(run: RunSettings, choice: FlagChoice = {}): string[] {
  const words: string[] = [];
  if (choice.context !== false && run.contextSize !== undefined) words.push("-c", String(run.contextSize));
  if (choice.gpuLayers !== false && run.gpuLayers !== undefined) words.push("-ngl", String(run.gpuLayers));
  if (run.cpuMoeLayers !== undefined) words.push("--n-cpu-moe", String(run.cpuMoeLayers));
  if (run.flashAttention !== undefined) words.push("-fa", run.flashAttention);
  if (run.cacheTypeK !== undefined) words.push("-ctk", run.cacheTypeK);
  if (run.cacheTypeV !== undefined) words.push("-ctv", run.cacheTypeV);
  return words;
}

/** The settings' flags as one line of the command, or none. */
function settingsLine(run: RunSettings, choice: FlagChoice = {}): string[] {
  const words = llamaCppFlags(run, choice);
  return words.length > 0 ? [command(...words)] : [];
}

/** What llamaCppFlags carries with `choice`, for the note on the rest. */
export function llamaCppTaken(choice: FlagChoice = {}): RunSetting[] {
  const taken: RunSetting[] = ["cache", "flashAttention", "cpuMoeLayers"];
  if (choice.context !== false) taken.push("contextSize");
  if (choice.gpuLayers !== false) taken.push("gpuLayers");
  return taken;
}

/** The words that name the model to llama-server or llama-cli. */
function llamaCppModelArgs(context: AppRunContext): string[] {
  const ref = quantRef(context);
  if (ref) return [command("-hf", ref)];
  const { choice, projector, model } = context;
  const args = [command("--hf-repo", model.id), command("--hf-file", choice!.variant.file)];
  // Only -hf finds the projector by itself; with an exact file it is named too.
  if (projector) args.push(command("--mmproj-url", resolveUrl(model.id, projector)));
  return args;
}

export function llamaServerStep(context: AppRunContext): AppStep {
  const found = context.projector && quantRef(context) ? " (with -hf, llama.cpp downloads the vision projector itself)" : "";
  return {
    title: `start an OpenAI-compatible server on port ${PORT}, in the background${found}`,
    language: "sh",
    setup: false,
    content: `${lines(command("llama", "serve"), ...llamaCppModelArgs(context), ...settingsLine(context.run), command("--port", String(PORT)))} &`,
  };
}

export const llamaWaitStep = waitStep(PORT, "/health", "llama serve");

export const llamaInstallStep: AppStep = {
  title: "install llama.cpp (macOS and Linux; on Windows: winget install llama.cpp)",
  language: "sh",
  setup: true,
  content: "curl -LsSf https://llama.app/install.sh | sh",
};

export function llamaCppSteps(context: AppRunContext): AppStep[] {
  if (!context.choice) context.notes.push({ kind: "file-list-unknown", model: context.model.id });
  return [
    llamaInstallStep,
    llamaServerStep(context),
    llamaWaitStep,
    { title: "ask the model through the server's chat API", language: "sh", setup: false, content: chatCurl(PORT, undefined) },
  ];
}
