# Run: ruby main.rb
# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
require 'json'
require 'net/http'

data_bytes = File.binread('sample1.flac')
uri = URI('https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'audio/flac'
request.body = data_bytes

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
puts response.body
