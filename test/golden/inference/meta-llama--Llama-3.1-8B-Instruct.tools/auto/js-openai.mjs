import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

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
    const message = (await client.chat.completions.create(payload)).choices[0].message;
    const calls = (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }));
    return { content: message.content, calls };
}

const messages = payload.messages;
let answered = false;
for (let round = 0; round < MAX_ROUNDS && !answered; round++) {
    const { content, calls } = await ask();
    if (calls.length === 0) {
        console.log(content);
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
