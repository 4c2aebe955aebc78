import type { ChatMessage, ExampleInput } from "./example-input.js";

/*
 * An example input as a person reads it in `hubref tasks <id>`. Strings are
 * shown JSON-quoted so that their ends, and any odd characters, are visible.
 */

function messageText(message: ChatMessage): string {
  if (typeof message.content === "string") return `${message.role}: ${JSON.stringify(message.content)}`;
  const parts = message.content.map((part) => (part.type === "text" ? `text ${JSON.stringify(part.text)}` : `image_url ${part.image_url.url}`));
  return `${message.role}: ${parts.join(" + ")}`;
}

/** One or more lines describing `input`. */
export function describeExampleInput(input: ExampleInput): string[] {
  switch (input.kind) {
    case "text":
      return [JSON.stringify(input.text)];
    case "file":
      return [`${input.media} file ${input.filename}`];
    case "image-prompt":
      return [`image file ${input.filename}`, `prompt ${JSON.stringify(input.prompt)}`];
    case "messages":
      return input.messages.map(messageText);
    case "structured":
      return Object.entries(input.value).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  }
}
