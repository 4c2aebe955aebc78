import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    input: [
        {
            role: "user",
            content: "What is the weather like in Paris and in Tokyo?",
        },
    ],
    tools: [
        {
            type: "function",
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

/** Sends the input so far; returns the reply's text and the function calls it asks for. */
async function ask() {
    const response = await client.responses.create(payload);
    const calls = response.output
        .filter((item) => item.type === "function_call")
        .map((item) => ({ call_id: item.call_id, name: item.name, arguments: item.arguments }));
    return { text: response.output_text, calls };
}

// The input is sent whole each time (no previous_response_id): it grows by the calls a reply asks for and their outputs.
const input = payload.input;
let answered = false;
for (let round = 0; round < MAX_ROUNDS && !answered; round++) {
    const { text, calls } = await ask();
    if (calls.length === 0) {
        console.log(text);
        answered = true;
        break;
    }
    input.push(...calls.map((call) => ({ type: "function_call", call_id: call.call_id, name: call.name, arguments: call.arguments })));
    // Every call the reply asks for is answered, by its call_id, before the model is asked again.
    for (const call of calls) {
        const run = toolFunctions.get(call.name);
        const result = run ? run(JSON.parse(call.arguments || "{}")) : { error: "no such tool" };
        input.push({ type: "function_call_output", call_id: call.call_id, output: JSON.stringify(result) });
    }
}
if (!answered) {
    throw new Error(`No final answer after ${MAX_ROUNDS} rounds of tool calls`);
}
