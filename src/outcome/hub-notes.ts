import { noteKind } from "./kind.js";

/*
 * What hub work says along the way: the steps a person may wait on (a
 * spinner names them), and what the run goes on without.
 */

export const HUB_NOTES = {
  /** The cache folder could not be written: the next run fetches again. */
  "cache-not-written": noteKind<{ root: string; reason: string }>("warning"),
} as const;

/** The steps that may take long enough to show: each names what it waits for. */
export type HubStep =
  | { kind: "fetching-model"; id: string; host: string }
  | { kind: "reading-header"; file: string; host: string }
  | { kind: "reading-safetensors"; id: string; host: string }
  | { kind: "searching"; host: string }
  | { kind: "searching-fits"; host: string }
  | { kind: "judging"; candidates: number };
