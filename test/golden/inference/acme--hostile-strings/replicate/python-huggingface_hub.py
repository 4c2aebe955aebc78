import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="replicate",
    api_key=os.environ["HF_TOKEN"],
)

image = client.text_to_image(
    "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \x00 \x7f bidi \u202eevil\u202c zero\u200bwidth",
    model="acme/hostile-strings",
)
# `image` is a PIL.Image
image.save("output.png")
