# Run: ruby main.rb
require 'base64'
require 'json'
require 'net/http'

image = Base64.strict_encode64(File.binread('photos/dog.jpg'))
uri = URI('https://router.huggingface.co/v1/chat/completions')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'Qwen/Qwen2.5-VL-7B-Instruct',
  'messages' => [
    {
      'role' => 'user',
      'content' => [
        {
          'type' => 'text',
          'text' => 'Describe this image in one sentence.',
        },
        {
          'type' => 'image_url',
          'image_url' => {
            'url' => 'https://example.com/cat.png',
          },
        },
        {
          'type' => 'image_url',
          'image_url' => {
            'url' => 'data:image/jpeg;base64,' + image,
          },
        },
      ],
    },
  ],
})

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
completion = JSON.parse(response.body)
puts completion.dig('choices', 0, 'message', 'content')
