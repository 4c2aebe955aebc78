import { readFile } from "node:fs/promises";
import { OpenAI } from "openai";

const client = new OpenAI({
    baseURL: "https://router.huggingface.co/v1",
    apiKey: process.env.HF_TOKEN,
});

const image = (await readFile("photos/dog.jpg")).toString("base64");

const stream = await client.chat.completions.create({
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
                        url: "data:image/jpeg;base64," + image,
                    },
                },
            ],
        },
    ],
    stream: true,
});

for await (const chunk of stream) {
    process.stdout.write(chunk.choices?.[0]?.delta?.content ?? "");
}
process.stdout.write("\n");
