# Run: ruby main.rb
require 'json'
require 'net/http'

uri = URI('https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'inputs' => 'I like you. I love you',
})

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
puts response.body
