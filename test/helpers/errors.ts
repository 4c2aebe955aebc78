import { expect } from "vitest";
import { ExitCode, HubrefError } from "../../src/errors.js";

/** The user-facing error `action` throws; anything else (or nothing) fails the test. */
export function thrown(action: () => unknown): HubrefError {
  try {
    action();
  } catch (error) {
    if (error instanceof HubrefError) return error;
    throw error;
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
    if (error instanceof HubrefError) return error;
    throw error;
  }
  throw new Error("expected a HubrefError");
}
