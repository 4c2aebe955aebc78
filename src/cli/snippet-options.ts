import type { RawFitsOptions } from "./fits-options.js";

/** The options as commander hands them over: strings, unchecked. */
/** --kv-cache-dtype and --gpu-memory-utilization, for a server of safetensors weights (snippet-serve.ts). */
export interface RawServeOptions {
  kvCacheDtype?: string;
  gpuMemoryUtilization?: string;
}

export interface SnippetCommandOptions extends RawFitsOptions, RawServeOptions {
  language?: string;
  client?: string;
  provider?: string;
  stream: boolean;
  billTo?: string;
  token?: string;
  direct: boolean;
  endpointUrl?: string;
  providerModelId?: string;
  inputs?: string;
  /** Every `--image`, in order (repeatable). */
  image?: string[];
  temperature?: string;
  maxTokens?: string;
  topP?: string;
  // --tools [FILE] and --schema [FILE]: true without a file.
  tools?: string | boolean;
  schema?: string | boolean;
  json: boolean;
  library: boolean;
  interactive?: boolean;
  offline: boolean;
  refresh: boolean;
  app?: string;
  quant?: string;
  file?: string;
  verbose?: boolean;
  /** --api: chat (default) or responses. */
  api?: string;
  reasoningEffort?: string;
}
