import { PROVIDERS } from "../../src/inference/providers/index.js";
import { WIRE } from "./expected-request.js";

/*
 * The provider and task pairs the end-to-end tests cover come from the
 * provider registry, not from the wire fixture: a provider or task missing
 * from the fixture then fails (see missingWireFacts) instead of going
 * untested.
 */

export type Mode = "routed" | "direct";

export interface RegistryPair {
  provider: string;
  task: string;
  /** Routed through the hub when the router takes hub tokens for the provider; always direct. */
  modes: Mode[];
}

function modesOf(provider: string): Mode[] {
  return PROVIDERS[provider as keyof typeof PROVIDERS].acceptsHubTokens ? ["routed", "direct"] : ["direct"];
}

/** Every (provider, task) route in the registry, chat excluded. */
export function registryPairs(): RegistryPair[] {
  return Object.entries(PROVIDERS).flatMap(([provider, definition]) =>
    Object.keys(definition.tasks).map((task) => ({ provider, task, modes: modesOf(provider) })),
  );
}

/** Whether the provider queues the task: the reply is a receipt to follow to the output. */
export function isQueued({ provider, task }: { provider: string; task: string }): boolean {
  const tasks: Record<string, { queue?: unknown }> = PROVIDERS[provider as keyof typeof PROVIDERS].tasks;
  return tasks[task]?.queue !== undefined;
}

/** Every provider that serves chat, with its modes. */
export function registryChatProviders(): { provider: string; modes: Mode[] }[] {
  return Object.entries(PROVIDERS)
    .filter(([, definition]) => definition.chatPath !== undefined)
    .map(([provider]) => ({ provider, modes: modesOf(provider) }));
}

/** `provider task mode` for each call the registry offers that the wire fixture has no fact for. */
export function missingWireFacts(): string[] {
  const calls = [
    ...registryPairs().flatMap(({ provider, task, modes }) => modes.map((mode) => ({ provider, task, mode }))),
    ...registryChatProviders().flatMap(({ provider, modes }) => modes.map((mode) => ({ provider, task: "conversational", mode }))),
  ];
  return calls
    .filter(({ provider, task, mode }) => WIRE[provider]?.[task]?.[mode] === undefined)
    .map(({ provider, task, mode }) => `${provider} ${task} ${mode}`);
}
