import type { UntakenAdvice } from "../../outcome/local-notes.js";
import { fail } from "../../outcome/problems.js";
import { baseModel, chatCurl, command, lines, noteUntaken, quantRef, waitStep, type AppRunContext, type AppStep, type RunSetting } from "../steps.js";

/*
 * Servers for transformers weights (vLLM, SGLang, TGI) and MLX LM. Each is
 * started in the background, then asked once through its chat API.
 *
 * Of a run's settings these servers take only the context: each keeps every
 * layer on the GPU (so "every layer on the GPU" needs no flag), picks its
 * attention kernel itself, and its cache types are not llama.cpp's.
 */

/** The settings a GPU server carries with its context flag; a note says what it cannot. */
function gpuServerTaken(context: AppRunContext, advice: UntakenAdvice): void {
  const taken: RunSetting[] = ["contextSize"];
  if (context.run.gpuLayers === "all") taken.push("gpuLayers");
  if (context.run.flashAttention === "auto") taken.push("flashAttention");
  noteUntaken(context, taken, advice);
}

/** `[flag, N]` when the run sets a context, else nothing. */
function contextWords(context: AppRunContext, flag: string): string[] {
  return context.run.contextSize === undefined ? [] : [flag, String(context.run.contextSize)];
}

/** The same as one line of a longer command. */
function contextFlag(context: AppRunContext, flag: string): string[] {
  const words = contextWords(context, flag);
  return words.length > 0 ? [command(...words)] : [];
}

function ask(port: number, model: string): AppStep {
  return { title: "ask the model through the server's chat API", language: "sh", setup: false, content: chatCurl(port, model) };
}

/**
 * vLLM's flags for a safetensors model: the planned or asked context (`auto` when no hardware is named: vLLM
 * then fits it to its pool after loading, where the trained length would stop it at start-up on a small GPU),
 * the tensor-parallel size, the memory share and the KV cache dtype.
 */
function vllmServeFlags(context: AppRunContext): string[] {
  const serve = context.serve;
  const size = serve?.context ?? context.run.contextSize ?? "auto";
  if (size === "auto") context.notes.push({ kind: "vllm-auto-context" });
  const words = ["--max-model-len", String(size)];
  if (serve?.tensorParallelSize !== undefined) words.push("--tensor-parallel-size", String(serve.tensorParallelSize));
  if (serve?.memoryShare !== undefined) words.push("--gpu-memory-utilization", String(serve.memoryShare));
  if (serve?.kvCacheDtype !== undefined) words.push("--kv-cache-dtype", serve.kvCacheDtype);
  return words;
}

export function vllmSteps(context: AppRunContext): AppStep[] {
  const { model } = context;
  const port = context.app.port ?? 8000;
  gpuServerTaken(context, "vllm-own-settings");
  if (context.format !== "gguf") {
    const flags = vllmServeFlags(context);
    const serve =
      flags.length > 4
        ? lines(command("vllm", "serve", model.id), command(...flags), command("--port", String(port)))
        : command("vllm", "serve", model.id, ...flags, "--port", String(port));
    return [
      { title: "install vLLM", language: "sh", setup: true, content: "pip install vllm" },
      {
        title: `start an OpenAI-compatible server on port ${port}, in the background`,
        language: "sh",
        setup: false,
        content: `${serve} &`,
      },
      waitStep(port, "/health", "vLLM"),
      ask(port, model.id),
    ];
  }
  const { choice } = context;
  if (!choice) fail({ kind: "vllm-file-list-unknown", model: model.id });
  const tokenizer = baseModel(model);
  if (!tokenizer) context.notes.push({ kind: "vllm-tokenizer-from-gguf", model: model.id });
  const steps: AppStep[] = [{ title: "install vLLM and its GGUF plugin", language: "sh", setup: true, content: "pip install vllm vllm-gguf-plugin" }];
  const ref = quantRef(context);
  let source = ref;
  if (!source) {
    source = `./${choice.variant.file}`;
    steps.push({
      title: "download the GGUF file",
      language: "sh",
      setup: false,
      content: command("hf", "download", model.id, choice.variant.file, "--local-dir", "."),
    });
  }
  const serve = ["vllm serve", command(source)];
  if (tokenizer) serve.push(command("--tokenizer", tokenizer));
  // The GGUF form would otherwise be the served name; the chat call names the repository.
  serve.push(...contextFlag(context, "--max-model-len"), command("--served-model-name", model.id), command("--port", String(port)));
  steps.push({
    title: `start an OpenAI-compatible server on port ${port} with the base model's tokenizer, in the background`,
    language: "sh",
    setup: false,
    content: `${lines(...serve)} &`,
  });
  steps.push(waitStep(port, "/health", "vLLM"), ask(port, model.id));
  return steps;
}

// SGLang's server arguments (docs.sglang.io, `python3 -m sglang.launch_server --help`): --context-length, --tp,
// --mem-fraction-static, and --kv-cache-dtype (auto, fp8_e5m2, fp8_e4m3).
const SGLANG_KV_DTYPES: Record<string, string> = { fp8: "fp8_e4m3", fp8_e4m3: "fp8_e4m3", fp8_e5m2: "fp8_e5m2" };

function sglangFlags(context: AppRunContext): string[] {
  const serve = context.serve;
  const flags =
    serve?.context !== undefined && serve.context !== "auto" ? [command("--context-length", String(serve.context))] : contextFlag(context, "--context-length");
  if (serve?.tensorParallelSize !== undefined) flags.push(command("--tp", String(serve.tensorParallelSize)));
  if (serve?.memoryShare !== undefined) flags.push(command("--mem-fraction-static", String(serve.memoryShare)));
  if (serve?.kvCacheDtype !== undefined) flags.push(command("--kv-cache-dtype", SGLANG_KV_DTYPES[serve.kvCacheDtype] ?? serve.kvCacheDtype));
  return flags;
}

export function sglangSteps(context: AppRunContext): AppStep[] {
  const port = context.app.port ?? 30000;
  gpuServerTaken(context, "llama-cpp-takes-all");
  return [
    { title: "install SGLang", language: "sh", setup: true, content: "pip install sglang" },
    {
      title: `start an OpenAI-compatible server on port ${port}, in the background`,
      language: "sh",
      setup: false,
      content: `${lines("python3 -m sglang.launch_server", command("--model-path", context.model.id), ...sglangFlags(context), command("--port", String(port)))} &`,
    },
    waitStep(port, "/health", "SGLang"),
    ask(port, context.model.id),
  ];
}

/*
 * TGI's launcher arguments (huggingface.co/docs/text-generation-inference,
 * `text-generation-launcher --help`): --max-total-tokens bounds prompt and
 * reply together, and --max-input-tokens must stay below it.
 */
function tgiContextFlags(context: AppRunContext): string[] {
  const size = context.run.contextSize;
  return size === undefined ? [] : [command("--max-input-tokens", String(size - 1), "--max-total-tokens", String(size))];
}

export function tgiSteps(context: AppRunContext): AppStep[] {
  const port = context.app.port ?? 8080;
  gpuServerTaken(context, "llama-cpp-takes-all");
  return [
    {
      title: `start Text Generation Inference in Docker on port ${port} (GPU), in the background`,
      language: "sh",
      setup: false,
      content: `${lines(
        "docker run --gpus all --shm-size 1g",
        command("-p", `${port}:80`),
        '-v "$HOME/.cache/huggingface:/data"',
        "ghcr.io/huggingface/text-generation-inference:latest",
        command("--model-id", context.model.id),
        ...tgiContextFlags(context),
      )} &`,
    },
    waitStep(port, "/health", "TGI"),
    ask(port, "tgi"),
  ];
}

const MLX_INSTALL: AppStep = { title: "install MLX LM (Apple silicon)", language: "sh", setup: true, content: "pip install mlx-lm" };

/** mlx_lm.server in the background, and the wait until it answers: for MLX LM itself and the agents that use it. */
function mlxServerSteps(model: string, port: number): AppStep[] {
  return [
    {
      title: `start an OpenAI-compatible server on port ${port}, in the background`,
      language: "sh",
      setup: false,
      content: `${command("mlx_lm.server", "--model", model, "--port", String(port))} &`,
    },
    // mlx_lm.server has no health route; its model list answers once it listens.
    waitStep(port, "/v1/models", "mlx_lm.server"),
  ];
}

/*
 * MLX LM (mlx_lm/server.py and generate.py in ml-explore/mlx-lm) has no
 * context limit to set: its cache grows with the conversation. Its quantized
 * cache (--kv-bits) is not llama.cpp's, and there is nothing to offload: MLX
 * runs in unified memory.
 */
function mlxNote(context: AppRunContext): void {
  noteUntaken(
    context,
    context.run.gpuLayers === "all" ? ["gpuLayers"] : [],
    (it) => `it has no setting for ${it}: it grows its cache with the conversation, in unified memory`,
  );
}

export function mlxLmSteps(context: AppRunContext): AppStep[] {
  mlxNote(context);
  // mlx_lm.server listens on 8080 unless told otherwise; the request goes where it listens.
  const port = context.app.port ?? 8080;
  return [
    MLX_INSTALL,
    {
      title: "generate text in the terminal",
      language: "sh",
      setup: false,
      content: lines(command("mlx_lm.generate", "--model", context.model.id), command("--prompt", "Hello! What can you do?")),
    },
    ...mlxServerSteps(context.model.id, port),
    ask(port, context.model.id),
  ];
}

/** Installs MLX LM and serves the model on `port`, for an agent that talks to it. */
export function mlxAgentServer(context: AppRunContext, port: number): AppStep[] {
  mlxNote(context);
  return [MLX_INSTALL, ...mlxServerSteps(context.model.id, port)];
}
