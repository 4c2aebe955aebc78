import { problemKind } from "./kind.js";

/* hubref's own data, as the build wrote it to dist/data/: what an installation can lack. */

export const CATALOGUE_PROBLEMS = {
  /** A part of the catalogue (`tasks`, `hardware`, …) that is missing or cannot be read. */
  "catalogue-damaged": problemKind<{ part: string }>("unavailable"),
} as const;
