import { readFile } from "node:fs/promises";
import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const image = (await readFile("photos/dog.jpg")).toString("base64");

const chatCompletion = await client.chat.completions.create({
    model: "Qwen/Qwen2.5-VL-7B-Instruct",
    messages: [
        {
            role: "user",
            content: [
                {
                    type: "text",
                    text: "Describe this image in one sentence.",
                },
                {
                    type: "image_url",
                    image_url: {
                        url: "https://example.com/cat.png",
                    },
                },
                {
                    type: "image_url",
                    image_url: {
                        url: "data:image/jpeg;base64," + image,
                    },
                },
            ],
        },
    ],
});

console.log(chatCompletion.choices[0].message.content);
