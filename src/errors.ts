/** Exit codes, named once for every command. */
export const ExitCode = {
  ok: 0,
  /** Something outside the user's input failed: network, disk, a remote service. */
  operational: 1,
  /** The user can fix it: a bad flag, an unreadable or invalid input file. */
  usage: 2,
  /** Stopped by Ctrl+C: 128 + SIGINT (2), what a shell reports for an interrupted program. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * An expected failure with a message for the user. `hint` is the suggested fix,
 * printed on a second line.
 */
export class HubrefError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "HubrefError";
  }
}

export function usageError(message: string, hint?: string): HubrefError {
  return new HubrefError(message, ExitCode.usage, hint);
}

/** Whether a thrown value is a usage error: a verdict on what was asked, where a caller reports it instead of failing. */
export function isUsageError(error: unknown): error is HubrefError {
  return error instanceof HubrefError && error.exitCode === ExitCode.usage;
}

export function operationalError(message: string, hint?: string): HubrefError {
  return new HubrefError(message, ExitCode.operational, hint);
}
