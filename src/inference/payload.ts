import type { InputMedia } from "../outcome/task-input-problems.js";
/*
 * Request bodies and client arguments as data trees. A tree is JSON, except
 * where it refers to a local file whose bytes the generated code reads at run
 * time: each language renders such a reference as its own code.
 */

/** The media a file input holds: the one list, the problems' (which name it). */
export type Media = InputMedia;

/** How a file's bytes appear in the request. */
export type FileEncoding =
  /** Base64 text. */
  | "base64"
  /** A `data:<mime>;base64,...` URL. */
  | "data-url"
  /** Whatever the client library takes for a file: a path (huggingface_hub), a Blob (huggingface.js), an upload (fal_client). */
  | "native";

export interface FileRef {
  /** A local file name, or an http(s) URL when `remote` is set. */
  readonly path: string;
  readonly mime: string;
  readonly media: Media;
  /** The file is at a URL: a body that takes a URL gets it as is, and the code downloads it where the bytes are needed. */
  readonly remote?: true;
}

const FILE = Symbol("file");

/** A file reference inside a tree. A symbol key: no JSON value can carry one. */
export interface FileNode {
  readonly [FILE]: { file: FileRef; encoding: FileEncoding };
}

export type Tree = string | number | boolean | null | FileNode | Tree[] | { [key: string]: Tree | undefined };

export function fileNode(file: FileRef, encoding: FileEncoding): FileNode {
  return { [FILE]: { file, encoding } };
}

export function isFileNode(value: unknown): value is FileNode {
  return typeof value === "object" && value !== null && FILE in value;
}

export function fileOfNode(node: FileNode): { file: FileRef; encoding: FileEncoding } {
  return node[FILE];
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  flac: "audio/flac",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  webm: "audio/webm",
};

/** Lower case, as huggingface_hub's client recognises URLs: the same text is a URL for every snippet. */
const URL_PREFIX = /^https?:\/\//;

export function isUrl(path: string): boolean {
  return URL_PREFIX.test(path);
}

/** The part of a name whose extension counts: a URL's path, without query or fragment. */
function namePart(path: string): string {
  if (!isUrl(path)) return path;
  try {
    return new URL(path).pathname;
  } catch {
    return path;
  }
}

/** A file name's extension, lower case, if it has one. */
export function extensionOf(path: string): string | undefined {
  return /\.([A-Za-z0-9]+)$/.exec(namePart(path))?.[1]?.toLowerCase();
}

/** The content type a file's extension names, if hubref knows it. */
export function knownMime(path: string): string | undefined {
  const extension = extensionOf(path);
  return extension ? MIME_BY_EXTENSION[extension] : undefined;
}

/** The content type of a file by its name; image/jpeg or audio/flac when the name says nothing known. An http(s) URL is a remote file. */
export function fileRef(path: string, media: Media): FileRef {
  const known = knownMime(path);
  const mime = known?.startsWith(`${media}/`) ? known : media === "image" ? "image/jpeg" : "audio/flac";
  return isUrl(path) ? { path, mime, media, remote: true } : { path, mime, media };
}

/** A field that takes a data URL takes a URL as well: a remote file's URL goes as is, and the provider fetches it. */
export function dataUrl(file: FileRef): Tree {
  return file.remote ? file.path : fileNode(file, "data-url");
}

/** The same file name with the extension of `mime`, for an example file a provider takes only in other types. */
export function withType(file: FileRef, mime: string): FileRef {
  const extension = Object.keys(MIME_BY_EXTENSION).find((candidate) => MIME_BY_EXTENSION[candidate] === mime);
  if (extension === undefined) return file;
  return { ...file, path: `${file.path.replace(/\.[A-Za-z0-9]+$/, "")}.${extension}`, mime };
}
