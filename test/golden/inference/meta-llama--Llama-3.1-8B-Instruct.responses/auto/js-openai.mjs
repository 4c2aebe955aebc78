import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const response = await client.responses.create({
    model: "meta-llama/Llama-3.1-8B-Instruct",
    input: "What is the capital of France?",
    reasoning: {
        effort: "high",
    },
});

console.log(response.output_text);
