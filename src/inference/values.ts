import { matchChoice, requireChoice } from "../choices/choices.js";
import { LANGUAGE_ALIASES } from "../format/languages.js";
import { fail } from "../outcome/problems.js";
import { didYouMean } from "../util/suggest.js";
import type { Client, Language, ProviderChoice } from "./ids.js";
import { CLIENTS, CLIENTS_BY_LANGUAGE, LANGUAGES, PROVIDER_CHOICES, PROVIDER_NAME, languagesOfClient } from "./id-lists.js";
import { CHAT_APIS, REASONING_EFFORTS, ROUTER_POLICIES, type ChatApi, type ReasoningEffort, type RouterPolicy } from "./responses.js";

/*
 * The values of an inference call as a person or an agent types them: the
 * command line's flags and the MCP server's arguments are read by these, so
 * both accept the same spellings and refuse the same values with the same
 * problem.
 */

const LANGUAGE_RULES = { aliases: LANGUAGE_ALIASES };

export function parseLanguage(text: string): Language {
  return requireChoice("language", text, LANGUAGES, LANGUAGE_RULES);
}

/** The language `text` names, or undefined (for a rule that reads the value; parseLanguage refuses it with a suggestion). */
export function languageNamed(text: string): Language | undefined {
  return matchChoice(text, LANGUAGES, LANGUAGE_RULES);
}

export function parseClient(text: string): Client {
  return requireChoice("client", text, CLIENTS);
}

/** The client `text` names, or undefined. */
export function clientNamed(text: string): Client | undefined {
  return matchChoice(text, CLIENTS);
}

/** A language and a client given together: the client must write that language. */
export function checkClientLanguage(language: Language, client: Client): void {
  if (!CLIENTS_BY_LANGUAGE[language].includes(client))
    fail({ kind: "client-not-of-language", client, language, clients: CLIENTS_BY_LANGUAGE[language], languages: languagesOfClient(client) });
}

export function parseChatApi(text: string): ChatApi {
  return requireChoice("api", text, CHAT_APIS);
}

export function parseReasoningEffort(text: string): ReasoningEffort {
  return requireChoice("reasoning-effort", text, REASONING_EFFORTS);
}

/** What a provider value names: a provider of hubref's tables (or auto), one of the router's policies, or a provider it has no table for. */
export type ProviderValue = { kind: "provider"; provider: ProviderChoice } | { kind: "policy"; policy: RouterPolicy } | { kind: "unlisted"; provider: string };

export function parseProvider(text: string): ProviderValue {
  const values = [...PROVIDER_CHOICES, ...ROUTER_POLICIES];
  const typed = text.trim();
  // A provider hubref has no table for may still serve the model's chat through the router; a near miss of a known one is a typo.
  if (matchChoice(typed, values) === undefined && PROVIDER_NAME.test(typed) && didYouMean(typed, values) === undefined)
    return { kind: "unlisted", provider: typed };
  const choice = requireChoice("provider", text, values);
  return (ROUTER_POLICIES as readonly string[]).includes(choice)
    ? { kind: "policy", policy: choice as RouterPolicy }
    : { kind: "provider", provider: choice as ProviderChoice };
}
