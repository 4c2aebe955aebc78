import { usageError, type HubrefError } from "../errors.js";
import { didYouMean } from "../util/suggest.js";

/*
 * How a value typed by a person (a flag's value, a command argument) becomes
 * one of a fixed list: case does not matter where that is unambiguous, and a
 * few obvious other names are accepted. The CLI and the picker share this, so
 * they accept the same spellings.
 */

export interface ChoiceRules {
  /** Other spellings, lower case, mapped to a value of the list. */
  aliases?: Readonly<Record<string, string>>;
}

/**
 * The value of `values` that `input` names: itself, the one value equal to it
 * ignoring case, or the value of its alias. Undefined when none does, or when
 * two values differ only by case (then only the exact spelling counts).
 */
export function matchChoice<T extends string>(input: string, values: readonly T[], rules: ChoiceRules = {}): T | undefined {
  if ((values as readonly string[]).includes(input)) return input as T;
  const lower = input.toLowerCase();
  const sameIgnoringCase = values.filter((value) => value.toLowerCase() === lower);
  if (sameIgnoringCase.length === 1) return sameIgnoringCase[0];
  if (sameIgnoringCase.length > 1) return undefined;
  const aliased = rules.aliases?.[lower];
  return aliased !== undefined && (values as readonly string[]).includes(aliased) ? (aliased as T) : undefined;
}

/** The usage error for a value that is none of `values`: a suggestion only when one is close, else `fallbackHint`. */
export function unknownChoiceError(kind: string, input: string, values: readonly string[], fallbackHint: string): HubrefError {
  return usageError(`unknown ${kind} '${input}'`, didYouMean(input, values) ?? fallbackHint);
}

/** `input` as a value of `values`, or a usage error naming `kind` (the list itself is the hint when nothing is close). */
export function requireChoice<T extends string>(kind: string, input: string, values: readonly T[], rules: ChoiceRules = {}): T {
  const match = matchChoice(input, values, rules);
  if (match === undefined) throw unknownChoiceError(kind, input, values, `one of: ${values.join(", ")}`);
  return match;
}
