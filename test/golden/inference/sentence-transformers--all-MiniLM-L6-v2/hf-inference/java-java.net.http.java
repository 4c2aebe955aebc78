// Run: java Main.java
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Main {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        Object payload = Json.object(
                "inputs", Json.object(
                    "source_sentence", "That is a happy person",
                    "sentences", Json.array(
                        "That is a happy dog",
                        "That is a very happy person",
                        "Today is a sunny day")));

        HttpRequest request = HttpRequest.newBuilder(URI.create("https://router.huggingface.co/hf-inference/models/sentence-transformers/all-MiniLM-L6-v2/pipeline/sentence-similarity"))
                .header("Authorization", "Bearer " + System.getenv("HF_TOKEN"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(payload)))
                .build();

        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException("Request failed: " + response.statusCode() + " " + new String(response.body(), StandardCharsets.UTF_8));
        }
        System.out.println(new String(response.body(), StandardCharsets.UTF_8));
    }

    /** Just enough JSON for this program: the JDK has no JSON library. */
    static final class Json {
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

        static List<Object> array(Object... items) {
            return Arrays.asList(items);
        }
    }
}
