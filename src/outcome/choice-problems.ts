import { problemKind } from "./kind.js";

/* A value typed by a person (a flag's value, a command argument) that is none of a fixed list. */

/** What the value was to name. */
export type ChoiceOf = "task" | "library" | "provider" | "app" | "sort" | "command" | "language" | "client" | "api" | "reasoning-effort" | "shell";

/** Where the values are, when no one value is close: the list itself, or the command that lists them. */
export type ChoiceList = { kind: "values"; values: readonly string[] } | { kind: "listed-by"; command: "tasks" | "libraries" | "apps" | "help" };

export const CHOICE_PROBLEMS = {
  /** `closest`: the value of the list close enough to be what was meant (a typo), if one is. */
  "unknown-choice": problemKind<{ what: ChoiceOf; given: string; closest?: string; list: ChoiceList }>("usage"),
} as const;
