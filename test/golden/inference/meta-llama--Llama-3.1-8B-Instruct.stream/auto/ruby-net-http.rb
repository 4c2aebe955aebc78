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
  'temperature' => 0.5,
  'max_tokens' => 256,
  'stream' => true,
})

Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request) do |response|
    abort "Request failed: #{response.code} #{response.read_body}" unless response.is_a?(Net::HTTPSuccess)
    # Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
    pending = +''
    catch(:done) do
      response.read_body do |bytes|
        pending << bytes
        while (line = pending.slice!(/\A.*\n/))
          line = line.chomp
          next unless line.start_with?('data:')

          data = line.delete_prefix('data:').strip
          throw :done if data == '[DONE]'
          chunk = JSON.parse(data)
          print chunk.dig('choices', 0, 'delta', 'content').to_s
          $stdout.flush
        end
      end
    end
  end
end
puts
