import { fail } from "../outcome/problems.js";
import { providerMappings } from "../model/provider-mapping.js";
import type { ModelData } from "../model/schema.js";

/*
 * One search result, read from the hub's answer. The hub's list is read
 * leniently: a field of an unexpected type counts as absent, and an entry
 * without a string id is dropped, since one odd model should not hide the
 * other ninety-nine. Every string here is untrusted text for the terminal.
 */

/** One result, as `--json` prints it. */
export interface SearchHit {
  id: string;
  task: string | null;
  library: string | null;
  downloads: number;
  likes: number;
  trending: number;
  createdAt: string | null;
  /** The providers that serve it now (status "live"), in the hub's order. */
  providers: string[];
  /** false, or the kind of gate the hub names ("auto", "manual"). */
  gated: false | string;
  /** With `expand[]=gguf` (models --fits): the GGUF summary's parameter count and trained context length. */
  gguf?: { parameters?: number; contextLength?: number };
  /** With `expand[]=safetensors` (models --fits --app vllm): the parameter count of its safetensors weights. */
  safetensors?: { parameters?: number };
}

/** The hub's GGUF summary (`gguf`), where the answer has one: what --fits judges before reading any file. */
function ggufSummary(value: unknown): SearchHit["gguf"] {
  if (typeof value !== "object" || value === null) return undefined;
  const { total, context_length: contextLength } = value as Record<string, unknown>;
  const positive = (field: unknown) => (typeof field === "number" && Number.isFinite(field) && field > 0 ? field : undefined);
  const parameters = positive(total);
  const trained = positive(contextLength);
  return { ...(parameters !== undefined && { parameters }), ...(trained !== undefined && { contextLength: trained }) };
}

/** The hub's safetensors summary (`safetensors.total`), where the answer has one. */
function safetensorsSummary(value: unknown): NonNullable<SearchHit["safetensors"]> {
  if (typeof value !== "object" || value === null) return {};
  const { total } = value as Record<string, unknown>;
  return typeof total === "number" && Number.isFinite(total) && total > 0 ? { parameters: total } : {};
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

function gate(value: unknown): false | string {
  if (value === true) return "yes";
  return typeof value === "string" && value !== "" && value !== "false" ? value : false;
}

/** The mapping as providerMappings reads it, whichever shape it has; anything else maps nothing. */
function mappingOf(value: unknown): ModelData["inferenceProviderMapping"] {
  if (Array.isArray(value)) return value.filter((entry) => typeof entry === "object" && entry !== null && typeof entry.providerId === "string");
  if (typeof value !== "object" || value === null) return undefined;
  const out: Record<string, { providerId: string; task: string; status?: string }> = {};
  for (const [provider, entry] of Object.entries(value)) {
    if (typeof entry === "object" && entry !== null && typeof (entry as { providerId?: unknown }).providerId === "string") out[provider] = entry;
  }
  return out;
}

export function readHit(raw: unknown): SearchHit | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const entry = raw as Record<string, unknown>;
  const id = text(entry.id) ?? text(entry.modelId);
  if (id === null || id === "") return undefined;
  const mapping = mappingOf(entry.inferenceProviderMapping);
  const providers = mapping === undefined ? [] : providerMappings({ id, tags: [], inferenceProviderMapping: mapping }).filter((m) => m.status === "live");
  return {
    id,
    task: text(entry.pipeline_tag),
    library: text(entry.library_name),
    downloads: count(entry.downloads),
    likes: count(entry.likes),
    trending: count(entry.trendingScore),
    createdAt: text(entry.createdAt),
    providers: providers.map((m) => m.provider),
    gated: gate(entry.gated),
    ...("gguf" in entry && { gguf: ggufSummary(entry.gguf) ?? {} }),
    ...("safetensors" in entry && { safetensors: safetensorsSummary(entry.safetensors) }),
  };
}

/** One page of the hub's answer: a JSON array of models. */
export function readHitsPage(body: string, host: string): SearchHit[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail({ kind: "hub-bad-answer", host, subject: { kind: "search", query: "" }, found: "not-json" });
  }
  if (!Array.isArray(value)) fail({ kind: "hub-bad-answer", host, subject: { kind: "search", query: "" }, found: "not-list" });
  return value.flatMap((entry) => readHit(entry) ?? []);
}

/** 1234 → "1.2k", 3_400_000 → "3.4M": the size of a count at a glance. */
export function shortCount(value: number): string {
  const units: [number, string][] = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "k"],
  ];
  for (const [size, unit] of units) {
    if (value >= size) {
      const scaled = value / size;
      return `${scaled >= 100 ? Math.round(scaled) : Number(scaled.toFixed(1))}${unit}`;
    }
  }
  return String(Math.round(value));
}

const DAY = 24 * 60 * 60 * 1000;

/** How long ago `iso` was: "5h", "3d", "4mo", "2y"; "" when unknown. */
export function shortAge(iso: string | null, now: number): string {
  if (iso === null) return "";
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const ms = Math.max(0, now - then);
  if (ms < 60 * 60 * 1000) return `${Math.floor(ms / 60_000)}m`;
  if (ms < DAY) return `${Math.floor(ms / 3_600_000)}h`;
  if (ms < 30 * DAY) return `${Math.floor(ms / DAY)}d`;
  if (ms < 365 * DAY) return `${Math.floor(ms / (30 * DAY))}mo`;
  return `${Math.floor(ms / (365 * DAY))}y`;
}
