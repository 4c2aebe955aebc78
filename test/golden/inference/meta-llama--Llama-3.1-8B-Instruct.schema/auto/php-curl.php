<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$payload = [
    'model' => 'meta-llama/Llama-3.1-8B-Instruct',
    'messages' => [
        [
            'role' => 'user',
            'content' => 'Name the largest city of Japan, its country and its population.',
        ],
    ],
    'response_format' => [
        'type' => 'json_schema',
        'json_schema' => [
            'name' => 'answer',
            'schema' => [
                'type' => 'object',
                'properties' => [
                    'city' => [
                        'type' => 'string',
                    ],
                    'country' => [
                        'type' => 'string',
                    ],
                    'population' => [
                        'type' => 'integer',
                    ],
                ],
                'required' => [
                    'city',
                    'country',
                    'population',
                ],
                'additionalProperties' => false,
            ],
            'strict' => true,
        ],
    ],
];

$curl = curl_init('https://router.huggingface.co/v1/chat/completions');
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
$completion = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
// The reply is JSON that follows the schema.
$answer = json_decode($completion['choices'][0]['message']['content'] ?? '', false, 512, JSON_THROW_ON_ERROR);
echo json_encode($answer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR), "\n";
