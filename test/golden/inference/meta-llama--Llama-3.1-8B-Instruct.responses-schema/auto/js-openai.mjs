import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const response = await client.responses.create({
    model: "meta-llama/Llama-3.1-8B-Instruct",
    input: "Name the largest city of Japan, its country and its population.",
    text: {
        format: {
            type: "json_schema",
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

// The reply's text is JSON that follows the schema.
const reply = JSON.parse(response.output_text);
console.log(JSON.stringify(reply, null, 4));
