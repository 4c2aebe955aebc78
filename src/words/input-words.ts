import type { INPUT_PROBLEMS } from "../outcome/input-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type InputProblem = RecordsOf<typeof INPUT_PROBLEMS>;
type Of<K extends InputProblem["kind"]> = Extract<InputProblem, { kind: K }>;

export const INPUT_WORDS: { [K in InputProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "input-missing": (problem) => said(`${problem.path}: no such file`, "check the path, or pass a hub model id"),
};
