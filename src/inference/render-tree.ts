import { pyString, pyValue } from "../format/python.js";
import { jsPropertyKey, jsString, jsValue } from "../format/js.js";
import { memberLines, spreadContainer } from "../format/multiline.js";
import { jsonString } from "../format/unicode.js";
import { fileOfNode, isFileNode, type FileEncoding, type FileRef, type Tree } from "./payload.js";

/*
 * Trees as code. Every string goes through the language's literal formatter;
 * a file reference becomes the code `resolveFile` returns for it, which is
 * built from formatted literals too.
 */

export type ResolveFile = (file: FileRef, encoding: FileEncoding) => string;

function noFiles(): never {
  throw new Error("this tree reads no files");
}

interface Syntax {
  string(text: string): string;
  scalar(value: number | boolean | null): string;
  key(key: string): string;
}

const PYTHON: Syntax = { string: pyString, scalar: pyValue, key: pyString };

const JS: Syntax = { string: jsString, scalar: jsValue, key: jsPropertyKey };

/**
 * Writes trees as code in one language, reading files one way. Containers
 * spread over lines with a trailing comma after each item, as `pyValue` and
 * `jsValue` write them.
 */
export class LiteralWriter {
  constructor(
    private readonly syntax: Syntax,
    private readonly resolveFile: ResolveFile = noFiles,
    private readonly indent = 4,
  ) {}

  string(text: string): string {
    return this.syntax.string(text);
  }

  tree(tree: Tree, baseIndent = 0): string {
    if (typeof tree === "string") return this.string(tree);
    if (tree === null || typeof tree !== "object") return this.syntax.scalar(tree);
    if (isFileNode(tree)) {
      const { file, encoding } = fileOfNode(tree);
      return this.resolveFile(file, encoding);
    }
    return this.container(tree, baseIndent);
  }

  /** An object's members as `key: value` lines (JS: `key: value`, Python: `"key": value`), for splicing into a call. */
  members(tree: { [key: string]: Tree | undefined }, baseIndent: number): string[] {
    return memberLines(tree, baseIndent, this.syntax.key, (item, depth) => this.tree(item as Tree, depth));
  }

  private container(tree: Tree[] | { [key: string]: Tree | undefined }, baseIndent: number): string {
    return spreadContainer(tree, baseIndent, this.indent, this.syntax.key, (item, depth) => this.tree(item as Tree, depth));
  }
}

export const pythonWriter = (resolveFile?: ResolveFile) => new LiteralWriter(PYTHON, resolveFile);
export const jsWriter = (resolveFile?: ResolveFile) => new LiteralWriter(JS, resolveFile);

/** Whether a tree refers to a file anywhere in it. */
export function holdsFile(tree: Tree): boolean {
  if (tree === null || typeof tree !== "object") return false;
  if (isFileNode(tree)) return true;
  return Object.values(tree).some((item) => item !== undefined && holdsFile(item));
}

/** A piece of JSON text, or a file whose base64 text goes at that place at run time. */
type JsonPiece = { text: string } | { file: FileRef };

/**
 * JSON text in pieces: the file references split it. A data URL's prefix is
 * part of the text; a file piece stands for the bare base64 text, which needs
 * no JSON escaping. Indented by 4 spaces per level.
 */
export function jsonPieces(tree: Tree, indent = 4): JsonPiece[] {
  const pieces: JsonPiece[] = [];
  let text = "";
  const emit = (value: Tree, level: number): void => {
    if (value === null || typeof value !== "object") {
      if (typeof value === "number" && !Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
      text += typeof value === "string" ? jsonString(value) : JSON.stringify(value);
      return;
    }
    if (isFileNode(value)) {
      const file = fileOfNode(value);
      if (file.encoding === "native") throw new Error("a JSON body needs an encoded file");
      text += file.encoding === "data-url" ? `"data:${file.file.mime};base64,` : '"';
      pieces.push({ text });
      pieces.push({ file: file.file });
      text = '"';
      return;
    }
    const inner = `\n${" ".repeat((level + 1) * indent)}`;
    const outer = `\n${" ".repeat(level * indent)}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return void (text += "[]");
      text += "[";
      value.forEach((item, i) => {
        text += (i > 0 ? "," : "") + inner;
        emit(item, level + 1);
      });
      text += `${outer}]`;
      return;
    }
    let first = true;
    for (const key in value) {
      const item = value[key];
      if (item === undefined || !Object.hasOwn(value, key)) continue;
      text += `${(first ? "{" : ",") + inner + jsonString(key)}: `;
      first = false;
      emit(item, level + 1);
    }
    text += first ? "{}" : `${outer}}`;
  };
  emit(tree, 0);
  pieces.push({ text });
  return pieces.filter((piece) => !("text" in piece) || piece.text !== "");
}

/** JSON text for reading, with a file shown as a placeholder naming it. */
export function jsonText(tree: Tree): string {
  return jsonPieces(tree)
    .map((piece) => ("text" in piece ? piece.text : jsonString(`<base64 of ${piece.file.path}>`).slice(1, -1)))
    .join("");
}
