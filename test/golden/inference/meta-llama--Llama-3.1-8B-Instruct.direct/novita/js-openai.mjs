import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://api.novita.ai/v3/openai",
    apiKey: process.env.NOVITA_API_KEY,
});

const chatCompletion = await client.chat.completions.create({
    model: "meta-llama/llama-3.1-8b-instruct",
    messages: [
        {
            role: "user",
            content: "What is the capital of France?",
        },
    ],
});

console.log(chatCompletion.choices[0].message.content);
