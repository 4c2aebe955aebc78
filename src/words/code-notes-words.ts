import type { CODE_NOTES, FeatureProvider, RouterMissing } from "../outcome/code-notes.js";
import type { RecordsOf } from "../outcome/kind.js";
import { shellWord } from "../format/shell.js";
import { featureSettings, takes } from "./code-words.js";
import type { Names } from "./names.js";
import { problemText } from "./problems.js";

type CodeNote = RecordsOf<typeof CODE_NOTES>;
type Of<K extends CodeNote["kind"]> = Extract<CodeNote, { kind: K }>;

function routerMissing(why: RouterMissing, names: Names): string {
  if (why.kind === "no-router") return `no router to ask (${names.hub("endpoint")} names another hub and ${names.hub("router")} is not set)`;
  return `no model list from the router (${problemText(why.problem, names).message.split("\n")[0]})`;
}

function who(provider: FeatureProvider): string {
  return provider.kind === "router-choice" ? "the router's choice" : provider.name;
}

export const CODE_NOTE_WORDS: { [K in CodeNote["kind"]]: (note: Of<K>, names: Names) => string } = {
  "provider-refuses-file-type": (note, names) =>
    `${note.provider} refuses ${note.mime} files: pass a file of type ${note.types.join(", ")} with ${names.setting("inputs")}`,
  "no-local-file": (note, names) => `${names.setting("inputs")} ${note.path}: there is no such file here; the snippet reads it when it runs`,
  "wrong-file-type": (note, names) => `${names.setting("inputs")} ${note.path}: ${note.task} takes an ${note.media} file, and .${note.extension} is not one`,
  "not-an-image": (note, names) => `${names.setting("image")} ${note.path}: .${note.extension} is not an image file`,
  "provider-id-unmapped": (note, names) =>
    `${note.model}: the metadata maps no ${note.provider} model id; the snippet uses the hub id (set one with ${names.setting("providerModelId")})`,
  "chat-parameters-ignored": (note, names) =>
    `${note.model}: ${(["stream", "temperature", "maxTokens", "topP", "api"] as const).map((key) => names.setting(key)).join(", ")} and ${names.setting("reasoningEffort")} apply to chat models only`,
  "auto-pinned-provider": (note, names) =>
    `${note.model}: with provider auto, ${note.clients.join(", ")} ${note.clients.length > 1 ? "call" : "calls"} ${note.provider}, the model's first live provider for ${note.task} (choose another with ${names.setting("provider")})`,
  "features-unchecked": (note, names) =>
    `${note.model}: ${routerMissing(note.why, names)}, so whether ${who(note.who)} ${takes(note.features)} (${featureSettings(note.features, names)}) is not checked`,
  "features-unlisted-model": (note, names) =>
    `${note.model}: the router's model list does not list it, so whether ${who(note.who)} ${takes(note.features)} (${featureSettings(note.features, names)}) is not checked`,
  "features-unlisted-provider": (note, names) =>
    `${note.model}: the router does not list ${note.provider} for it, so whether ${note.provider} ${takes(note.features)} (${featureSettings(note.features, names)}) is not checked`,
  "features-unknown": (note, names) =>
    `${note.model}: the router does not say whether ${note.provider} ${takes(note.unknown)} (${featureSettings(note.unknown, names)})`,
  "features-pinned": (note, names) => {
    const others = note.having.length > 1 ? `, the first of ${note.having.join(", ")} in the router's list` : ", the only one in the router's list";
    return `${note.model}: ${featureSettings(note.features, names)} ${note.features.length > 1 ? "need" : "needs"} a provider that ${takes(note.features)}: pinned to ${note.provider}${others}`;
  },
  "no-mapping-may-fail": (note) => `${note.model}: no inference provider serves this model (its metadata maps none), so this call may fail`,
  "runs-locally-only": (note) => `${note.model}: no inference provider serves this model; to run it yourself: hubref apps --for ${shellWord(note.ref)}`,
  "staging-only": (note, names) =>
    `${note.model}: no provider serves this model live yet (its mapping: ${note.mappings.map((mapping) => `${mapping.provider} (${mapping.status})`).join(", ")}), so this call may fail; once one does, choose it with ${names.setting("provider")}`,
  "unknown-providers": (note, names) =>
    note.chat
      ? `${note.model}: ${note.providers.join(", ")} ${note.providers.length === 1 ? "serves" : "serve"} its chat through the router too (choose with ${names.setting("provider")}; hubref has no table for ${note.providers.length === 1 ? "it" : "them"})`
      : `${note.model}: its provider mapping also names ${note.providers.join(", ")}, which hubref has no table for`,
};
