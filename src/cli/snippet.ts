import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { clientChoicesText, languageChoicesText } from "../inference/id-lists.js";
import { cacheOptions, runSettingOptions, sharedOption } from "./flag-rules.js";

/*
 * The `snippet` command's registration. The engine (and zod, eta, the model
 * loader) load only when the command runs, so other commands start fast.
 */

export function registerSnippet(program: Command, context: CommandContext): void {
  const snippet = program
    .command("snippet")
    .description("code that calls a hosted inference API for a model, ready to copy and run")
    .argument("<model...>", "a hub model id (org/name), a model metadata JSON file, or - to read it from stdin")
    .option("--language <language>", languageChoicesText())
    .option("--client <client>", clientChoicesText())
    .option("--provider <provider>", "inference provider; auto lets the router choose, fastest or cheapest by its policy (chat)", "auto")
    .option("--stream", "chat models: stream the reply", false)
    .option("--bill-to <org>", "bill the requests to this hub organisation (X-HF-Bill-To)")
    .option("--token <value>", "write this token into the code instead of reading an environment variable")
    .option("--direct", "call the provider itself with its own key, not through the hub router", false)
    .option("--endpoint-url <url>", "call your own inference endpoint at this URL")
    .option("--provider-model-id <id>", "the model's id at the provider, when the metadata has none")
    .option("--inputs <json-or-text>", "the input to send: JSON for tasks that take an object or messages, else text")
    .option(
      "--image <file-or-url>",
      "image-text-to-text chat models: an image to send after the text, a local file or an http(s) URL (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option("--temperature <n>", "chat models: sampling temperature, 0 to 2")
    .option("--max-tokens <n>", "chat models: most tokens to generate, a whole number above 0")
    .option("--top-p <n>", "chat models: nucleus sampling probability, above 0 and at most 1")
    // Tool calls and structured output.
    .option(
      "--tools [file]",
      "chat models: a program that runs the tool calls the model asks for; FILE: a JSON array of function tools (default: a sample weather tool)",
    )
    .option("--schema [file]", "chat models: ask for a JSON reply following FILE's JSON Schema (default: a sample schema)");
  // The Responses API and reasoning effort (issue 32).
  snippet
    .option("--api <api>", "chat models: chat (chat completions) or responses (the Responses API, through the router or at --endpoint-url)", "chat")
    .option("--reasoning-effort <level>", "chat models: how hard a reasoning model thinks, low, medium or high");
  sharedOption(snippet, "json", { description: "print a JSON array of {model, language, client, provider, content}" });
  sharedOption(snippet, "verbose", { description: "with several models: every model's notes and warnings, each on its own line, as they come" }).option(
    "--library",
    "print the usage code of the model's own library instead (library_name)",
    false,
  );
  sharedOption(snippet, "interactive", { lead: "pick language, client and provider on screen, then copy or save " });
  cacheOptions(snippet)
    .option("--app <key>", "commands that run the model locally with this app (see hubref apps)")
    .option("--quant <type>", "with --app: the GGUF quant to run, such as Q4_K_M")
    .option("--file <path>", "with --app: the exact GGUF file to run");
  runSettingOptions(snippet, "with --app or --library", {
    fits: {
      scope: "with --app or --library",
      lead: "the GGUF quant that runs best there (Q4_K_M's class, the largest on the GPU), run as planned (or plan --quant's): ",
    },
    ctx: "the context the command runs, ",
  })
    .option("--kv-cache-dtype <dtype>", "with --app vllm or sglang: the KV cache's type, auto (the model's) or fp8 (half the bytes)")
    .option("--gpu-memory-utilization <share>", "with --app vllm or sglang: the share of each GPU the server may use, above 0 and at most 1")
    .addHelpText(
      "after",
      `
With one snippet selected it prints just the code, so it can go straight into a file.
At a terminal, with neither --language, --client nor --json, the interactive picker opens.
Hub metadata is cached for 24 hours (in $XDG_CACHE_HOME/hubref); HF_TOKEN is sent for
gated and private models, and HF_ENDPOINT names another hub.
The token comes from an environment variable: HF_TOKEN through the hub router,
<PROVIDER>_API_KEY with --direct, API_TOKEN with --endpoint-url.

Examples:
  $ hubref snippet meta-llama/Llama-3.1-8B-Instruct --provider novita --language python --client openai
  $ hubref snippet model.json --language python --client requests > run.py
  $ hubref snippet model.json --library
  $ hubref snippet model.json -i
  $ hubref snippet model.json --provider together --stream
  $ hubref snippet vision-model.json --inputs "What is in this photo?" --image photo.jpg
  $ hubref snippet meta-llama/Llama-3.1-8B-Instruct --tools --language go
  $ hubref snippet meta-llama/Llama-3.1-8B-Instruct --tools tools.json --schema answer.json
  $ hubref snippet model.json --provider fal-ai --direct --client fal_client
  $ hubref snippet - --json < model.json
  $ hubref snippet bartowski/Llama-3.2-3B-Instruct-GGUF --app llama.cpp --quant Q5_K_M
  $ hubref snippet bartowski/Llama-3.2-3B-Instruct-GGUF --app llama.cpp --fits "RTX 4090" --ctx 32k
  $ hubref snippet bartowski/Llama-3.2-3B-Instruct-GGUF --app ollama --ctx 16k --cache-type q8_0`,
    )
    .action(async (models: string[], options: SnippetCommandOptions) => {
      const { runSnippet } = await import("./snippet-run.js");
      await runSnippet(models, options, context);
    });
}
