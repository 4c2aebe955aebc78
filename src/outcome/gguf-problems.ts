import { problemKind } from "./kind.js";

/* GGUF headers: a file hubref read, or bytes handed over. */

export const GGUF_PROBLEMS = {
  /** A hub file whose header cannot be read as GGUF; `detail` is the reader's finding. */
  "header-unreadable": problemKind<{ file: string; detail: string }>("unavailable"),
  /** Header bytes the caller gave that are not a GGUF header. */
  "header-invalid": problemKind<{ detail: string }>("usage"),
} as const;
