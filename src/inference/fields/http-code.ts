import type { FileEncoding, FileRef, Tree } from "../payload.js";
import type { HttpRequest, JobAddress } from "../request.js";
import type { JsonPath } from "../providers/types.js";
import type { QueueCode } from "./queue.js";
import { holdsFile } from "../render-tree.js";
import { fileVariable, variableIn } from "./forms.js";
import { chatFiles, inputFile, requestOf, type SnippetContext } from "./context.js";
import { replyOutput, TemplateFields, type LanguageLiterals, type ReplyOutput } from "./common.js";
import type { ToolCode } from "./tool-code.js";

/*
 * Template fields for the standard-library clients of Go, Java, Ruby and PHP.
 * They share one shape: the request written out (URL, headers, a JSON body
 * built from the language's own data and encoded by its encoder, or a file's
 * bytes), the reply printed or saved, and a queued job followed to its
 * output. What differs is syntax, which each language gives as an
 * `HttpLanguage`; every piece of text goes through its literal formatter.
 */

/** How one language writes data and reads decoded JSON. */
export interface HttpLanguage extends LanguageLiterals {
  /** A data tree as an expression of the language's own values; a file node becomes `file(...)`. */
  tree(tree: Tree, baseIndent: number, file: (file: FileRef, encoding: FileEncoding) => string): string;
  /** The value at a path in decoded JSON held by `variable`, as text (a missing value reads as empty or null). */
  textAt(variable: string, path: JsonPath): string;
  /** The value at a path, as it is (a string, or a list whose first item is wanted). */
  valueAt(variable: string, path: JsonPath): string;
  /** String concatenation of expressions. */
  concat(parts: string[]): string;
  /** The path of the URL in a string expression. */
  urlPath(expression: string): string;
  /** A condition: the string in variable `state` is one of `values`. */
  oneOf(values: readonly string[]): string;
  /** A variable as an expression (PHP's start with `$`). */
  variable?(name: string): string;
}

/** One header: its name and value, as expressions. */
export interface HeaderCode {
  name: string;
  value: string;
}

/** A file the snippet reads or downloads, into variable `variable`. */
export interface FileCode {
  variable: string;
  /** The local path or the URL, as a literal. */
  path: string;
  remote: boolean;
  /** The body carries the file as base64 text (a JSON body), or as its bytes (a binary body). */
  base64: boolean;
}

/** A queued job's code for a raw-HTTP program: the fields every queued template reads, and two more. */
export interface HttpQueueCode extends QueueCode {
  /** Where the output URL is when it is not at `output` (fal's audio models answer either). */
  outputElsewhere?: string;
  /** Whether a status or result address is the path of a URL in a reply (the helper that reads it is written). */
  readsUrlPath: boolean;
}

export class HttpFields extends TemplateFields {
  fullUrl = "";
  headers: HeaderCode[] = [];
  bodyKind: HttpBody["bodyKind"] = "json";
  /** The JSON body as the language's data (a JSON body only: see `HttpBody`). */
  payload?: string;
  /** The file the body carries: its bytes (a binary body), or as base64 text in the JSON. */
  file?: FileCode;
  /** The local images a chat sends as data URLs, each read into its variable as base64 text before the request. */
  chatImages: FileCode[] = [];
  /** How the reply is kept (with what each kind needs: see `ReplyOutput`). */
  outputKind: ReplyOutput["outputKind"] = "json";
  queue?: HttpQueueCode;
  chat = false;
  stream = false;
  /** --tools: the local functions and the loop's limit. */
  tools?: ToolCode;
  /** --schema without --stream: the reply is parsed as JSON and printed as data. */
  structured = false;
  /** The token is read from the environment. */
  readsEnv: boolean;
  /** The `Name: value` header lines, as expressions (PHP's curl takes headers so). */
  headerLines: string[] = [];
  /** The program names a file by its content type (the helper that does is written). */
  get savesByType(): boolean {
    return this.outputKind === "file" || this.outputKind === "url-field";
  }

  /** The program downloads its output from a URL a reply names (the helper that does is written). */
  get downloadsOutput(): boolean {
    return this.queue !== undefined || this.outputKind === "url-field";
  }

  /** The program reads values at paths in decoded JSON (the helpers that do are written). */
  get readsJson(): boolean {
    return this.queue !== undefined || this.outputKind === "base64-field" || this.outputKind === "url-field" || this.outputKind === "text-field";
  }

  constructor(
    context: SnippetContext,
    readonly language: HttpLanguage,
  ) {
    super(context, language);
    this.readsEnv = context.token.kind === "env";
  }
}

/** What the request sends: a file's bytes, or JSON built from the language's data (which may carry a file as base64 text). */
export type HttpBody = { bodyKind: "binary"; file: FileCode } | { bodyKind: "json"; payload: string; file?: FileCode };

/** What a raw-HTTP template of these languages reads: the fields, with the body's and the output's own parts. */
export type HttpCode = HttpFields & HttpBody & ReplyOutput;

function address(language: HttpLanguage, link: JobAddress): string {
  const value = language.textAt("job", link.field);
  const parts = [link.before === "" ? undefined : language.string(link.before), link.kind === "url-path" ? language.urlPath(value) : value];
  if (link.after !== "") parts.push(language.string(link.after));
  return language.concat(parts.filter((part): part is string => part !== undefined));
}

function queueCode(language: HttpLanguage, request: HttpRequest): HttpQueueCode | undefined {
  const job = request.queue;
  if (!job) return undefined;
  return {
    statusUrl: address(language, job.status),
    ...(job.result && { resultUrl: address(language, job.result) }),
    state: language.textAt("status", job.state),
    done: language.string(job.done),
    ...(job.failed.length > 0 && { failed: language.oneOf(job.failed) }),
    error: job.error ? language.textAt("status", job.error) : language.textAt("status", []),
    output: language.valueAt("result", job.output),
    ...(job.outputElsewhere && { outputElsewhere: language.valueAt("result", job.outputElsewhere) }),
    outputMayBeList: job.outputMayBeList ?? false,
    readsUrlPath: [job.status, job.result].some((link) => link?.kind === "url-path"),
    interval: job.interval,
    polls: job.polls,
    seconds: job.interval * job.polls,
  };
}

function bodyCode(context: SnippetContext, request: HttpRequest, language: HttpLanguage): HttpBody {
  const body = request.body;
  if (body.kind === "binary") {
    const file = body.file;
    return { bodyKind: "binary", file: { variable: "data", path: language.string(file.path), remote: file.remote === true, base64: false } };
  }
  const file = inputFile(context.input);
  const images = context.call === "chat" ? chatFiles(context) : [];
  const name = variableIn(images);
  const variable = (file: FileRef) => language.variable?.(name(file)) ?? name(file);
  const payload = language.tree(body.value, 0, (file, encoding: FileEncoding) =>
    encoding === "data-url" ? language.concat([language.string(`data:${file.mime};base64,`), variable(file)]) : variable(file),
  );
  // A remote file's URL may stand in for its data URL: then the body refers to no file.
  if (file === undefined || !holdsFile(body.value)) return { bodyKind: "json", payload };
  return { bodyKind: "json", payload, file: { variable: fileVariable(file), path: language.string(file.path), remote: file.remote === true, base64: true } };
}

/** The fields of a raw-HTTP snippet in one of these languages. */
export function httpFields(context: SnippetContext, client: string, language: HttpLanguage): HttpCode {
  const request = requestOf(context, client);
  const fields = new HttpFields(context, language);
  fields.authScheme = request.auth.scheme;
  fields.fullUrl = language.string(request.url);
  fields.headers = [{ name: language.string("Authorization"), value: fields.authorizationHeader }];
  for (const [name, value] of request.headers) fields.headers.push({ name: language.string(name), value: language.string(value) });
  fields.chat = context.call === "chat";
  fields.stream = context.call === "chat" && context.parameters.stream;
  fields.structured = context.call === "chat" && context.schema !== undefined && !context.parameters.stream;
  const queue = queueCode(language, request);
  if (queue) fields.queue = queue;
  const images = context.call === "chat" && request.body.kind === "json" ? chatFiles(context) : [];
  fields.chatImages = images.map(({ file, variable }) => ({ variable, path: language.string(file.path), remote: false, base64: true }));
  // A queued job's output is a file the program downloads once the job is done.
  const output: ReplyOutput = request.queue
    ? { outputKind: "file" }
    : replyOutput(request.output, { file: language.string, field: (path) => language.textAt("result", path) });
  return Object.assign(fields, bodyCode(context, request, language), output);
}
