import type { ModelData } from "../model/schema.js";
import { exampleInput, NO_EXAMPLE_MESSAGE } from "../tasks/example-input.js";
import { CLIENTS_BY_LANGUAGE, isInferenceTask, LANGUAGES } from "./id-lists.js";
import type { Client, InferenceTask, Language, RouteTask } from "./ids.js";
import { fromExample, parseUserInputs, type TaskInput } from "./inputs.js";
import { JS_METHODS, PYTHON_METHODS } from "./client-methods.js";
import { chatRequest, routeOf, taskRequest, type ChatParameters, type Target } from "./request.js";
import { hasProviderMapping, mappingFor } from "../model/provider-mapping.js";
import { SnippetProblem, templateNotFoundMessage } from "./problem.js";
import { templateExists, renderTemplate, type TemplateName } from "./templates.js";
import { tokenSource, type CallMode } from "./token.js";
import type { SnippetContext } from "./fields/context.js";
import { pythonFields } from "./fields/python.js";
import { jsFields } from "./fields/js.js";
import { shellFields } from "./fields/shell.js";
import { settleOptions, type SettledOptions, type Snippet, type SnippetOptions, type SnippetResult } from "./snippet.js";
import { modelForProvider } from "./model-for-provider.js";
import { isChatModel } from "./chat-models.js";

/*
 * The snippet engine: for one model, the snippets of every language and
 * client that fit its task and the chosen provider, rendered from templates.
 */

const SAFE_TAG = /^[a-z0-9][a-z0-9-]{0,63}$/;

function taskOf(model: ModelData): InferenceTask {
  const tag = model.pipeline_tag;
  if (tag === undefined) throw new SnippetProblem(`${model.id}: the metadata has no pipeline tag, so there is no inference snippet`);
  // The tag is model metadata: name it only when it is a plain slug.
  if (!isInferenceTask(tag)) throw new SnippetProblem(`${model.id}: no inference snippets for ${SAFE_TAG.test(tag) ? `the pipeline tag ${tag}` : "its pipeline tag"}`);
  return tag;
}

function callMode(options: SettledOptions): CallMode {
  if (options.endpointUrl !== undefined) return "endpoint";
  return options.direct ? "direct" : "routed";
}

function chatParameters(options: SettledOptions): ChatParameters {
  return { temperature: options.temperature, max_tokens: options.maxTokens, top_p: options.topP, stream: options.stream };
}

function hasChatParameters(options: SettledOptions): boolean {
  return options.stream || options.temperature !== undefined || options.maxTokens !== undefined || options.topP !== undefined;
}

/** The (language, client) pairs to try, in listing order. */
function clientPairs(options: Pick<SettledOptions, "language" | "client">): [Language, Client][] {
  const languages = options.language !== undefined ? [options.language] : LANGUAGES;
  const pairs: [Language, Client][] = [];
  for (const language of languages) {
    for (const client of CLIENTS_BY_LANGUAGE[language]) {
      if (options.client === undefined || options.client === client) pairs.push([language, client]);
    }
  }
  return pairs;
}

/** The template for a client, or why there is none. A plain result, not an exception: most clients are skipped for most models. */
type TemplateChoice = { template: TemplateName } | { problem: string };

function templateFor(language: Language, client: Client, context: SnippetContext, chat: boolean, stream: boolean): TemplateChoice {
  const raw = client === "requests" || client === "fetch" || client === "curl";
  const name: TemplateName = chat ? (stream ? "conversationalStream" : "conversational") : raw && context.call === "task" && context.request.queue ? "queued" : "basic";
  const notFound = { problem: templateNotFoundMessage(language, client, context.task) };
  const library = client === "huggingface_hub" || client === "huggingface.js";
  if (!chat) {
    if (client === "openai") return { problem: openaiOnTask(context, stream) };
    if (library && !(language === "python" ? PYTHON_METHODS : JS_METHODS)[context.task]) return notFound;
    if (!library && context.call === "library") {
      return { problem: `with provider auto, ${context.task} snippets use huggingface_hub or huggingface.js: pick a provider with --provider for ${client}` };
    }
    if (client === "fal_client") {
      if (context.provider !== "fal-ai") return { problem: `fal_client calls fal only: use --provider fal-ai --direct (${context.task})` };
      if (context.mode !== "direct") return { problem: `fal_client calls fal directly with a fal key: add --direct (${context.task})` };
    }
  } else if (client === "fal_client") {
    return notFound;
  }
  return templateExists(language, client, name) ? { template: name } : notFound;
}

/** The openai client speaks only the chat API: say so, and name the clients that do serve this task here. */
function openaiOnTask(context: SnippetContext, stream: boolean): string {
  const serving: string[] = [];
  for (const language of LANGUAGES) {
    for (const client of CLIENTS_BY_LANGUAGE[language]) {
      if (client !== "openai" && "template" in templateFor(language, client, context, false, stream)) serving.push(`${client} (${language})`);
    }
  }
  const others = serving.length > 0 ? `${context.task} snippets use ${serving.join(", ")}` : `no client serves ${context.task} with provider ${context.provider}`;
  return `the openai client is for chat models; ${others}`;
}

function fieldsFor(language: Language, client: Client, context: SnippetContext): object {
  switch (language) {
    case "python":
      return pythonFields(client, context, context.call === "chat" ? undefined : PYTHON_METHODS[context.task]);
    case "js":
      return jsFields(client, context, context.call === "chat" ? undefined : JS_METHODS[context.task]);
    case "sh":
      return shellFields(client, context);
  }
}

function contextFor(model: ModelData, task: InferenceTask, chat: boolean, input: TaskInput, options: SettledOptions, notes: string[]): SnippetContext {
  const mode = callMode(options);
  const provider = mode === "endpoint" ? "hf-inference" : options.provider;
  const mapped = options.providerModelId ?? mappingFor(model, provider)?.providerId;
  // OpenAI's own models are named "openai/<name>" on the hub and "<name>" at OpenAI.
  const providerModelId = mapped ?? (provider === "openai" && model.id.startsWith("openai/") ? model.id.slice("openai/".length) : model.id);
  // A direct call with the hub id in the provider's model slot names a model the provider does not know.
  if (mode === "direct" && mapped === undefined && provider !== "hf-inference" && !(provider === "openai" && model.id.startsWith("openai/"))) {
    throw new SnippetProblem(`${model.id}: the metadata maps no ${provider} model id, so a direct call to ${provider} cannot name the model: set it with --provider-model-id, or leave out --direct`);
  }
  const target: Target = {
    provider,
    providerModelId,
    modelId: model.id,
    mode,
    token: tokenSource(mode, provider, options.token),
    ...(options.endpointUrl !== undefined && { endpointUrl: options.endpointUrl }),
    ...(options.billTo !== undefined && { billTo: options.billTo }),
  };
  const base = {
    task,
    modelId: model.id,
    provider,
    providerModelId,
    mode,
    token: target.token,
    input,
    memo: new Map(),
    ...(target.endpointUrl !== undefined && { endpointUrl: target.endpointUrl }),
    ...(target.billTo !== undefined && { billTo: target.billTo }),
  };
  let context: SnippetContext;
  if (chat) {
    if (input.kind !== "messages") throw new Error("a chat model takes messages");
    const parameters = chatParameters(options);
    context = { ...base, call: "chat", request: chatRequest(target, input.messages, parameters), messages: input.messages, parameters };
  } else if (provider !== "auto") {
    const routeTask = task as Exclude<RouteTask, "conversational">;
    context = { ...base, call: "task", request: taskRequest(target, routeTask, input) };
    const accepts = mode === "endpoint" ? undefined : routeOf(provider, routeTask).accepts;
    if (input.kind === "file" && accepts && !accepts.includes(input.file.mime)) {
      const types = accepts.filter((type) => type.startsWith(`${input.file.media}/`)).join(", ");
      notes.push(`${provider} refuses ${input.file.mime} files: pass a file of type ${types} with --inputs`);
    }
  } else {
    context = { ...base, call: "library" };
  }
  // Said once the provider is known to serve the task, so a refusal is not buried under it.
  if (mapped === undefined && provider !== "auto" && provider !== "hf-inference" && mode !== "endpoint") {
    notes.push(`${model.id}: the metadata maps no ${provider} model id; the snippet uses the hub id (set one with --provider-model-id)`);
  }
  return context;
}

function modelSnippets(model: ModelData, options: SettledOptions, problems: string[], notes: string[]): Snippet[] {
  const task = taskOf(model);
  const chat = isChatModel(model);
  if (task === "image-text-to-text" && !chat) throw new SnippetProblem(`${model.id}: image-text-to-text models have snippets only for chat (tagged conversational)`);
  const example = exampleInput(model);
  if (example === undefined) throw new SnippetProblem(`${model.id}: ${NO_EXAMPLE_MESSAGE}`);
  const defaults = fromExample(example);
  const input = options.inputs === undefined ? defaults : parseUserInputs(options.inputs, defaults, task);
  if (!chat && hasChatParameters(options)) notes.push(`${model.id}: --stream, --temperature, --max-tokens and --top-p apply to chat models only`);
  const context = contextFor(model, task, chat, input, options, notes);

  const snippets: Snippet[] = [];
  const skipped: string[] = [];
  for (const [language, client] of clientPairs(options)) {
    const choice = templateFor(language, client, context, chat, options.stream);
    if ("problem" in choice) {
      skipped.push(choice.problem);
      continue;
    }
    // Every template ends with one newline (test/inference/engine.test.ts checks it).
    const content = renderTemplate(language, client, choice.template, fieldsFor(language, client, context));
    snippets.push({ model: model.id, language, client, provider: context.provider, content });
  }
  // Say why a combination was left out when the user asked for it, or when nothing came out.
  if (options.client !== undefined || snippets.length === 0) problems.push(...new Set(skipped));
  return snippets;
}

/** GGUF and MLX weights are made for local apps; hub providers rarely serve them. */
function runsLocally(model: ModelData): boolean {
  return model.gguf !== undefined || model.library_name === "mlx" || model.tags.some((tag) => tag === "gguf" || tag === "mlx");
}

/**
 * The snippets for one model. Problems specific to the model are reported, not
 * thrown; bad usage throws (a provider the model's mapping does not offer).
 */
export function generateSnippets(requested: ModelData, given: SnippetOptions): SnippetResult {
  const options = settleOptions(given);
  const model = modelForProvider(requested, options);
  const problems: string[] = [];
  const notes: string[] = [];
  if (options.endpointUrl === undefined && !hasProviderMapping(requested) && runsLocally(requested)) {
    notes.push(`${requested.id}: no inference provider serves this model; to run it yourself: hubref apps --for ${requested.id}`);
  }
  try {
    return { snippets: modelSnippets(model, options, problems, notes), problems, notes };
  } catch (error) {
    if (error instanceof SnippetProblem) return { snippets: [], problems: [...problems, error.message], notes };
    throw error;
  }
}

