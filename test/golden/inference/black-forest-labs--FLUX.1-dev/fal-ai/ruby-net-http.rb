# Run: ruby main.rb
require 'json'
require 'net/http'

# The headers the provider wants, on every request.
def headers
  {
    'Authorization' => "Bearer #{ENV.fetch('HF_TOKEN')}",
    'Content-Type' => 'application/json',
  }
end

# Sends a request (Net::HTTP::Post or Net::HTTP::Get) with those headers.
def call(kind, url, body = nil)
  uri = URI(url)
  request = kind.new(uri, headers)
  request.body = body if body
  Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') { |http| http.request(request) }
end

# Files are named by their content type; these types' extensions are not their subtypes.
EXTENSIONS = {
  'image/jpeg' => 'jpg',
  'audio/mpeg' => 'mp3',
  'audio/x-wav' => 'wav',
}.freeze

# A file's extension from its content type.
def extension(content_type)
  mime = content_type.to_s.split(';').first.to_s.strip
  subtype = mime.split('/', 2)[1].to_s
  EXTENSIONS.fetch(mime) { subtype.empty? ? 'bin' : subtype }
end

# Fetches the output from the provider's file host, without the token, and saves it by its content type.
def save_download(url)
  file = Net::HTTP.get_response(URI(url))
  abort "Download failed: #{file.code}" unless file.is_a?(Net::HTTPSuccess)
  name = "output.#{extension(file['Content-Type'])}"
  File.binwrite(name, file.body)
  puts "Saved #{name}"
end

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

payload = {
  'prompt' => 'Astronaut in a jungle, cold color palette, muted colors, detailed, 8k',
}

# The provider queues the job: submit it, poll it until it is done, then download the output.
response = call(Net::HTTP::Post, 'https://router.huggingface.co/fal-ai/fal-ai/flux/dev?_subdomain=queue', JSON.generate(payload))
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
job = JSON.parse(response.body)
status_url = 'https://router.huggingface.co/fal-ai' + URI(text(at(job, 'response_url'))).path + '/status?_subdomain=queue'

status = job
polls = 0
loop do
  state = text(at(status, 'status'))
  break if state == 'COMPLETED'
  abort 'The job did not finish within 300 seconds' if polls == 150

  polls += 1
  sleep 2
  response = call(Net::HTTP::Get, status_url)
  # A server error on one poll is not the job's: ask again at the next poll.
  next if response.is_a?(Net::HTTPServerError)
  abort "Polling failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)

  status = JSON.parse(response.body)
end

response = call(Net::HTTP::Get, 'https://router.huggingface.co/fal-ai' + URI(text(at(job, 'response_url'))).path + '?_subdomain=queue')
# A job that failed is also done: the result request reports why.
abort "The job failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
result = JSON.parse(response.body)
output = at(result, 'images', 0, 'url')
abort "No output file in the result: #{text(result)}" unless output.is_a?(String)

save_download(output)
