import { problemKind, type RecordsOf } from "./kind.js";

/*
 * The hub, the router and the cache: what can go wrong reaching them.
 * A request names what it was for (`Subject`), so the words can say it.
 */

/** What a request to the hub was for. */
export type Subject =
  | { kind: "model"; id: string }
  | { kind: "file-tree"; id: string }
  | { kind: "file"; id: string; file: string }
  | { kind: "search"; query: string }
  | { kind: "router" };

/** What the cache was asked for. */
export type CachedThing = { kind: "model"; id: string } | { kind: "router" } | { kind: "search" } | { kind: "file"; id: string; file: string };

/** The hub's settings a person (or a library caller) gives: words name the variable or the option. */
export type HubSetting = "endpoint" | "token" | "router" | "timeout" | "retries" | "spinnerDelay";

export const HUB_PROBLEMS = {
  /** No answer in time: `phase` is the headers or the body. */
  "hub-timeout": problemKind<{ host: string; subject: Subject; phase: "headers" | "body"; ms: number }>("unavailable"),
  "hub-answer-too-large": problemKind<{ host: string; subject: Subject; limitBytes: number }>("unavailable"),
  /** The connection failed: `code` is the system's error code where there is one, `detail` its message otherwise. */
  "hub-unreachable": problemKind<{ host: string; code?: string; detail?: string }>("unavailable"),
  /** A final status that is not a success, after `attempts` tries; `says` is the hub's own explanation, cleaned. */
  "hub-status": problemKind<{ host: string; subject: Subject; status: number; attempts: number; hasToken: boolean; page: string; says?: string }>(
    "unavailable",
  ),
  "hub-retry-after-too-long": problemKind<{ host: string; status: number; waitMs: number }>("unavailable"),
  /** A success whose body is not what the endpoint answers: not JSON, not the shape expected (`field` and `issue` say where). */
  "hub-bad-answer": problemKind<{
    host: string;
    subject: Subject;
    found: "not-json" | "not-object" | "not-list" | "bad-shape";
    field?: string;
    issue?: string;
  }>("unavailable"),
  /** A hub setting that cannot be used as given. */
  "hub-setting-invalid": problemKind<{
    setting: HubSetting;
    found: "not-url" | "not-http" | "credentials" | "query" | "bad-characters" | "not-count";
    value?: string;
    min?: number;
    max?: number;
  }>("usage"),
  "offline-not-cached": problemKind<{ thing: CachedThing }>("unavailable"),
  /** Offline, with no cache folder at all (neither XDG_CACHE_HOME nor HOME). */
  "offline-no-cache": problemKind("unavailable"),
} as const;

/** A problem of reaching the hub or its cache: what a reader that goes on without the answer keeps. */
export type HubProblem = RecordsOf<typeof HUB_PROBLEMS>;

export function isHubProblem(problem: { kind: string }): problem is HubProblem {
  return Object.hasOwn(HUB_PROBLEMS, problem.kind);
}
