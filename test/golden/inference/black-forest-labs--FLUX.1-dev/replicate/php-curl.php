<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

/** A file's extension from its content type; these types' extensions are not their subtypes. */
function extension(?string $contentType): string
{
    $mime = trim(explode(';', $contentType ?? '')[0]);
    $known = [
        'image/jpeg' => 'jpg',
        'audio/mpeg' => 'mp3',
        'audio/x-wav' => 'wav',
    ];
    $subtype = explode('/', $mime, 2)[1] ?? '';
    return $known[$mime] ?? ($subtype === '' ? 'bin' : $subtype);
}

/** Fetches the output from the provider's file host, without the token, and saves it by its content type. */
function save_download(string $url): void
{
    $curl = curl_init($url);
    curl_setopt($curl, CURLOPT_RETURNTRANSFER, true);
    $file = curl_exec($curl);
    if ($file === false || curl_getinfo($curl, CURLINFO_RESPONSE_CODE) >= 300) {
        fail('Download failed: ' . ($file === false ? curl_error($curl) : curl_getinfo($curl, CURLINFO_RESPONSE_CODE)));
    }
    $name = 'output.' . extension(curl_getinfo($curl, CURLINFO_CONTENT_TYPE));
    file_put_contents($name, $file);
    echo "Saved $name\n";
}

/** A string as it is, anything else as JSON. */
function text($value): string
{
    return is_string($value) ? $value : ($value === null ? '' : json_encode($value));
}

/** Sends a request with the headers the provider wants; returns the status code and the reply. */
function call(string $url, ?string $body = null): array
{
    $curl = curl_init($url);
    curl_setopt_array($curl, [
        CURLOPT_HTTPHEADER => [
            'Authorization: Bearer ' . getenv('HF_TOKEN'),
            'Prefer: wait',
            'Content-Type: application/json',
        ],
        CURLOPT_RETURNTRANSFER => true,
    ]);
    if ($body !== null) {
        curl_setopt_array($curl, [CURLOPT_POST => true, CURLOPT_POSTFIELDS => $body]);
    }
    $reply = curl_exec($curl);
    if ($reply === false) {
        fail('Request failed: ' . curl_error($curl));
    }
    return [curl_getinfo($curl, CURLINFO_RESPONSE_CODE), $reply];
}

$payload = [
    'input' => [
        'prompt' => 'Astronaut in a jungle, cold color palette, muted colors, detailed, 8k',
    ],
];

// The provider queues the job: submit it, poll it until it is done, then download the output.
[$code, $reply] = call('https://router.huggingface.co/replicate/v1/models/black-forest-labs/flux-dev/predictions', json_encode($payload, JSON_THROW_ON_ERROR));
if ($code >= 300) {
    fail("Request failed: $code $reply");
}
$job = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
$statusUrl = 'https://router.huggingface.co/replicate' . parse_url(text(($job['urls']['get'] ?? null)), PHP_URL_PATH);

$status = $job;
for ($polls = 0; ; $polls++) {
    $state = text(($status['status'] ?? null));
    if ($state === 'succeeded') {
        break;
    }
    if (in_array($state, ['failed', 'canceled'], true)) {
        fail('The job failed: ' . text(($status['error'] ?? null)));
    }
    if ($polls === 150) {
        fail('The job did not finish within 300 seconds');
    }
    sleep(2);
    [$code, $reply] = call($statusUrl);
    // A server error on one poll is not the job's: ask again at the next poll.
    if ($code >= 500) {
        continue;
    }
    if ($code >= 300) {
        fail("Polling failed: $code $reply");
    }
    $status = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
}

$result = $status;
$output = ($result['output'] ?? null);
if (is_array($output)) {
    $output = $output[0] ?? null;
}
if (!is_string($output)) {
    fail('No output file in the result: ' . text($result));
}

save_download($output);
