/**
 * Stand-alone picker over fixed demo snippets (node dist/ui/demo-entry.js), so
 * the screen can be tried and tested in a real terminal on its own.
 */
import { formatError, HubrefError } from "../errors.js";
import { demoInput } from "./demo-data.js";
import { runPicker } from "./run-picker.js";
import { pickerSummary } from "./summary.js";

try {
  const result = await runPicker(demoInput());
  process.stderr.write(pickerSummary(result));
  if (result.interrupted) process.exitCode = 130;
} catch (error) {
  if (!(error instanceof HubrefError)) throw error;
  process.stderr.write(formatError(error));
  process.exitCode = error.exitCode;
}
