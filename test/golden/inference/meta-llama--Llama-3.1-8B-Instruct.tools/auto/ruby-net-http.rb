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

# Sends the conversation so far; returns the reply's text and the tool calls it asks for.
def ask(payload)
  uri = URI('https://router.huggingface.co/v1/chat/completions')
  request = Net::HTTP::Post.new(uri)
  request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
  request['Content-Type'] = 'application/json'
  request.body = JSON.generate(payload)
  response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
  abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
  message = JSON.parse(response.body).dig('choices', 0, 'message')
  calls = (message['tool_calls'] || []).map do |call|
    { 'id' => call['id'], 'name' => call.dig('function', 'name'), 'arguments' => call.dig('function', 'arguments') }
  end
  [message['content'], calls]
end

payload = {
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'messages' => [
    {
      'role' => 'user',
      'content' => 'What is the weather like in Paris and in Tokyo?',
    },
  ],
  'tools' => [
    {
      'type' => 'function',
      'function' => {
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
    },
  ],
}
answered = MAX_ROUNDS.times.any? do
  content, calls = ask(payload)
  if calls.empty?
    puts content
    next true
  end

  payload['messages'] << {
    'role' => 'assistant',
    'content' => content,
    'tool_calls' => calls.map do |call|
      { 'id' => call['id'], 'type' => 'function', 'function' => { 'name' => call['name'], 'arguments' => call['arguments'] } }
    end,
  }
  # Every call the reply asks for is answered before the model is asked again.
  calls.each do |call|
    function = TOOL_FUNCTIONS[call['name']]
    arguments = call['arguments'].to_s.empty? ? {} : JSON.parse(call['arguments'])
    result = function ? function.call(arguments) : { 'error' => 'no such tool' }
    payload['messages'] << { 'role' => 'tool', 'tool_call_id' => call['id'], 'content' => JSON.generate(result) }
  end
  false
end
abort "No final answer after #{MAX_ROUNDS} rounds of tool calls" unless answered
