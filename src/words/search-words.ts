import type { RecordsOf } from "../outcome/kind.js";
import type { RangeFault, SEARCH_PROBLEMS } from "../outcome/search-problems.js";
import type { Names } from "./names.js";
import { example } from "./local-words.js";
import { said, type Text } from "./text.js";

type SearchProblem = RecordsOf<typeof SEARCH_PROBLEMS>;
type Of<K extends SearchProblem["kind"]> = Extract<SearchProblem, { kind: K }>;

function rangeWords(given: string, fault: RangeFault, names: Names): Text {
  const params = names.setting("params");
  const example = `for example: ${params} 7B..14B, ${params} ..3B or ${params} 70B..`;
  switch (fault.kind) {
    case "not-range":
      return said(`${params} takes MIN..MAX, got '${given}'`, example);
    case "no-bound":
      return said(`${params} needs a bound on at least one side`, example);
    case "not-count":
      return said(`${params}: '${fault.bound}' is not a parameter count such as 500M, 7B or 1.5T`, example);
    case "reversed":
      return said(`${params}: ${fault.min} is more than ${fault.max}`, "put the smaller count first");
  }
}

export const SEARCH_WORDS: { [K in SearchProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "params-invalid": (problem, names) => rangeWords(problem.given, problem.fault, names),
  "limit-invalid": (problem, names) =>
    said(
      `${names.setting("limit")} takes a whole number from ${problem.min} to ${problem.max}, got '${problem.given}'`,
      `for example: ${example(names, [["limit", "50"]])}`,
    ),
  "author-invalid": (problem, names) => said(`${names.setting("author")} takes a user or organisation name such as meta-llama, got '${problem.given}'`),
};
