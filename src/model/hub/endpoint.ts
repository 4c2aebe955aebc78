import { fail } from "../../outcome/problems.js";

export const DEFAULT_HUB_ENDPOINT = "https://huggingface.co";
export const DEFAULT_ROUTER_URL = "https://router.huggingface.co";

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

/** A hub's base URL as given (a mirror, a private hub, a test server), checked and without a trailing slash. */
export function parseEndpoint(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail({ kind: "hub-setting-invalid", setting: "endpoint", found: "not-url", value: raw });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") fail({ kind: "hub-setting-invalid", setting: "endpoint", found: "not-http", value: url.protocol });
  // fetch refuses URLs with credentials, and a query would end up in the middle of the path.
  if (url.username || url.password) fail({ kind: "hub-setting-invalid", setting: "endpoint", found: "credentials" });
  if (url.search || url.hash) fail({ kind: "hub-setting-invalid", setting: "endpoint", found: "query" });
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/** The router's base URL as given, checked. */
export function parseRouter(raw: string): string {
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) fail({ kind: "hub-setting-invalid", setting: "router", found: "not-http", value: raw });
  const url = new URL(raw);
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

/** A token as given; undefined when blank. */
export function parseToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  // A header cannot carry these, and a token never holds them: most likely a paste gone wrong.
  if (!/^[\x21-\x7e]+$/.test(token)) fail({ kind: "hub-setting-invalid", setting: "token", found: "bad-characters" });
  return token;
}
