import { usageError } from "../../errors.js";
import { baseName, chatCurl, command, comments, lines, quantRef, waitStep, type AppRunContext, type AppStep } from "../steps.js";
import { llamaInstallStep, llamaServerStep, llamaWaitStep } from "./llama-cpp.js";
import { mlxAgentServer } from "./servers.js";

/*
 * GGUF runners other than llama.cpp itself. Ollama and Docker Model Runner
 * fetch `hf.co/{repo}:{tag}`, which refuses split files: selection has
 * already kept those out (splitFiles: false in the catalogue).
 */

/** `hf.co/{repo}:{tag}`: the quant label, or for Ollama the file name when the label is not exact. */
function hfCoName(context: AppRunContext, fileTagAllowed: boolean): string {
  const { choice, model } = context;
  if (!choice) return `hf.co/${model.id}`;
  const ref = quantRef(context);
  if (ref) return `hf.co/${ref}`;
  if (fileTagAllowed) return `hf.co/${model.id}:${baseName(choice.variant.file)}`;
  const { label } = choice.variant;
  if (choice.byFile && label && choice.labelIsExact) {
    throw usageError(`${context.app.prettyLabel} names a quant by its label, not by file`, `use --quant ${label}, which names ${choice.variant.file} alone`);
  }
  throw usageError(
    `${context.app.prettyLabel} names a quant by its label, and ${choice.variant.file} in ${model.id} has ${label ? `a label other files share (${label})` : "no readable label"}`,
    "use llama.cpp or Ollama, which can name the exact file",
  );
}

export function nodeLlamaCppSteps(context: AppRunContext): AppStep[] {
  const { choice, model } = context;
  const uri = quantRef(context) ? `hf:${quantRef(context)}` : `hf:${model.id}/${choice!.variant.file}`;
  return [
    {
      title: "chat with the model in the terminal (Node.js 20 or newer)",
      language: "sh",
      setup: false,
      content: command("npx", "-y", "node-llama-cpp", "chat", uri),
    },
  ];
}

export function ollamaSteps(context: AppRunContext): AppStep[] {
  const name = hfCoName(context, true);
  const port = context.app.port ?? 11434;
  return [
    { title: "download the model (Ollama's server must be running: ollama serve)", language: "sh", setup: true, content: command("ollama", "pull", name) },
    { title: `ask the model through Ollama's chat API on port ${port}`, language: "sh", setup: false, content: chatCurl(port, name) },
    { title: "chat with the model in the terminal", language: "sh", setup: false, content: command("ollama", "run", name) },
  ];
}

export function dockerModelRunnerSteps(context: AppRunContext): AppStep[] {
  const name = hfCoName(context, false);
  return [
    { title: "download the model", language: "sh", setup: true, content: command("docker", "model", "pull", name) },
    { title: "ask the model once", language: "sh", setup: false, content: command("docker", "model", "run", name, "Hello! What can you do?") },
  ];
}

export function localAiSteps(context: AppRunContext): AppStep[] {
  const { choice, model } = context;
  if (!choice) throw usageError(`LocalAI loads one GGUF file, and the file list of ${model.id} is unknown`, "pass the hub id, so hubref fetches the file list");
  const port = context.app.port ?? 8080;
  const uri = `huggingface://${model.id}/${choice.variant.file}`;
  return [
    {
      // No --name: a fixed one fails on the second run; --rm removes the container when it stops.
      title: `start LocalAI in Docker on port ${port} with the GGUF file, in the background`,
      language: "sh",
      setup: false,
      content: `${lines("docker run --rm", command("-p", `${port}:8080`), "localai/localai:latest", command(uri))} &`,
    },
    waitStep(port, "/readyz", "LocalAI"),
    // LocalAI names a model loaded from a URI after its file.
    { title: "ask the model through LocalAI's chat API", language: "sh", setup: false, content: chatCurl(port, baseName(choice.variant.file)) },
  ];
}

export function lemonadeSteps(context: AppRunContext): AppStep[] {
  const { model } = context;
  const checkpoint = hfCoName(context, false).slice("hf.co/".length);
  const name = `user.${model.id.slice(model.id.indexOf("/") + 1).replace(/[^A-Za-z0-9._-]/g, "-")}`;
  return [
    {
      title: "register the model with Lemonade Server (install it from https://lemonade-server.ai)",
      language: "sh",
      setup: true,
      content: lines(command("lemonade-server", "pull", name), command("--checkpoint", checkpoint), "--recipe llamacpp"),
    },
    { title: "chat with the model", language: "sh", setup: false, content: command("lemonade-server", "run", name) },
  ];
}

/** Agents that talk to a local OpenAI-compatible server on port 8080: llama.cpp serves a GGUF file, MLX LM an MLX model. */
function agentSteps(context: AppRunContext, configure: AppStep): AppStep[] {
  if (context.format === "mlx") return [...mlxAgentServer(context, 8080), configure];
  return [llamaInstallStep, llamaServerStep(context), llamaWaitStep, configure];
}

export function piSteps(context: AppRunContext): AppStep[] {
  const config = {
    providers: {
      [context.format === "mlx" ? "mlx-lm" : "llama-cpp"]: {
        baseUrl: "http://localhost:8080/v1",
        api: "openai-completions",
        apiKey: "none",
        models: [{ id: context.model.id }],
      },
    },
  };
  return [
    ...agentSteps(context, {
      title: "add the local server to Pi: ~/.pi/agent/models.json, then pick the model with /model",
      language: "json",
      setup: true,
      content: JSON.stringify(config, null, 2),
    }),
    { title: "start Pi", language: "sh", setup: false, content: "pi" },
  ];
}

export function customEndpointSteps(context: AppRunContext): AppStep[] {
  const label = context.app.prettyLabel;
  return agentSteps(context, {
    title: `point ${label} at the local server: a custom OpenAI-compatible endpoint in its model settings`,
    language: "sh",
    setup: true,
    content: comments(
      "base URL: http://localhost:8080/v1",
      `model: ${context.model.id}`,
      `API key: any value; ${context.format === "mlx" ? "mlx_lm.server" : "llama-server"} does not check it`,
    ),
  });
}
