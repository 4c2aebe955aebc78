import json
import os
import sys

import requests

API_URL = "https://router.huggingface.co/v1/responses"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
payload = {
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "input": [
        {
            "role": "user",
            "content": "What is the weather like in Paris and in Tokyo?",
        },
    ],
    "tools": [
        {
            "type": "function",
            "name": "get_weather",
            "description": "Get the current weather in a city.",
            "parameters": {
                "type": "object",
                "properties": {
                    "location": {
                        "type": "string",
                        "description": "The city, e.g. Paris",
                    },
                    "unit": {
                        "type": "string",
                        "enum": [
                            "celsius",
                            "fahrenheit",
                        ],
                    },
                },
                "required": [
                    "location",
                ],
            },
        },
    ],
    "stream": True,
}

MAX_ROUNDS = 5


def get_weather(arguments):
    # A sample: fixed data stands for a real weather lookup.
    return {
        "temperature": 22,
        "unit": "celsius",
        "conditions": "sunny",
    }


# The function for each tool name the model may ask for.
TOOL_FUNCTIONS = {
    "get_weather": get_weather,
}


def ask():
    """Sends the input so far; returns the reply's text and the function calls it asks for."""
    text = ""
    calls = {}
    with requests.post(API_URL, headers=headers, json=payload, stream=True) as response:
        if not response.ok:
            raise SystemExit(f"Request failed: {response.status_code} {response.text}")
        # Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
        for line in response.iter_lines():
            if not line.startswith(b"data:"):
                continue
            event = json.loads(line[len(b"data:"):])
            if event["type"] == "response.output_text.delta":
                print(event["delta"], end="", flush=True)
                text += event["delta"]
            # A function call's item arrives first, then its arguments in pieces, both by output index.
            elif event["type"] == "response.output_item.added" and event["item"]["type"] == "function_call":
                item = event["item"]
                calls[event["output_index"]] = {"call_id": item["call_id"], "name": item["name"], "arguments": ""}
            elif event["type"] == "response.function_call_arguments.delta":
                calls[event["output_index"]]["arguments"] += event["delta"]
            elif event["type"] == "response.completed":
                break
            elif event["type"] in ("response.failed", "error"):
                raise RuntimeError(f"The response failed: {event}")
    return text, [calls[index] for index in sorted(calls)]


# The input is sent whole each time (no previous_response_id): it grows by the calls a reply asks for and their outputs.
inputs = payload["input"]
for _ in range(MAX_ROUNDS):
    # The reply's text was printed as it arrived.
    _, calls = ask()
    if not calls:
        print()
        break
    inputs.extend(
        {"type": "function_call", "call_id": call["call_id"], "name": call["name"], "arguments": call["arguments"]}
        for call in calls
    )
    # Every call the reply asks for is answered, by its call_id, before the model is asked again.
    for call in calls:
        function = TOOL_FUNCTIONS.get(call["name"])
        result = function(json.loads(call["arguments"] or "{}")) if function else {"error": "no such tool"}
        inputs.append({"type": "function_call_output", "call_id": call["call_id"], "output": json.dumps(result)})
else:
    sys.exit(f"No final answer after {MAX_ROUNDS} rounds of tool calls")
