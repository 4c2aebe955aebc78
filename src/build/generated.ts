import { join } from "node:path";
import { PROJECT_ROOT } from "../catalogue/paths.js";
import { modelCheckModule } from "./model-check.js";
import { compiledTemplatesModule } from "./templates.js";

/**
 * The modules of src/ that the build writes (generate.ts) before tsc compiles
 * the rest, each imported by a static path like any other module: the source,
 * its compiled form in dist/ and the bundle all run the same code. Git ignores
 * them (the generated/ folders in .gitignore).
 */
export const GENERATED_MODULES: readonly { file: string; source: () => string }[] = [
  { file: join(PROJECT_ROOT, "src/inference/generated/templates.ts"), source: compiledTemplatesModule },
  { file: join(PROJECT_ROOT, "src/model/generated/model-check.ts"), source: modelCheckModule },
];
