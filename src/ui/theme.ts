/** Colours of the picker, by meaning. Every state is also marked without colour (brackets, "›"), for NO_COLOR. */
import type { CodeTone } from "./highlight.js";
import type { Tone } from "./state.js";

export const CODE_COLORS: Record<CodeTone, string> = {
  keyword: "magenta",
  string: "green",
  number: "yellow",
  comment: "gray",
  function: "blue",
  type: "cyan",
  property: "cyan",
  variable: "yellow",
};

export const MESSAGE_COLORS: Record<Tone, string | undefined> = {
  info: undefined,
  success: "green",
  warning: "yellow",
  error: "red",
};

export const ACCENT = "cyan";
