import { problemKind } from "./kind.js";

/*
 * What the user handed over and hubref could not read: a metadata file,
 * stdin, JSON text, a model id, the --tools and --schema files. `path` and
 * `source` name the input as the user gave it (`<stdin>` for stdin).
 */

/** Why a file could not be read, from the system's error. */
export type Unreadable = "directory" | "denied" | "parent-not-directory" | "error";

/** Why bytes that were read are not text hubref reads. */
export type NotText = "utf16-le" | "utf16-be" | "empty" | "binary" | "not-utf8";

/** Where JSON text goes wrong: the scanner's finding at that position, or nesting past the limit. */
export type JsonFault = { kind: "syntax"; reason: string } | { kind: "too-deep"; levels: number };

/** What a file of tools or a reply schema holds that it should not. */
export type ToolFileFault =
  | { kind: "not-json"; detail: string }
  | { kind: "not-tools" }
  | { kind: "field"; field: string; issue: string }
  | { kind: "tool-twice"; name: string }
  | { kind: "not-schema" };

export const INPUT_PROBLEMS = {
  "input-missing": problemKind<{ path: string }>("usage"),
  /** `detail`: the system's error code (or its message) when `found` is "error". */
  "input-unreadable": problemKind<{ path: string; found: Unreadable; detail?: string }>("usage"),
  /** `sizeBytes`: the file's size, when it was known before reading. */
  "input-too-large": problemKind<{ path: string; limitBytes: number; sizeBytes?: number }>("usage"),
  "input-not-text": problemKind<{ path: string; found: NotText }>("usage"),
  "json-invalid": problemKind<{ source: string; line: number; column: number; fault: JsonFault }>("usage"),
  /** A value a schema refuses: `field` is its JSON path, `issue` the validator's finding, `more` the other problems found. */
  "field-invalid": problemKind<{ source: string; field: string; issue: string; more: number; required: boolean }>("usage"),
  /** Model metadata that is not a JSON object: `got` is what it is, an array, null or a value's `typeof`. */
  "metadata-not-object": problemKind<{
    source: string;
    got: "array" | "null" | "string" | "number" | "boolean" | "bigint" | "symbol" | "undefined" | "function";
  }>("usage"),
  "metadata-no-id": problemKind<{ source: string }>("usage"),
  /** A file of tools (`tools`) or a reply schema (`schema`) that is not what it should hold. */
  "tool-file-invalid": problemKind<{ source: string; file: "tools" | "schema"; fault: ToolFileFault }>("usage"),
  /** A MODEL argument that is neither a file nor a model id; `why` says what the id lacks. */
  /** A library function's option (an MCP tool's argument, `noun`) that none of its options is (`closest`: the one close to it, if one is). */
  "option-unknown": problemKind<{ call: string; option: string; known: readonly string[]; closest?: string; more: number; noun?: "argument" }>("usage"),
  /** A library function's option of the wrong type or value; `given`: what it was, shortly. */
  "option-invalid": problemKind<{ call: string; option: string; expected: string; given: string; more: number; madeBy?: string }>("usage"),
  "not-a-model": problemKind<{ given: string; why: string }>("usage"),
  /** A URL that names no model's page on the hub. */
  "not-a-model-page": problemKind<{ given: string }>("usage"),
} as const;
