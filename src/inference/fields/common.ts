import { PYTHON_TREE } from "../../format/python.js";
import { writtenEntries } from "../../format/tree.js";
import type { TokenSource } from "../token.js";
import type { JsonPath, Output } from "../providers/types.js";
import { literalForms, WRITERS, type LiteralForms } from "./forms.js";
import { inputFile, inputTree, outputFileName, type SnippetContext } from "./context.js";
import type { QueueCode } from "./queue.js";
import { extensionRows, UNKNOWN_EXTENSION } from "../file-types.js";

/*
 * The template fields every client shares (the list: model, provider,
 * providerModelId, accessToken, authorizationHeader, billTo, endpointUrl,
 * inputs), as literal text in the snippet's language. Each is formatted on
 * first read: a template reads only some of them.
 */

/** How one language writes a string literal and the token. */
export interface LanguageLiterals {
  string(text: string): string;
  /** A one-line comment. */
  comment(text: string): string;
  accessToken(token: TokenSource): string;
  authorizationHeader(scheme: string, token: TokenSource): string;
}

/** The content-type table in each language's literals: the same for every snippet, so written once per language. */
const EXTENSION_LITERALS = new WeakMap<LanguageLiterals, readonly { contentType: string; extension: string }[]>();

export class TemplateFields {
  /** The text `model` formats: the hub id, unless a client names the model otherwise (OpenAI clients). */
  modelText: string;
  /** The scheme `authorizationHeader` uses: Bearer, unless the request says otherwise (fal's Key). */
  authScheme = "Bearer";
  #model?: string;
  #provider?: string;
  #providerModelId?: string;
  #accessToken?: string;
  #authorizationHeader?: string;
  #inputs?: LiteralForms;

  constructor(
    protected readonly context: SnippetContext,
    protected readonly literals: LanguageLiterals,
  ) {
    this.modelText = context.modelId;
  }

  get model(): string {
    return (this.#model ??= this.literals.string(this.modelText));
  }

  get provider(): string {
    return (this.#provider ??= this.literals.string(this.context.provider));
  }

  get providerModelId(): string {
    return (this.#providerModelId ??= this.literals.string(this.context.providerModelId));
  }

  get accessToken(): string {
    return (this.#accessToken ??= this.literals.accessToken(this.context.token));
  }

  get authorizationHeader(): string {
    return (this.#authorizationHeader ??= this.literals.authorizationHeader(this.authScheme, this.context.token));
  }

  get billTo(): string | undefined {
    return this.context.billTo === undefined ? undefined : this.literals.string(this.context.billTo);
  }

  get endpointUrl(): string | undefined {
    return this.context.endpointUrl === undefined ? undefined : this.literals.string(this.context.endpointUrl);
  }

  get inputs(): LiteralForms {
    return (this.#inputs ??= literalForms(inputTree(this.context.input), WRITERS));
  }

  /** A comment line saying the example's file name stands for the user's own file, when the snippet reads one. */
  get sampleNote(): string | undefined {
    const file = this.context.usesExample ? inputFile(this.context.input) : undefined;
    if (file === undefined || file.remote) return undefined;
    return this.literals.comment(
      `${file.path} is an example name: save ${file.media === "image" ? "an image" : "an audio"} file of yours there, or write its path instead.`,
    );
  }

  /** The content types whose file extension is not their subtype (src/inference/file-types.ts), as literals. */
  get fileExtensions(): readonly { contentType: string; extension: string }[] {
    let rows = EXTENSION_LITERALS.get(this.literals);
    if (rows === undefined) {
      rows = extensionRows().map((row) => ({ contentType: this.literals.string(row.contentType), extension: this.literals.string(row.extension) }));
      EXTENSION_LITERALS.set(this.literals, rows);
    }
    return rows;
  }

  /** The extension of a file whose type says nothing, as a literal. */
  get unknownExtension(): string {
    return this.literals.string(UNKNOWN_EXTENSION);
  }
}

/**
 * What the Python and JS templates both read beyond the shared fields: an
 * HTTP request's parts, a client call's name, and the result.
 */
export class CodeFields extends TemplateFields {
  fullUrl?: string;
  baseUrl?: string;
  methodName?: string;
  providerInputs?: LiteralForms;
  /** The headers object (raw HTTP), or the extra headers an OpenAI client sends. */
  headers?: string;
  /** The lines that read or download the input's file into a variable, when the body carries it as text or bytes. */
  fileSetup?: string;
  /** `json` bodies are sent as JSON; `binary` ones are a file's bytes. */
  bodyKind?: "json" | "binary";
  /** The expression that is the bytes of a `binary` body: a local file read, or a download's content. */
  binaryData?: string;
  resultName = "result";
  outputFile?: string;
  /** The statements that set `transcript` to the text a text-field reply is for (undefined, None or another type when it lacks it). */
  outputText?: string;
  /** Subscripts reaching the base64 field of a JSON reply, e.g. `["data"][0]["b64_json"]`. */
  outputField?: string;
  /** A queued job: how the snippet polls it and finds its output. */
  queue?: QueueCode;
  /** How the reply is used: printed, or written to `outputFile`. Each language adds its own kinds. */
  outputKind: Output["kind"] | "print" | "image" | "bytes" | "blob" | "tracks" | "masks" = "print";
  /** The extension of the masks a segmentation saves, as a literal. */
  outputExtension?: string;
}

/**
 * How a raw-HTTP snippet of curl, Go, Java, Ruby or PHP keeps the reply: printed (json), saved as it is
 * (file), decoded from a base64 field into `outputFile`, downloaded from the URL a field names
 * (`outputUrl`), or the text a field holds printed (`outputText`, a transcript; empty when the reply
 * lacks it). Each is an expression (curl: words) reading the reply.
 */
export type ReplyOutput =
  | { outputKind: "json" }
  | { outputKind: "file" }
  | { outputKind: "base64-field"; outputFile: string; outputField: string }
  | { outputKind: "url-field"; outputUrl: string }
  | { outputKind: "text-field"; outputText: string };

/** The reply kept as `output` says, with each kind's values from `write` (given the path in the reply). */
export function replyOutput(output: Output, write: { file(name: string): string; field(path: JsonPath): string }): ReplyOutput {
  switch (output.kind) {
    case "json":
      return { outputKind: "json" };
    case "file":
      return { outputKind: "file" };
    case "base64-field":
      return { outputKind: output.kind, outputFile: write.file(outputFileName(output)!), outputField: write.field(output.path) };
    case "url-field":
      return { outputKind: output.kind, outputUrl: write.field(output.path) };
    case "text-field":
      return { outputKind: output.kind, outputText: write.field(output.path) };
  }
}

/** What a raw-HTTP Python or JavaScript snippet sends: a file's bytes (an expression), or JSON data in the language's literals. */
export type CodeBody = { bodyKind: "binary"; binaryData: string } | { bodyKind: "json"; providerInputs: LiteralForms };

/**
 * How a raw-HTTP Python or JavaScript snippet keeps the reply: as `ReplyOutput` says, but the URL of a
 * url-field reply and the base64 text are subscripts of `result` (`outputField`), and a text-field's
 * `outputText` is the statements that set `transcript`.
 */
export type CodeOutput =
  | { outputKind: "json" }
  | { outputKind: "file" }
  | { outputKind: "base64-field"; outputFile: string; outputField: string }
  | { outputKind: "url-field"; outputField: string }
  | { outputKind: "text-field"; outputText: string };

/** The reply kept as `output` says, for Python and JavaScript: `field` reaches into `result`, `text` writes the statements that set `transcript`. */
export function codeOutput(output: Output, write: { file(name: string): string; field(path: JsonPath): string; text(path: JsonPath): string }): CodeOutput {
  switch (output.kind) {
    case "url-field":
      return { outputKind: output.kind, outputField: write.field(output.path) };
    case "text-field":
      return { outputKind: output.kind, outputText: write.text(output.path) };
    default:
      // The other kinds are kept as every raw-HTTP snippet keeps them.
      return replyOutput(output, write) as Extract<CodeOutput, { outputKind: "json" | "file" | "base64-field" }>;
  }
}

/** What a raw-HTTP Python or JavaScript template reads beyond its language's fields. */
export type RawHttpParts = { fullUrl: string; headers: string } & CodeBody & CodeOutput;

/** `{ key: value, ... }` over lines, nested `baseIndent` spaces: a Python dict or a JS object, from keys and values already written. */
export function bracedEntries(entries: [string, string][], baseIndent = 0): string {
  // Python's dict and JS's object are written alike.
  return writtenEntries(PYTHON_TREE, entries, " ".repeat(baseIndent));
}
