import type { RecordsOf } from "../outcome/kind.js";
import { CHAT_ROLES, type TASK_INPUT_PROBLEMS } from "../outcome/task-input-problems.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type TaskInputProblem = RecordsOf<typeof TASK_INPUT_PROBLEMS>;
type Of<K extends TaskInputProblem["kind"]> = Extract<TaskInputProblem, { kind: K }>;

function jsonInvalid(problem: Of<"inputs-json-invalid">, names: Names): Text {
  const message = `${names.setting("inputs")} starts like JSON and is not valid JSON: line ${problem.line}, column ${problem.column}: ${problem.reason}`;
  if (problem.shape === "object") return said(message, "fix the JSON at that position");
  return said(message, `fix the JSON at that position; a text that starts like JSON goes as a JSON string ("…")`);
}

export const TASK_INPUT_WORDS: { [K in TaskInputProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "inputs-json-invalid": jsonInvalid,
  "inputs-chat-role": (problem, names) =>
    said(
      `${names.setting("inputs")}: message ${problem.index + 1} has the role ${JSON.stringify(problem.role)}, which no chat API takes`,
      `a message's role is one of: ${CHAT_ROLES.join(", ")}`,
    ),
};
