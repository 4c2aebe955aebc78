import { problemKind } from "./kind.js";
import type { FileSetting } from "./local-problems.js";

/*
 * Why a model gets no usage code of its library, or not the code asked for.
 * `model` is the hub id; `library` is the library's key as the metadata
 * names it, present only when it is a plain key (metadata is untrusted, and
 * a name that is not one is said without being shown).
 */

export const LIBRARY_PROBLEMS = {
  "no-library": problemKind<{ model: string }>("usage"),
  "library-without-snippets": problemKind<{ model: string; library?: string }>("usage"),
  /** A GGUF file picked (by `setting`) for code that loads none. */
  "library-takes-no-file": problemKind<{ model: string; library?: string; setting: FileSetting }>("usage"),
  /** Only a fallback came out: `reason` and `wayForward` are the comments the generator writes into its code in their place. */
  "library-code-missing": problemKind<{ model: string; library?: string; reason: string; wayForward: string }>("usage"),
  /** `languages`: those the library's code is in. */
  "library-lacks-language": problemKind<{ model: string; library?: string; language: string; languages: readonly string[] }>("usage"),
  /** Library code comes in `languages`; `language` is none of them. */
  "library-language-unwritten": problemKind<{ language: string; languages: readonly string[] }>("usage"),
  /** `fits` auto measures the machine the command line runs on: a library call names a size or hardware. */
  "fits-auto-elsewhere": problemKind("usage"),
  /** A server engine (`engine`) hubref has no plan for. */
  "serve-engine-unknown": problemKind<{ given: string; engines: readonly string[] }>("usage"),
} as const;
