// Run: java Main.java
// sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Main {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        byte[] audioBytes = Files.readAllBytes(Path.of("sample1.mp3"));
        String audio = Base64.getEncoder().encodeToString(audioBytes);
        Object payload = Json.object(
                "audio_url", "data:audio/mpeg;base64," + audio);

        HttpRequest request = HttpRequest.newBuilder(URI.create("https://fal.run/fal-ai/whisper"))
                .header("Authorization", "Key " + System.getenv("FAL_AI_API_KEY"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(payload)))
                .build();

        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException("Request failed: " + response.statusCode() + " " + new String(response.body(), StandardCharsets.UTF_8));
        }
        Object result = Json.parse(new String(response.body(), StandardCharsets.UTF_8));
        String transcript = Json.text(Json.at(result, "text"));
        if (transcript.isEmpty()) {
            throw new IllegalStateException("No transcript in the reply: " + Json.text(result));
        }
        System.out.println(transcript);
    }

    /** Just enough JSON for this program: the JDK has no JSON library. */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        private static void write(Object value, StringBuilder out) {
            if (value instanceof String string) {
                out.append('"');
                for (char c : string.toCharArray()) {
                    if (c == '"' || c == '\\') out.append('\\').append(c);
                    else if (c < 0x20 || c > 0x7e) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
                out.append('"');
            } else if (value instanceof Map<?, ?> map) {
                out.append('{');
                String separator = "";
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(separator);
                    write(entry.getKey(), out);
                    out.append(':');
                    write(entry.getValue(), out);
                    separator = ",";
                }
                out.append('}');
            } else if (value instanceof List<?> list) {
                out.append('[');
                String separator = "";
                for (Object item : list) {
                    out.append(separator);
                    write(item, out);
                    separator = ",";
                }
                out.append(']');
            } else {
                out.append(value);
            }
        }

        static Map<String, Object> object(Object... keysAndValues) {
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; i < keysAndValues.length; i += 2) object.put((String) keysAndValues[i], keysAndValues[i + 1]);
            return object;
        }

        /** The value at a path of keys and indexes, or null. */
        static Object at(Object value, Object... path) {
            for (Object key : path) {
                if (value instanceof Map<?, ?> map) value = map.get(key);
                else if (value instanceof List<?> list && key instanceof Integer index && index < list.size()) value = list.get(index);
                else return null;
            }
            return value;
        }

        /** A string as it is, anything else as JSON. */
        static String text(Object value) {
            return value instanceof String string ? string : value == null ? "" : write(value);
        }

        static Object parse(String text) {
            Json parser = new Json(text);
            Object value = parser.value();
            parser.space();
            if (parser.at != text.length()) throw parser.error();
            return value;
        }

        private IllegalArgumentException error() {
            return new IllegalArgumentException("Not JSON at character " + at + ": " + text);
        }

        private void space() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
        }

        private boolean next(char c) {
            space();
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!next(c)) throw error();
        }

        private Object value() {
            space();
            if (next('{')) {
                Map<String, Object> object = new LinkedHashMap<>();
                if (next('}')) return object;
                do {
                    space();
                    String key = string();
                    expect(':');
                    object.put(key, value());
                } while (next(','));
                expect('}');
                return object;
            }
            if (next('[')) {
                List<Object> list = new ArrayList<>();
                if (next(']')) return list;
                do list.add(value());
                while (next(','));
                expect(']');
                return list;
            }
            if (at < text.length() && text.charAt(at) == '"') return string();
            for (String word : new String[] {"true", "false", "null"}) {
                if (text.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            if (start == at) throw error();
            String number = text.substring(start, at);
            // An integer stays one (a population is 14000000, not 1.4E7); a fraction or an exponent is a double.
            // Not a ?: expression, which would make both a double.
            if (number.matches("-?[0-9]{1,18}")) return Long.valueOf(number);
            return Double.valueOf(number);
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (at < text.length()) {
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(escaped);
                }
            }
            throw error();
        }
    }
}
