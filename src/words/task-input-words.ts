import type { RecordsOf } from "../outcome/kind.js";
import { CHAT_ROLES, type InputMedia, type TASK_INPUT_PROBLEMS } from "../outcome/task-input-problems.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type TaskInputProblem = RecordsOf<typeof TASK_INPUT_PROBLEMS>;
type Of<K extends TaskInputProblem["kind"]> = Extract<TaskInputProblem, { kind: K }>;

function jsonInvalid(problem: Of<"inputs-json-invalid">, names: Names): Text {
  const message = `${names.setting("inputs")} starts like JSON and is not valid JSON: line ${problem.line}, column ${problem.column}: ${problem.reason}`;
  if (problem.shape === "object") return said(message, "fix the JSON at that position");
  return said(message, `fix the JSON at that position; a text that starts like JSON goes as a JSON string ("…")`);
}

const exampleFile = (media: InputMedia) => (media === "image" ? "cat.jpg" : "speech.mp3");

export const TASK_INPUT_WORDS: { [K in TaskInputProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "inputs-json-invalid": jsonInvalid,
  "inputs-chat-role": (problem, names) =>
    said(
      `${names.setting("inputs")}: message ${problem.index + 1} has the role ${JSON.stringify(problem.role)}, which no chat API takes`,
      `a message's role is one of: ${CHAT_ROLES.join(", ")}`,
    ),
  "inputs-not-messages": (_problem, names) =>
    said(
      `${names.setting("inputs")} for a chat model takes a text, or a JSON list of messages with \`role\` and \`content\``,
      `for example: ${names.setting("inputs")} '[{"role": "user", "content": "Hello"}]'`,
    ),
  "inputs-file-folder": (problem, names) =>
    said(
      `${names.setting("inputs")} for ${problem.task}: ${JSON.stringify(problem.path)} is a folder, not ${problem.media === "image" ? "an image" : "an audio"} file`,
    ),
  "inputs-file-text": (problem, names) =>
    said(
      `${names.setting("inputs")} for ${problem.task} is the name of a local ${problem.media} file, or its http(s) URL, not text`,
      `there is no file ${JSON.stringify(problem.text)} here, and it has no ${problem.media} file extension: for example ${names.setting("inputs")} ${exampleFile(problem.media)} or ${names.setting("inputs")} https://example.com/${exampleFile(problem.media)}`,
    ),
  "inputs-file-empty": (problem, names) =>
    said(`${names.setting("inputs")} for ${problem.task} is the name of a local ${problem.media} file, or its http(s) URL`),
  "inputs-url-invalid": (problem, names) =>
    said(
      `${names.setting("inputs")} for ${problem.task}: ${JSON.stringify(problem.url)} is not a valid URL`,
      `a URL input looks like https://example.com/${exampleFile(problem.media)}`,
    ),
  "inputs-fields-missing": (problem, names) =>
    said(`${names.setting("inputs")} for ${problem.task} takes a JSON object with the fields ${problem.fields.join(", ")}`),
  "images-without-user-message": (_problem, names) =>
    said(
      `${names.setting("image")} adds images to the last user message, and ${names.setting("inputs")} has none`,
      `for example: ${names.setting("inputs")} '[{"role": "user", "content": "What is in this image?"}]'`,
    ),
};
