# Run: ruby main.rb
# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
require 'json'
require 'net/http'

# The value at a path of keys and indexes in parsed JSON, or nil.
def at(value, *path)
  path.each do |key|
    value = case value
            when Hash then value[key]
            when Array then key.is_a?(Integer) ? value[key] : nil
            end
  end
  value
end

# A string as it is, anything else as JSON.
def text(value)
  return value if value.is_a?(String)

  value.nil? ? '' : JSON.generate(value)
end

data_bytes = File.binread('sample1.flac')
uri = URI('https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'audio/flac'
request.body = data_bytes

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
result = JSON.parse(response.body)
transcript = text(at(result, 'text'))
abort "No transcript in the reply: #{response.body}" if transcript.empty?
puts transcript
