import type { ChoiceList, ChoiceOf } from "../outcome/choice-problems.js";
import { Failure } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";

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

/**
 * The failure for a value that is none of `values`: with the value close to
 * it, when one is, else where the values are (`list`; the values themselves
 * when absent).
 */
export function unknownChoice(what: ChoiceOf, input: string, values: readonly string[], list: ChoiceList = { kind: "values", values }): Failure {
  const closest = closestMatch(input, values);
  return new Failure({ kind: "unknown-choice", what, given: input, list, ...(closest === undefined ? {} : { closest }) });
}

/** `input` as a value of `values`, or a failure naming `what` (the list itself is the way forward when nothing is close). */
export function requireChoice<T extends string>(what: ChoiceOf, input: string, values: readonly T[], rules: ChoiceRules = {}): T {
  const match = matchChoice(input, values, rules);
  if (match === undefined) throw unknownChoice(what, input, values);
  return match;
}
