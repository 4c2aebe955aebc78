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
 * the program carries a small one (templates/java/_partials/json.eta): data
 * is built with `Json.object` and `Json.array` and encoded by `Json.write`.
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

export function javaFields(client: ClientOf<"java">, context: SnippetContext): HttpFields {
  const fields = httpFields(context, client, JAVA);
  const writers = { string: javaString, comment: javaComment, tree: (tree: Tree, level: number) => writeTree(JAVA_TREE, tree, JAVA_TREE.indent.repeat(level)) };
  const tools = toolCode(context, "java", writers, 3);
  if (tools) fields.tools = tools;
  return fields;
}
