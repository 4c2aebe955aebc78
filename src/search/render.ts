import { terminalLine } from "../output/terminal-text.js";
import { shortAge, shortCount, type SearchHit } from "./hits.js";

/*
 * Result lines: for a person, short numbers and ages with every hub string
 * through the sanitiser; for a program, the values as they are.
 */

export const TABLE_HEADER = ["MODEL", "TASK", "DOWNLOADS", "LIKES", "PROVIDERS", "AGE"] as const;

/** One result as a terminal shows it; the caller fits the id to the width. */
export function screenRow(hit: SearchHit, now: number): string[] {
  return [
    terminalLine(hit.id),
    terminalLine(hit.task ?? "-"),
    shortCount(hit.downloads),
    shortCount(hit.likes),
    providersCell(hit.providers),
    shortAge(hit.createdAt, now) || "-",
  ];
}

/** Providers shown by name before the rest are counted: the column stays narrow enough for the id. */
const SHOWN_PROVIDERS = 3;

function providersCell(providers: readonly string[]): string {
  if (providers.length === 0) return "-";
  const shown = terminalLine(providers.slice(0, SHOWN_PROVIDERS).join(","));
  return providers.length > SHOWN_PROVIDERS ? `${shown} +${providers.length - SHOWN_PROVIDERS}` : shown;
}

/** One result for a pipe: id, task, downloads, likes, live providers (comma-separated), creation date. */
export function pipedRow(hit: SearchHit): string[] {
  return [hit.id, hit.task ?? "", String(hit.downloads), String(hit.likes), hit.providers.join(","), hit.createdAt ?? ""];
}
