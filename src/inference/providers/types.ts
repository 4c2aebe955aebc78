import type { Client, InferenceTask, ProviderId, RouteTask } from "../ids.js";
import type { FileRef, Tree } from "../payload.js";
import type { TaskInput } from "../inputs.js";

/*
 * What hubref knows about an inference provider: where it listens, how it
 * authenticates, and per task the route, the body it expects and what it
 * answers. Facts only; request.ts turns them into a request.
 */

export type AuthScheme = "Bearer" | "Key";

export type Body =
  /** A JSON document; file references become base64 text or data URLs. */
  | { kind: "json"; value: Tree }
  /** The raw bytes of a file, with the file's content type. */
  | { kind: "binary"; file: FileRef };

/** What the reply holds, so the snippet can keep a result that is not text. */
export type Output =
  | { kind: "json" }
  /** The reply body is the file. */
  | { kind: "file"; extension: string }
  /** A JSON reply with a base64 file at `path`. */
  | { kind: "base64-field"; path: readonly (string | number)[]; extension: string }
  /** A JSON reply with the file's URL at `path`, on the provider's file host: downloaded without the token, named by its content type. */
  | { kind: "url-field"; path: readonly (string | number)[] }
  /** A JSON reply whose point is the text at `path` (a transcript): the snippet prints that text alone, and fails without it. */
  | { kind: "text-field"; path: readonly (string | number)[] };

export interface TaskRoute {
  /** Path below the provider's base URL (routed: below https://router.huggingface.co/<provider>). */
  path(providerModelId: string): string;
  /** The direct base URL when this route's differs from the provider's. */
  directBaseUrl?: string;
  /** Query the router needs to reach this route (fal's queue). */
  routedQuery?: string;
  body(input: TaskInput, providerModelId: string): Body;
  output: Output;
  /** The provider queues the job: the reply is a receipt, and this says how to follow it to the result. */
  queue?: QueueProtocol;
  /** The file types the provider takes, when it does not take every type. */
  accepts?: readonly string[];
}

/** Keys and indexes into a JSON document. */
export type JsonPath = readonly (string | number)[];

/**
 * Where to ask about a queued job. The address is always built on the base
 * the job was submitted to (the router, or the provider's host): a URL the
 * receipt names contributes its path only, so a token never goes to a host
 * the reply chose.
 */
export type JobLink =
  /** `<base><path of the URL at field><suffix>`. */
  | { kind: "url-path"; field: JsonPath; suffix?: string }
  /** `<base><prefix><the id at field><suffix>`. */
  | { kind: "id"; field: JsonPath; prefix: string; suffix?: string };

/** A queued job's protocol: how to poll it, read its state and find its output. */
export interface QueueProtocol {
  /** Where its status is polled. */
  status: JobLink;
  /** Where the result is fetched once the job is done, when that is not the status reply itself (fal). */
  result?: JobLink;
  /** The state in a status reply (and in the receipt, which may already be final). */
  state: JsonPath;
  done: string;
  failed: readonly string[];
  /** The provider's message about a failed job; without it the whole status reply is shown. */
  error?: JsonPath;
  /** The output file's URL in the result. */
  output: JsonPath;
  /** Where the URL is when it is not at `output` (fal's audio models answer either). */
  outputElsewhere?: JsonPath;
  /** The output may also be a list of URLs, of which the first is the file (Replicate). */
  outputMayBeList?: boolean;
  /**
   * @huggingface/inference reads the first reply as the result and never polls (it counts on Replicate's
   * `Prefer: wait`): its snippet follows a job still running itself, through the client's `fetch` option.
   */
  jsClientReadsFirstReply?: boolean;
  /** Seconds between polls, and how many polls before giving up. */
  interval: number;
  polls: number;
}

export type TaskRoutes = Partial<Record<Exclude<RouteTask, "conversational">, TaskRoute>>;

export interface Provider {
  id: ProviderId;
  /** The provider's own base URL, for --direct. */
  directBaseUrl: string;
  authScheme: AuthScheme;
  /** Headers the provider wants on every request. */
  headers?: Readonly<Record<string, string>>;
  /** Path of its OpenAI-compatible chat-completions route; absent when it serves no chat. */
  chatPath?(providerModelId: string): string;
  /** False when the hub router does not take hub tokens for it (closed-source providers). */
  acceptsHubTokens: boolean;
  /** The environment variable a --direct snippet reads its key from (README states the rule). */
  tokenVariable: string;
  /** Pipeline tasks huggingface_hub refuses at this provider before sending anything: requests serves them. */
  pythonClientRefuses?: readonly InferenceTask[];
  /** The hub names this provider's own models "<prefix><name>"; the provider calls them "<name>" (OpenAI). */
  hubIdPrefix?: string;
  /** It serves models by their hub id, so a model needs no mapping entry to be called (hf-inference). */
  servesHubIds?: boolean;
  /** Clients made for this provider alone: no other provider gets their snippets (fal_client). */
  ownClients?: readonly Client[];
  tasks: TaskRoutes;
}
