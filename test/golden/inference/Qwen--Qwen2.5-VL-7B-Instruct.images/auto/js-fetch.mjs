import { readFile } from "node:fs/promises";

const image = (await readFile("photos/dog.jpg")).toString("base64");

const payload = {
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
};

const response = await fetch("https://router.huggingface.co/v1/chat/completions", {
    method: "POST",
    headers: {
        Authorization: `Bearer ${process.env.HF_TOKEN}`,
        "Content-Type": "application/json",
    },
    body: JSON.stringify(payload),
});
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}
const chatCompletion = await response.json();
console.log(chatCompletion.choices[0].message.content);
