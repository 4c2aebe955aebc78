/**
 * What the snippet command hands the interactive picker and gets back.
 * Plain in-memory types: nothing here is parsed from outside, so no zod.
 */

export type SnippetSource = "inference" | "library" | "local";

/** A local run's app and quant, as the picker shows them. */
export interface LocalChoice {
  appLabel: string;
  /** Absent for apps that take no GGUF file. */
  quant?: { label: string; shards: number; size: number | null; isDefault: boolean };
  /** A deep link the `o` key opens. */
  link?: string;
}

export interface SnippetEntry {
  /** Inference API calls, the library's usage code, or commands that run the model locally. */
  source: SnippetSource;
  /** "python" | "js" | "sh"; library snippets may also be "text", local runs "url" (a deep link). */
  language: string;
  /** e.g. "huggingface_hub", "requests", "curl"; for library snippets the library key; for local runs the app key. */
  client: string;
  /** Provider id, or "" for library snippets and local runs. */
  provider: string;
  /** The code, exactly as it is copied or saved. */
  content: string;
  /** Only for local runs. */
  local?: LocalChoice;
}

/** The command line's choices, where it made them; the picker opens on them when they are on offer. The provider is `initialProvider`. */
export interface PickerPresets {
  source?: SnippetSource;
  language?: string;
  client?: string;
  app?: string;
  quant?: string;
}

export interface PickerToggles {
  stream: boolean;
  direct: boolean;
}

export interface PickerInput {
  model: { id: string; pipelineTag?: string; libraryName?: string };
  /** Said in the header, e.g. that no inference provider serves the model. */
  notice?: string;
  /**
   * All snippets for the current toggles; called again when a toggle changes.
   * What kept some snippets out (hubref's own errors) goes to `report`, and
   * the picker shows it on its status line.
   */
  loadSnippets(toggles: PickerToggles, report?: (problem: string) => void): SnippetEntry[];
  /** Whether the streaming toggle applies (chat models). */
  canStream: boolean;
  initialProvider?: string;
  /** The other choices the command line made. */
  presets?: PickerPresets;
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
