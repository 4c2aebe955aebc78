/**
 * What the snippet command hands the interactive picker and gets back.
 * Plain in-memory types: nothing here is parsed from outside, so no zod.
 */

export interface SnippetEntry {
  /** Library usage snippets are the second source, next to inference snippets. */
  source: "inference" | "library";
  /** "python" | "js" | "sh"; library snippets may also be "text". */
  language: string;
  /** e.g. "huggingface_hub", "requests", "curl"; for library snippets the library key. */
  client: string;
  /** Provider id, or "" for library snippets (they run locally). */
  provider: string;
  /** The code, exactly as it is copied or saved. */
  content: string;
}

export interface PickerToggles {
  stream: boolean;
  direct: boolean;
}

export interface PickerInput {
  model: { id: string; pipelineTag?: string; libraryName?: string };
  /**
   * All snippets for the current toggles; called again when a toggle changes.
   * What kept some snippets out (hubref's own errors) goes to `report`, and
   * the picker shows it on its status line.
   */
  loadSnippets(toggles: PickerToggles, report?: (problem: string) => void): SnippetEntry[];
  /** Whether the streaming toggle applies (chat models). */
  canStream: boolean;
  initialProvider?: string;
  /** The toggles the command line set (--stream, --direct); all off when absent. */
  initialToggles?: PickerToggles;
}

export type CopyMethod = "clipboard" | "osc52";

export interface PickerResult {
  /** The last snippet copied, if any. */
  copied?: SnippetEntry;
  /** How it was copied: the system clipboard, or the terminal's OSC 52 sequence (which the terminal may ignore). */
  copyMethod?: CopyMethod;
  /** Absolute path of the last file saved, if any. */
  savedTo?: string;
  /** Set when the user left with Ctrl+C rather than q or Esc. */
  interrupted?: boolean;
}
