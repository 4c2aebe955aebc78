import type { CODE_PROBLEMS, FeatureSetting } from "../outcome/code-problems.js";
import type { CodeHint } from "../outcome/hints.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";
import { didYouMeanWords } from "./choice-words.js";

type CodeProblem = RecordsOf<typeof CODE_PROBLEMS>;
type Of<K extends CodeProblem["kind"]> = Extract<CodeProblem, { kind: K }>;

const FEATURE_WORDS = {
  tools: { takes: "takes tool calls", take: "take tool calls" },
  schema: { takes: "takes structured output", take: "take structured output" },
} as const satisfies Record<FeatureSetting, { takes: string; take: string }>;

/** "--tools and --schema" */
export function featureSettings(features: readonly FeatureSetting[], names: Names): string {
  return features.map((feature) => names.setting(feature)).join(" and ");
}

/** "takes tool calls and structured output" */
export function takes(features: readonly FeatureSetting[], plural = false): string {
  const words = features.map((feature) => FEATURE_WORDS[feature][plural ? "take" : "takes"]);
  return words.length === 2 ? `${words[0]} and ${words[1]!.replace(/^takes? /, "")}` : words[0]!;
}

/** "a, b or c" */
function orList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : (items[0] ?? "");
}

/** "--provider a, --provider b" */
function providersNamed(providers: readonly string[], names: Names): string {
  return providers.map((provider) => `${names.setting("provider")} ${provider}`).join(", ");
}

export const CODE_WORDS: { [K in CodeProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "no-pipeline-tag": (problem) => said(`${problem.model}: the metadata has no pipeline tag, so there is no inference snippet`),
  "no-task-snippets": (problem) =>
    said(`${problem.model}: no inference snippets for ${problem.tag === undefined ? "its pipeline tag" : `the pipeline tag ${problem.tag}`}`),
  "client-lacks-task": (problem) => said(`${problem.client} (${problem.language}) has no ${problem.what} snippet`),
  "provider-lacks-task": (problem, names) =>
    said(
      `${problem.provider} does not serve ${problem.what}`,
      problem.serving.length > 0 ? `${problem.what} is served by: ${problem.serving.join(", ")} (choose one with ${names.setting("provider")})` : undefined,
    ),
  "provider-refuses-hub-tokens": (problem, names) =>
    said(`Provider ${problem.provider} does not take hub tokens (${problem.task}): call it with ${names.setting("direct")} and its own key`),
  "provider-model-id-unusable": (problem) =>
    said(`the provider model id ${JSON.stringify(problem.id)} cannot go into a URL: the provider's model id has empty, '.' or '..' path segments`),
  "responses-need-router": (_problem, names) => said(`the Responses API is served by the router or your own server: leave out ${names.setting("direct")}`),
  "direct-needs-provider-id": (problem, names) =>
    said(
      `${problem.model}: the metadata maps no ${problem.provider} model id, so a direct call to ${problem.provider} cannot name the model: set it with ${names.setting("providerModelId")}, or leave out ${names.setting("direct")}`,
    ),
  "unlisted-provider-chat-only": (problem, names) =>
    said(
      `${problem.model}: hubref has no table for the provider ${problem.provider}: it writes chat through the router only (${problem.model}:${problem.provider}), not ${problem.task}`,
      `choose a provider hubref knows with ${names.setting("provider")}, or leave it out`,
    ),
  "router-policy-chat-only": (problem, names) =>
    said(
      `${problem.model}: ${names.setting("provider")} ${problem.policy} is the router's choice among chat providers, and ${problem.task} is not chat`,
      `name a provider with ${names.setting("provider")}, or leave it out`,
    ),
  "image-text-needs-chat": (problem) => said(`${problem.model}: image-text-to-text models have snippets only for chat (tagged conversational)`),
  "no-example-input": (problem) => said(`${problem.model}: No input example has been defined for this model task.`),
  "images-not-taken": (problem, names) =>
    said(
      `${problem.model}: ${names.setting("image")} adds images to a chat message, and ${problem.chat ? `${problem.task} models take text only` : `${problem.task} is not a chat task`}`,
      problem.imageTask ? `give this task's image with ${names.setting("inputs")}` : `${names.setting("image")} is for image-text-to-text chat models`,
    ),
  "features-need-chat": (problem, names) =>
    said(
      `${problem.model}: ${names.setting(problem.setting)} is for chat models, and this is a ${problem.task} model`,
      "pick a model tagged conversational (a chat model)",
    ),
  "unlisted-provider-not-live": (problem, names) =>
    said(
      `${problem.model}: no live provider ${problem.provider} in its provider mapping`,
      problem.live.length > 0 ? `its live providers: ${problem.live.join(", ")}` : `no provider serves it live: leave out ${names.setting("provider")}`,
    ),
  "policy-ignores-features": (problem, names) =>
    said(
      `${problem.model}: ${names.setting("provider")} ${problem.policy} lets the router pick by ${problem.policy === "fastest" ? "speed" : "price"} alone, and it may pick a provider that does not ${takes(problem.features, true)} (${featureSettings(problem.features, names)})`,
      problem.having !== undefined && problem.having.length > 0
        ? `name one that does (${providersNamed(problem.having, names)}), or use ${names.setting("provider")} auto, which chooses among them`
        : `name a provider with ${names.setting("provider")}, or use ${names.setting("provider")} auto, which chooses one that does`,
    ),
  "provider-lacks-features": (problem, names) =>
    said(
      `${problem.model}: ${problem.provider} does not ${takes(problem.lacking, true)} (${featureSettings(problem.lacking, names)}), as the router lists it`,
      problem.having.length > 0
        ? `providers that do: ${problem.having.join(", ")} (choose with ${names.setting("provider")})`
        : `no live provider of ${problem.model} does, as the router lists them: leave out ${featureSettings(problem.features, names)}`,
    ),
  "no-provider-has-features": (problem, names) =>
    said(
      `${problem.model}: no live provider of ${problem.model} ${takes(problem.features)} (${featureSettings(problem.features, names)}), as the router lists them`,
      `leave out ${featureSettings(problem.features, names)}, or choose another model`,
    ),
  "provider-not-serving": (problem) => {
    const offered = problem.live.length > 0 ? `it is served by: ${problem.live.join(", ")}` : "no provider serves it live";
    const pick = problem.live.length > 0 ? `pick one of: ${problem.live.join(", ")}` : undefined;
    if (problem.status !== undefined)
      return said(`provider '${problem.provider}' does not serve '${problem.model}' yet (status: ${problem.status}); ${offered}`, pick);
    return said(
      `provider '${problem.provider}' does not serve '${problem.model}'; ${offered}`,
      (problem.closest === undefined ? undefined : didYouMeanWords(problem.closest)) ?? pick ?? "generate code for local use instead, or pick another model",
    );
  },
  "client-chat-only": (problem) => said(`the ${problem.client} client is for chat models, not ${problem.task}`),
  "hub-client-refuses-provider": (problem) => said(`${problem.client} does not call ${problem.provider} for ${problem.task}: use ${problem.http}`),
  "auto-needs-hub-client": (problem, names) =>
    said(
      `with provider auto, ${problem.task} snippets use ${orList(problem.hubClients)}: pick a provider with ${names.setting("provider")} for ${problem.client}`,
    ),
  "own-client-wrong-provider": (problem, names) =>
    said(`${problem.client} calls ${problem.owner} only: use ${names.setting("provider")} ${problem.owner} ${names.setting("direct")} (${problem.task})`),
  "own-client-needs-direct": (problem, names) =>
    said(`${problem.client} calls ${problem.owner} directly with its own key: add ${names.setting("direct")} (${problem.task})`),
  "hub-client-picks-provider": (problem, names) =>
    said(`${problem.client} chooses the provider itself: ${names.setting("provider")} ${problem.policy} needs a client that calls the router's chat route`),
  "client-lacks-responses": (problem) => said(`${problem.client} does not speak the Responses API: use ${problem.clients.join(", ")}`),
  "client-not-of-language": (problem) =>
    said(
      `${problem.client} is not a ${problem.language} client`,
      `${problem.language} clients: ${problem.clients.join(", ")}; ${problem.client} is for ${problem.languages.join(", ")}`,
    ),
  "settings-not-applying": (problem, names) => {
    const given = problem.settings.map((setting) => names.setting(setting));
    const list = given.length === 1 ? given[0]! : `${given.slice(0, -1).join(", ")} and ${given.at(-1)}`;
    const verb = given.length === 1 ? "does" : "do";
    if (problem.source === "inference")
      return said(
        `${list} go${given.length === 1 ? "es" : ""} with ${names.setting("app")} or ${names.setting("library")}: inference calls load no GGUF file and run on no machine of yours`,
        `give ${names.setting("app")} (a local app, such as llama.cpp) or ${names.setting("library")}, or leave ${given.length === 1 ? "it" : "them"} out`,
      );
    if (problem.source === "search")
      return said(
        `${list} ${verb} not apply to a search without ${names.setting("fits")}`,
        `give ${names.setting("fits")} (a size such as 16GB, or hardware such as RTX 4090) for the models that fit it`,
      );
    const what = problem.source === "app" ? "a local app's commands" : "the library's usage code";
    return said(
      `${names.setting(problem.source)} gives ${what}, which ${list} ${verb} not apply to`,
      `leave out ${names.setting(problem.source)} for inference API snippets`,
    );
  },
  "no-snippet": () => said("no snippet for these options"),
};

export function hintWords(hint: CodeHint, names: Names): string {
  switch (hint.kind) {
    case "alternatives": {
      const here = `with provider ${hint.provider}: ${hint.here.join(", ")}`;
      return hint.elsewhere.length > 0 ? `${here}; ${hint.wanted} snippets with ${names.setting("provider")} ${hint.elsewhere.join(", ")}` : here;
    }
    case "library-code-there":
      return `its library's usage code is there: add ${names.setting("library")}`;
  }
}
