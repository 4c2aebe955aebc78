/*
 * Every input a problem or a note may name: a flag on the command line, an
 * option of the library, an argument of an MCP tool. The domain names them
 * by these keys only; how each is written is the edge's (the CLI's
 * FLAG_NAMES, the library's option names), so rewording or renaming a flag
 * cannot change what a problem means. A new flag's key goes here and its
 * spelling in FLAG_NAMES (src/words/cli-names.ts), which must name every key.
 */
export const SETTING_KEYS = [
  "json",
  "offline",
  "refresh",
  "interactive",
  "for",
  "fits",
  "ctx",
  "cacheType",
  "cacheTypeK",
  "cacheTypeV",
  "flashAttn",
  "kvCacheDtype",
  "gpuMemoryUtilization",
  "library",
  "provider",
  "app",
  "language",
  "client",
  "stream",
  "billTo",
  "token",
  "direct",
  "endpointUrl",
  "providerModelId",
  "inputs",
  "image",
  "temperature",
  "maxTokens",
  "topP",
  "tools",
  "schema",
  "quant",
  "file",
  "verbose",
  "api",
  "reasoningEffort",
  "modality",
  "filterable",
  "withSnippets",
  "tensorTypes",
  "parse",
  "nearest",
  "available",
  "task",
  "author",
  "gguf",
  "params",
  "sort",
  "limit",
  "entry",
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];
