<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

const MAX_ROUNDS = 5;

/** Sends the input so far; returns the reply's text and the function calls it asks for. */
function ask(array $payload): array
{
    $curl = curl_init('https://router.huggingface.co/v1/responses');
    curl_setopt_array($curl, [
        CURLOPT_POST => true,
        CURLOPT_HTTPHEADER => [
            'Authorization: Bearer ' . getenv('HF_TOKEN'),
            'Content-Type: application/json',
        ],
        CURLOPT_POSTFIELDS => json_encode($payload, JSON_THROW_ON_ERROR),
        CURLOPT_RETURNTRANSFER => true,
    ]);
    $reply = curl_exec($curl);
    if ($reply === false) {
        fail('Request failed: ' . curl_error($curl));
    }
    $code = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    if ($code >= 300) {
        fail("Request failed: $code $reply");
    }
    // The text is in the "message" items, as "output_text" parts; each call the model asks for is a "function_call" item.
    $text = '';
    $calls = [];
    foreach (json_decode($reply, true, 512, JSON_THROW_ON_ERROR)['output'] ?? [] as $item) {
        $type = $item['type'] ?? '';
        if ($type === 'message') {
            foreach ($item['content'] ?? [] as $part) {
                if (($part['type'] ?? '') === 'output_text') {
                    $text .= $part['text'];
                }
            }
        } elseif ($type === 'function_call') {
            $calls[] = ['call_id' => $item['call_id'], 'name' => $item['name'], 'arguments' => $item['arguments']];
        }
    }
    return [$text, $calls];
}

// The function for each tool name the model may ask for: it takes the arguments the model passed and returns the result as data.
$toolFunctions = [
    'get_weather' => function (array $arguments) {
        // A sample: fixed data stands for a real weather lookup.
        return [
            'temperature' => 22,
            'unit' => 'celsius',
            'conditions' => 'sunny',
        ];
    },
];

$payload = [
    'model' => 'meta-llama/Llama-3.1-8B-Instruct',
    'input' => [
        [
            'role' => 'user',
            'content' => 'What is the weather like in Paris and in Tokyo?',
        ],
    ],
    'tools' => [
        [
            'type' => 'function',
            'name' => 'get_weather',
            'description' => 'Get the current weather in a city.',
            'parameters' => [
                'type' => 'object',
                'properties' => [
                    'location' => [
                        'type' => 'string',
                        'description' => 'The city, e.g. Paris',
                    ],
                    'unit' => [
                        'type' => 'string',
                        'enum' => [
                            'celsius',
                            'fahrenheit',
                        ],
                    ],
                ],
                'required' => [
                    'location',
                ],
            ],
        ],
    ],
];

// The input is sent whole each time (no previous_response_id): it grows by the calls a reply asks for and their outputs.
$answered = false;
for ($round = 0; $round < MAX_ROUNDS && !$answered; $round++) {
    [$text, $calls] = ask($payload);
    if ($calls === []) {
        echo $text, "\n";
        $answered = true;
        break;
    }
    foreach ($calls as $call) {
        $payload['input'][] = ['type' => 'function_call', 'call_id' => $call['call_id'], 'name' => $call['name'], 'arguments' => $call['arguments']];
    }
    // Every call the reply asks for is answered, by its call_id, before the model is asked again.
    foreach ($calls as $call) {
        $function = $toolFunctions[$call['name']] ?? null;
        $arguments = $call['arguments'] === '' ? [] : json_decode($call['arguments'], true, 512, JSON_THROW_ON_ERROR);
        $result = $function ? $function($arguments) : ['error' => 'no such tool'];
        $payload['input'][] = ['type' => 'function_call_output', 'call_id' => $call['call_id'], 'output' => json_encode($result, JSON_THROW_ON_ERROR)];
    }
}
if (!$answered) {
    fail('No final answer after ' . MAX_ROUNDS . ' rounds of tool calls');
}
