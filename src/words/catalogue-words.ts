import type { CATALOGUE_PROBLEMS } from "../outcome/catalogue-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type CatalogueProblem = RecordsOf<typeof CATALOGUE_PROBLEMS>;
type Of<K extends CatalogueProblem["kind"]> = Extract<CatalogueProblem, { kind: K }>;

export const CATALOGUE_WORDS: { [K in CatalogueProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "catalogue-damaged": (problem) => said(`catalogue data '${problem.part}' is missing or damaged in dist/data/`, "run `npm run build` in the hubref folder"),
};
