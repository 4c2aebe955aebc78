# Run: ruby main.rb
require 'json'
require 'net/http'

# JSON four spaces a level, members in their order and text as it is: as the program prints it in every language.
def pretty(value, indent = '')
  inner = "#{indent}    "
  case value
  when Hash
    return '{}' if value.empty?

    "{\n#{value.map { |key, item| "#{inner}#{JSON.generate(key)}: #{pretty(item, inner)}" }.join(",\n")}\n#{indent}}"
  when Array
    return '[]' if value.empty?

    "[\n#{value.map { |item| inner + pretty(item, inner) }.join(",\n")}\n#{indent}]"
  else
    JSON.generate(value)
  end
end

uri = URI('https://router.huggingface.co/v1/chat/completions')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'messages' => [
    {
      'role' => 'user',
      'content' => 'Name the largest city of Japan, its country and its population.',
    },
  ],
  'response_format' => {
    'type' => 'json_schema',
    'json_schema' => {
      'name' => 'answer',
      'schema' => {
        'type' => 'object',
        'properties' => {
          'city' => {
            'type' => 'string',
          },
          'country' => {
            'type' => 'string',
          },
          'population' => {
            'type' => 'integer',
          },
        },
        'required' => [
          'city',
          'country',
          'population',
        ],
        'additionalProperties' => false,
      },
      'strict' => true,
    },
  },
})

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
completion = JSON.parse(response.body)
# The reply is JSON that follows the schema.
answer = JSON.parse(completion.dig('choices', 0, 'message', 'content'))
puts pretty(answer)
