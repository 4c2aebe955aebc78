import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

const stream = client.chatCompletionStream(
    {
        provider: "auto",
        model: "meta-llama/Llama-3.1-8B-Instruct",
        messages: [
            {
                role: "user",
                content: "What is the capital of France?",
            },
        ],
        temperature: 0.5,
        max_tokens: 256,
    },
);

for await (const chunk of stream) {
    process.stdout.write(chunk.choices?.[0]?.delta?.content ?? "");
}
process.stdout.write("\n");
