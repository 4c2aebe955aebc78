import { rubyString, rubyComment } from "../../format/ruby.js";
import type { Client } from "../ids.js";
import type { Tree } from "../payload.js";
import { isFileNode, fileOfNode } from "../payload.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import { httpFields, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for Ruby (net/http): data as hashes and arrays, encoded by
 * JSON.generate. The templates' helpers `at` and `text` read parsed JSON.
 */

const INDENT = "  ";

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : rubyString(part))).join(", ");
}

function scalar(value: number | boolean | null): string {
  if (value === null) return "nil";
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
  return String(value);
}

export const RUBY: HttpLanguage = {
  string: rubyString,
  comment: rubyComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `ENV.fetch('${token.name}')` : rubyString(token.value)),
  // The variable name is hubref's own ([A-Z0-9_]), so it may sit inside the interpolation.
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"${scheme} #{ENV.fetch('${token.name}')}"` : rubyString(`${scheme} ${token.value}`),
  tree(tree, baseIndent, file) {
    const write = (value: Tree, depth: number): string => {
      if (typeof value === "string") return rubyString(value);
      if (value === null || typeof value !== "object") return scalar(value);
      if (isFileNode(value)) {
        const { file: ref, encoding } = fileOfNode(value);
        return file(ref, encoding);
      }
      const inner = INDENT.repeat(depth + 1);
      if (Array.isArray(value)) {
        if (value.length === 0) return "[]";
        return `[\n${value.map((item) => `${inner}${write(item, depth + 1)},\n`).join("")}${INDENT.repeat(depth)}]`;
      }
      const entries = Object.entries(value).filter((entry): entry is [string, Tree] => entry[1] !== undefined);
      if (entries.length === 0) return "{}";
      return `{\n${entries.map(([name, item]) => `${inner}${rubyString(name)} => ${write(item, depth + 1)},\n`).join("")}${INDENT.repeat(depth)}}`;
    };
    return write(tree, baseIndent);
  },
  textAt: (variable, parts) => `text(${RUBY.valueAt(variable, parts)})`,
  valueAt: (variable, parts) => (parts.length === 0 ? variable : `at(${variable}, ${path(parts)})`),
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `URI(${expression}).path`,
  oneOf: (values) => `[${values.map(rubyString).join(", ")}].include?(state)`,
};

export function rubyFields(client: Client, context: SnippetContext): HttpFields {
  if (client !== "net/http") throw new Error(`${client} is not a Ruby client`);
  return httpFields(context, client, RUBY);
}
