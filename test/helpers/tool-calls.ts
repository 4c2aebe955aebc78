import { isDeepStrictEqual } from "node:util";
import type { ReceivedRequest, Reply } from "./inference-server.js";
import { parseReplySchema, parseTools } from "../../src/inference/tool-schema.js";

/*
 * The router's side of a tool-calling chat, as a loopback responder: the
 * first request gets one or two tool calls (as deltas when it streams, the
 * arguments cut in pieces), the next must carry the assistant's calls and
 * one `tool` message per call id, with the tool definitions unchanged, and
 * gets the final answer. A structured-output request must carry the
 * `response_format` expected, and gets JSON that follows the schema.
 * Whatever is wrong is answered with a 400 naming it, so the snippet fails
 * with the reason, and is also kept in `problems`.
 */

/** The reply a structured snippet is sent: what the sample schema describes. */
export const STRUCTURED = { city: "Tokyo", country: "Japan", population: 14000000 };

/**
 * A structured reply with what printing it can get wrong (members out of alphabetical order, an integer, a
 * fraction, nesting, empty containers, text beyond ASCII), which every language's program prints alike.
 */
export const STRUCTURED_SHAPES = {
  population: 14000000,
  city: "Tōkyō",
  area: 2194.07,
  wards: ["Chiyoda", "Shinjuku"],
  capital: true,
  mayor: null,
  notes: {},
  tags: [],
};

/** How every structured snippet prints the reply: JSON four spaces a level, members in their order. */
export const printedStructured = (value: unknown) => `${JSON.stringify(value, null, 4)}\n`;

/** Text that breaks out of a literal, a comment or a string interpolation in one language or another. */
export const HOSTILE_TEXT = "q\"uote's \\back\\slash ${process.exit(3)} #{exit 3} $HOME $(exit 3) `exit 3` */ --> \n new line \u202e bidi \u2066 end";

/** A hostile tool set, read as `--tools FILE` reads one: HOSTILE_TEXT in every value; `strict` on the first tool when given. */
export function hostileTools(strict?: boolean) {
  return parseTools(
    JSON.stringify([
      {
        type: "function",
        function: {
          name: "class",
          description: HOSTILE_TEXT,
          parameters: { type: "object", properties: { [HOSTILE_TEXT]: { type: "string", description: HOSTILE_TEXT, enum: [HOSTILE_TEXT, "$x"] } } },
          ...(strict !== undefined && { strict }),
        },
      },
      { type: "function", function: { name: "print", description: "#{`exit 3`}", parameters: { type: "object", properties: {} } } },
    ]),
    "hostile.json",
  );
}

/** A hostile reply schema, read as `--schema FILE` reads one. */
export const HOSTILE_SCHEMA = parseReplySchema(
  JSON.stringify({
    title: HOSTILE_TEXT,
    type: "object",
    properties: { [HOSTILE_TEXT]: { type: "string", description: HOSTILE_TEXT } },
    required: [HOSTILE_TEXT],
  }),
  "hostile-schema.json",
);

export const FINAL_ANSWER = "Sunny and 22 degrees in Paris and in Tokyo.";
/** The streamed final answer, in the pieces the server sends. */
const FINAL_PIECES = ["Sunny and 22 degrees", " in Paris", " and in Tokyo."];

interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: { type: string; function: { name: string } }[];
  messages?: { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  response_format?: unknown;
}

interface PlannedCall {
  id: string;
  name: string;
  arguments: string;
}

/** The calls asked for: every tool once, or the only tool twice (two cities), as parallel calls. */
function callsFor(tools: { function: { name: string } }[]): PlannedCall[] {
  if (tools.length === 1) {
    const name = tools[0]!.function.name;
    return [
      { id: "call_paris", name, arguments: JSON.stringify({ location: "Paris" }) },
      { id: "call_tokyo", name, arguments: JSON.stringify({ location: "Tokyo", unit: "celsius" }) },
    ];
  }
  return tools.slice(0, 2).map((tool, index) => ({ id: `call_${index}`, name: tool.function.name, arguments: JSON.stringify({ n: index }) }));
}

function completion(model: string, message: object, finish: string): object {
  return {
    id: "chatcmpl-tools",
    object: "chat.completion",
    created: 1700000000,
    model,
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function events(model: string, deltas: object[], finish: string): Reply {
  const chunk = (delta: object, reason: string | null) => ({
    id: "chatcmpl-tools",
    object: "chat.completion.chunk",
    created: 1700000000,
    model,
    choices: [{ index: 0, delta, finish_reason: reason, logprobs: null }],
  });
  const lines = [...deltas.map((delta) => chunk(delta, null)), chunk({}, finish)].map((item) => `data: ${JSON.stringify(item)}\n\n`);
  return { contentType: "text/event-stream", body: `${lines.join("")}data: [DONE]\n\n` };
}

/** A call's deltas: id, type and name first, then the arguments in three pieces. */
function callDeltas(call: PlannedCall, index: number): object[] {
  const text = call.arguments;
  const cuts = [0, Math.floor(text.length / 3), Math.floor((2 * text.length) / 3), text.length];
  const pieces = [0, 1, 2].map((i) => text.slice(cuts[i], cuts[i + 1]));
  return [
    { tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] },
    ...pieces.map((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] })),
  ];
}

export interface ToolServer {
  reply(request: ReceivedRequest): Reply;
  /** What was wrong with the requests, in order. */
  problems: string[];
  /** How many requests it answered. */
  requests: number;
}

export interface ToolExpectations {
  /** What each tool's local function returns, as the `tool` message's JSON content. */
  result?: unknown;
  /** The tool definitions the first request must carry, byte for byte once parsed. */
  tools?: unknown;
  /** The `response_format` a structured request must carry (one of them, where a client rewrites it for its provider). */
  responseFormat?: unknown[];
  /** The JSON the structured reply holds. */
  structured?: object;
}

export function toolServer(expected: ToolExpectations): ToolServer {
  let firstTools: unknown;
  let planned: PlannedCall[] = [];
  const server: ToolServer = {
    problems: [],
    requests: 0,
    reply(request) {
      server.requests++;
      const fail = (problem: string): Reply => {
        server.problems.push(problem);
        return { status: 400, body: { error: problem } };
      };
      if (request.method !== "POST") return { body: {} };
      const body = JSON.parse(request.body.toString("utf8")) as ChatBody;
      const model = body.model ?? "";
      const messages = body.messages ?? [];
      if (expected.responseFormat !== undefined && !expected.responseFormat.some((format) => isDeepStrictEqual(body.response_format, format))) {
        return fail(`response_format differs: ${JSON.stringify(body.response_format)}`);
      }
      if (expected.structured !== undefined && body.tools === undefined) {
        const content = JSON.stringify(expected.structured);
        return body.stream ? events(model, [{ role: "assistant", content }], "stop") : { body: completion(model, { content }, "stop") };
      }
      const last = messages.at(-1);
      if (last?.role === "user") {
        if (!Array.isArray(body.tools) || body.tools.length === 0) return fail("the first request carries no tools");
        if (expected.tools !== undefined && !isDeepStrictEqual(body.tools, expected.tools)) return fail(`the tools sent differ: ${JSON.stringify(body.tools)}`);
        firstTools = body.tools;
        planned = callsFor(body.tools);
        if (body.stream) return events(model, [{ role: "assistant", content: null }, ...planned.flatMap(callDeltas)], "tool_calls");
        const toolCalls = planned.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }));
        return { body: completion(model, { content: null, tool_calls: toolCalls }, "tool_calls") };
      }
      if (!isDeepStrictEqual(body.tools, firstTools)) return fail("the tool definitions changed between requests");
      const answers = messages.slice(-planned.length);
      const assistant = messages.at(-planned.length - 1);
      const sentCalls = (assistant?.tool_calls ?? []) as { id?: string; type?: string; function?: { name?: string; arguments?: string } }[];
      if (assistant?.role !== "assistant" || sentCalls.length !== planned.length)
        return fail(`no assistant message with the ${planned.length} calls before the results`);
      for (const [index, call] of planned.entries()) {
        const echoed = sentCalls[index]!;
        if (echoed.id !== call.id || echoed.type !== "function" || echoed.function?.name !== call.name)
          return fail(`call ${index} echoed as ${JSON.stringify(echoed)}`);
        if (!isDeepStrictEqual(JSON.parse(echoed.function?.arguments ?? "null"), JSON.parse(call.arguments))) return fail(`call ${index}'s arguments changed`);
        const answer = answers.find((message) => message.tool_call_id === call.id);
        if (answer?.role !== "tool") return fail(`no tool message for ${call.id}`);
        let content: unknown;
        try {
          content = JSON.parse(String(answer.content));
        } catch {
          return fail(`the result for ${call.id} is not JSON: ${String(answer.content)}`);
        }
        if (expected.result !== undefined && !isDeepStrictEqual(content, expected.result))
          return fail(`the result for ${call.id} is ${String(answer.content)}`);
      }
      if (body.stream) return events(model, [{ role: "assistant" }, ...FINAL_PIECES.map((content) => ({ content }))], "stop");
      return { body: completion(model, { content: FINAL_ANSWER }, "stop") };
    },
  };
  return server;
}
