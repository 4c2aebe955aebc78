/**
 * Stand-alone picker over fixed demo snippets, so the screen can be tried and
 * tested in a real terminal on its own: `node --import tsx test/ui/demo/demo-entry.ts`
 * (the terminal tests bundle it first: `demoCommand` in test/ui/helpers/tmux.ts).
 */
import { HubrefError } from "../../../src/errors.js";
import { formatError } from "../../../src/output/error-text.js";
import { demoInput } from "./demo-data.js";
import { runPicker } from "../../../src/ui/run-picker.js";
import { pickerSummary } from "../../../src/ui/summary.js";

try {
  const result = await runPicker(demoInput());
  process.stderr.write(pickerSummary(result));
  if (result.interrupted) process.exitCode = 130;
} catch (error) {
  if (!(error instanceof HubrefError)) throw error;
  process.stderr.write(formatError(error));
  process.exitCode = error.exitCode;
}
