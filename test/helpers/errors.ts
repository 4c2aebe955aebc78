import { expect } from "vitest";
import { cliError } from "../../src/cli/names.js";
import { ExitCode, type HubrefError } from "../../src/errors.js";

/*
 * A domain failure as the command line reports it: its words with the
 * command line's flags, and its exit code. Tests of domain functions assert
 * what a user of the command line would read.
 */

function asReported(error: unknown): HubrefError {
  const known = cliError(error);
  if (known) return known;
  throw error;
}

/** The user-facing error `action` throws; anything else (or nothing) fails the test. */
export function thrown(action: () => unknown): HubrefError {
  try {
    action();
  } catch (error) {
    return asReported(error);
  }
  throw new Error("expected a HubrefError");
}

/** The usage error (exit 2) `action` throws; any other error, or none, fails the test. */
export function usageRefusal(action: () => unknown): HubrefError {
  const error = thrown(action);
  expect(error.exitCode).toBe(ExitCode.usage);
  return error;
}

/** The user-facing error `promise` rejects with; anything else (or success) fails the test. */
export async function rejected(promise: Promise<unknown>): Promise<HubrefError> {
  try {
    await promise;
  } catch (error) {
    return asReported(error);
  }
  throw new Error("expected a HubrefError");
}
