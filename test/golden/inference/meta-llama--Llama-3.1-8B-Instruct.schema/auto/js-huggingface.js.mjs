import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

const chatCompletion = await client.chatCompletion(
    {
        provider: "auto",
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
    },
);

// The reply is JSON that follows the schema.
const reply = JSON.parse(chatCompletion.choices[0].message.content);
console.log(JSON.stringify(reply, null, 4));
