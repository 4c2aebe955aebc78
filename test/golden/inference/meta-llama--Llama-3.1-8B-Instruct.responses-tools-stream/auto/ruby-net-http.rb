# Run: ruby main.rb
require 'json'
require 'net/http'

MAX_ROUNDS = 5

# The function for each tool name the model may ask for: it takes the arguments the model passed and returns the result as data.
TOOL_FUNCTIONS = {
  'get_weather' => lambda do |arguments|
    # A sample: fixed data stands for a real weather lookup.
    {
      'temperature' => 22,
      'unit' => 'celsius',
      'conditions' => 'sunny',
    }
  end,
}.freeze

# Sends the input so far; returns the reply's text and the function calls it asks for.
def ask(payload)
  uri = URI('https://router.huggingface.co/v1/responses')
  request = Net::HTTP::Post.new(uri)
  request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
  request['Content-Type'] = 'application/json'
  request.body = JSON.generate(payload)
  text = +''
  calls = {}
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
              text << event['delta']
            # A function call's item arrives first, then its arguments in pieces, both by output index.
            when 'response.output_item.added'
              item = event['item']
              if item['type'] == 'function_call'
                calls[event['output_index']] = { 'call_id' => item['call_id'], 'name' => item['name'], 'arguments' => +'' }
              end
            when 'response.function_call_arguments.delta'
              calls[event['output_index']]['arguments'] << event['delta']
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
  [text, calls.keys.sort.map { |index| calls[index] }]
end

payload = {
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'input' => [
    {
      'role' => 'user',
      'content' => 'What is the weather like in Paris and in Tokyo?',
    },
  ],
  'tools' => [
    {
      'type' => 'function',
      'name' => 'get_weather',
      'description' => 'Get the current weather in a city.',
      'parameters' => {
        'type' => 'object',
        'properties' => {
          'location' => {
            'type' => 'string',
            'description' => 'The city, e.g. Paris',
          },
          'unit' => {
            'type' => 'string',
            'enum' => [
              'celsius',
              'fahrenheit',
            ],
          },
        },
        'required' => [
          'location',
        ],
      },
    },
  ],
  'stream' => true,
}
# The input is sent whole each time (no previous_response_id): it grows by the calls a reply asks for and their outputs.
answered = MAX_ROUNDS.times.any? do
  # The reply's text was printed as it arrived.
  _, calls = ask(payload)
  if calls.empty?
    puts
    next true
  end

  calls.each do |call|
    payload['input'] << { 'type' => 'function_call', 'call_id' => call['call_id'], 'name' => call['name'], 'arguments' => call['arguments'] }
  end
  # Every call the reply asks for is answered, by its call_id, before the model is asked again.
  calls.each do |call|
    function = TOOL_FUNCTIONS[call['name']]
    arguments = call['arguments'].to_s.empty? ? {} : JSON.parse(call['arguments'])
    result = function ? function.call(arguments) : { 'error' => 'no such tool' }
    payload['input'] << { 'type' => 'function_call_output', 'call_id' => call['call_id'], 'output' => JSON.generate(result) }
  end
  false
end
abort "No final answer after #{MAX_ROUNDS} rounds of tool calls" unless answered
