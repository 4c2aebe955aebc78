/** The options as commander hands them over: strings, unchecked. */
export interface SnippetCommandOptions {
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
  json: boolean;
  library: boolean;
  interactive?: boolean;
  offline: boolean;
  refresh: boolean;
  app?: string;
  quant?: string;
  file?: string;
  fits?: string;
  ctx?: string;
  cacheType?: string;
  cacheTypeK?: string;
  cacheTypeV?: string;
  flashAttn?: string;
  verbose?: boolean;
}
