import { usageError } from "../../errors.js";

const DEFAULT_HUB_ENDPOINT = "https://huggingface.co";

/**
 * The fields the generators read. Without `expand[]` the hub answers with a
 * different, smaller set; with it, only what is named here (plus the id).
 */
export const EXPANDED_FIELDS = [
  "pipeline_tag",
  "tags",
  "library_name",
  "mask_token",
  "config",
  "cardData",
  "widgetData",
  "transformersInfo",
  "gguf",
  "safetensors",
  "inferenceProviderMapping",
  "siblings",
] as const;

/** The hub's base URL: HF_ENDPOINT (a mirror, a private hub, a test server) or the public hub. */
export function hubEndpoint(env: NodeJS.ProcessEnv): string {
  const raw = env.HF_ENDPOINT?.trim();
  if (!raw) return DEFAULT_HUB_ENDPOINT;
  const hint = `set HF_ENDPOINT to the hub's base URL, such as ${DEFAULT_HUB_ENDPOINT}, or unset it`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`HF_ENDPOINT is not a URL: ${JSON.stringify(raw)}`, hint);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw usageError(`HF_ENDPOINT must be an http or https URL, not ${url.protocol}`, hint);
  }
  // fetch refuses URLs with credentials, and a query would end up in the middle of the path.
  if (url.username || url.password) throw usageError("HF_ENDPOINT must not hold a user name or password", "put the token in HF_TOKEN instead");
  if (url.search || url.hash) throw usageError("HF_ENDPOINT must not have a query or a fragment", hint);
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/** The host shown in messages: where the request went, without the scheme. */
export function endpointHost(endpoint: string): string {
  return new URL(endpoint).host;
}

/** The metadata URL of a model id (already checked with isModelId). */
export function modelApiUrl(endpoint: string, id: string): string {
  const path = id.split("/").map(encodeURIComponent).join("/");
  const query = new URLSearchParams(EXPANDED_FIELDS.map((field) => ["expand[]", field]));
  return `${endpoint}/api/models/${path}?${query}`;
}

/**
 * The repository's file tree with sizes. The model API lists file names only;
 * sizes are asked here, and only when a command needs them.
 */
export function modelTreeUrl(endpoint: string, id: string): string {
  const path = id.split("/").map(encodeURIComponent).join("/");
  return `${endpoint}/api/models/${path}/tree/main?recursive=true`;
}

/** HF_TOKEN when set; undefined when unset or blank. */
export function hubToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.HF_TOKEN?.trim();
  if (!token) return undefined;
  // A header cannot carry these, and a token never holds them: most likely a paste gone wrong.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw usageError(
      "HF_TOKEN holds spaces, control or non-ASCII characters, which a token never has",
      "copy the token again from https://huggingface.co/settings/tokens",
    );
  }
  return token;
}
