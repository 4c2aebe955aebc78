import type { CHOICE_PROBLEMS, ChoiceList, ChoiceOf } from "../outcome/choice-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type ChoiceProblem = RecordsOf<typeof CHOICE_PROBLEMS>;
type Of<K extends ChoiceProblem["kind"]> = Extract<ChoiceProblem, { kind: K }>;

const WHAT: Readonly<Record<ChoiceOf, string>> = {
  task: "task",
  library: "library",
  provider: "provider",
  app: "app",
  sort: "sort",
  command: "command",
  language: "language",
  client: "client",
  api: "api",
  "reasoning-effort": "reasoning effort",
  shell: "shell",
};

/** "did you mean 'x'?": a suggestion, where one value is close to what was typed. */
export function didYouMeanWords(closest: string): string {
  return `did you mean '${closest}'?`;
}

function listWords(list: ChoiceList): string {
  if (list.kind === "values") return `one of: ${list.values.join(", ")}`;
  return list.command === "help" ? "run `hubref --help` for the commands" : `run \`hubref ${list.command}\` for the list`;
}

export const CHOICE_WORDS: { [K in ChoiceProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "unknown-choice": (problem) =>
    said(`unknown ${WHAT[problem.what]} '${problem.given}'`, problem.closest === undefined ? listWords(problem.list) : didYouMeanWords(problem.closest)),
};
