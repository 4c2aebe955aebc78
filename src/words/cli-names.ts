import type { SettingKey } from "../outcome/settings.js";
import { HUB_VARIABLES, type Names } from "./names.js";

/*
 * The command line's names for what the user sets: its flags and its
 * environment variables. The command line's words (and the picker's, which
 * is part of it) name settings through CLI_NAMES; the rules of which flags go
 * together are in src/cli/flag-rules.ts.
 */

/** How each flag is written on the command line, for messages; a positional argument by what it names. */
export const FLAG_NAMES = {
  // Shared by several commands.
  json: "--json",
  offline: "--offline",
  refresh: "--refresh",
  interactive: "-i",
  for: "--for",
  fits: "--fits",
  ram: "--ram",
  margin: "--margin",
  prefer: "--prefer",
  ctx: "--ctx",
  cacheType: "--cache-type",
  cacheTypeK: "--cache-type-k",
  cacheTypeV: "--cache-type-v",
  flashAttn: "--flash-attn",
  library: "--library",
  provider: "--provider",
  app: "--app",
  // snippet
  language: "--language",
  client: "--client",
  stream: "--stream",
  billTo: "--bill-to",
  token: "--token",
  direct: "--direct",
  endpointUrl: "--endpoint-url",
  providerModelId: "--provider-model-id",
  inputs: "--inputs",
  image: "--image",
  temperature: "--temperature",
  maxTokens: "--max-tokens",
  topP: "--top-p",
  // tool calls and structured output
  tools: "--tools",
  schema: "--schema",
  quant: "--quant",
  file: "--file",
  // snippet --app vllm and sglang: the server's memory
  kvCacheDtype: "--kv-cache-dtype",
  gpuMemoryUtilization: "--gpu-memory-utilization",
  verbose: "--verbose",
  // snippet: the Responses API
  api: "--api",
  reasoningEffort: "--reasoning-effort",
  // tasks
  modality: "--modality",
  // libraries
  filterable: "--filterable",
  withSnippets: "--with-snippets",
  // quant-types
  tensorTypes: "--tensor-types",
  parse: "--parse",
  nearest: "--nearest",
  available: "--available",
  // models
  task: "--task",
  author: "--author",
  gguf: "--gguf",
  params: "--params",
  sort: "--sort",
  limit: "--limit",
  // Positional arguments: one entry of a listing command (a task id, a library or app key).
  entry: "an entry's key",
} as const satisfies Record<SettingKey, string>;

/** The command line's names: flags for settings, environment variables for the hub. */
export const CLI_NAMES: Names = {
  setting: (key) => FLAG_NAMES[key],
  hub: (setting) => HUB_VARIABLES[setting],
  edge: "cli",
  legacy: (text) => text,
};
