# Run: ruby main.rb
require 'json'
require 'net/http'

uri = URI('https://router.huggingface.co/v1/chat/completions')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'messages' => [
    {
      'role' => 'user',
      'content' => 'What is the capital of France?',
    },
  ],
})

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
completion = JSON.parse(response.body)
puts completion.dig('choices', 0, 'message', 'content')
