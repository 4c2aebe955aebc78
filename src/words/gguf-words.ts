import type { GGUF_PROBLEMS } from "../outcome/gguf-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type GgufProblem = RecordsOf<typeof GGUF_PROBLEMS>;
type Of<K extends GgufProblem["kind"]> = Extract<GgufProblem, { kind: K }>;

export const GGUF_WORDS: { [K in GgufProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "header-unreadable": (problem) => said(`cannot read the GGUF header of ${problem.file}: ${problem.detail}`),
  "header-invalid": (problem) => said(`cannot read the GGUF header: ${problem.detail}`),
};
