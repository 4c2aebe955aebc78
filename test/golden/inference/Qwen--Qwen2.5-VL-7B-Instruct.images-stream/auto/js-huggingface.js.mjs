import { readFile } from "node:fs/promises";
import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

const image = (await readFile("photos/dog.jpg")).toString("base64");

const stream = client.chatCompletionStream(
    {
        provider: "auto",
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
    },
);

for await (const chunk of stream) {
    process.stdout.write(chunk.choices?.[0]?.delta?.content ?? "");
}
process.stdout.write("\n");
