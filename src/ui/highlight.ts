/**
 * Syntax highlighting with highlight.js, turned into coloured segments per
 * line that the preview can wrap and scroll. Only the grammars of the snippet
 * languages are loaded (each language names its own: `highlight` in
 * src/format/<language>.ts), to keep start-up short.
 */
import type { LanguageFn } from "highlight.js";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import php from "highlight.js/lib/languages/php";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import { highlightGrammar, type HighlightGrammar } from "../format/languages.js";

/** Every grammar a language names: a language whose grammar is missing here fails the type-check. */
const GRAMMARS = { python, javascript, bash, go, java, ruby, php } satisfies Record<HighlightGrammar, LanguageFn>;

for (const [name, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(name, grammar);

/** What a piece of code is; the theme gives each a colour. */
export type CodeTone = "keyword" | "string" | "number" | "comment" | "function" | "type" | "property" | "variable";

export interface Segment {
  text: string;
  tone?: CodeTone;
}

/** highlight.js scope names to tones; "subst" (code inside a template string) goes back to plain. */
const TONES: Record<string, CodeTone | null> = {
  keyword: "keyword",
  meta: "comment",
  comment: "comment",
  quote: "comment",
  string: "string",
  regexp: "string",
  number: "number",
  literal: "number",
  symbol: "number",
  title: "function",
  built_in: "type",
  type: "type",
  attr: "property",
  property: "property",
  variable: "variable",
  "template-variable": "variable",
  subst: null,
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

function decode(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!);
}

function toneOf(classAttribute: string, outer: CodeTone | undefined): CodeTone | undefined {
  const scope = classAttribute.split(" ")[0]!.replace(/^hljs-/, "");
  const title = scope === "title" && classAttribute.includes("class_") ? "type" : undefined;
  const tone = title ?? TONES[scope];
  return tone === null ? undefined : (tone ?? outer);
}

/** highlight.js's HTML (only <span class> tags and five entities) as flat segments. */
function segmentsOf(html: string): Segment[] {
  const segments: Segment[] = [];
  const stack: (CodeTone | undefined)[] = [];
  const tag = /<span class="([^"]*)">|<\/span>/g;
  let at = 0;
  const add = (text: string) => {
    if (text !== "") segments.push({ text: decode(text), tone: stack.at(-1) });
  };
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    add(html.slice(at, match.index));
    if (match[1] === undefined) stack.pop();
    else stack.push(toneOf(match[1], stack.at(-1)));
    at = tag.lastIndex;
  }
  add(html.slice(at));
  return segments;
}

function splitLines(segments: Segment[]): Segment[][] {
  const lines: Segment[][] = [[]];
  for (const segment of segments) {
    segment.text.split("\n").forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part !== "") lines.at(-1)!.push({ text: part, tone: segment.tone });
    });
  }
  return lines;
}

/** The code's lines as segments; a language without a grammar comes back plain. */
export function highlightLines(code: string, language: string): Segment[][] {
  const text = code.replace(/\r\n?/g, "\n").replace(/\n$/, "");
  const grammar = highlightGrammar(language);
  if (!grammar) return text.split("\n").map((line) => (line === "" ? [] : [{ text: line }]));
  return splitLines(segmentsOf(hljs.highlight(text, { language: grammar, ignoreIllegals: true }).value));
}
