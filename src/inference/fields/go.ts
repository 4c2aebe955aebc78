import { goString, goComment, GO_TREE } from "../../format/go.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { ClientOf } from "../id-lists.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for Go (net/http): data as map[string]any and []any,
 * encoded by encoding/json. The templates' helpers `at` and `text` read
 * decoded JSON. Go refuses an unused import, so the fields list the imports
 * the template's code will use.
 */

function key(path: JsonPath): string {
  return path.map((part) => (typeof part === "number" ? String(part) : goString(part))).join(", ");
}

const GO: HttpLanguage = {
  string: goString,
  comment: goComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `os.Getenv("${token.name}")` : goString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    // A call's argument: gofmt writes the + without spaces there.
    token.kind === "env" ? `"${scheme} "+os.Getenv("${token.name}")` : goString(`${scheme} ${token.value}`),
  // The statement is in func main, one tab in.
  tree: (tree, baseIndent, file) => writeTree(GO_TREE, tree, GO_TREE.indent.repeat(baseIndent + 1), fileNodes(file)),
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
  if (fields.outputKind !== "json" && fields.outputKind !== "text-field") used.add("os");
  if (fields.savesByType) used.add("strings");
  if (fields.outputKind === "url-field" || fields.outputKind === "text-field") used.add("encoding/json");
  if (fields.outputKind === "base64-field") used.add("encoding/base64").add("encoding/json");
  if (fields.chat) used.add("encoding/json");
  if (fields.tools) used.add("bytes");
  if (fields.stream) used.add("bufio").add("strings").add("encoding/json");
  if (fields.queue) {
    used.add("time").add("encoding/json").add("os").add("strings");
    if (fields.queue.readsUrlPath) used.add("net/url");
  }
  return [...used].sort().map((name) => `"${name}"`);
}

export function goFields(client: ClientOf<"go">, context: SnippetContext): HttpFields {
  const fields = httpFields(context, client, GO);
  const tools = toolCode(
    context,
    "go",
    { string: goString, comment: goComment, tree: (tree, level) => writeTree(GO_TREE, tree, GO_TREE.indent.repeat(level)) },
    1,
  );
  if (tools) fields.tools = tools;
  fields.imports = goImports(fields);
  return fields;
}
