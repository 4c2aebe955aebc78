const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    messages: [
        {
            role: "user",
            content: "What is the weather like in Paris and in Tokyo?",
        },
    ],
    tools: [
        {
            type: "function",
            function: {
                name: "get_weather",
                description: "Get the current weather in a city.",
                parameters: {
                    type: "object",
                    properties: {
                        location: {
                            type: "string",
                            description: "The city, e.g. Paris",
                        },
                        unit: {
                            type: "string",
                            enum: [
                                "celsius",
                                "fahrenheit",
                            ],
                        },
                    },
                    required: [
                        "location",
                    ],
                },
            },
        },
    ],
    stream: true,
};

const MAX_ROUNDS = 5;

function get_weather(_args) {
    // A sample: fixed data stands for a real weather lookup.
    return {
        temperature: 22,
        unit: "celsius",
        conditions: "sunny",
    };
}

// The function for each tool name the model may ask for.
const toolFunctions = new Map([
    ["get_weather", get_weather],
]);

/** Sends the conversation so far; returns the reply's text and the tool calls it asks for. */
async function ask() {
    const response = await fetch("https://router.huggingface.co/v1/chat/completions", {
        method: "POST",
        headers: {
            Authorization: `Bearer ${process.env.HF_TOKEN}`,
            "Content-Type": "application/json",
        },
        body: JSON.stringify(payload),
    });
    if (!response.ok) {
        throw new Error(`Request failed: ${response.status} ${await response.text()}`);
    }
    let content = "";
    const calls = [];
    // Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
    const decoder = new TextDecoder();
    let pending = "";
    reading: for await (const bytes of response.body) {
        pending += decoder.decode(bytes, { stream: true });
        const lines = pending.split("\n");
        pending = lines.pop();
        for (const line of lines) {
            if (!line.startsWith("data:")) continue;
            const data = line.slice("data:".length).trim();
            if (data === "[DONE]") break reading;
            const delta = JSON.parse(data).choices?.[0]?.delta;
            if (!delta) continue;
                if (delta.content) {
                    process.stdout.write(delta.content);
                    content += delta.content;
                }
                // A tool call arrives in pieces, by index: its id and name first, then its arguments in parts.
                for (const part of delta.tool_calls ?? []) {
                    const call = (calls[part.index] ??= { id: "", name: "", arguments: "" });
                    call.id = part.id || call.id;
                    call.name = part.function?.name || call.name;
                    call.arguments += part.function?.arguments ?? "";
                }
        }
    }
    return { content, calls: calls.filter(Boolean) };
}

const messages = payload.messages;
let answered = false;
for (let round = 0; round < MAX_ROUNDS && !answered; round++) {
    const { content, calls } = await ask();
    if (calls.length === 0) {
        process.stdout.write("\n");
        answered = true;
        break;
    }
    messages.push({
        role: "assistant",
        content,
        tool_calls: calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } })),
    });
    // Every call the reply asks for is answered before the model is asked again.
    for (const call of calls) {
        const run = toolFunctions.get(call.name);
        const result = run ? run(JSON.parse(call.arguments || "{}")) : { error: "no such tool" };
        messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
    }
}
if (!answered) {
    throw new Error(`No final answer after ${MAX_ROUNDS} rounds of tool calls`);
}
