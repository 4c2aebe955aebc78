import { command, chatCurl, lines, quantRef, resolveUrl, waitStep, type AppRunContext, type AppStep } from "../steps.js";

const PORT = 8080;

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
    content: `${lines("llama-server", ...llamaCppModelArgs(context), command("--port", String(PORT)))} &`,
  };
}

export const llamaWaitStep = waitStep(PORT, "/health", "llama-server");

export const llamaInstallStep: AppStep = {
  title: "install llama.cpp (Homebrew on macOS and Linux; on Windows: winget install llama.cpp)",
  language: "sh",
  setup: true,
  content: "brew install llama.cpp",
};

export function llamaCppSteps(context: AppRunContext): AppStep[] {
  if (!context.choice) context.notes.push(`the file list of ${context.model.id} is unknown: llama.cpp picks the quant itself`);
  return [
    llamaInstallStep,
    llamaServerStep(context),
    llamaWaitStep,
    { title: "ask the model through the server's chat API", language: "sh", setup: false, content: chatCurl(PORT, undefined) },
  ];
}
