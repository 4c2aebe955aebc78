import type { ModelData } from "../model/schema.js";
import { exampleInput } from "../tasks/example-input.js";
import { CLIENTS_BY_LANGUAGE, clientDescriptor, isInferenceTask, LANGUAGES, PROVIDER_IDS, type ClientOf } from "./id-lists.js";
import type { Client, InferenceTask, Language, ProviderId, RouteTask } from "./ids.js";
import { PROVIDERS } from "./providers/index.js";
import { chatInput, fromExample, imageWarnings, mediaWarnings, namesImage, parseUserInputs, type TaskInput } from "./inputs.js";
import { knownMime, withType } from "./payload.js";
import { chatRequest, routeOf, taskRequest, type ChatParameters, type Target } from "./request.js";
import { hasProviderMapping, liveProviders, mappingFor } from "../model/provider-mapping.js";
import { SnippetProblem } from "./problem.js";
import type { Note } from "../outcome/notes.js";
import type { Hint, Problem } from "../outcome/problems.js";
import { templateExists, renderTemplate, type TemplateName } from "./templates.js";
import { tokenSource, type CallMode } from "./token.js";
import type { SnippetContext } from "./fields/context.js";
import { fieldsOf, INFERENCE_LANGUAGES, type InferenceLanguage } from "./languages.js";
import { Uses } from "./fields/program-names.js";
import { settleOptions, type SettledOptions, type Snippet, type SnippetOptions, type SnippetResult } from "./snippet.js";
import { chosenProvider, firstServingProvider, modelForProvider, providerChoices } from "./model-for-provider.js";
import { isChatModel, takesChatImages } from "../model/chat.js";
import { runsLocally } from "../apps/formats.js";
import { exampleQuestion, responseFormat } from "./tools.js";
import type { Tree } from "./payload.js";
import { responsesText, responsesTools, speaksResponses } from "./responses.js";
import { featureDecision, pinnedOptions, type RouterFacts } from "./provider-features.js";

/*
 * The snippet engine: for one model, the snippets of every language and
 * client that fit its task and the chosen provider, rendered from templates.
 */

const SAFE_TAG = /^[a-z0-9][a-z0-9-]{0,63}$/;

function taskOf(model: ModelData): InferenceTask {
  const tag = model.pipeline_tag;
  if (tag === undefined) throw new SnippetProblem({ kind: "no-pipeline-tag", model: model.id });
  // The tag is model metadata: name it only when it is a plain slug.
  if (!isInferenceTask(tag)) throw new SnippetProblem({ kind: "no-task-snippets", model: model.id, ...(SAFE_TAG.test(tag) && { tag }) });
  return tag;
}

function callMode(options: SettledOptions): CallMode {
  if (options.endpointUrl !== undefined) return "endpoint";
  return options.direct ? "direct" : "routed";
}

/** The tools and the structured reply each API names in its own shape: nested tools and `response_format` for chat, flat tools and `text.format` for Responses. */
function toolParameters(options: SettledOptions): Pick<ChatParameters, "tools" | "response_format" | "text"> {
  const { tools, schema } = options;
  if (options.api === "responses") {
    return { ...(tools !== undefined && { tools: responsesTools(tools.tools) }), ...(schema !== undefined && { text: responsesText(schema) }) };
  }
  return {
    ...(tools !== undefined && { tools: tools.tools as unknown as Tree[] }),
    ...(schema !== undefined && { response_format: responseFormat(schema) }),
  };
}

function chatParameters(options: SettledOptions): ChatParameters {
  return {
    temperature: options.temperature,
    max_tokens: options.maxTokens,
    top_p: options.topP,
    stream: options.stream,
    ...toolParameters(options),
    ...(options.reasoningEffort !== undefined && { reasoning_effort: options.reasoningEffort }),
  };
}

function hasChatParameters(options: SettledOptions): boolean {
  return (
    options.stream ||
    options.temperature !== undefined ||
    options.maxTokens !== undefined ||
    options.topP !== undefined ||
    options.reasoningEffort !== undefined ||
    options.api === "responses"
  );
}

/** A client with its language, the language's own client type kept. */
type ClientPair = { [L in Language]: { language: L; client: ClientOf<L> } }[Language];

/** The (language, client) pairs to try, in listing order. */
function clientPairs(options: Pick<SettledOptions, "language" | "client">): ClientPair[] {
  const languages = options.language !== undefined ? [options.language] : LANGUAGES;
  const pairs: ClientPair[] = [];
  for (const language of languages) {
    for (const client of CLIENTS_BY_LANGUAGE[language]) {
      if (options.client === undefined || options.client === client) pairs.push({ language, client } as ClientPair);
    }
  }
  return pairs;
}

/** The provider each client made for one provider alone was made for (fal_client: fal-ai), from the providers' data. */
const OWNERS: ReadonlyMap<Client, ProviderId> = new Map(PROVIDER_IDS.flatMap((id) => (PROVIDERS[id].ownClients ?? []).map((client) => [client, id] as const)));

/** The template for a client, or why there is none. A plain result, not an exception: most clients are skipped for most models. */
type TemplateChoice = { template: TemplateName } | { problem: Problem };

function templateFor({ language, client }: ClientPair, context: SnippetContext, chat: boolean, stream: boolean): TemplateChoice {
  const { api } = clientDescriptor(language, client);
  const responses = context.call === "chat" && context.api === "responses";
  const name: TemplateName = chat
    ? responses
      ? context.tools !== undefined
        ? "responsesTools"
        : stream
          ? "responsesStream"
          : "responses"
      : context.call === "chat" && context.tools !== undefined
        ? "tools"
        : stream
          ? "conversationalStream"
          : "conversational"
    : api === "http" && context.call === "task" && context.request.queue
      ? "queued"
      : "basic";
  // Written only when it is the answer: most clients of most models have a template.
  const notFound = (): TemplateChoice => ({ problem: { kind: "client-lacks-task", client, language, what: chat ? "chat" : context.task } });
  if (!chat) {
    // The clients that do serve the task go in the hint (alternativesHint).
    if (api === "chat") return { problem: { kind: "client-chat-only", client, task: context.task } };
    const hub = api === "hub" ? INFERENCE_LANGUAGES[language].hub : undefined;
    if (api === "hub" && !hub?.methods[context.task]) return notFound();
    if (hub?.refuses && context.call === "task" && context.provider !== "auto" && hub.refuses(context.provider, context.task)) {
      return { problem: { kind: "hub-client-refuses-provider", client, provider: context.provider, task: context.task, http: httpClientOf(language) } };
    }
    if (api !== "hub" && context.call === "library") {
      return { problem: { kind: "auto-needs-hub-client", client, task: context.task, hubClients: hubClients() } };
    }
    const owner = OWNERS.get(client);
    if (owner !== undefined) {
      if (context.provider !== owner) return { problem: { kind: "own-client-wrong-provider", client, owner, task: context.task } };
      if (context.mode !== "direct") return { problem: { kind: "own-client-needs-direct", client, owner, task: context.task } };
    }
  } else if (OWNERS.has(client)) {
    return notFound();
  } else if (context.routerPolicy !== undefined && api === "hub") {
    return { problem: { kind: "hub-client-picks-provider", client, policy: context.routerPolicy } };
  } else if (responses && !speaksResponses(language, client)) {
    return { problem: { kind: "client-lacks-responses", client, clients: responsesClients() } };
  }
  return templateExists(language, client, name) ? { template: name } : notFound();
}

/** The language's raw-HTTP client, which calls every provider for every task it serves. */
function httpClientOf(language: Language): Client {
  return CLIENTS_BY_LANGUAGE[language].find((client) => clientDescriptor(language, client).api === "http")!;
}

/** The clients that call provider auto for a task (huggingface_hub, huggingface.js). */
function hubClients(): string[] {
  return LANGUAGES.flatMap((language) => CLIENTS_BY_LANGUAGE[language].filter((client) => clientDescriptor(language, client).api === "hub"));
}

/** The clients that speak the Responses API, each as `client (language)`. */
function responsesClients(): string[] {
  return LANGUAGES.flatMap((language) =>
    CLIENTS_BY_LANGUAGE[language].filter((client) => speaksResponses(language, client)).map((client) => `${client} (${language})`),
  );
}

/** A client's program: its template rendered with its fields, with the import lines its code uses. */
function programFor<L extends Language>(pair: { language: L; client: ClientOf<L> }, name: TemplateName, context: SnippetContext): string {
  const language: InferenceLanguage<L> = INFERENCE_LANGUAGES[pair.language];
  const method = context.call === "chat" ? undefined : language.hub?.methods[context.task];
  const fields = fieldsOf(pair.language, pair.client, context, method);
  const uses = new Uses(language.imports);
  return uses.program(renderTemplate(pair.language, pair.client, name, fields, uses));
}

/** What the problems and notes of one model's generation are collected in. */
interface Findings {
  problems: Problem[];
  hints: Hint[];
  notes: Note[];
}

/**
 * The input as the provider takes it. The example's file is renamed to a type
 * the provider takes, since the user supplies that file anyway; the user's own
 * file is kept, with a warning.
 */
function acceptedInput(input: TaskInput, accepts: readonly string[] | undefined, provider: string, given: boolean, findings: Findings): TaskInput {
  if (input.kind !== "file" || accepts === undefined || accepts.includes(input.file.mime)) return input;
  // A URL that names no known type may serve any: the provider fetches it and judges.
  if (input.file.remote && knownMime(input.file.path) === undefined) return input;
  if (!given) return { kind: "file", file: withType(input.file, accepts[0]!) };
  const types = accepts.filter((type) => type.startsWith(`${input.file.media}/`));
  findings.notes.push({ kind: "provider-refuses-file-type", provider, mime: input.file.mime, types });
  return input;
}

function contextFor(model: ModelData, task: InferenceTask, chat: boolean, given: TaskInput, options: SettledOptions, findings: Findings): SnippetContext {
  const notes = findings.notes;
  let input = given;
  const mode = callMode(options);
  const provider = mode === "endpoint" ? "hf-inference" : options.provider;
  const facts = provider === "auto" ? undefined : PROVIDERS[provider];
  const mapped = options.providerModelId ?? mappingFor(model, provider)?.providerId;
  // A provider's own models carry its prefix on the hub ("openai/<name>") and not at the provider.
  const prefix = facts?.hubIdPrefix;
  const unprefixed = prefix !== undefined && model.id.startsWith(prefix) ? model.id.slice(prefix.length) : undefined;
  const providerModelId = mapped ?? unprefixed ?? model.id;
  const knowsHubId = facts?.servesHubIds === true || unprefixed !== undefined;
  // A direct call with the hub id in the provider's model slot names a model the provider does not know.
  if (mode === "direct" && mapped === undefined && !knowsHubId) {
    throw new SnippetProblem({ kind: "direct-needs-provider-id", model: model.id, provider });
  }
  const target: Target = {
    provider,
    providerModelId,
    modelId: model.id,
    mode,
    token: tokenSource(mode, provider, options.token),
    ...(options.endpointUrl !== undefined && { endpointUrl: options.endpointUrl }),
    ...(options.billTo !== undefined && { billTo: options.billTo }),
    ...(options.routerPolicy !== undefined && provider === "auto" && { policy: options.routerPolicy }),
    ...(options.unlistedProvider !== undefined && provider === "auto" && { policy: options.unlistedProvider }),
  };
  if (options.unlistedProvider !== undefined && !chat) {
    throw new SnippetProblem({ kind: "unlisted-provider-chat-only", model: model.id, provider: options.unlistedProvider, task });
  }
  if (options.routerPolicy !== undefined && !chat) {
    throw new SnippetProblem({ kind: "router-policy-chat-only", model: model.id, policy: options.routerPolicy, task });
  }
  const base = {
    task,
    modelId: model.id,
    provider,
    providerModelId,
    mode,
    token: target.token,
    input,
    usesExample: options.inputs === undefined,
    memo: new Map(),
    ...(target.policy !== undefined && { routerPolicy: target.policy }),
    ...(target.endpointUrl !== undefined && { endpointUrl: target.endpointUrl }),
    ...(target.billTo !== undefined && { billTo: target.billTo }),
  };
  let context: SnippetContext;
  if (chat) {
    if (input.kind !== "messages") throw new Error("a chat model takes messages");
    const parameters = chatParameters(options);
    const api = options.api ?? "chat";
    context = {
      ...base,
      call: "chat",
      api,
      request: chatRequest(target, input.messages, parameters, api),
      messages: input.messages,
      parameters,
      ...(options.tools !== undefined && { tools: options.tools }),
      ...(options.schema !== undefined && { schema: options.schema }),
    };
  } else if (provider !== "auto") {
    const routeTask = task as Exclude<RouteTask, "conversational">;
    const accepts = mode === "endpoint" ? undefined : routeOf(provider, routeTask).accepts;
    input = acceptedInput(input, accepts, provider, options.inputs !== undefined, findings);
    context = { ...base, input, call: "task", request: taskRequest(target, routeTask, input) };
  } else {
    context = { ...base, call: "library" };
  }
  // Said once the provider is known to serve the task, so a refusal is not buried under it.
  if (mapped === undefined && provider !== "auto" && facts?.servesHubIds !== true && mode !== "endpoint") {
    notes.push({ kind: "provider-id-unmapped", model: model.id, provider });
  }
  return context;
}

/**
 * A pipeline task with provider auto: the hub clients leave the provider to
 * the hub, but the others write the request themselves and need one. They get
 * the model's first live provider that serves the task, made as if it had been
 * asked for (--provider overrides it). Chat is not pinned: the router chooses.
 */
function pinnedProvider(
  model: ModelData,
  task: InferenceTask,
  context: SnippetContext,
  input: TaskInput,
  options: SettledOptions,
  findings: Findings,
): { provider: ProviderId; context: SnippetContext } | undefined {
  if (context.call !== "library") return undefined;
  const provider = firstServingProvider(model, task);
  if (provider === undefined) return undefined;
  const asked = { ...options, provider };
  try {
    return { provider, context: contextFor(modelForProvider(model, asked), task, false, input, asked, findings) };
  } catch (error) {
    // A provider whose request cannot be written leaves those clients as auto left them: without a snippet, saying why.
    if (error instanceof SnippetProblem) return undefined;
    throw error;
  }
}

function modelSnippets(model: ModelData, options: SettledOptions, findings: Findings): Snippet[] {
  const { problems, notes } = findings;
  const task = taskOf(model);
  const chat = isChatModel(model);
  if (task === "image-text-to-text" && !chat) throw new SnippetProblem({ kind: "image-text-needs-chat", model: model.id });
  const example = exampleInput(model);
  if (example === undefined) throw new SnippetProblem({ kind: "no-example-input", model: model.id });
  const defaults = fromExample(example);
  if (options.images !== undefined && !takesChatImages(model)) {
    throw new SnippetProblem({ kind: "images-not-taken", model: model.id, task, chat, imageTask: namesImage(defaults) });
  }
  let input =
    defaults.kind === "messages"
      ? chatInput(defaults, options.inputs, options.images)
      : options.inputs === undefined
        ? defaults
        : parseUserInputs(options.inputs, defaults, task);
  if (options.inputs !== undefined) findings.notes.push(...mediaWarnings(input, task, defaults));
  // --tools and the sample schema come with a question they fit; the user's own --inputs or images are kept.
  const question = exampleQuestion(options.tools, options.schema);
  if (chat && question !== undefined && options.inputs === undefined && options.images === undefined) {
    input = { kind: "messages", messages: [{ role: "user", content: question }] };
  }
  if (options.images !== undefined) findings.notes.push(...imageWarnings(options.images));
  if (!chat && (options.tools !== undefined || options.schema !== undefined)) {
    throw new SnippetProblem({ kind: "features-need-chat", model: model.id, setting: options.tools !== undefined ? "tools" : "schema", task });
  }
  if (!chat && hasChatParameters(options)) notes.push({ kind: "chat-parameters-ignored", model: model.id });
  const context = contextFor(model, task, chat, input, options, findings);

  const snippets: Snippet[] = [];
  const skipped: Problem[] = [];
  const pinned = pinnedProvider(model, task, context, input, options, findings);
  const pinnedClients: string[] = [];
  for (const pair of clientPairs(options)) {
    const { language, client } = pair;
    const own = pinned !== undefined && clientDescriptor(language, client).api !== "hub" ? pinned.context : context;
    const choice = templateFor(pair, own, chat, options.stream);
    if ("problem" in choice) {
      skipped.push(choice.problem);
      continue;
    }
    // Every template ends with one newline (test/inference/engine.test.ts checks it).
    const content = programFor(pair, choice.template, own);
    snippets.push({ model: model.id, language, client, provider: own.routerPolicy ?? own.provider, content });
    if (own !== context) pinnedClients.push(client);
  }
  if (pinned && pinnedClients.length > 0) {
    notes.push({ kind: "auto-pinned-provider", model: model.id, clients: pinnedClients, provider: pinned.provider, task });
  }
  // Say why a combination was left out when the user asked for it, or when nothing came out.
  if (options.client !== undefined || snippets.length === 0) problems.push(...skipped);
  return snippets;
}

/** Whether the router's list has the provider live for the model: the router serves its chat even where the hub's mapping lags. */
function routerServes(router: RouterFacts | undefined, modelId: string, provider: string): boolean {
  if (router === undefined || !("models" in router)) return false;
  return router.models.get(modelId)?.some((entry) => entry.provider === provider && entry.status === "live") === true;
}

function snippetsFor(requested: ModelData, given: SettledOptions): SnippetResult {
  let options = given;
  const findings: Findings = { problems: [], hints: [], notes: [] };
  // --tools and --schema need a provider that has them: the router's list decides (provider-features.ts).
  const decision = isChatModel(requested) ? featureDecision(requested.id, options, options.router) : { kind: "go" as const };
  if (decision.kind === "refuse") return { snippets: [], ...findings, problems: [decision.problem] };
  if (decision.note !== undefined) findings.notes.push(decision.note);
  if (decision.kind === "pin") options = pinnedOptions(options, decision.provider);
  const unlisted = options.unlistedProvider;
  if (
    unlisted !== undefined &&
    !liveProviders(requested).some((mapping) => mapping.provider === unlisted) &&
    !routerServes(options.router, requested.id, unlisted)
  ) {
    const live = liveProviders(requested).map((mapping) => mapping.provider);
    findings.problems.push({ kind: "unlisted-provider-not-live", model: requested.id, provider: unlisted, live });
    return { snippets: [], ...findings };
  }
  const unmapped = options.endpointUrl === undefined && !hasProviderMapping(requested);
  // Weights made for local apps: src/blocks/ says where to run them, naming the model as the user did.
  const localOnly = unmapped && runsLocally(requested);
  const model = modelForProvider(requested, options);
  try {
    const snippets = modelSnippets(model, options, findings);
    // Said of snippets that came out: where none did, the error is the news.
    if (unmapped && !localOnly && snippets.length > 0) {
      findings.notes.unshift({ kind: "no-mapping-may-fail", model: requested.id });
    }
    return { snippets, ...findings };
  } catch (error) {
    if (!(error instanceof SnippetProblem)) throw error;
    findings.problems.push(error.problem);
    return { snippets: [], ...findings };
  }
}

function pairLabel(snippet: Snippet): string {
  return `${snippet.client} (${snippet.language})`;
}

/**
 * When the language or client asked for has no snippet: the ones this
 * provider does have, and the providers that have the one asked for.
 */
function alternativesHint(model: ModelData, options: SettledOptions): Hint | undefined {
  const wanted = options.client ?? options.language!;
  const here = [...new Set(snippetsFor(model, { ...options, language: undefined, client: undefined }).snippets.map(pairLabel))];
  // Nothing in any language: the language or client is not what stands in the way.
  if (here.length === 0) return undefined;
  const elsewhere =
    options.endpointUrl !== undefined
      ? []
      : providerChoices(model).filter((provider) => {
          if (provider === options.provider || (provider === "auto" && options.direct)) return false;
          return snippetsFor(model, { ...options, provider }).snippets.length > 0;
        });
  return { kind: "alternatives", provider: options.provider, here, wanted, elsewhere };
}

/** Weights made for local apps that no provider maps: the command notes it, the picker offers local apps instead. */
export function onlyRunsLocally(model: ModelData): boolean {
  return !hasProviderMapping(model) && runsLocally(model);
}

/**
 * The snippets for one model. Problems specific to the model are reported, not
 * thrown; bad usage throws (a provider the model's mapping does not offer).
 */
export function generateSnippets(requested: ModelData, given: SnippetOptions): SnippetResult {
  const settled = settleOptions(given);
  const options: SettledOptions = { ...settled, provider: chosenProvider(requested, settled) };
  const result = snippetsFor(requested, options);
  // A problem of the model itself (no route, no task) leaves nothing here in any language: then there is no alternative to name.
  if (result.snippets.length === 0 && result.hints.length === 0 && (options.language !== undefined || options.client !== undefined)) {
    const hint = alternativesHint(requested, options);
    if (hint !== undefined) result.hints.push(hint);
  }
  return result;
}
