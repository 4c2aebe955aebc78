import { usageError } from "../../errors.js";
import { baseModel, chatCurl, command, lines, quantRef, waitStep, type AppRunContext, type AppStep } from "../steps.js";

/*
 * Servers for transformers weights (vLLM, SGLang, TGI) and MLX LM. Each is
 * started in the background, then asked once through its chat API.
 */

function ask(port: number, model: string): AppStep {
  return { title: "ask the model through the server's chat API", language: "sh", setup: false, content: chatCurl(port, model) };
}

export function vllmSteps(context: AppRunContext): AppStep[] {
  const { model } = context;
  const port = context.app.port ?? 8000;
  if (context.format !== "gguf") {
    return [
      { title: "install vLLM", language: "sh", setup: true, content: "pip install vllm" },
      {
        title: `start an OpenAI-compatible server on port ${port}, in the background`,
        language: "sh",
        setup: false,
        content: `${command("vllm", "serve", model.id, "--port", String(port))} &`,
      },
      waitStep(port, "/health", "vLLM"),
      ask(port, model.id),
    ];
  }
  const { choice } = context;
  if (!choice) throw usageError(`vLLM loads one GGUF file, and the file list of ${model.id} is unknown`, "pass the hub id, so hubref fetches the file list");
  const tokenizer = baseModel(model);
  if (!tokenizer) context.notes.push(`${model.id} names no base_model: vLLM converts the tokenizer from the GGUF file, which is slow and can fail`);
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
  serve.push(command("--served-model-name", model.id), command("--port", String(port)));
  steps.push({
    title: `start an OpenAI-compatible server on port ${port} with the base model's tokenizer, in the background`,
    language: "sh",
    setup: false,
    content: `${lines(...serve)} &`,
  });
  steps.push(waitStep(port, "/health", "vLLM"), ask(port, model.id));
  return steps;
}

export function sglangSteps(context: AppRunContext): AppStep[] {
  const port = context.app.port ?? 30000;
  return [
    { title: "install SGLang", language: "sh", setup: true, content: "pip install sglang" },
    {
      title: `start an OpenAI-compatible server on port ${port}, in the background`,
      language: "sh",
      setup: false,
      content: `${lines("python3 -m sglang.launch_server", command("--model-path", context.model.id), command("--port", String(port)))} &`,
    },
    waitStep(port, "/health", "SGLang"),
    ask(port, context.model.id),
  ];
}

export function tgiSteps(context: AppRunContext): AppStep[] {
  const port = context.app.port ?? 8080;
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
      )} &`,
    },
    waitStep(port, "/health", "TGI"),
    ask(port, "tgi"),
  ];
}

const MLX_INSTALL: AppStep = { title: "install MLX LM (Apple silicon)", language: "sh", setup: true, content: "pip install mlx-lm" };

/** mlx_lm.server in the background, and the wait until it answers: for MLX LM itself and the agents that use it. */
export function mlxServerSteps(model: string, port: number): AppStep[] {
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

export function mlxLmSteps(context: AppRunContext): AppStep[] {
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
  return [MLX_INSTALL, ...mlxServerSteps(context.model.id, port)];
}
