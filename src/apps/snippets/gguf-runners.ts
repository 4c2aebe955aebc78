import { shellQuote } from "../../format/shell.js";
import type { CacheType } from "../../memory/rules.js";
import { fail } from "../../outcome/problems.js";
import {
  PROMPT,
  baseName,
  chatCurl,
  command,
  comments,
  envAssignment,
  layerCount,
  lines,
  noteUntaken,
  quantRef,
  waitStep,
  type AppRunContext,
  type AppStep,
  type RunSetting,
} from "../steps.js";
import { llamaCppFlags, llamaCppTaken, llamaInstallStep, llamaServerStep, llamaWaitStep } from "./llama-cpp.js";
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
  fail({
    kind: "label-not-exact",
    app: context.app.prettyLabel,
    model: model.id,
    file: choice.variant.file,
    label: choice.variant.label,
    byFile: choice.byFile && choice.labelIsExact,
  });
}

/*
 * node-llama-cpp's `chat` options, from its `chat --help`
 * (src/cli/commands/ChatCommand.ts in withcatai/node-llama-cpp, checked in
 * 3.22): --contextSize, --gpuLayers (a count, as llama.cpp's -ngl counts
 * layers), --flashAttention / --no-fa (unset: on where supported),
 * --kvCacheKeyType / --kvCacheValueType (GgmlType names). It has no option
 * that keeps expert tensors in system memory.
 */
const GGML_TYPE_NAMES = { f16: "F16", q8_0: "Q8_0", q4_0: "Q4_0" } as const satisfies Record<CacheType, string>;

function nodeLlamaCppOptions(context: AppRunContext): string[] {
  const { run } = context;
  const words: string[] = [];
  if (run.contextSize !== undefined) words.push("--contextSize", String(run.contextSize));
  const layers = layerCount(run);
  if (layers !== undefined) words.push("--gpuLayers", String(layers));
  if (run.flashAttention === "on") words.push("--flashAttention");
  if (run.flashAttention === "off") words.push("--no-fa");
  if (run.cacheTypeK !== undefined) words.push("--kvCacheKeyType", GGML_TYPE_NAMES[run.cacheTypeK]);
  if (run.cacheTypeV !== undefined) words.push("--kvCacheValueType", GGML_TYPE_NAMES[run.cacheTypeV]);
  noteUntaken(context, ["contextSize", "gpuLayers", "flashAttention", "cache"], "llama-cpp-has-moe");
  return words;
}

export function nodeLlamaCppSteps(context: AppRunContext): AppStep[] {
  const { choice, model } = context;
  const uri = quantRef(context) ? `hf:${quantRef(context)}` : `hf:${model.id}/${choice!.variant.file}`;
  return [
    {
      title: "chat with the model in the terminal (Node.js 20 or newer)",
      language: "sh",
      setup: false,
      content: command("npx", "-y", "node-llama-cpp", "chat", ...nodeLlamaCppOptions(context), uri),
    },
  ];
}

/*
 * Ollama, from docs/faq.mdx, docs/api.md and envconfig/config.go in
 * ollama/ollama: `ollama serve` reads OLLAMA_CONTEXT_LENGTH,
 * OLLAMA_FLASH_ATTENTION (1 or 0; unset, on where the backend has it) and
 * OLLAMA_KV_CACHE_TYPE (one type for both K and V) when it starts; a request's
 * options take num_ctx and num_gpu (layers on the GPU, counted as llama.cpp's
 * -ngl counts them; Ollama passes it on to its runner, and without it lets the
 * runner fit the layers itself). `ollama run` takes neither option on its
 * command line. Nothing keeps expert tensors in system memory, so its plan is
 * of whole layers (src/apps/placement.ts), and num_gpu is that plan's count.
 */
function ollamaServerEnv(context: AppRunContext, taken: RunSetting[]): string[] {
  const { run } = context;
  const env: string[] = [];
  if (run.contextSize !== undefined) env.push(envAssignment("OLLAMA_CONTEXT_LENGTH", String(run.contextSize)));
  if (run.flashAttention === "on" || run.flashAttention === "off") env.push(envAssignment("OLLAMA_FLASH_ATTENTION", run.flashAttention === "on" ? "1" : "0"));
  const k = run.cacheTypeK ?? "f16";
  const v = run.cacheTypeV ?? "f16";
  if ((run.cacheTypeK !== undefined || run.cacheTypeV !== undefined) && k === v) {
    env.push(envAssignment("OLLAMA_KV_CACHE_TYPE", k));
    taken.push("cache");
  }
  return env;
}

/** A chat request to Ollama's own API, whose options (unlike the OpenAI-compatible route's) take num_ctx and num_gpu. */
function ollamaOptionsCurl(port: number, model: string, options: Record<string, number>): string {
  const body = JSON.stringify({ model, messages: [{ role: "user", content: PROMPT }], stream: false, options });
  return lines(command("curl", `http://localhost:${port}/api/chat`), command("-H", "Content-Type: application/json"), `-d ${shellQuote(body)}`);
}

export function ollamaSteps(context: AppRunContext): AppStep[] {
  const name = hfCoName(context, true);
  const port = context.app.port ?? 11434;
  const { run } = context;
  const taken: RunSetting[] = ["contextSize", "gpuLayers", "flashAttention"];
  const env = ollamaServerEnv(context, taken);
  noteUntaken(context, taken, "llama-cpp-takes-all");
  const options: Record<string, number> = {};
  if (run.contextSize !== undefined) options.num_ctx = run.contextSize;
  const layers = layerCount(run);
  if (layers !== undefined) options.num_gpu = layers;
  if (options.num_gpu !== undefined) context.notes.push({ kind: "ollama-chat-num-gpu", layers: options.num_gpu });
  const steps: AppStep[] = [];
  if (env.length > 0) {
    steps.push(
      {
        title: `start Ollama's server with these settings on port ${port}, in the background (stop a running Ollama first: it reads them only when it starts)`,
        language: "sh",
        setup: false,
        content: `${env.join(" ")} ollama serve &`,
      },
      waitStep(port, "/api/version", "ollama serve", false),
    );
  }
  const pullTitle = env.length > 0 ? "download the model" : "download the model (Ollama's server must be running: ollama serve)";
  steps.push({ title: pullTitle, language: "sh", setup: true, content: command("ollama", "pull", name) });
  steps.push(
    Object.keys(options).length > 0
      ? {
          title: `ask the model through Ollama's chat API on port ${port}, with the settings in the request's options`,
          language: "sh",
          setup: false,
          content: ollamaOptionsCurl(port, name, options),
        }
      : { title: `ask the model through Ollama's chat API on port ${port}`, language: "sh", setup: false, content: chatCurl(port, name) },
  );
  steps.push({ title: "chat with the model in the terminal", language: "sh", setup: false, content: command("ollama", "run", name) });
  return steps;
}

/*
 * Docker Model Runner, from cmd/cli/commands/configure.go and
 * configure_flags.go in docker/model-runner, and
 * docs.docker.com/ai/model-runner/configuration: `docker model configure
 * --context-size N MODEL -- FLAGS...` keeps the model's context and the flags
 * its llama.cpp runner starts with (pkg/inference/runtime_flags_allowlist.go
 * accepts -ngl, --n-cpu-moe, -fa, -ctk and -ctv). Transformers weights run on
 * its vLLM engine, which takes only the context this way.
 */
function dockerConfigureStep(context: AppRunContext, name: string): AppStep | undefined {
  const { run } = context;
  const gguf = context.format === "gguf";
  const flags = gguf ? llamaCppFlags(run, { context: false }) : [];
  noteUntaken(context, gguf ? llamaCppTaken() : ["contextSize"], "docker-vllm");
  if (run.contextSize === undefined && flags.length === 0) return undefined;
  const words = ["docker", "model", "configure"];
  if (run.contextSize !== undefined) words.push("--context-size", String(run.contextSize));
  words.push(name);
  if (flags.length > 0) words.push("--", ...flags);
  return { title: "set how the model runs: its context and its llama.cpp flags", language: "sh", setup: true, content: command(...words) };
}

export function dockerModelRunnerSteps(context: AppRunContext): AppStep[] {
  const name = hfCoName(context, false);
  const configure = dockerConfigureStep(context, name);
  return [
    { title: "download the model", language: "sh", setup: true, content: command("docker", "model", "pull", name) },
    ...(configure ? [configure] : []),
    { title: "ask the model once", language: "sh", setup: false, content: command("docker", "model", "run", name, "Hello! What can you do?") },
  ];
}

export function localAiSteps(context: AppRunContext): AppStep[] {
  const { choice, model } = context;
  if (!choice) fail({ kind: "no-file-list", model: model.id, app: context.app.prettyLabel });
  const port = context.app.port ?? 8080;
  const uri = `huggingface://${model.id}/${choice.variant.file}`;
  // LocalAI's flags are also environment variables (docs/content/reference/cli-reference.md in mudler/LocalAI):
  // LOCALAI_CONTEXT_SIZE is the models' default context. The other settings live in a model's YAML file.
  const docker = ["docker run --rm", command("-p", `${port}:8080`)];
  if (context.run.contextSize !== undefined) docker.push(command("-e", `LOCALAI_CONTEXT_SIZE=${context.run.contextSize}`));
  noteUntaken(context, ["contextSize"], "localai-yaml");
  return [
    {
      // No --name: a fixed one fails on the second run; --rm removes the container when it stops.
      title: `start LocalAI in Docker on port ${port} with the GGUF file, in the background`,
      language: "sh",
      setup: false,
      content: `${lines(...docker, "localai/localai:latest", command(uri))} &`,
    },
    waitStep(port, "/readyz", "LocalAI"),
    // LocalAI names a model loaded from a URI after its file.
    { title: "ask the model through LocalAI's chat API", language: "sh", setup: false, content: chatCurl(port, baseName(choice.variant.file)) },
  ];
}

/*
 * Lemonade's `lemonade` command (docs/guide/cli.md in lemonade-sdk/lemonade;
 * it replaced `lemonade-server`, removed in 2026): `pull user.NAME --checkpoint
 * main REPO:QUANT --recipe llamacpp` registers a hub file, and `run NAME
 * --ctx-size N --llamacpp-args "..."` loads it. Lemonade sets the GPU layers
 * itself, every layer on the GPU: --llamacpp-args refuses -ngl and --ctx-size
 * (docs/api/lemonade.md), and takes --n-cpu-moe, so its plan keeps every
 * layer on the GPU and moves only expert tensors (src/apps/placement.ts).
 */
export function lemonadeSteps(context: AppRunContext): AppStep[] {
  const { model, run } = context;
  const checkpoint = hfCoName(context, false).slice("hf.co/".length);
  const name = `user.${model.id.slice(model.id.indexOf("/") + 1).replace(/[^A-Za-z0-9._-]/g, "-")}`;
  const load = [command("lemonade", "run", name)];
  if (run.contextSize !== undefined) load.push(command("--ctx-size", String(run.contextSize)));
  const flags = llamaCppFlags(run, { context: false, gpuLayers: false });
  if (flags.length > 0) load.push(command("--llamacpp-args", flags.join(" ")));
  noteUntaken(context, llamaCppTaken({ gpuLayers: false }), "lemonade-gpu-layers");
  return [
    {
      title: "register the model with Lemonade (install it from https://lemonade-server.ai)",
      language: "sh",
      setup: true,
      content: lines(command("lemonade", "pull", name), command("--checkpoint", "main", checkpoint), "--recipe llamacpp"),
    },
    { title: "load the model and chat with it in Lemonade's web app", language: "sh", setup: false, content: lines(...load) },
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
      `API key: any value; ${context.format === "mlx" ? "mlx_lm.server" : "llama serve"} does not check it`,
    ),
  });
}
