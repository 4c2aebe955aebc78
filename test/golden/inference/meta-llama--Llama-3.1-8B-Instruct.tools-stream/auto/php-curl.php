<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

const MAX_ROUNDS = 5;

/** Sends the conversation so far; returns the reply's text and the tool calls it asks for. */
function ask(array $payload): array
{
    $curl = curl_init('https://router.huggingface.co/v1/chat/completions');
    $content = '';
    $calls = [];
    $pending = '';
    $done = false;
    // Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
    $readEvents = function ($curl, string $bytes) use (&$pending, &$done, &$content, &$calls): int {
        $pending .= $bytes;
        while (!$done && ($end = strpos($pending, "\n")) !== false) {
            $line = rtrim(substr($pending, 0, $end), "\r");
            $pending = substr($pending, $end + 1);
            if (strncmp($line, 'data:', 5) !== 0) {
                continue;
            }
            $data = trim(substr($line, 5));
            if ($data === '[DONE]') {
                $done = true;
                break;
            }
            $delta = json_decode($data, true, 512, JSON_THROW_ON_ERROR)['choices'][0]['delta'] ?? [];
            echo $delta['content'] ?? '';
            flush();
            $content .= $delta['content'] ?? '';
            // A tool call arrives in pieces, by index: its id and name first, then its arguments in parts.
            foreach ($delta['tool_calls'] ?? [] as $part) {
                $call = $calls[$part['index']] ?? ['id' => '', 'name' => '', 'arguments' => ''];
                $call['id'] = ($part['id'] ?? '') !== '' ? $part['id'] : $call['id'];
                $call['name'] = ($part['function']['name'] ?? '') !== '' ? $part['function']['name'] : $call['name'];
                $call['arguments'] .= $part['function']['arguments'] ?? '';
                $calls[$part['index']] = $call;
            }
        }
        return strlen($bytes);
    };
    curl_setopt_array($curl, [
        CURLOPT_POST => true,
        CURLOPT_HTTPHEADER => [
            'Authorization: Bearer ' . getenv('HF_TOKEN'),
            'Content-Type: application/json',
        ],
        CURLOPT_POSTFIELDS => json_encode($payload, JSON_THROW_ON_ERROR),
        CURLOPT_WRITEFUNCTION => $readEvents,
    ]);
    $reply = curl_exec($curl);
    if ($reply === false) {
        fail('Request failed: ' . curl_error($curl));
    }
    $code = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    if ($code >= 300) {
        fail("Request failed: $code $pending");
    }
    ksort($calls);
    return [$content, array_values($calls)];
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
    'messages' => [
        [
            'role' => 'user',
            'content' => 'What is the weather like in Paris and in Tokyo?',
        ],
    ],
    'tools' => [
        [
            'type' => 'function',
            'function' => [
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
    ],
    'stream' => true,
];

$answered = false;
for ($round = 0; $round < MAX_ROUNDS && !$answered; $round++) {
    [$content, $calls] = ask($payload);
    if ($calls === []) {
        echo "\n";
        $answered = true;
        break;
    }
    $asked = [];
    foreach ($calls as $call) {
        $asked[] = ['id' => $call['id'], 'type' => 'function', 'function' => ['name' => $call['name'], 'arguments' => $call['arguments']]];
    }
    $payload['messages'][] = ['role' => 'assistant', 'content' => $content, 'tool_calls' => $asked];
    // Every call the reply asks for is answered before the model is asked again.
    foreach ($calls as $call) {
        $function = $toolFunctions[$call['name']] ?? null;
        $arguments = $call['arguments'] === '' ? [] : json_decode($call['arguments'], true, 512, JSON_THROW_ON_ERROR);
        $result = $function ? $function($arguments) : ['error' => 'no such tool'];
        $payload['messages'][] = ['role' => 'tool', 'tool_call_id' => $call['id'], 'content' => json_encode($result, JSON_THROW_ON_ERROR)];
    }
}
if (!$answered) {
    fail('No final answer after ' . MAX_ROUNDS . ' rounds of tool calls');
}
