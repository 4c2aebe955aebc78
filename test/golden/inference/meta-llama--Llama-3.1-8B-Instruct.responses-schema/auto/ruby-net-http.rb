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

uri = URI('https://router.huggingface.co/v1/responses')
request = Net::HTTP::Post.new(uri)
request['Authorization'] = "Bearer #{ENV.fetch('HF_TOKEN')}"
request['Content-Type'] = 'application/json'
request.body = JSON.generate({
  'model' => 'meta-llama/Llama-3.1-8B-Instruct',
  'input' => 'Name the largest city of Japan, its country and its population.',
  'text' => {
    'format' => {
      'type' => 'json_schema',
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
# The answer's text is in the output items of type "message", as parts of type "output_text".
result = JSON.parse(response.body)
text = result.fetch('output')
             .select { |item| item['type'] == 'message' }
             .flat_map { |item| item['content'] }
             .select { |part| part['type'] == 'output_text' }
             .map { |part| part['text'] }
             .join
# The text is JSON that follows the schema.
puts pretty(JSON.parse(text))
