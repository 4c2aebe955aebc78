import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const chatCompletion = await client.chat.completions.create({
    model: "meta-llama/Llama-3.1-8B-Instruct",
    messages: [
        {
            role: "user",
            content: "Name the largest city of Japan, its country and its population.",
        },
    ],
    response_format: {
        type: "json_schema",
        json_schema: {
            name: "answer",
            schema: {
                type: "object",
                properties: {
                    city: {
                        type: "string",
                    },
                    country: {
                        type: "string",
                    },
                    population: {
                        type: "integer",
                    },
                },
                required: [
                    "city",
                    "country",
                    "population",
                ],
                additionalProperties: false,
            },
            strict: true,
        },
    },
});

// The reply is JSON that follows the schema.
const reply = JSON.parse(chatCompletion.choices[0].message.content);
console.log(JSON.stringify(reply, null, 4));
