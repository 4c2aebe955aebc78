# Run: ruby main.rb
require 'json'
require 'net/http'

uri = URI('https://router.huggingface.co/v1/responses')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'instructions' => 'Answer in one word.',
  'input' => 'What is the capital of France?',
  'max_output_tokens' => 256,
  'stream' => true,
})

Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request) do |response|
    abort "Request failed: #{response.code} #{response.read_body}" unless response.is_a?(Net::HTTPSuccess)
    # Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
    pending = +''
    catch(:done) do
      response.read_body do |bytes|
        pending << bytes
        while (line = pending.slice!(/\A.*\n/))
          line = line.chomp
          next unless line.start_with?('data:')

          event = JSON.parse(line.delete_prefix('data:'))
          case event['type']
          when 'response.output_text.delta'
            print event['delta']
            $stdout.flush
          when 'response.completed'
            throw :done
          when 'response.failed', 'error'
            abort "The response failed: #{line}"
          end
        end
      end
    end
  end
end
puts
