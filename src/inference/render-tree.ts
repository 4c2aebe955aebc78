import { PYTHON_TREE } from "../format/python.js";
import { JS_TREE } from "../format/js.js";
import { memberLines, writeTree, type SpecialNode, type TreeSyntax } from "../format/tree.js";
import { jsonString } from "../format/unicode.js";
import { fileOfNode, isFileNode, type FileEncoding, type FileRef, type Tree } from "./payload.js";

/*
 * Trees as code. Every string goes through the language's literal formatter
 * (the tree writer of src/format/tree.ts, given the language's syntax); a
 * file reference becomes the code `resolveFile` returns for it, which is
 * built from formatted literals too.
 */

export type ResolveFile = (file: FileRef, encoding: FileEncoding) => string;

function noFiles(): never {
  throw new Error("this tree reads no files");
}

/** The tree writer's hook for file nodes: the code that reads the file. */
export function fileNodes(resolveFile: ResolveFile): SpecialNode {
  return (value) => {
    if (!isFileNode(value)) return undefined;
    const { file, encoding } = fileOfNode(value);
    return resolveFile(file, encoding);
  };
}

/** Writes trees as code in one language, reading files one way; indents are counted in spaces. */
export class LiteralWriter {
  private readonly files: SpecialNode;

  constructor(
    private readonly syntax: TreeSyntax,
    resolveFile: ResolveFile = noFiles,
  ) {
    this.files = fileNodes(resolveFile);
  }

  string(text: string): string {
    return this.syntax.string(text);
  }

  tree(tree: Tree, baseIndent = 0): string {
    return writeTree(this.syntax, tree, " ".repeat(baseIndent), this.files);
  }

  /** An object's members as `key: value` lines (JS: `key: value`, Python: `"key": value`), for splicing into a call. */
  members(tree: { [key: string]: Tree | undefined }, baseIndent: number): string[] {
    return memberLines(this.syntax, tree, " ".repeat(baseIndent), this.files);
  }
}

export const pythonWriter = (resolveFile?: ResolveFile) => new LiteralWriter(PYTHON_TREE, resolveFile);
export const jsWriter = (resolveFile?: ResolveFile) => new LiteralWriter(JS_TREE, resolveFile);

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
