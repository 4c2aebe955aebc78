import type { ReceivedRequest, Reply } from "./inference-server.js";

/*
 * The router's Responses API as the loopback server answers it: the whole
 * response object, or the semantic events streamed as server-sent events
 * (an `event:` line and a `data:` line each), the way the router sends them.
 * The request body is checked first: a body that is not a Responses request
 * gets a 400, so a snippet that sent the wrong thing fails.
 */

export const RESPONSES_TEXT = ["Par", "is."] as const;

function responseObject(model: string, status: "in_progress" | "completed"): Record<string, unknown> {
  const done = status === "completed";
  return {
    id: "resp_test",
    object: "response",
    created_at: 1700000000,
    status,
    model,
    output: done
      ? [
          // A reasoning item first, as reasoning models send: the text is in the message only.
          { id: "rs_test", type: "reasoning", summary: [] },
          {
            id: "msg_test",
            type: "message",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: RESPONSES_TEXT.join(""), annotations: [] }],
          },
        ]
      : [],
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    ...(done && { usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 } }),
  };
}

function sse(events: Record<string, unknown>[]): string {
  return events.map((event, index) => `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`).join("");
}

function streamed(model: string): string {
  const item = { id: "msg_test", type: "message", role: "assistant", status: "in_progress", content: [] };
  return sse([
    { type: "response.created", response: responseObject(model, "in_progress") },
    { type: "response.in_progress", response: responseObject(model, "in_progress") },
    { type: "response.output_item.added", output_index: 0, item },
    { type: "response.content_part.added", item_id: "msg_test", output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
    ...RESPONSES_TEXT.map((delta) => ({ type: "response.output_text.delta", item_id: "msg_test", output_index: 0, content_index: 0, delta })),
    { type: "response.output_text.done", item_id: "msg_test", output_index: 0, content_index: 0, text: RESPONSES_TEXT.join("") },
    { type: "response.completed", response: responseObject(model, "completed") },
  ]);
}

/** What is wrong with a Responses request body, or undefined. */
export function responsesBodyProblem(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the body is not a JSON object";
  const fields = body as Record<string, unknown>;
  if (typeof fields.model !== "string" || fields.model === "") return "no model";
  if (typeof fields.input !== "string" && !Array.isArray(fields.input)) return "no input (a string or a list of items)";
  if ("messages" in fields) return "messages is chat completions' field; the Responses API takes input";
  if ("max_tokens" in fields) return "max_tokens is chat completions' field; the Responses API takes max_output_tokens";
  if ("reasoning_effort" in fields) return "reasoning_effort is chat completions' field; the Responses API takes reasoning.effort";
  return undefined;
}

/** Answers POST /v1/responses (whole or streamed, as the body asks); anything else gets `fallback`'s answer. */
export function responsesResponder(fallback: (request: ReceivedRequest) => Reply = () => ({ status: 404, body: { error: "not found" } })) {
  return (request: ReceivedRequest): Reply => {
    if (request.method !== "POST" || !request.path.endsWith("/v1/responses")) return fallback(request);
    let body: unknown;
    try {
      body = JSON.parse(request.body.toString("utf8"));
    } catch {
      return { status: 400, body: { error: "the body is not JSON" } };
    }
    const problem = responsesBodyProblem(body);
    if (problem !== undefined) return { status: 400, body: { error: problem } };
    const { model, stream } = body as { model: string; stream?: boolean };
    return stream === true ? { contentType: "text/event-stream", body: streamed(model) } : { body: responseObject(model, "completed") };
  };
}
