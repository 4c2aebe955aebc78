import type { INPUT_PROBLEMS } from "../outcome/input-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type InputProblem = RecordsOf<typeof INPUT_PROBLEMS>;
type Of<K extends InputProblem["kind"]> = Extract<InputProblem, { kind: K }>;

export const INPUT_WORDS: { [K in InputProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "input-missing": (problem) => said(`${problem.path}: no such file`, "check the path, or pass a hub model id"),
  "not-a-model": (problem) =>
    said(
      `'${problem.given}' is neither an existing file nor a hub model id (${problem.why})`,
      "pass a JSON metadata file, `-` for stdin, or a model id such as meta-llama/Llama-3.1-8B-Instruct",
    ),
  "not-a-model-page": (problem) =>
    said(
      `'${problem.given}' is not a model's page on the hub`,
      "pass a model id such as meta-llama/Llama-3.1-8B-Instruct, or its page's URL https://huggingface.co/ORG/NAME",
    ),
};
