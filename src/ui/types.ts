import type { CodeBlock } from "../blocks/code-block.js";

/**
 * What the picker gives back to the command. What it shows comes in as a
 * Menu (src/blocks/menu.ts).
 */

export type { CodeBlock, CodeSource } from "../blocks/code-block.js";
export type { FitMark, Menu, MenuPresets, MenuToggles } from "../blocks/menu.js";

export type CopyMethod = "clipboard" | "osc52";

export interface PickerResult {
  /** The last block copied, if any. */
  copied?: CodeBlock;
  /** How it was copied: the system clipboard, or the terminal's OSC 52 sequence (which the terminal may ignore). */
  copyMethod?: CopyMethod;
  /** Absolute path of the last file saved, if any. */
  savedTo?: string;
  /** Set when the user left with Ctrl+C rather than q or Esc. */
  interrupted?: boolean;
}
