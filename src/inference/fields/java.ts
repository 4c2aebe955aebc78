import { javaString, javaComment, JAVA_TREE } from "../../format/java.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { ClientOf } from "../id-lists.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import type { Tree } from "../payload.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for Java (java.net.http). The JDK has no JSON library, so
 * the program carries a small one (templates/java/_partials/helpers.eta): data
 * is built with `Json.object` and `Json.array` and encoded by `Json.write`.
 * The program holds only the parts of it its code calls, and imports only the
 * classes its code names (javac says nothing of an unused import; the tests'
 * name check does).
 */

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : javaString(part))).join(", ");
}

const call = (name: string, args: string[]) => `${name}(${args.join(", ")})`;

const JAVA: HttpLanguage = {
  string: javaString,
  comment: javaComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `System.getenv("${token.name}")` : javaString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"${scheme} " + System.getenv("${token.name}")` : javaString(`${scheme} ${token.value}`),
  // Arguments sit two levels below the statement, which is two levels into the class.
  tree: (tree, baseIndent, file) => writeTree(JAVA_TREE, tree, JAVA_TREE.indent.repeat(baseIndent + 3), fileNodes(file)),
  textAt: (variable, parts) => `Json.text(${call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])])})`,
  valueAt: (variable, parts) => call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])]),
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `URI.create(${expression}).getRawPath()`,
  oneOf: (values) => `List.of(${values.map(javaString).join(", ")}).contains(state)`,
};

/** The parts of the program's JSON library its code calls: `write` (the class itself), `reads` (parse, at, text). */
export interface JavaJson {
  write: boolean;
  reads: boolean;
  object: boolean;
  array: boolean;
}

export interface JavaFields extends HttpFields {
  json: JavaJson;
}

function javaJson(fields: HttpFields): JavaJson {
  const built = [fields.payload ?? "", ...(fields.tools?.functions.map((tool) => tool.result) ?? [])].join("\n");
  // Every chat reads its reply; a task's reply is read for a field, or to follow a queued job.
  const reads = fields.chat || fields.readsJson;
  return {
    reads,
    // A JSON body is written; reading needs it too, since `text` writes what is not a string.
    write: fields.bodyKind === "json" || reads,
    // The tools program builds its messages with Json.object itself.
    object: built.includes("Json.object(") || fields.tools !== undefined,
    array: built.includes("Json.array("),
  };
}

/** The classes the program's code names, as import lines, sorted. */
function javaImports(fields: HttpFields, json: JavaJson): string[] {
  const used = new Set(["java.net.URI", "java.net.http.HttpClient", "java.net.http.HttpRequest", "java.net.http.HttpResponse"]);
  // A streamed reply is read line by line; a whole one, and a refusal's body, as UTF-8 text.
  if (fields.stream) used.add("java.util.Iterator").add("java.util.stream.Stream");
  else used.add("java.nio.charset.StandardCharsets");
  const readsLocalFile = fields.file !== undefined && !fields.file.remote;
  const savesFile = fields.outputKind === "file" || fields.outputKind === "base64-field" || fields.downloadsOutput;
  if (readsLocalFile || fields.chatImages.length > 0 || savesFile) used.add("java.nio.file.Files").add("java.nio.file.Path");
  if (fields.file?.base64 || fields.chatImages.length > 0 || fields.outputKind === "base64-field") used.add("java.util.Base64");
  if (fields.tools) used.add("java.util.ArrayList").add("java.util.LinkedHashMap").add("java.util.List").add("java.util.Map");
  if (json.write) used.add("java.util.Map").add("java.util.List");
  if (json.reads) used.add("java.util.ArrayList").add("java.util.LinkedHashMap");
  if (json.object) used.add("java.util.LinkedHashMap");
  if (json.array) used.add("java.util.Arrays");
  return [...used].sort().map((name) => `import ${name};`);
}

export function javaFields(client: ClientOf<"java">, context: SnippetContext): JavaFields {
  const fields = httpFields(context, client, JAVA);
  const writers = { string: javaString, comment: javaComment, tree: (tree: Tree, level: number) => writeTree(JAVA_TREE, tree, JAVA_TREE.indent.repeat(level)) };
  const tools = toolCode(context, "java", writers, 3);
  if (tools) fields.tools = tools;
  const json = javaJson(fields);
  fields.imports = javaImports(fields, json);
  return Object.assign(fields, { json });
}
