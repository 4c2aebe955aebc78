import { pyString, pyComment, PYTHON_LANGUAGE } from "../../format/python.js";
import type { FileRef, Tree } from "../payload.js";
import { holdsFile, pythonWriter, type LiteralWriter, type ResolveFile } from "../render-tree.js";
import { callInputs, PYTHON_METHODS, pythonClientRefuses, type ClientMethod } from "../client-methods.js";
import { chatBodyMembers, type HttpRequest } from "../request.js";
import type { TokenSource } from "../token.js";
import type { JsonPath } from "../providers/types.js";
import { fileVariable, literalForms, VARIABLE_WRITERS, variableIn, variableWriters, WRITERS, type LiteralForms, type ReadFile } from "./forms.js";
import { chatFiles, chatOf, inputFile, memoPerContext, requestOf, resultName, type ChatContext, type SnippetContext } from "./context.js";
import { bracedEntries, codeOutput, type CodeBody, type LanguageLiterals, type RawHttpParts } from "./common.js";
import { pythonQueue } from "./queue.js";
import { ChatCodeFields, setChatExtras, type ToolWriters } from "./tool-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ImportRule } from "./program-names.js";
import type { ToolNaming } from "../tools.js";

/*
 * Python's part of the snippet engine (its literals, label and clients are
 * src/format/python.ts): the template fields of each client, every value
 * Python source text already (literals from the formatters, or code built
 * from them), huggingface_hub's methods, and the names a tool's function
 * may not take.
 */

const PYTHON: LanguageLiterals = {
  string: pyString,
  comment: pyComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `os.environ[${pyString(token.name)}]` : pyString(token.value)),
  // The variable name is hubref's own ([A-Z0-9_]), so it may sit inside the f-string.
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `f"${scheme} {os.environ['${token.name}']}"` : pyString(`${scheme} ${token.value}`),
};

export class PythonFields extends ChatCodeFields {
  /** Argument lines (4-space indented, each ending in a comma) for the client call. */
  callArguments?: string;

  constructor(context: SnippetContext) {
    super(context, PYTHON);
  }
}

/** A tool's function is named by its wire name, unless Python or the snippet's own top-level code uses that name. */
const TOOL_NAMES: ToolNaming = {
  kind: "local",
  taken: [
    ...PYTHON_LANGUAGE.reserved,
    ...["json", "sys", "os", "base64", "Path", "requests", "OpenAI", "InferenceClient", "client", "payload", "messages", "ask"],
    ...["headers", "API_URL", "MAX_ROUNDS", "TOOL_FUNCTIONS", "reply", "content", "calls", "call", "result", "function", "response"],
    // The Responses loop's own top-level names.
    ...["inputs", "text"],
  ],
  suffix: "_tool",
};

const PYTHON_TOOL_WRITERS: ToolWriters = { string: pyString, comment: pyComment, tree: (tree, level) => WRITERS.python.tree(tree, level * 4) };

/** What a chat with tools or a structured reply adds. */
function chatExtras(context: SnippetContext, fields: PythonFields): void {
  setChatExtras(context, fields, TOOL_NAMES, PYTHON_TOOL_WRITERS);
}

/**
 * A client library's tools request as a dict: the call's arguments, which the loop sends again with each
 * round's messages (chat) or input (Responses, whose request body is the call's arguments as they are).
 */
function libraryToolPayload(context: ChatContext, model: string): string {
  const { messages, parameters } = context;
  const tree: Tree = context.api === "responses" ? responsesBodyTree(context) : { model, ...chatBodyMembers(messages, parameters) };
  return variableWriters(variableIn(chatFiles(context))).python.tree(tree);
}

/**
 * The standard library's modules and names the templates' code may use, as it uses them (a module as
 * `json.` of `json.loads`, never `json=payload`; a name as `Path(`), and the line that imports each.
 */
const IMPORTS: ImportRule = {
  lexicon: PYTHON_LANGUAGE.lexicon,
  uses: [
    ...["base64", "json", "os", "sys", "time"].map((name) => [`${name}.`, `import ${name}`] as const),
    ["urllib.", "import urllib.request"],
    ["Path(", "from pathlib import Path"],
    ["urlsplit(", "from urllib.parse import urlsplit"],
  ],
  write: importLines,
};

/** The standard-library import lines, `import x` before `from x import y` (the template follows them with a blank line). */
function importLines(imported: readonly string[]): string {
  if (imported.length === 0) return "";
  const lines = [...imported].sort((a, b) => Number(a.startsWith("from ")) - Number(b.startsWith("from ")) || (a < b ? -1 : a > b ? 1 : 0));
  return `${lines.join("\n")}\n`;
}

function subscripts(path: readonly (string | number)[]): string {
  return path.map((part) => `[${typeof part === "number" ? String(part) : pyString(part)}]`).join("");
}

function argumentLines(args: { name?: string; value: Tree }[], writer: LiteralWriter): string {
  let out = "";
  for (const { name, value } of args) out += `${out === "" ? "" : "\n"}    ${name === undefined ? "" : `${name}=`}${writer.tree(value, 4)},`;
  return out;
}

/** Lines that download a remote file into `download`; a failed download stops the snippet before it calls the provider. */
function downloadLines(file: FileRef): string {
  return `download = requests.get(${pyString(file.path)}, timeout=60)\ndownload.raise_for_status()`;
}

/** Lines that read each chat image into its variable as base64 text, before the call. */
function chatFileSetup(files: readonly ReadFile[]): string {
  return files.map(({ file, variable }) => `${variable} = base64.b64encode(Path(${pyString(file.path)}).read_bytes()).decode("ascii")`).join("\n");
}

/**
 * Statements that set `transcript` to the value at a path of the decoded reply in `result`, or None where the
 * reply has no such value: one step a line, each taking a key of a dict or an index of a list.
 */
function textLines(path: JsonPath): string {
  return path
    .map((key, index) => {
      const holder = index === 0 ? "result" : "transcript";
      return typeof key === "number"
        ? `transcript = ${holder}[${key}] if isinstance(${holder}, list) and len(${holder}) > ${key} else None`
        : `transcript = ${holder}.get(${pyString(key)}) if isinstance(${holder}, dict) else None`;
    })
    .join("\n");
}

/** requests: the HTTP request written out. */
function requestsFields(context: SnippetContext, request: HttpRequest): PythonFields & RawHttpParts {
  const fields = new PythonFields(context);
  const body = request.body;
  const file = inputFile(context.input);
  const images = context.call === "chat" ? chatFiles(context) : [];
  // A JSON body carries its files as base64 text or data URLs; a remote file's URL may stand in for its data URL.
  const encodesFiles = body.kind === "json" && holdsFile(body.value);
  const queue = request.queue;
  chatExtras(context, fields);
  fields.authScheme = request.auth.scheme;
  const headers: [string, string][] = [[pyString("Authorization"), fields.authorizationHeader]];
  for (const [name, value] of request.headers) headers.push([pyString(name), pyString(value)]);
  if (queue) fields.queue = pythonQueue(queue);
  let sent: CodeBody;
  if (body.kind === "binary") {
    const sentFile = body.file;
    sent = { bodyKind: "binary", binaryData: sentFile.remote ? "download.content" : `Path(${pyString(sentFile.path)}).read_bytes()` };
    if (sentFile.remote) fields.fileSetup = downloadLines(sentFile);
  } else {
    sent = { bodyKind: "json", providerInputs: literalForms(body.value, images.length > 0 ? variableWriters(variableIn(images)) : VARIABLE_WRITERS) };
    if (images.length > 0) fields.fileSetup = chatFileSetup(images);
    else if (encodesFiles && file) {
      const bytes = file.remote ? "download.content" : `Path(${pyString(file.path)}).read_bytes()`;
      fields.fileSetup = `${file.remote ? `${downloadLines(file)}\n` : ""}${fileVariable(file)} = base64.b64encode(${bytes}).decode("ascii")`;
    }
  }
  return Object.assign(
    fields,
    { fullUrl: pyString(request.url), headers: bracedEntries(headers) },
    sent,
    codeOutput(request.output, { file: pyString, field: subscripts, text: textLines }),
  );
}

/** The chat call's arguments after `model=`: messages, then the parameters given. */
const chatArgumentLines = memoPerContext((context: ChatContext): string => {
  const { messages, parameters } = context;
  const args: { name: string; value: Tree }[] = [{ name: "messages", value: messages }];
  if (parameters.response_format !== undefined) args.push({ name: "response_format", value: parameters.response_format });
  if (parameters.temperature !== undefined) args.push({ name: "temperature", value: parameters.temperature });
  if (parameters.max_tokens !== undefined) args.push({ name: "max_tokens", value: parameters.max_tokens });
  if (parameters.top_p !== undefined) args.push({ name: "top_p", value: parameters.top_p });
  return argumentLines(args, variableWriters(variableIn(chatFiles(context))).python);
});

/**
 * The chat's reasoning effort as each client takes it: openai names the
 * argument; huggingface_hub has none, and sends it in `extra_body`.
 */
function reasoningLine(context: ChatContext, client: "openai" | "huggingface_hub"): string {
  const effort = context.parameters.reasoning_effort;
  if (effort === undefined) return "";
  const arg = client === "openai" ? { name: "reasoning_effort", value: effort } : { name: "extra_body", value: { reasoning_effort: effort } };
  return `\n${argumentLines([arg], WRITERS.python)}`;
}

/** A Responses request's body, which a client library's call takes as its arguments. */
function responsesBodyTree(context: ChatContext): { [key: string]: Tree | undefined } {
  const body = context.request.body;
  if (body.kind !== "json" || typeof body.value !== "object" || body.value === null || Array.isArray(body.value))
    throw new Error("a Responses body is a JSON object");
  return body.value as { [key: string]: Tree | undefined };
}

/** The Responses call's arguments after `model=`: the request body's other members, as sent (`stream` is the template's). */
const responsesArgumentLines = memoPerContext((context: ChatContext): string => {
  const args = Object.entries(responsesBodyTree(context))
    .filter(([name, value]) => name !== "model" && name !== "stream" && value !== undefined)
    .map(([name, value]) => ({ name, value: value! }));
  return argumentLines(args, variableWriters(variableIn(chatFiles(context))).python);
});

/** A client library's chat: the images are read before the call, which refers to their variables. */
function readChatImages(context: ChatContext, fields: PythonFields): void {
  const images = chatFiles(context);
  if (images.length > 0) fields.fileSetup = chatFileSetup(images);
}

/**
 * What a hub client's snippet does with a task's result: prints it (chat too), saves each audio track, prints
 * the text of a transcript (`outputText`: the statements that set `transcript`), or saves an image or bytes
 * to `outputFile` (a literal).
 */
export type HubOutput =
  | { outputKind: "print" }
  | { outputKind: "tracks" }
  | { outputKind: "text-field"; outputText: string }
  | { outputKind: "image"; outputFile: string }
  | { outputKind: "bytes"; outputFile: string };

function huggingfaceHubFields(context: SnippetContext, method: ClientMethod | undefined): PythonFields & HubOutput & { callArguments: string } {
  const fields = new PythonFields(context);
  let output: HubOutput = { outputKind: "print" };
  let callArguments: string;
  if (context.call === "chat") {
    // huggingface_hub looks up no mapping for OpenAI: the model it is given goes to OpenAI as is.
    if (context.provider === "openai") fields.modelText = context.providerModelId;
    callArguments = chatArgumentLines(context) + reasoningLine(context, "huggingface_hub");
    fields.resultName = "completion";
    readChatImages(context, fields);
    chatExtras(context, fields);
    if (context.tools !== undefined) fields.toolPayload = libraryToolPayload(context, fields.modelText);
  } else {
    if (!method) throw new Error(`huggingface_hub has no method for ${context.task}`);
    fields.methodName = method.name;
    callArguments = argumentLines(callInputs(context.task, context.input).python, WRITERS.python);
    if (method.result === "tracks") {
      // Named by each track's content type, as the raw clients name what they save.
      output = { outputKind: "tracks" };
      fields.resultName = "tracks";
    } else if (method.result === "text") {
      output = { outputKind: "text-field", outputText: "transcript = result.text" };
    } else if (method.result !== "print") {
      const outputFile = pyString(`output.${method.extension ?? "bin"}`);
      output = method.result === "image" ? { outputKind: "image", outputFile } : { outputKind: "bytes", outputFile };
      fields.resultName = resultName(context.task);
    }
  }
  return Object.assign(fields, { callArguments }, output);
}

function openaiFields(context: ChatContext): PythonFields & { baseUrl: string; callArguments: string } {
  const request = context.request;
  const fields = new PythonFields(context);
  fields.modelText = request.model;
  readChatImages(context, fields);
  chatExtras(context, fields);
  if (context.tools !== undefined) fields.toolPayload = libraryToolPayload(context, request.model);
  const callArguments = context.api === "responses" ? responsesArgumentLines(context) : chatArgumentLines(context) + reasoningLine(context, "openai");
  fields.resultName = context.api === "responses" ? "response" : "completion";
  const extra = request.headers.filter(([name]) => name !== "Content-Type");
  if (extra.length > 0)
    fields.headers = bracedEntries(
      extra.map(([name, value]) => [pyString(name), pyString(value)]),
      4,
    );
  return Object.assign(fields, { baseUrl: pyString(request.baseUrl), callArguments });
}

/** fal_client uploads the local file once and passes its URL, kept in `<media>_url`. */
const falUrlVariable = (file: FileRef) => `${fileVariable(file)}_url`;
const falResolveFile: ResolveFile = (file) => falUrlVariable(file);
const FAL_WRITERS = { ...WRITERS, python: pythonWriter(falResolveFile) };

/** What fal_client's snippet does with the result: prints it, saves the file whose URL it names (`outputField`, subscripts of `result`), or prints a transcript. */
type FalOutput = { outputKind: "print" } | { outputKind: "url-field"; outputField: string } | { outputKind: "text-field"; outputText: string };

function falClientFields(context: SnippetContext, request: HttpRequest): PythonFields & FalOutput & { providerInputs: LiteralForms } {
  if (request.body.kind !== "json") throw new Error("fal takes JSON arguments");
  const fields = new PythonFields(context);
  const providerInputs = literalForms(request.body.value, FAL_WRITERS, 4);
  const file = inputFile(context.input);
  // A remote file's URL is in the arguments as is: fal fetches it.
  if (file && !file.remote) fields.fileSetup = `${falUrlVariable(file)} = client.upload_file(${pyString(file.path)})`;
  // A file the result names is saved, as every client does; fal_client's own HTTP client is not for downloads.
  let output: FalOutput = { outputKind: "print" };
  // subscribe() follows a queued job to its result, which names the file where the queue's output says.
  const filePath = request.queue?.output ?? (request.output.kind === "url-field" ? request.output.path : undefined);
  if (filePath !== undefined) {
    output = { outputKind: "url-field", outputField: subscripts(filePath) };
  }
  if (request.output.kind === "text-field") output = { outputKind: "text-field", outputText: textLines(request.output.path) };
  return Object.assign(fields, { providerInputs }, output);
}

export const PYTHON_INFERENCE = {
  fields: {
    huggingface_hub: huggingfaceHubFields,
    requests: (context) => requestsFields(context, requestOf(context, "requests")),
    openai: (context) => openaiFields(chatOf(context, "openai")),
    fal_client: (context) => falClientFields(context, requestOf(context, "fal_client")),
  },
  hub: { methods: PYTHON_METHODS, refuses: pythonClientRefuses },
  toolNames: TOOL_NAMES,
  imports: IMPORTS,
} satisfies InferenceLanguage<"python">;
