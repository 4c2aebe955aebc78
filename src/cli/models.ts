import type { Command } from "commander";
import { terminalOf, type CommandContext } from "./context.js";
import type { ModelsCommandOptions } from "./models-run.js";
import type { ModelViewOptions } from "./model-view.js";
import { cacheOptions, runSettingOptions, sharedOption } from "./flag-rules.js";

/*
 * The `models` (search) and `model` (one model's offer) commands. Their code
 * loads only when they run, so other commands start fast.
 */

export function registerModels(program: Command, context: CommandContext): void {
  const search = program
    .command("models")
    .description("search the hub's models: by text, task, library, provider, local app, author, size")
    .argument("[query]", "text to search for in model ids")
    .option("--task <task>", "a task (pipeline tag), such as text-generation or text-to-image")
    .option("--library <library>", "a library key, such as transformers or diffusers (see hubref libraries)")
    .option("--provider <provider>", "served live by this inference provider, or all for any")
    .option("--app <key>", "runs in this local app (see hubref apps)")
    .option("--author <name>", "published by this user or organisation")
    .option("--gguf", "only repositories with GGUF files", false)
    .option("--params <range>", "parameter count MIN..MAX, such as 7B..14B or ..3B")
    .option("--sort <sort>", "trending, downloads, likes, created or modified", "trending")
    .option("--limit <n>", "how many results, at most 1000", "20");
  sharedOption(search, "json", { description: "print a JSON array of {id, task, library, downloads, likes, trending, createdAt, providers, gated}" });
  sharedOption(search, "interactive", { lead: "browse the results on screen, and go from a model to its code " });
  sharedOption(search, "offline", {
    scope: "with -i or --fits",
    description: "the catalogue's and the cache's models (-i), or a --fits search made before, never the network",
  });
  // models --fits: which models fit, with quant, placement and estimated speed.
  runSettingOptions(search, "with --fits", {
    fits: { lead: "only GGUF models that fit, each with the quant that runs best, where it runs and its estimated speed: " },
    ctx: "the context each plan runs, ",
  });
  sharedOption(search, "refresh", { scope: "with --fits" });
  sharedOption(search, "verbose", { description: "with --fits: also say which models were left out, and the smallest quant's need" })
    .addHelpText(
      "after",
      `
At a terminal: an aligned table; piped: tab-separated lines (id, task, downloads,
likes, live providers, created), so the first column feeds other commands.
With no query and no option at a terminal, the browser opens.
HF_ENDPOINT names another hub; HF_TOKEN is sent when set.

Examples:
  $ hubref models llama --task text-generation --provider all
  $ hubref models --task text-to-image --provider fal-ai | cut -f1 | head -3 | xargs -n1 hubref snippet --language sh
  $ hubref models --gguf --params 7B..14B --sort downloads --limit 50
  $ hubref models qwen --json
  $ hubref models --fits "RTX 4090" --ctx 32768 --task text-generation --limit 10
  $ hubref models --fits "M3 Max:64" --author unsloth --json
  $ hubref models --fits "RTX 4090" --app vllm --task text-generation

With --fits: a column per model for the quant, its size, where it runs and
its generation speed, estimated from the device's memory bandwidth (see
\`hubref hardware\`), never measured. With --fits and --app vllm, sglang or
mlx-lm: the safetensors models that server starts there, each with its
parameters, weights, the largest context that fits (or --ctx) and the
requests of that length at once, as \`hubref snippet --app vllm --fits\` plans.`,
    )
    .action(async (query: string | undefined, options: ModelsCommandOptions) => {
      const { parseModelsCommand, runModels } = await import("./models-run.js");
      await runModels(parseModelsCommand(query, options, terminalOf(context)), context);
    });

  const model = program
    .command("model")
    .description("what one model offers: hosted providers, local apps, library code, GGUF quants, and the command for each")
    .argument("<model>", "a hub model id (org/name), a model metadata JSON file, or - to read it from stdin");
  cacheOptions(sharedOption(model, "json", { description: "print one JSON object" }));
  // model --fits: whether each GGUF quant fits, where it runs and how fast, estimated.
  runSettingOptions(model, "with a GGUF repository", {
    fits: {
      description:
        'with a GGUF repository: whether each quant fits a size (16GB), hardware ("RTX 4090", "M3 Max:64") or auto, where it runs and its estimated speed; default: auto where a GPU or Apple chip is found; off for none. With a safetensors repository: whether vLLM (MLX LM on an Apple chip) starts it there, with what context and concurrency',
    },
    ctx: "the context each quant's plan (or the server's) runs, ",
    ctxScope: "with --fits",
  });
  model
    .addHelpText(
      "after",
      `
Examples:
  $ hubref model meta-llama/Llama-3.1-8B-Instruct
  $ hubref model bartowski/Llama-3.2-3B-Instruct-GGUF --json
  $ hubref model bartowski/Llama-3.2-3B-Instruct-GGUF --fits "RTX 4090" --ctx 32k
  $ hubref model meta-llama/Llama-3.1-8B-Instruct --fits "RTX 4090"

With a GGUF repository, --fits (or auto, where a GPU or an Apple chip is
found) adds to each quant whether it fits, where its layers run and its
generation speed, estimated from the device's memory bandwidth, never measured.
With a safetensors repository, --fits adds whether vLLM starts it there (MLX
LM on an Apple chip): the context that fits, the requests at once, the KV
cache, and the server's command, as \`hubref snippet --app vllm --fits\` plans it.`,
    )
    .action(async (arg: string, options: ModelViewOptions) => {
      const { parseModelViewCommand, runModelView } = await import("./model-view.js");
      await runModelView(parseModelViewCommand(arg, options), context);
    });
}
