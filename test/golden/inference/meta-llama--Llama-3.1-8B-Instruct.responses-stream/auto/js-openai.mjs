import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const stream = await client.responses.create({
    model: "meta-llama/Llama-3.1-8B-Instruct",
    instructions: "Answer in one word.",
    input: "What is the capital of France?",
    max_output_tokens: 256,
    stream: true,
});

// Semantic events: the text arrives in `response.output_text.delta` events, until `response.completed`.
for await (const event of stream) {
    if (event.type === "response.output_text.delta") process.stdout.write(event.delta);
    else if (event.type === "response.failed" || event.type === "error") throw new Error(`The response failed: ${JSON.stringify(event)}`);
}
process.stdout.write("\n");
