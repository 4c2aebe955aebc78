# Run: ruby main.rb
require 'json'
require 'net/http'

uri = URI('https://router.huggingface.co/hf-inference/models/sentence-transformers/all-MiniLM-L6-v2/pipeline/sentence-similarity')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'inputs' => {
    'source_sentence' => 'That is a happy person',
    'sentences' => [
      'That is a happy dog',
      'That is a very happy person',
      'Today is a sunny day',
    ],
  },
})

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
puts response.body
