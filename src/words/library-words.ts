import type { RecordsOf } from "../outcome/kind.js";
import type { LIBRARY_PROBLEMS } from "../outcome/library-problems.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type LibraryProblem = RecordsOf<typeof LIBRARY_PROBLEMS>;
type Of<K extends LibraryProblem["kind"]> = Extract<LibraryProblem, { kind: K }>;

/** A library from metadata, quoted; one whose name is not a plain key, unnamed. */
function shown(library: string | undefined): string {
  return library === undefined ? "(an unprintable name)" : `'${library}'`;
}

export const LIBRARY_WORDS: { [K in LibraryProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "no-library": (problem, names) =>
    said(
      `${problem.model}: the metadata names no library (library_name), so there is no library usage code`,
      `leave out ${names.setting("library")} for inference API snippets`,
    ),
  "library-without-snippets": (problem) =>
    said(
      `${problem.model}: the library ${shown(problem.library)} has no usage snippets`,
      "`hubref libraries --with-snippets` lists the libraries that have them",
    ),
  "library-takes-no-file": (problem, names) =>
    said(`${names.setting(problem.setting)} picks a GGUF file, and the ${shown(problem.library)} code of ${problem.model} loads none`),
  "library-code-missing": (problem) =>
    said(`${problem.model}: no ${shown(problem.library)} usage code from its metadata: ${problem.reason}`, problem.wayForward),
  "library-lacks-language": (problem) =>
    said(
      `${problem.model}: the library ${shown(problem.library)} has no ${problem.language} usage code`,
      `its usage code is in: ${problem.languages.join(", ")}`,
    ),
  "library-language-unwritten": (problem, names) =>
    said(
      `${names.setting("library")} gives usage code in ${problem.languages.join(", ")}, not ${problem.language}`,
      `leave out ${names.setting("library")} for ${problem.language} inference snippets`,
    ),
  "fits-auto-elsewhere": (_problem, names) =>
    said(`${names.setting("fits")}: auto measures the machine the command line runs on; give a size or hardware by name`),
  "serve-engine-unknown": (problem) => said(`\`engine\` takes ${problem.engines.join(", ")}, got '${problem.given}'`),
};
