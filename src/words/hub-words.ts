import type { CachedThing, HubProblem, Subject } from "../outcome/hub-problems.js";
import { formatBytes } from "../util/bytes.js";
import type { Names } from "./names.js";
import { said, seconds, type Text } from "./text.js";

type Of<K extends HubProblem["kind"]> = Extract<HubProblem, { kind: K }>;

const TOKENS_PAGE = "https://huggingface.co/settings/tokens";

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "name lookup failed (DNS)",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the server",
};

function networkReason(code: string | undefined, detail: string | undefined): string {
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `TLS certificate problem (${code})`;
  return code ?? detail ?? "the connection failed";
}

/** What the request was for, as messages name it. */
export function subjectWords(subject: Subject): string {
  switch (subject.kind) {
    case "model":
      return `'${subject.id}'`;
    case "file-tree":
      return `the file tree of '${subject.id}'`;
    case "file":
      return `${subject.file} of '${subject.id}'`;
    case "search":
      return `the model search ${subject.query}`;
    case "router":
      return "the router's model list";
  }
}

/** What the body of an answer for `subject` holds, for "stopped sending …" and "too large for …". */
function contentOf(subject: Subject): string {
  switch (subject.kind) {
    case "search":
      return "a page of results";
    case "file":
      return "a file header";
    case "router":
      return "the router's model list";
    default:
      return "model metadata";
  }
}

export function cachedThingWords(thing: CachedThing): string {
  switch (thing.kind) {
    case "model":
      return `model '${thing.id}'`;
    case "router":
      return "the router's model list";
    case "search":
      return "this search";
    case "file":
      return `the header of ${thing.file}`;
  }
}

function withHubMessage(message: string, says: string | undefined): string {
  return says ? `${message}; the hub says: "${says}"` : message;
}

function hubStatus(problem: Of<"hub-status">, names: Names): Text {
  const { host, subject, status, attempts, hasToken, page, says } = problem;
  const token = names.hub("token");
  const endpoint = names.hub("endpoint");
  if (subject.kind === "search" && (status === 401 || status === 403 || status === 404)) {
    if (status === 404) return said(`the hub at ${host} has no model search (HTTP 404)`, `check ${endpoint} if it is set`);
    if (!hasToken)
      return said(
        withHubMessage(`the hub at ${host} answers the model search only with a token (HTTP ${status})`, says),
        `set ${token} to an access token (${TOKENS_PAGE})`,
      );
    if (status === 401)
      return said(
        withHubMessage(`the hub at ${host} refused ${token} (HTTP 401) for the model search`, says),
        `the token may be invalid or expired: create a new one at ${TOKENS_PAGE}`,
      );
    return said(withHubMessage(`${token} lacks access to the model search on ${host} (HTTP 403)`, says), `use a token with read access (${TOKENS_PAGE})`);
  }
  const what = subject.kind === "model" ? `model '${subject.id}'` : subjectWords(subject);
  if (status === 401 && !hasToken)
    return said(
      withHubMessage(`cannot read ${what} (HTTP 401): it is gated or private, or does not exist`, says),
      `set ${token} to an access token that can read it (${TOKENS_PAGE})`,
    );
  if (status === 401)
    return said(
      withHubMessage(`the hub refused ${token} (HTTP 401) when reading ${what}`, says),
      `the token may be invalid or expired: create a new one at ${TOKENS_PAGE}`,
    );
  if (status === 403)
    return said(
      withHubMessage(`access to ${what} is restricted (HTTP 403): it is gated or private`, says),
      hasToken
        ? `${token} does not grant access: request access on ${page}, and use a token allowed to read gated repositories`
        : `request access on ${page}, then set ${token} to an access token (${TOKENS_PAGE})`,
    );
  if (status === 404) {
    if (subject.kind === "model") return said(`no model '${subject.id}' on ${host} (HTTP 404)`, "check the model id; for a local metadata file, pass its path");
    return said(`no ${subjectWords(subject)} on ${host} (HTTP 404)`, `check ${endpoint} if it is set`);
  }
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  if (status === 429)
    return said(
      `the hub at ${host} is rate-limiting requests (HTTP 429)${tries}`,
      hasToken ? "wait a minute and try again" : `wait a minute and try again; requests with ${token} set get a higher limit`,
    );
  if (status >= 500)
    return said(
      withHubMessage(`the hub at ${host} failed to answer for ${subjectWords(subject)} (HTTP ${status})${tries}`, says),
      "the hub may be having trouble: try again later",
    );
  return said(
    withHubMessage(`unexpected answer from the hub at ${host} for ${subjectWords(subject)} (HTTP ${status})`, says),
    `check ${endpoint} if it is set`,
  );
}

function badAnswer(problem: Of<"hub-bad-answer">, names: Names): Text {
  const endpoint = names.hub("endpoint");
  const { host, subject } = problem;
  if (subject.kind === "router") {
    return said(`the router's answer at ${host}/v1/models is not a model list`, `try again later, or set ${names.hub("router")} if it names the wrong router`);
  }
  const answer = subject.kind === "search" ? `the hub at ${host} answered the model search with` : `the hub's answer for ${subjectWords(subject)} is`;
  switch (problem.found) {
    case "not-json":
      return subject.kind === "search"
        ? said(`${answer} something that is not JSON`, `if ${endpoint} points at a proxy or a mirror, check it; otherwise try again later`)
        : said(`${answer} not valid JSON`, `if ${endpoint} points at a proxy or a mirror, check it; otherwise try again later`);
    case "not-object":
      return said(`${answer} not a JSON object`, `check ${endpoint} if it is set`);
    case "not-list":
      return subject.kind === "search"
        ? said(`${answer} something other than a list`, `check ${endpoint} if it is set`)
        : said(`${answer} not a list`, `check ${endpoint} if it is set`);
    case "bad-shape":
      return said(
        `the hub's metadata for ${subjectWords(subject)} does not have the expected shape: field '${problem.field ?? ""}': ${problem.issue ?? "unexpected value"}`,
        "a newer hubref may read it; meanwhile, save the metadata to a file, fix that field and pass the file's path",
      );
  }
}

function settingInvalid(problem: Of<"hub-setting-invalid">, names: Names): Text {
  const name = names.hub(problem.setting);
  const shown = problem.value === undefined ? "" : JSON.stringify(problem.value);
  switch (problem.found) {
    case "not-url":
      return said(`${name} is not a URL: ${shown}`, `set ${name} to the hub's base URL, such as https://huggingface.co, or unset it`);
    case "not-http":
      return problem.setting === "router"
        ? said(`${name} is not an http(s) URL: ${shown}`, `set it to the router's base URL, such as https://router.huggingface.co, or unset it`)
        : said(
            `${name} must be an http or https URL, not ${problem.value ?? "that"}`,
            `set ${name} to the hub's base URL, such as https://huggingface.co, or unset it`,
          );
    case "credentials":
      return said(`${name} must not hold a user name or password`, `put the token in ${names.hub("token")} instead`);
    case "query":
      return said(`${name} must not have a query or a fragment`, `set ${name} to the hub's base URL, such as https://huggingface.co, or unset it`);
    case "bad-characters":
      return said(`${name} holds spaces, control or non-ASCII characters, which a token never has`, `copy the token again from ${TOKENS_PAGE}`);
    case "not-count":
      return said(`${name} takes a whole number from ${problem.min} to ${problem.max}, got '${problem.value ?? ""}'`, `unset ${name} for the default`);
  }
}

const OFFLINE = (names: Names) => names.setting("offline");

export const HUB_WORDS: { [K in HubProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "hub-timeout": (problem, names) =>
    problem.phase === "headers"
      ? said(
          `the hub at ${problem.host} did not answer within ${seconds(problem.ms)} (fetching ${subjectWords(problem.subject)})`,
          `the network or the hub is slow: try again, or use a cached copy with ${OFFLINE(names)}`,
        )
      : said(
          `the hub at ${problem.host} stopped sending ${problem.subject.kind === "search" ? "the results of" : "the metadata of"} ${subjectWords(problem.subject)} (incomplete after ${seconds(problem.ms)})`,
          `the network or the hub is slow: try again, or use a cached copy with ${OFFLINE(names)}`,
        ),
  "hub-answer-too-large": (problem, names) =>
    said(
      `the hub's answer for ${subjectWords(problem.subject)} is too large for ${contentOf(problem.subject)} (over ${formatBytes(problem.limitBytes)})`,
      `check ${names.hub("endpoint")} if it is set`,
    ),
  "hub-unreachable": (problem, names) =>
    said(
      `cannot reach the hub at ${problem.host}: ${networkReason(problem.code, problem.detail)}`,
      `check the network connection (and ${names.hub("endpoint")} if it is set), or use a cached copy with ${OFFLINE(names)}`,
    ),
  "hub-status": hubStatus,
  "hub-retry-after-too-long": (problem) =>
    said(
      `the hub at ${problem.host} ${problem.status === 429 ? "is rate-limiting requests" : "is unavailable"} (HTTP ${problem.status}) and asks to wait ${seconds(problem.waitMs)}`,
      "try again after that",
    ),
  "hub-bad-answer": badAnswer,
  "hub-setting-invalid": settingInvalid,
  "offline-not-cached": (problem, names) =>
    said(
      `${cachedThingWords(problem.thing)} is not in the cache, and ${OFFLINE(names)} forbids ${problem.thing.kind === "search" ? "asking the hub" : problem.thing.kind === "file" ? "reading it" : "fetching it"}`,
      `run ${problem.thing.kind === "search" ? "it " : ""}once without ${OFFLINE(names)} to fetch and cache it`,
    ),
  "offline-no-cache": (_problem, names) =>
    said(
      `${OFFLINE(names)} needs a cache, and there is none: neither XDG_CACHE_HOME nor HOME is set`,
      `run once without ${OFFLINE(names)} to fetch and cache it`,
    ),
};

/** One hub problem's words, for the readers that go on without the answer and say why in a note. */
export function hubProblemText(problem: HubProblem, names: Names): Text {
  return (HUB_WORDS[problem.kind] as (problem: HubProblem, names: Names) => Text)(problem, names);
}
