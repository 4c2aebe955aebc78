import type { HeaderUnread } from "../outcome/local-problems.js";
import type { Names } from "./names.js";
import { hubProblemText } from "./hub-words.js";

/** Why a GGUF header was not read, in a note's words. */
export function unreadWords(file: string, unread: HeaderUnread, names: Names): string {
  if (unread.kind === "format") return `cannot read the GGUF header of ${file}: ${unread.detail}`;
  if (unread.problem.kind === "offline-not-cached") return `the header of ${file} is not in the cache, and ${names.setting("offline")} forbids reading it`;
  return `cannot read the GGUF header of ${file}: ${hubProblemText(unread.problem, names).message}`;
}
