import { jsPropertyKey, jsString, jsComment, JS_LANGUAGE } from "../../format/js.js";
import type { FileRef, Tree } from "../payload.js";
import { holdsFile } from "../render-tree.js";
import { callInputs, JS_METHODS, type ClientMethod } from "../client-methods.js";
import { chatBodyMembers, type HttpRequest } from "../request.js";
import type { TokenSource } from "../token.js";
import { fileVariable, literalForms, VARIABLE_WRITERS, variableIn, variableWriters, WRITERS, type ReadFile } from "./forms.js";
import { chatFiles, chatOf, inputFile, requestOf, resultName, type ChatContext, type SnippetContext } from "./context.js";
import { bracedEntries, codeOutput, type CodeBody, type LanguageLiterals, type RawHttpParts } from "./common.js";
import { jsQueue } from "./queue.js";
import { ChatCodeFields, setChatExtras, type ToolWriters } from "./tool-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ImportRule } from "./program-names.js";
import type { ToolNaming } from "../tools.js";

/*
 * JavaScript's part of the snippet engine (its literals, label and clients
 * are src/format/js.ts): the template fields of each client for ES modules
 * with top-level await, every value JS source text already;
 * @huggingface/inference's methods; the names a tool's function may not take.
 */

const JS: LanguageLiterals = {
  string: jsString,
  comment: jsComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `process.env.${token.name}` : jsString(token.value)),
  // The variable name is hubref's own ([A-Z0-9_]), so it may sit inside the template literal.
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `\`${scheme} \${process.env.${token.name}}\`` : jsString(`${scheme} ${token.value}`),
};

export class JsFields extends ChatCodeFields {
  /** Member lines (indented, each ending in a comma) of the client call's argument object. */
  callMembers?: string;
  /** The client call may wait for a queued job: the snippet keeps Node running meanwhile. */
  keepAlive = false;

  constructor(context: SnippetContext) {
    super(context, JS);
  }
}

/** The file functions of node:fs/promises the templates' code may call, as it calls them. */
const IMPORTS: ImportRule = {
  lexicon: JS_LANGUAGE.lexicon,
  uses: [
    ["readFile(", "readFile"],
    ["writeFile(", "writeFile"],
  ],
  write: importLines,
};

/** The node:fs import line (a template whose code follows it, not its client's import, adds a blank line). */
function importLines(used: readonly string[]): string {
  return used.length === 0 ? "" : `import { ${used.join(", ")} } from "node:fs/promises";\n`;
}

function propertyPath(path: readonly (string | number)[]): string {
  return path.map((part) => `[${typeof part === "number" ? String(part) : jsString(part)}]`).join("");
}

/** The statement that sets `transcript` to the value at a path of the decoded reply in `result`: undefined where the reply has none. */
function textLine(path: readonly (string | number)[]): string {
  const steps = path.map((part) =>
    typeof part === "number" ? `?.[${part}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? `?.${part}` : `?.[${jsString(part)}]`,
  );
  return `const transcript = result${steps.join("")};`;
}

/** Statements that download a remote file into the response `download`; a failed download stops the snippet before it calls the provider. */
function downloadLines(file: FileRef): string {
  return `const download = await fetch(${jsString(file.path)});\nif (!download.ok) {\n    throw new Error(\`Download failed: \${download.status}\`);\n}`;
}

/** Statements that read each chat image into its variable as base64 text, before the call. */
function chatFileSetup(files: readonly ReadFile[]): string {
  return files.map(({ file, variable }) => `const ${variable} = (await readFile(${jsString(file.path)})).toString("base64");`).join("\n");
}

/** A tool's function is named by its wire name, unless JavaScript or the snippet's own top-level code uses that name. */
const TOOL_NAMES: ToolNaming = {
  kind: "local",
  taken: [
    ...JS_LANGUAGE.reserved,
    ...["OpenAI", "InferenceClient", "readFile", "writeFile", "client", "payload", "messages", "ask", "toolFunctions", "MAX_ROUNDS"],
    // The Responses loop's own top-level names.
    ...["input", "answered"],
  ],
  suffix: "Tool",
};

const JS_TOOL_WRITERS: ToolWriters = { string: jsString, comment: jsComment, tree: (tree, level) => WRITERS.ts.tree(tree, level * 4) };

/** A client library's tools request as an object: the call's argument, which the loop sends again with each round's messages. */
function libraryToolPayload(context: ChatContext, target: Record<string, Tree | undefined>): string {
  const { messages, parameters } = context;
  const tree: Tree = { ...target, ...chatBodyMembers(messages, parameters) };
  return variableWriters(variableIn(chatFiles(context))).ts.tree(tree);
}

function fetchFields(context: SnippetContext, request: HttpRequest): JsFields & RawHttpParts {
  const fields = new JsFields(context);
  setChatExtras(context, fields, TOOL_NAMES, JS_TOOL_WRITERS);
  const body = request.body;
  const file = inputFile(context.input);
  const images = context.call === "chat" ? chatFiles(context) : [];
  // A remote file's URL may stand in for its data URL: then the body refers to no file.
  const encodesFiles = body.kind === "json" && holdsFile(body.value);
  fields.authScheme = request.auth.scheme;
  const headers: [string, string][] = [["Authorization", fields.authorizationHeader]];
  for (const [name, value] of request.headers) headers.push([jsPropertyKey(name), jsString(value)]);
  if (request.queue) fields.queue = jsQueue(request.queue);
  let sent: CodeBody;
  if (body.kind === "binary") {
    const sentFile = body.file;
    sent = { bodyKind: "binary", binaryData: sentFile.remote ? "await download.arrayBuffer()" : `await readFile(${jsString(sentFile.path)})` };
    if (sentFile.remote) fields.fileSetup = downloadLines(sentFile);
  } else {
    sent = { bodyKind: "json", providerInputs: literalForms(body.value, images.length > 0 ? variableWriters(variableIn(images)) : VARIABLE_WRITERS) };
    if (images.length > 0) fields.fileSetup = chatFileSetup(images);
    else if (encodesFiles && file) {
      fields.fileSetup = file.remote
        ? `${downloadLines(file)}\nconst ${fileVariable(file)} = Buffer.from(await download.arrayBuffer()).toString("base64");`
        : `const ${fileVariable(file)} = (await readFile(${jsString(file.path)})).toString("base64");`;
    }
  }
  // A queued job's snippet names its headers once, for the submission and the polls.
  const parts = { fullUrl: jsString(request.url), headers: bracedEntries(headers, request.queue ? 0 : 4) };
  return Object.assign(fields, parts, sent, codeOutput(request.output, { file: jsString, field: propertyPath, text: textLine }));
}

function chatMembers(context: ChatContext): Record<string, Tree | undefined> {
  const { messages, parameters } = context;
  return {
    messages,
    response_format: parameters.response_format,
    temperature: parameters.temperature,
    max_tokens: parameters.max_tokens,
    top_p: parameters.top_p,
    reasoning_effort: parameters.reasoning_effort,
  };
}

/** A Responses request's body, which the openai client's call takes as its argument. */
function responsesBodyTree(context: ChatContext): Record<string, Tree | undefined> {
  const body = context.request.body;
  if (body.kind !== "json" || typeof body.value !== "object" || body.value === null || Array.isArray(body.value))
    throw new Error("a Responses body is a JSON object");
  return body.value as Record<string, Tree | undefined>;
}

/** The Responses call's members: the request body as sent, but `stream`, which the template writes. */
function responsesMembers(context: ChatContext): Record<string, Tree | undefined> {
  const { stream: _stream, ...members } = responsesBodyTree(context);
  return members;
}

function memberLines(members: Record<string, Tree | undefined>, baseIndent: number, writers = WRITERS): string {
  return `${writers.ts.members(members, baseIndent).join(",\n")},`;
}

/** A client library's chat: the images are read before the call, whose messages refer to their variables. */
function chatCallMembers(context: ChatContext, fields: JsFields, members: Record<string, Tree | undefined>, baseIndent: number): string {
  const images = chatFiles(context);
  if (images.length === 0) return memberLines(members, baseIndent);
  fields.fileSetup = chatFileSetup(images);
  return memberLines(members, baseIndent, variableWriters(variableIn(images)));
}

/**
 * What huggingface.js's snippet does with a task's result: prints it (chat too), saves a Blob to
 * `outputFile` (a literal), prints a transcript (`outputText`: the statement that sets `transcript`), saves
 * each audio track, or saves each segment's mask with the extension `outputExtension` (a literal).
 */
type HubOutput =
  | { outputKind: "print" }
  | { outputKind: "tracks" }
  | { outputKind: "blob"; outputFile: string }
  | { outputKind: "text-field"; outputText: string }
  | { outputKind: "masks"; outputExtension: string };

function huggingfaceJsFields(context: SnippetContext, method: ClientMethod | undefined): JsFields & HubOutput & { callMembers: string } {
  const fields = new JsFields(context);
  // An endpoint serves one model: the client is bound to its URL, and the call names no provider or model.
  const target: Record<string, Tree | undefined> = context.endpointUrl === undefined ? { provider: context.provider, model: context.modelId } : {};
  if (context.call === "chat") {
    const callMembers = chatCallMembers(context, fields, { ...target, ...chatMembers(context) }, 8);
    fields.resultName = "chatCompletion";
    setChatExtras(context, fields, TOOL_NAMES, JS_TOOL_WRITERS);
    // The stream's own method streams: the request carries no stream member.
    if (context.tools !== undefined) fields.toolPayload = libraryToolPayload({ ...context, parameters: { ...context.parameters, stream: false } }, target);
    return Object.assign(fields, { callMembers, outputKind: "print" as const });
  }
  if (!method) throw new Error(`huggingface.js has no method for ${context.task}`);
  fields.methodName = method.name;
  fields.resultName = "output";
  if (context.call === "task" && context.request.queue?.jsClientReadsFirstReply) fields.queue = jsQueue(context.request.queue);
  // With provider auto, the router may pick a provider that queues the job.
  // Where the snippet follows the job itself, its own timers keep Node running.
  fields.keepAlive =
    (context.call === "task" && context.request.queue !== undefined && !fields.queue) ||
    (context.provider === "auto" && method.result !== "print" && method.result !== "text");
  let output: HubOutput = { outputKind: "print" };
  if (method.result === "blob") {
    output = { outputKind: "blob", outputFile: jsString(`output.${method.extension ?? "bin"}`) };
    fields.resultName = resultName(context.task);
  } else if (method.result === "text") {
    output = { outputKind: "text-field", outputText: "const transcript = output.text;" };
  } else if (method.result === "tracks") {
    output = { outputKind: "tracks" };
    fields.resultName = method.result;
  } else if (method.result === "masks") {
    // The client's masks are PNG images.
    output = { outputKind: "masks", outputExtension: jsString(`.${method.extension ?? "png"}`) };
    fields.resultName = method.result;
  }
  const callMembers = memberLines({ ...target, ...callInputs(context.task, context.input).js }, 8);
  const file = inputFile(context.input);
  // The client takes a Blob, not a URL: the snippet downloads a remote file first (see jsResolveFile).
  if (file?.remote) fields.fileSetup = `${downloadLines(file)}\nconst ${fileVariable(file)} = await download.blob();`;
  return Object.assign(fields, { callMembers }, output);
}

function openaiFields(context: ChatContext): JsFields & { baseUrl: string; callMembers: string } {
  const request = context.request;
  const fields = new JsFields(context);
  fields.modelText = request.model;
  const responses = context.api === "responses";
  const callMembers = chatCallMembers(context, fields, responses ? responsesMembers(context) : { model: request.model, ...chatMembers(context) }, 4);
  fields.resultName = responses ? "response" : "chatCompletion";
  setChatExtras(context, fields, TOOL_NAMES, JS_TOOL_WRITERS);
  // The Responses loop sends the request body as it is, its input extended each round.
  if (context.tools !== undefined)
    fields.toolPayload = responses
      ? variableWriters(variableIn(chatFiles(context))).ts.tree(responsesBodyTree(context))
      : libraryToolPayload(context, { model: request.model });
  const extra = request.headers.filter(([name]) => name !== "Content-Type");
  if (extra.length > 0)
    fields.headers = bracedEntries(
      extra.map(([name, value]) => [jsPropertyKey(name), jsString(value)]),
      4,
    );
  return Object.assign(fields, { baseUrl: jsString(request.baseUrl), callMembers });
}

export const JS_INFERENCE = {
  fields: {
    "huggingface.js": huggingfaceJsFields,
    fetch: (context) => fetchFields(context, requestOf(context, "fetch")),
    openai: (context) => openaiFields(chatOf(context, "openai")),
  },
  hub: { methods: JS_METHODS },
  toolNames: TOOL_NAMES,
  imports: IMPORTS,
} satisfies InferenceLanguage<"js">;
