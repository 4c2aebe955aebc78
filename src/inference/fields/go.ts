import { goString, goComment } from "../../format/go.js";
import type { Client } from "../ids.js";
import type { Tree } from "../payload.js";
import { isFileNode, fileOfNode } from "../payload.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import { httpFields, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for Go (net/http): data as map[string]any and []any,
 * encoded by encoding/json. The templates' helpers `at` and `text` read
 * decoded JSON. Go refuses an unused import, so the fields list the imports
 * the template's code will use.
 */

const TAB = "\t";

function key(path: JsonPath): string {
  return path.map((part) => (typeof part === "number" ? String(part) : goString(part))).join(", ");
}

function scalar(value: number | boolean | null): string {
  if (value === null) return "nil";
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
  return String(value);
}

export const GO: HttpLanguage = {
  string: goString,
  comment: goComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `os.Getenv("${token.name}")` : goString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    // A call's argument: gofmt writes the + without spaces there.
    token.kind === "env" ? `"${scheme} "+os.Getenv("${token.name}")` : goString(`${scheme} ${token.value}`),
  tree(tree, baseIndent, file) {
    const write = (value: Tree, depth: number): string => {
      if (typeof value === "string") return goString(value);
      if (value === null || typeof value !== "object") return scalar(value);
      if (isFileNode(value)) {
        const { file: ref, encoding } = fileOfNode(value);
        return file(ref, encoding);
      }
      const inner = TAB.repeat(depth + 1);
      if (Array.isArray(value)) {
        if (value.length === 0) return "[]any{}";
        return `[]any{\n${value.map((item) => `${inner}${write(item, depth + 1)},\n`).join("")}${TAB.repeat(depth)}}`;
      }
      const entries = Object.entries(value).filter((entry): entry is [string, Tree] => entry[1] !== undefined);
      if (entries.length === 0) return "map[string]any{}";
      return `map[string]any{\n${entries.map(([name, item]) => `${inner}${goString(name)}: ${write(item, depth + 1)},\n`).join("")}${TAB.repeat(depth)}}`;
    };
    // The statement is in func main, one tab in.
    return write(tree, baseIndent + 1);
  },
  textAt: (variable, path) => `text(at(${[variable, key(path)].filter(Boolean).join(", ")}))`,
  valueAt: (variable, path) => `at(${[variable, key(path)].filter(Boolean).join(", ")})`,
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `urlPath(${expression})`,
  oneOf: (values) => values.map((value) => `state == ${goString(value)}`).join(" || "),
};

/** The packages the templates' code uses, as import lines, sorted as gofmt keeps them. */
function goImports(fields: HttpFields): string[] {
  const used = new Set(["fmt", "log", "net/http", "io"]);
  if (!fields.stream) used.add("bytes");
  if (fields.readsEnv) used.add("os");
  if (fields.bodyKind === "json") used.add("encoding/json");
  if (fields.file) {
    if (!fields.file.remote) used.add("os");
    if (fields.file.base64) used.add("encoding/base64");
  }
  if (fields.chatImages.length > 0) used.add("os").add("encoding/base64");
  if (fields.outputKind !== "json") used.add("os");
  if (fields.savesByType) used.add("strings");
  if (fields.outputKind === "url-field") used.add("encoding/json");
  if (fields.outputKind === "base64-field") used.add("encoding/base64").add("encoding/json");
  if (fields.chat) used.add("encoding/json");
  if (fields.stream) used.add("bufio").add("strings").add("encoding/json");
  if (fields.queue) {
    used.add("time").add("encoding/json").add("os").add("strings");
    if (fields.queue.readsUrlPath) used.add("net/url");
  }
  return [...used].sort().map((name) => `"${name}"`);
}

export function goFields(client: Client, context: SnippetContext): HttpFields {
  if (client !== "net/http") throw new Error(`${client} is not a Go client`);
  const fields = httpFields(context, client, GO);
  fields.imports = goImports(fields);
  return fields;
}
