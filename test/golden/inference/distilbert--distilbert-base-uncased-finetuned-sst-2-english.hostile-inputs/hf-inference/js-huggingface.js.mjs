import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

const output = await client.textClassification(
    {
        provider: "hf-inference",
        model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
        inputs: "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \u0000 \u007f bidi \u202eevil\u202c zero\u200bwidth",
    },
);

console.log(output);
