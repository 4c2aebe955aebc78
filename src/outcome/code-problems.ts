import { problemKind } from "./kind.js";
import type { SettingKey } from "./settings.js";

/*
 * Why a model gets no inference snippet, or not the one asked for: the
 * engine's findings and the usage problems of its options. `model` is the
 * hub id the problem is about; a pipeline tag from metadata is named only
 * when it is a plain slug (`tag` absent otherwise).
 */

/** What a provider is asked for at the router: tool calls, structured output (by the settings that ask). */
export type FeatureSetting = "tools" | "schema";

export const CODE_PROBLEMS = {
  "no-pipeline-tag": problemKind<{ model: string }>("usage"),
  "no-task-snippets": problemKind<{ model: string; tag?: string }>("usage"),
  /** A client without a template for the task (`what`: the task, or "chat"). */
  "client-lacks-task": problemKind<{ client: string; language: string; what: string }>("usage"),
  /** A provider without a route for the task; `serving`: the providers that have one. */
  "provider-lacks-task": problemKind<{ provider: string; what: string; serving: readonly string[] }>("usage"),
  "provider-refuses-hub-tokens": problemKind<{ provider: string; task: string }>("usage"),
  /** A provider model id whose path segments a URL cannot carry (empty, `.` or `..`). */
  "provider-model-id-unusable": problemKind<{ id: string }>("usage"),
  "responses-need-router": problemKind("usage"),
  "direct-needs-provider-id": problemKind<{ model: string; provider: string }>("usage"),
  "unlisted-provider-chat-only": problemKind<{ model: string; provider: string; task: string }>("usage"),
  "router-policy-chat-only": problemKind<{ model: string; policy: string; task: string }>("usage"),
  "image-text-needs-chat": problemKind<{ model: string }>("usage"),
  "no-example-input": problemKind<{ model: string }>("usage"),
  /** --image on a model that takes none; `imageTask`: the task's own input is an image (give it with --inputs). */
  "images-not-taken": problemKind<{ model: string; task: string; chat: boolean; imageTask: boolean }>("usage"),
  "features-need-chat": problemKind<{ model: string; setting: FeatureSetting; task: string }>("usage"),
  "unlisted-provider-not-live": problemKind<{ model: string; provider: string; live: readonly string[] }>("usage"),
  /** The router's policy chooses by speed or price alone; `having`: the providers that have the features, when the router listed them. */
  "policy-ignores-features": problemKind<{ model: string; policy: string; features: readonly FeatureSetting[]; having?: readonly string[] }>("usage"),
  "provider-lacks-features": problemKind<{
    model: string;
    provider: string;
    lacking: readonly FeatureSetting[];
    having: readonly string[];
    features: readonly FeatureSetting[];
  }>("usage"),
  "no-provider-has-features": problemKind<{ model: string; features: readonly FeatureSetting[] }>("usage"),
  /** A provider asked for that the model's mapping does not offer live; `status` when it is mapped but not live. */
  "provider-not-serving": problemKind<{ model: string; provider: string; live: readonly string[]; status?: string; closest?: string }>("usage"),
  "client-chat-only": problemKind<{ client: string; task: string }>("usage"),
  /** A hub client that has no helper for the task at this provider; `http`: the language's raw-HTTP client, which has. */
  "hub-client-refuses-provider": problemKind<{ client: string; provider: string; task: string; http: string }>("usage"),
  /** With provider auto a task is the hub clients' (`hubClients`), which choose the provider themselves. */
  "auto-needs-hub-client": problemKind<{ client: string; task: string; hubClients: readonly string[] }>("usage"),
  /** A client made for one provider (`owner`) alone. */
  "own-client-wrong-provider": problemKind<{ client: string; owner: string; task: string }>("usage"),
  "own-client-needs-direct": problemKind<{ client: string; owner: string; task: string }>("usage"),
  "hub-client-picks-provider": problemKind<{ client: string; policy: string }>("usage"),
  /** `clients`: those that do, each as `client (language)`. */
  "client-lacks-responses": problemKind<{ client: string; clients: readonly string[] }>("usage"),
  /** A client given with a language it does not write; `clients`: the language's, `languages`: the client's. */
  "client-not-of-language": problemKind<{ client: string; language: string; clients: readonly string[]; languages: readonly string[] }>("usage"),
  /** Settings the source asked for (inference calls, library code, a local app's commands) would ignore: refused, not dropped. */
  "settings-not-applying": problemKind<{ source: "inference" | "library" | "app" | "search"; settings: readonly SettingKey[] }>("usage"),
  /** Nothing came out, and nothing more specific says why. */
  "no-snippet": problemKind("usage"),
} as const;
