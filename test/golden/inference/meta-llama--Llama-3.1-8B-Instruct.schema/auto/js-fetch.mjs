const payload = {
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
// The reply is JSON that follows the schema.
const reply = JSON.parse(chatCompletion.choices[0].message.content);
console.log(JSON.stringify(reply, null, 4));
