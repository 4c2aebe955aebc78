import { blockShortName } from "./labels.js";
import { safeLine } from "./text.js";
import type { PickerResult } from "./types.js";

/**
 * What the picker did, for stderr once the screen is gone: "copied: python / requests". A copy through OSC 52
 * is only asked of the terminal, which may ignore it (tmux does unless set-clipboard is on): said so.
 */
export function pickerSummary(result: PickerResult): string {
  const lines: string[] = [];
  if (result.copied) {
    const name = blockShortName(result.copied);
    lines.push(result.copyMethod === "osc52" ? `asked the terminal to copy: ${name} (OSC 52)` : `copied: ${name}`);
  }
  if (result.savedTo) lines.push(`saved: ${safeLine(result.savedTo)}`);
  return lines.map((line) => `${line}\n`).join("");
}
