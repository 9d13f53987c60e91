/**
 * How `.http` files are cut into lines and blocks, and the pieces of syntax the clients
 * add around the request: httpyac's requests without `###`, script blocks (`{{ … }}`),
 * assertion and output-redirection lines, methods in any case, and form bodies written
 * over several lines. `httpFile.ts` reads each block with these.
 */
import { contentTypeParams } from '../encoding';
import type { RequestScript } from '../workspace';

export interface Line {
  text: string;
  line: number;
}

export interface Block {
  title: string;
  lines: Line[];
}

export type ScriptRead = { script: RequestScript; next: number } | { unclosed: number };

/** A request line in httpyac's sense: a method it knows, upper-case, and a target (URL, path or `{{variable}}…`). */
const HTTPYAC_REQUEST_START =
  /^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|CONNECT|TRACE|PROPFIND|PROPPATCH|MKCOL|COPY|MOVE|LOCK|UNLOCK|CHECKOUT|CHECKIN|REPORT|MERGE|MKACTIVITY|MKWORKSPACE|VERSION-CONTROL|BASELINE-CONTROL|MKCALENDAR|ACL|SEARCH|GRAPHQL)\s+(https?:\/\/|\/|\{\{)/;

/**
 * The file cut into blocks at `###` lines, and (as httpyac reads it) before a second request
 * line in a block, outside script blocks: httpyac lets requests follow one another without `###`.
 */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [{ title: '', lines: [] }];
  let seenRequest = false;
  let inScript = false;
  // Only `###` ends the block: after `# @forceRegionDelimiter`, and inside a multipart/mixed body (an OData batch
  // holds request lines) until its closing `--boundary--`, as httpyac reads them.
  let delimiterOnly = false;
  let mixedEnd: string | undefined;
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const separator = /^###(.*)$/.exec(line);
    const trimmed = line.trim();
    if (separator || (!inScript && !delimiterOnly && mixedEnd === undefined && seenRequest && HTTPYAC_REQUEST_START.test(line))) {
      blocks.push({ title: separator ? separator[1]!.trim() : '', lines: [] });
      seenRequest = !separator;
      inScript = false;
      delimiterOnly = false;
      mixedEnd = undefined;
      if (separator) return;
    } else if (!inScript && HTTPYAC_REQUEST_START.test(line)) seenRequest = true;
    if (/^(#|\/\/)\s*@forceRegionDelimiter\b/.test(trimmed)) delimiterOnly = true;
    if (mixedEnd !== undefined) {
      if (line.includes(mixedEnd)) mixedEnd = undefined;
    } else if (seenRequest && /^content-type\s*:/i.test(trimmed)) {
      const mixed = contentTypeParams(trimmed.slice(trimmed.indexOf(':') + 1));
      if (mixed.type === 'multipart/mixed' && mixed.params.boundary) mixedEnd = `--${mixed.params.boundary}--`;
    }
    if (/^[<>]\s*\{%/.test(trimmed) || /^\{\{(@[\w-]+|\+[\w-]*)?$/.test(trimmed)) inScript = !/%\}\s*$/.test(trimmed);
    else if (inScript && (/%\}\s*$/.test(trimmed) || trimmed === '}}')) inScript = false;
    blocks[blocks.length - 1]!.lines.push({ text: line, line: index + 1 });
  });
  return blocks;
}

/**
 * httpyac's script block: `{{` alone on a line (or `{{@event`, `{{+`), JavaScript, and `}}`
 * alone on a line. Before the request line it runs before sending; after it, on the response.
 */
export function httpyacScriptAt(lines: Line[], i: number, phase: RequestScript['phase']): ScriptRead | undefined {
  if (!/^\{\{(?:@[\w-]+|\+[\w-]*)?\s*$/.test(lines[i]!.text.trim())) return undefined;
  for (let j = i + 1; j < lines.length; j++) {
    if (/^\}\}\s*$/.test(lines[j]!.text.trim())) {
      return { script: { phase, dialect: 'httpyac', text: lines.slice(i + 1, j).map((l) => l.text).join('\n') }, next: j + 1 };
    }
  }
  return { unclosed: lines[i]!.line };
}

/** Lines of httpyac and JetBrains that follow a request but are not its body: `?? assert`, `>> file` / `>>! file` (save the response). */
export const NOT_BODY = /^(\?\?\s|>>!?\s)/;

/** A header line: a field name (an HTTP token) and a colon. Anything else after the request line starts the body. */
export const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*:/;

/**
 * A form body written over several lines (`a=1` then `&b=2`) is one line on the wire: VS Code
 * REST Client and httpyac join the lines, each trimmed. Other bodies keep their line breaks.
 */
export function formLinesJoined(lines: string[], contentType: string | undefined): string {
  const form = contentType !== undefined && contentTypeParams(contentType).type === 'application/x-www-form-urlencoded';
  return form ? lines.map((l) => l.trim()).join('') : lines.join('\n');
}

/**
 * Request-line words of the clients' extended syntaxes that are not HTTP exchanges Wirebench
 * can send: JetBrains' WEBSOCKET and GRPC, httpyac's WS, SSE, MQTT, AMQP and KAFKA (what each is).
 */
export const NOT_HTTP_METHODS: Readonly<Record<string, string>> = { WEBSOCKET: 'WebSocket', WS: 'WebSocket', GRPC: 'gRPC', SSE: 'Server-sent events (SSE)', MQTT: 'MQTT', AMQP: 'AMQP', KAFKA: 'Kafka' };

/** An HTTP method a `.http` file cannot hold as one: its request-line word means another kind of request there (GRAPHQL: a GraphQL POST). */
export function reservedHttpFileMethod(method: string): string | undefined {
  return Object.hasOwn(NOT_HTTP_METHODS, method) ? `a ${NOT_HTTP_METHODS[method]} request` : method === 'GRAPHQL' ? 'a GraphQL query sent as a POST' : undefined;
}

/**
 * Methods both clients know, written in any case: VS Code REST Client matches its list
 * case-insensitively and sends the method upper-cased, and the JetBrains grammar's quoted
 * method names are ABNF strings, which are case-insensitive (RFC 5234 §2.3).
 */
const KNOWN_METHODS = new Set(
  [
    'GET HEAD POST PUT DELETE CONNECT OPTIONS TRACE PATCH LOCK UNLOCK PROPFIND PROPPATCH COPY MOVE MKCOL MKCALENDAR ACL SEARCH',
    'REPORT MERGE CHECKOUT CHECKIN MKACTIVITY MKWORKSPACE VERSION-CONTROL BASELINE-CONTROL GRAPHQL WEBSOCKET GRPC',
  ]
    .join(' ')
    .split(' '),
);

/** Whether `word` (upper-case) is a method one of the clients knows: a request line's first word is a method only then. */
export function isKnownMethod(word: string): boolean {
  return KNOWN_METHODS.has(word);
}

/** The request line with a known method written in lower or mixed case upper-cased (`get /x` is `GET /x`). */
export function uppercaseKnownMethod(line: string): string {
  const word = /^([A-Za-z]+)(?=\s)/.exec(line)?.[1];
  return word && word !== word.toUpperCase() && KNOWN_METHODS.has(word.toUpperCase()) ? word.toUpperCase() + line.slice(word.length) : line;
}
