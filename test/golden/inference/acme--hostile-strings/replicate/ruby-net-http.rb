# Run: ruby main.rb
require 'json'
require 'net/http'

# The headers the provider wants, on every request.
def headers
  {
    'Authorization' => "Bearer #{ENV.fetch('HF_TOKEN')}",
    'Prefer' => 'wait',
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
  'input' => {
    'prompt' => "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME \#{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u{2028} \x00 \x7f bidi \u{202e}evil\u{202c} zero\u{200b}width",
  },
}

# The provider queues the job: submit it, poll it until it is done, then download the output.
response = call(Net::HTTP::Post, 'https://router.huggingface.co/replicate/v1/models/replicate/%22double%22%20\'single\'%20\'\'\'triple\'\'\'%20%22%22%22triple%22%22%22%20%60tick%60%20%7C%20back%5Cslash%20%5Cn%20%5Cu0041%20%5C%20%7C%20new%0Aline%0D%0Atab%09%20%7C%20%24(id)%20%24%7BHOME%7D%20%24HOME%20%23%7B%60id%60%7D%20%7B%24x%7D%20%25s%20%7B0%7D%20%7C%20%3C%25%3D%20it.x%20%25%3E%20%7B%7B%20inputs%20%7D%7D%20%3F%3E%20%3C%3Fphp%20*/%20/*%20%5Cu000a%20%7C%20%C3%A9%20%E6%97%A5%E6%9C%AC%E8%AA%9E%20%E2%80%A8%20%00%20%7F%20bidi%20%E2%80%AEevil%E2%80%AC%20zero%E2%80%8Bwidth/predictions', JSON.generate(payload))
abort "Request failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)
job = JSON.parse(response.body)
status_url = 'https://router.huggingface.co/replicate' + URI(text(at(job, 'urls', 'get'))).path

status = job
polls = 0
loop do
  state = text(at(status, 'status'))
  break if state == 'succeeded'
  abort "The job failed: #{text(at(status, 'error'))}" if ['failed', 'canceled'].include?(state)
  abort 'The job did not finish within 300 seconds' if polls == 150

  polls += 1
  sleep 2
  response = call(Net::HTTP::Get, status_url)
  # A server error on one poll is not the job's: ask again at the next poll.
  next if response.is_a?(Net::HTTPServerError)
  abort "Polling failed: #{response.code} #{response.body}" unless response.is_a?(Net::HTTPSuccess)

  status = JSON.parse(response.body)
end

result = status
output = at(result, 'output')
output = output.first if output.is_a?(Array)
abort "No output file in the result: #{text(result)}" unless output.is_a?(String)

save_download(output)
