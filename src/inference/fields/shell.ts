import { shellQuote, shellComment, shellWord } from "../../format/shell.js";
import { LANGUAGES } from "../../format/languages.js";
import { jsonPieces } from "../render-tree.js";
import type { HttpRequest } from "../request.js";
import type { TokenSource } from "../token.js";
import type { JsonPath } from "../providers/types.js";
import { filesOfTree, fileVariable, literalForms, variableIn, WRITERS, type LiteralForms } from "./forms.js";
import { requestOf, type SnippetContext } from "./context.js";
import { replyOutput, TemplateFields, type LanguageLiterals, type ReplyOutput } from "./common.js";
import { shellQueue, type ShellQueueCode } from "./queue.js";
import type { InferenceLanguage } from "./language.js";

/*
 * The shell's part of the snippet engine (its literals, label and client are
 * src/format/shell.ts): the template fields for curl. Values are shell words: single-quoted by
 * shellQuote (nothing inside expands), except the token variable, whose name
 * is hubref's own, inside double quotes.
 */

const SHELL: LanguageLiterals = {
  string: shellQuote,
  comment: shellComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `"$${token.name}"` : shellQuote(token.value)),
  /** The whole `-H` argument. */
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"Authorization: ${scheme} $${token.name}"` : shellQuote(`Authorization: ${scheme} ${token.value}`),
};

export class ShellFields extends TemplateFields {
  fullUrl = "";
  /** --tools: the comment saying a tool call needs a program, which curl is not. */
  toolsNote?: string;
  /** A tools request that streams. */
  stream = false;
  providerInputs?: LiteralForms;
  /** The `-H` arguments besides Authorization. */
  headerWords: string[] = [];
  /** `-d <json>`, or `--data-binary @<file>` (`@-` when `printedBody` is piped in). */
  dataArgument = "";
  /** The lines that read or download the input's file into a variable (base64 text, or a temporary file), before the request. */
  fileSetup?: string;
  /** The script stops at the first failing command: it saves a file, or downloads the input first. */
  strict = false;
  /** The variable of a temporary file the input is downloaded to. */
  inputTemporary?: string;
  /** The temporary files removed on exit, as words for `rm -f`. */
  temporaries?: string;
  /** A JSON body with a file in it, as one shell word for printf: quoted text around "$variable". */
  printedBody?: string;
  /**
   * How the reply is kept (see `ReplyOutput`): the name a decoded base64 field is saved under is a word, its
   * `outputField` the words of the path to the base64 text, and `outputUrl` and `outputText` the command
   * substitutions that read the output file's URL and a transcript from `$reply`.
   */
  outputKind: ReplyOutput["outputKind"] = "json";
  /** What opens the request line: nothing when its reply is printed, else the capture of its content type or its JSON reply. */
  requestOpening = "";
  /** --schema without --stream: the reply is read, and the JSON its answer is printed indented. */
  structured = false;
  /** The reply is written to a temporary file before it is named: a file, a decoded field or a download. */
  get savesFile(): boolean {
    return this.outputKind !== "json" && this.outputKind !== "text-field";
  }
  /** A queued job: how the script polls it and finds its output. */
  queue?: ShellQueueCode;

  constructor(context: SnippetContext) {
    super(context, SHELL);
  }
}

const pathWords = (path: JsonPath) => path.map((key) => shellWord(String(key))).join(" ");

/** JSON text indented to sit under `-d` in a continued command line; JSON breaks lines only between tokens. */
function indentJson(text: string): string {
  return text.replace(/\n/g, "\n    ");
}

/** A download that fails (`-f`) stops the script: the request is never sent without its file. */
function download(url: string): string {
  return `curl -fsSL ${shellQuote(url)}`;
}

function writeBody(fields: ShellFields, request: HttpRequest): void {
  if (request.body.kind === "binary") {
    const file = request.body.file;
    if (!file.remote) {
      // curl sends an empty body, and exits 0, for a file it cannot read: the script checks it first.
      fields.fileSetup = `[ -r ${shellWord(file.path)} ] || { echo ${shellQuote(`Cannot read ${file.path}`)} >&2; exit 1; }`;
      fields.dataArgument = `--data-binary ${shellWord(`@${file.path}`)}`;
      return;
    }
    const variable = fileVariable(file);
    fields.inputTemporary = variable;
    fields.fileSetup = `${download(file.path)} -o "$${variable}"`;
    fields.dataArgument = `--data-binary @"$${variable}"`;
    return;
  }
  const pieces = jsonPieces(request.body.value);
  const only = pieces[0];
  if (pieces.length === 1 && only !== undefined && "text" in only) {
    fields.dataArgument = `-d ${shellQuote(indentJson(only.text))}`;
    return;
  }
  // Each file's base64 text sits in a variable and reaches curl through printf (a builtin) and a pipe:
  // a command line could not hold a large file.
  const files = filesOfTree(request.body.value);
  const variable = variableIn(files);
  let word = "";
  for (const piece of pieces) word += "text" in piece ? shellQuote(piece.text) : `"$${variable(piece.file)}"`;
  const setup = files.map(({ file, variable: name }) => {
    const source = file.remote ? `$(${download(file.path)} | base64 | tr -d '\\n')` : `$(base64 < ${shellWord(file.path)} | tr -d '\\n')`;
    return `${name}=${source}`;
  });
  if (setup.length > 0) fields.fileSetup = setup.join("\n");
  fields.dataArgument = "--data-binary @-";
  fields.printedBody = word;
}

/** The languages whose snippets are programs that run tool calls: every one but the shell's. */
const PROGRAM_LANGUAGES = ((names) => `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`)(LANGUAGES.filter((language) => language !== "sh"));

function curlFields(context: SnippetContext): ShellFields & ReplyOutput {
  const request = requestOf(context, "curl");
  const fields = new ShellFields(context);
  fields.authScheme = request.auth.scheme;
  fields.fullUrl = shellWord(request.url);
  fields.headerWords = request.headers.map(([name, value]) => shellQuote(`${name}: ${value}`));
  if (request.queue) fields.queue = shellQueue(request.queue);
  writeBody(fields, request);
  if (request.body.kind === "json") fields.providerInputs = literalForms(request.body.value, WRITERS);
  const output = request.output;
  fields.outputKind = output.kind;
  if (output.kind !== "json") fields.requestOpening = output.kind === "file" ? "if ! content_type=$(" : "if ! reply=$(";
  // Whatever the reply becomes is written to a temporary file first, then named.
  const temporaries = [fields.savesFile && '"$download"', fields.inputTemporary && `"$${fields.inputTemporary}"`].filter(Boolean);
  if (temporaries.length > 0) fields.temporaries = temporaries.join(" ");
  if (context.call === "chat" && context.schema !== undefined && !context.parameters.stream && context.tools === undefined) {
    fields.structured = true;
    fields.requestOpening = "if ! reply=$(";
  }
  if (context.call === "chat" && context.tools !== undefined) {
    fields.stream = context.parameters.stream;
    const responses = context.api === "responses";
    fields.toolsNote = [
      `This sends the first request only. When the reply asks for ${responses ? "function calls" : "tool calls"}, running them and`,
      `sending their ${responses ? "outputs" : "results"} back takes a program: --language ${PROGRAM_LANGUAGES}.`,
    ]
      .map(shellComment)
      .join("\n");
  }
  // A file that cannot be read stops the script rather than send an empty body or data URL.
  fields.strict = output.kind !== "json" || fields.fileSetup !== undefined;
  const field = (path: JsonPath) => (output.kind === "base64-field" ? pathWords(path) : `$(field ${pathWords(path)} <<<"$reply")`);
  return Object.assign(fields, replyOutput(output, { file: shellWord, field }));
}

export const SHELL_INFERENCE = {
  fields: { curl: curlFields },
  // curl sends the first request only: running the calls takes a program.
  toolNames: { kind: "none" },
} satisfies InferenceLanguage<"sh">;
