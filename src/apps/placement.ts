import type { PlacingAbility } from "../memory/plan.js";
import type { AppKey } from "./app-keys.js";

/*
 * What each app that runs a GGUF file can be told about where its layers go,
 * so that its plan is one it can run (src/local/ plans each app with its own):
 *
 * - `any`: llama.cpp's own flags, -ngl and --n-cpu-moe (llama.cpp, the agents
 *   that start llama-server, Docker Model Runner's runtime flags);
 * - `layers`: a count of whole layers and nothing else (Ollama's num_gpu,
 *   node-llama-cpp's --gpuLayers, llama-cpp-python's n_gpu_layers, LocalAI's
 *   gpu_layers, the GPU offload setting of the desktop apps);
 * - `all-layers`: the app offloads every layer itself and takes llama.cpp's
 *   other flags (Lemonade: --llamacpp-args refuses -ngl, takes --n-cpu-moe).
 *
 * Apps absent from the table plan no layers: they load other weights, or (vLLM
 * with a GGUF file) size their memory by rules of their own.
 */

/** Whatever runs a GGUF file: an app of the catalogue, or llama-cpp-python's code (`--library`). */
export type GgufRunner = AppKey | "llama-cpp-python";

export const RUNNER_PLACING = {
  "llama.cpp": "any",
  pi: "any",
  "hermes-agent": "any",
  openclaw: "any",
  "docker-model-runner": "any",
  "node-llama-cpp": "layers",
  ollama: "layers",
  localai: "layers",
  lmstudio: "layers",
  jan: "layers",
  "atomic-chat": "layers",
  backyard: "layers",
  jellybox: "layers",
  msty: "layers",
  recursechat: "layers",
  unsloth: "layers",
  lemonade: "all-layers",
  "llama-cpp-python": "layers",
} as const satisfies Partial<Record<GgufRunner, PlacingAbility>>;

/** How `runner` places layers, or undefined for a runner hubref plans no layers for. */
export function placingOf(runner: GgufRunner): PlacingAbility | undefined {
  return (RUNNER_PLACING as Partial<Record<GgufRunner, PlacingAbility>>)[runner];
}
