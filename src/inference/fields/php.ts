import { phpString, phpComment, PHP_TREE } from "../../format/php.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import { requestOf, type SnippetContext } from "./context.js";
import type { Tree } from "../payload.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpCode, type HttpLanguage } from "./http-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ToolNaming } from "../tools.js";

/*
 * PHP's part of the snippet engine (its literals, label and client are
 * src/format/php.ts): the template fields for the curl extension, with data
 * as arrays, encoded by json_encode. An object json_encode would write as a
 * list (empty, or keyed 0, 1, ...) is cast with `(object)`. The templates'
 * helper `text` reads decoded JSON; reads use `??`, so a missing value is
 * null.
 */

function path(parts: JsonPath): string {
  return parts.map((part) => `[${typeof part === "number" ? String(part) : phpString(part)}]`).join("");
}

/** The program keeps its tools' functions in a table by their wire names, so no name is taken. */
const TOOL_NAMES: ToolNaming = { kind: "by-wire-name" };

const PHP: HttpLanguage = {
  string: phpString,
  comment: phpComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `getenv('${token.name}')` : phpString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `'${scheme} ' . getenv('${token.name}')` : phpString(`${scheme} ${token.value}`),
  tree: (tree, baseIndent, file) => writeTree(PHP_TREE, tree, PHP_TREE.indent.repeat(baseIndent), fileNodes(file)),
  textAt: (variable, parts) => `text(${PHP.valueAt(variable, parts)})`,
  valueAt: (variable, parts) => (parts.length === 0 ? `$${variable}` : `($${variable}${path(parts)} ?? null)`),
  concat: (parts) => parts.join(" . "),
  urlPath: (expression) => `parse_url(${expression}, PHP_URL_PATH)`,
  oneOf: (values) => `in_array($state, [${values.map(phpString).join(", ")}], true)`,
  variable: (name) => `$${name}`,
};

/** The `Name: value` lines curl sends, as expressions. */
function headerLines(context: SnippetContext): string[] {
  const request = requestOf(context, "curl");
  const token = context.token;
  const authorization =
    token.kind === "env"
      ? `'Authorization: ${request.auth.scheme} ' . getenv('${token.name}')`
      : phpString(`Authorization: ${request.auth.scheme} ${token.value}`);
  return [authorization, ...request.headers.map(([name, value]) => phpString(`${name}: ${value}`))];
}

function curlFields(context: SnippetContext): HttpCode {
  const fields = httpFields(context, "curl", PHP);
  fields.headerLines = headerLines(context);
  const writers = { string: phpString, comment: phpComment, tree: (tree: Tree, level: number) => writeTree(PHP_TREE, tree, PHP_TREE.indent.repeat(level)) };
  const tools = toolCode(context, TOOL_NAMES, writers, 2);
  if (tools) fields.tools = tools;
  return fields;
}

export const PHP_INFERENCE = {
  fields: { "curl": curlFields },
  toolNames: TOOL_NAMES,
} satisfies InferenceLanguage<"php">;
