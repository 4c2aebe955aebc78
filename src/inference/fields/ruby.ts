import { rubyString, rubyComment, RUBY_TREE } from "../../format/ruby.js";
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
 * Template fields for Ruby (net/http): data as hashes and arrays, encoded by
 * JSON.generate. The templates' helpers `at` and `text` read parsed JSON.
 */

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : rubyString(part))).join(", ");
}

const RUBY: HttpLanguage = {
  string: rubyString,
  comment: rubyComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `ENV.fetch('${token.name}')` : rubyString(token.value)),
  // The variable name is hubref's own ([A-Z0-9_]), so it may sit inside the interpolation.
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"${scheme} #{ENV.fetch('${token.name}')}"` : rubyString(`${scheme} ${token.value}`),
  tree: (tree, baseIndent, file) => writeTree(RUBY_TREE, tree, RUBY_TREE.indent.repeat(baseIndent), fileNodes(file)),
  textAt: (variable, parts) => `text(${RUBY.valueAt(variable, parts)})`,
  valueAt: (variable, parts) => (parts.length === 0 ? variable : `at(${variable}, ${path(parts)})`),
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `URI(${expression}).path`,
  oneOf: (values) => `[${values.map(rubyString).join(", ")}].include?(state)`,
};

export function rubyFields(client: ClientOf<"ruby">, context: SnippetContext): HttpFields {
  const fields = httpFields(context, client, RUBY);
  const writers = { string: rubyString, comment: rubyComment, tree: (tree: Tree, level: number) => writeTree(RUBY_TREE, tree, RUBY_TREE.indent.repeat(level)) };
  const tools = toolCode(context, "ruby", writers, 2);
  if (tools) fields.tools = tools;
  return fields;
}
