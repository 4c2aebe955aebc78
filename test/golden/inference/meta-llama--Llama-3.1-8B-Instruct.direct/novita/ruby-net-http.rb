# Run: ruby main.rb
require 'json'
require 'net/http'

uri = URI('https://api.novita.ai/v3/openai/chat/completions')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('NOVITA_API_KEY')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'meta-llama/llama-3.1-8b-instruct',
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
