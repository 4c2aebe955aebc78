import { pyString } from "../../format/python.js";
import { jsString } from "../../format/js.js";
import { shellQuote } from "../../format/shell.js";
import { fileOfNode, isFileNode, type FileRef, type Tree } from "../payload.js";
import { jsonText, jsWriter, pythonWriter, type LiteralWriter, type ResolveFile } from "../render-tree.js";

/*
 * A value as literal text in every language a template may want: Python,
 * TypeScript/JS, JSON and a curl (shell) word. Computed on first read: most
 * templates read one form.
 */

export interface LiteralForms {
  readonly python: string;
  readonly ts: string;
  readonly json: string;
  readonly curl: string;
}

/** Python code that reads a file's bytes as base64 text. */
function pyBase64(path: string): string {
  return `base64.b64encode(Path(${pyString(path)}).read_bytes()).decode("ascii")`;
}

const pyResolveFile: ResolveFile = (file, encoding) => {
  if (encoding === "native") return pyString(file.path);
  if (encoding === "base64") return pyBase64(file.path);
  return `${pyString(`data:${file.mime};base64,`)} + ${pyBase64(file.path)}`;
};

function jsBase64(path: string): string {
  return `(await readFile(${jsString(path)})).toString("base64")`;
}

export const jsResolveFile: ResolveFile = (file, encoding) => {
  // A remote file is a Blob the snippet has downloaded into the variable named for its media (see the huggingface.js fields).
  if (encoding === "native" && file.remote) return fileVariable(file);
  if (encoding === "native") return `new Blob([await readFile(${jsString(file.path)})], { type: ${jsString(file.mime)} })`;
  if (encoding === "base64") return jsBase64(file.path);
  return `${jsString(`data:${file.mime};base64,`)} + ${jsBase64(file.path)}`;
};

/** A writer per language, for the forms of a value. */
export interface Writers {
  python: LiteralWriter;
  ts: LiteralWriter;
}

/** Files read the way the snippets read them: base64 text, data URLs, and paths or Blobs for the client libraries. */
export const WRITERS: Writers = { python: pythonWriter(pyResolveFile), ts: jsWriter(jsResolveFile) };

/**
 * For raw-HTTP bodies: the code reads the input's file once, into a variable
 * named for its media (`image`, `audio`), and the body refers to it.
 */
export function fileVariable(file: FileRef): string {
  return file.media;
}

/** Writers that refer to each file by the variable the code read it into, `variable(file)`. */
export function variableWriters(variable: (file: FileRef) => string): Writers {
  return {
    python: pythonWriter((file, encoding) => (encoding === "data-url" ? `${pyString(`data:${file.mime};base64,`)} + ${variable(file)}` : variable(file))),
    ts: jsWriter((file, encoding) => (encoding === "data-url" ? `${jsString(`data:${file.mime};base64,`)} + ${variable(file)}` : variable(file))),
  };
}

export const VARIABLE_WRITERS: Writers = variableWriters(fileVariable);

/** A file the code reads once, into a variable of its own. */
export interface ReadFile {
  file: FileRef;
  variable: string;
}

/**
 * The files a tree refers to, one per path, in order, each with its variable:
 * named for its media (`image`), numbered when there are several (`image1`,
 * `image2`: a chat message may carry many images). A tree with one file names
 * it as `fileVariable` does.
 */
export function filesOfTree(tree: Tree): ReadFile[] {
  const files = new Map<string, FileRef>();
  const visit = (value: Tree | undefined): void => {
    if (value === null || typeof value !== "object") return;
    if (isFileNode(value)) {
      const { file } = fileOfNode(value);
      if (!files.has(file.path)) files.set(file.path, file);
      return;
    }
    for (const item of Object.values(value)) visit(item);
  };
  visit(tree);
  const all = [...files.values()];
  return all.map((file, index) => ({ file, variable: all.length === 1 ? fileVariable(file) : `${fileVariable(file)}${index + 1}` }));
}

/** The variable `filesOfTree` gave a file. */
export function variableIn(files: readonly ReadFile[]): (file: FileRef) => string {
  return (file) => files.find((read) => read.file.path === file.path)?.variable ?? fileVariable(file);
}

/** Forms computed on first read; a class, so the getters live once on the prototype. */
class LazyForms implements LiteralForms {
  #python?: string;
  #ts?: string;
  #json?: string;
  #curl?: string;

  constructor(
    private readonly tree: Tree,
    private readonly writers: Writers,
    private readonly baseIndent: number,
  ) {}

  get python(): string {
    return (this.#python ??= this.writers.python.tree(this.tree, this.baseIndent));
  }

  get ts(): string {
    return (this.#ts ??= this.writers.ts.tree(this.tree, this.baseIndent));
  }

  get json(): string {
    return (this.#json ??= jsonText(this.tree));
  }

  get curl(): string {
    return (this.#curl ??= shellQuote(jsonText(this.tree)));
  }
}

export function literalForms(tree: Tree, writers: Writers, baseIndent = 0): LiteralForms {
  return new LazyForms(tree, writers, baseIndent);
}
