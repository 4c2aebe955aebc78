import { rubyString, rubyComment, RUBY_TREE } from "../../format/ruby.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import type { Tree } from "../payload.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpCode, type HttpLanguage } from "./http-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ToolNaming } from "../tools.js";

/*
 * Ruby's part of the snippet engine (its literals, label and client are
 * src/format/ruby.ts): the template fields for net/http, with data as hashes
 * and arrays, encoded by JSON.generate. The templates' helpers `at` and
 * `text` read parsed JSON.
 */

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : rubyString(part))).join(", ");
}

/** The program keeps its tools' functions in a table by their wire names, so no name is taken. */
const TOOL_NAMES: ToolNaming = { kind: "by-wire-name" };

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

function netHttpFields(context: SnippetContext): HttpCode {
  const fields = httpFields(context, "net/http", RUBY);
  const writers = { string: rubyString, comment: rubyComment, tree: (tree: Tree, level: number) => writeTree(RUBY_TREE, tree, RUBY_TREE.indent.repeat(level)) };
  const tools = toolCode(context, TOOL_NAMES, writers, 2);
  if (tools) fields.tools = tools;
  return fields;
}

export const RUBY_INFERENCE = {
  fields: { "net/http": netHttpFields },
  toolNames: TOOL_NAMES,
} satisfies InferenceLanguage<"ruby">;
