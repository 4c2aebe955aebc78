import { isDeepStrictEqual } from "node:util";
import type { ReceivedRequest, Reply } from "./inference-server.js";
import { responsesBodyProblem } from "./responses-replies.js";
import { FINAL_ANSWER } from "./tool-calls.js";

/*
 * The router's side of a tool-calling Responses request, as a loopback
 * responder: the first request gets one or two `function_call` output items
 * (after a reasoning item, so a call's output index is not its place among
 * the calls; streamed as semantic events when asked, the arguments cut in
 * pieces), the next must carry the first input unchanged, then each call as
 * a `function_call` item and one `function_call_output` per call id, with the
 * tools unchanged, and gets the final answer. A structured-output request
 * must carry the `text` expected, and gets JSON that follows the schema.
 * Whatever is wrong is answered with a 400 naming it and kept in `problems`.
 */

/** The streamed final answer, in the pieces the server sends. */
const FINAL_PIECES = [FINAL_ANSWER.slice(0, 20), FINAL_ANSWER.slice(20, 29), FINAL_ANSWER.slice(29)];

interface ResponsesBody {
  model: string;
  stream?: boolean;
  tools?: { type?: string; name?: string; function?: unknown }[];
  input: string | Record<string, unknown>[];
  text?: unknown;
}

interface PlannedCall {
  call_id: string;
  name: string;
  arguments: string;
}

/** The calls asked for: every tool once, or the only tool twice (two cities), as parallel calls. */
function callsFor(names: string[]): PlannedCall[] {
  if (names.length === 1) {
    const name = names[0]!;
    return [
      { call_id: "call_paris", name, arguments: JSON.stringify({ location: "Paris" }) },
      { call_id: "call_tokyo", name, arguments: JSON.stringify({ location: "Tokyo", unit: "celsius" }) },
    ];
  }
  return names.slice(0, 2).map((name, index) => ({ call_id: `call_${index}`, name, arguments: JSON.stringify({ n: index }) }));
}

const REASONING = { id: "rs_tools", type: "reasoning", summary: [] };

function functionCallItem(call: PlannedCall, index: number, done: boolean): Record<string, unknown> {
  return { id: `fc_${index}`, type: "function_call", status: done ? "completed" : "in_progress", ...call, arguments: done ? call.arguments : "" };
}

function messageItem(text: string, done: boolean): Record<string, unknown> {
  return {
    id: "msg_tools",
    type: "message",
    role: "assistant",
    status: done ? "completed" : "in_progress",
    content: done ? [{ type: "output_text", text, annotations: [] }] : [],
  };
}

function responseObject(model: string, output: unknown[] | undefined): Record<string, unknown> {
  return {
    id: "resp_tools",
    object: "response",
    created_at: 1700000000,
    status: output === undefined ? "in_progress" : "completed",
    model,
    output: output ?? [],
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    ...(output !== undefined && { usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 } }),
  };
}

function sse(events: Record<string, unknown>[]): Reply {
  const body = events.map((event, index) => `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`).join("");
  return { contentType: "text/event-stream", body };
}

/** Three pieces of a text, the last possibly empty. */
function thirds(text: string): string[] {
  const cuts = [0, Math.floor(text.length / 3), Math.floor((2 * text.length) / 3), text.length];
  return [0, 1, 2].map((i) => text.slice(cuts[i], cuts[i + 1]));
}

/** The function calls as events: the reasoning item, then per call its item, its arguments in pieces, its done events. */
function streamedCalls(model: string, calls: PlannedCall[]): Reply {
  const items = [REASONING, ...calls.map((call, index) => functionCallItem(call, index, true))];
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: responseObject(model, undefined) },
    { type: "response.in_progress", response: responseObject(model, undefined) },
    { type: "response.output_item.added", output_index: 0, item: REASONING },
    { type: "response.output_item.done", output_index: 0, item: REASONING },
  ];
  for (const [index, call] of calls.entries()) {
    const output_index = index + 1;
    const item_id = `fc_${index}`;
    events.push({ type: "response.output_item.added", output_index, item: functionCallItem(call, index, false) });
    for (const delta of thirds(call.arguments)) events.push({ type: "response.function_call_arguments.delta", item_id, output_index, delta });
    events.push({ type: "response.function_call_arguments.done", item_id, output_index, arguments: call.arguments });
    events.push({ type: "response.output_item.done", output_index, item: functionCallItem(call, index, true) });
  }
  events.push({ type: "response.completed", response: responseObject(model, items) });
  return sse(events);
}

/** A message as events: its item, its text in pieces, its done events. */
function streamedText(model: string, pieces: string[]): Reply {
  const text = pieces.join("");
  const part = { item_id: "msg_tools", output_index: 0, content_index: 0 };
  return sse([
    { type: "response.created", response: responseObject(model, undefined) },
    { type: "response.in_progress", response: responseObject(model, undefined) },
    { type: "response.output_item.added", output_index: 0, item: messageItem("", false) },
    { type: "response.content_part.added", ...part, part: { type: "output_text", text: "", annotations: [] } },
    ...pieces.map((delta) => ({ type: "response.output_text.delta", ...part, delta })),
    { type: "response.output_text.done", ...part, text },
    { type: "response.content_part.done", ...part, part: { type: "output_text", text, annotations: [] } },
    { type: "response.output_item.done", output_index: 0, item: messageItem(text, true) },
    { type: "response.completed", response: responseObject(model, [messageItem(text, true)]) },
  ]);
}

function answer(model: string, stream: boolean, pieces: string[]): Reply {
  return stream ? streamedText(model, pieces) : { body: responseObject(model, [messageItem(pieces.join(""), true)]) };
}

export interface ResponsesToolServer {
  reply(request: ReceivedRequest): Reply;
  /** What was wrong with the requests, in order. */
  problems: string[];
  /** The request bodies it was sent, parsed, in order. */
  bodies: unknown[];
}

export interface ResponsesToolExpectations {
  /** What each tool's local function returns, as the `function_call_output`'s JSON output. */
  result?: unknown;
  /** The tools the first request must carry, deep-equal once parsed. */
  tools?: unknown;
  /** The `text` member a structured request must carry. */
  text?: unknown;
  /** The JSON the structured reply holds. */
  structured?: object;
}

export function responsesToolServer(expected: ResponsesToolExpectations): ResponsesToolServer {
  let first: ResponsesBody | undefined;
  let planned: PlannedCall[] = [];
  const server: ResponsesToolServer = {
    problems: [],
    bodies: [],
    reply(request) {
      const fail = (problem: string): Reply => {
        server.problems.push(problem);
        return { status: 400, body: { error: problem } };
      };
      if (request.method !== "POST") return { body: {} };
      if (!request.path.endsWith("/v1/responses")) return fail(`a request to ${request.path}, not the Responses route`);
      let body: ResponsesBody;
      try {
        body = JSON.parse(request.body.toString("utf8")) as ResponsesBody;
      } catch {
        return fail("the body is not JSON");
      }
      server.bodies.push(body);
      const problem = responsesBodyProblem(body);
      if (problem !== undefined) return fail(problem);
      const stream = body.stream === true;
      if ("response_format" in body) return fail("response_format is chat completions' field; the Responses API takes text.format");
      if (expected.text !== undefined && !isDeepStrictEqual(body.text, expected.text)) return fail(`text differs: ${JSON.stringify(body.text)}`);
      if (expected.structured !== undefined && body.tools === undefined) return answer(body.model, stream, [JSON.stringify(expected.structured)]);
      if (!Array.isArray(body.tools) || body.tools.length === 0) return fail("the request carries no tools");
      for (const tool of body.tools) {
        if (tool.type !== "function" || typeof tool.name !== "string" || "function" in tool)
          return fail(`a tool not in the Responses shape: ${JSON.stringify(tool)}`);
      }
      if (first === undefined) {
        if (expected.tools !== undefined && !isDeepStrictEqual(body.tools, expected.tools)) return fail(`the tools sent differ: ${JSON.stringify(body.tools)}`);
        if (!Array.isArray(body.input)) return fail("the first input is not a list, which the loop could add to");
        first = body;
        planned = callsFor(body.tools.map((tool) => tool.name!));
        if (stream) return streamedCalls(body.model, planned);
        return { body: responseObject(body.model, [REASONING, ...planned.map((call, index) => functionCallItem(call, index, true))]) };
      }
      if (!isDeepStrictEqual(body.tools, first.tools)) return fail("the tool definitions changed between requests");
      if (!Array.isArray(body.input)) return fail("the next input is not a list");
      const before = first.input as unknown[];
      if (!isDeepStrictEqual(body.input.slice(0, before.length), before)) return fail("the first input items changed");
      const added = body.input.slice(before.length);
      if (added.length !== 2 * planned.length)
        return fail(`${added.length} items added to the input, not a call and an output per call: ${JSON.stringify(added)}`);
      for (const call of planned) {
        const callAt = added.findIndex((item) => item.type === "function_call" && item.call_id === call.call_id);
        const outputAt = added.findIndex((item) => item.type === "function_call_output" && item.call_id === call.call_id);
        if (callAt < 0) return fail(`no function_call item for ${call.call_id}`);
        if (outputAt < callAt) return fail(`no function_call_output for ${call.call_id} after its call`);
        const echoed = added[callAt]!;
        if (echoed.name !== call.name) return fail(`${call.call_id} echoed with the name ${String(echoed.name)}`);
        if (!isDeepStrictEqual(JSON.parse(String(echoed.arguments)), JSON.parse(call.arguments))) return fail(`${call.call_id}'s arguments changed`);
        let output: unknown;
        try {
          output = JSON.parse(String(added[outputAt]!.output));
        } catch {
          return fail(`the output for ${call.call_id} is not JSON: ${String(added[outputAt]!.output)}`);
        }
        if (expected.result !== undefined && !isDeepStrictEqual(output, expected.result))
          return fail(`the output for ${call.call_id} is ${JSON.stringify(output)}`);
      }
      return answer(body.model, stream, FINAL_PIECES);
    },
  };
  return server;
}
