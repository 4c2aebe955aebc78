import type { Machine } from "../local/machine.js";
import { planReport, speedReport } from "../local/report.js";
import type { FitsRow } from "../search/fits-search.js";
import { localNoteText, whereItRuns } from "./local-words.js";
import type { Names } from "./names.js";

/*
 * One repository that fits, as `models --fits --json`, the library and the
 * MCP server give it: one shape, worded with the edge's names.
 */

export function fitsRowReport(row: FitsRow, machine: Machine, names: Names) {
  return {
    id: row.hit.id,
    quant: row.quant,
    file: row.file,
    size: row.size,
    downloads: row.hit.downloads,
    likes: row.hit.likes,
    runs: whereItRuns(row.plan, "long", machine.plan.gpus.length > 0),
    why: row.choice ? localNoteText(row.choice, names) : null,
    plan: planReport(row.plan, machine),
    speed: speedReport(row.speed),
  };
}

export type FitsRowReport = ReturnType<typeof fitsRowReport>;
