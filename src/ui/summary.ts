import { blockShortName } from "./labels.js";
import { safeLine } from "./text.js";
import type { PickerResult } from "./types.js";

/** What the picker did, for stderr once the screen is gone: "copied: python / requests". */
export function pickerSummary(result: PickerResult): string {
  const lines: string[] = [];
  if (result.copied) {
    const how = result.copyMethod === "osc52" ? " (sent to the terminal with OSC 52)" : "";
    lines.push(`copied: ${blockShortName(result.copied)}${how}`);
  }
  if (result.savedTo) lines.push(`saved: ${safeLine(result.savedTo)}`);
  return lines.map((line) => `${line}\n`).join("");
}
