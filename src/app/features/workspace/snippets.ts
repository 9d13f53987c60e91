/**
 * Code that sends a request, in the language of the person's own program, written by
 * httpsnippet-lite from the HAR description core makes of the wire request. The body is
 * the wire's text, byte for byte, as "What will be sent" shows it. Secrets are
 * `{{variables}}` unless the person asks for them.
 */
import { HTTPSnippet, type HarRequest as SnippetHarRequest, type TargetId } from 'httpsnippet-lite';
import { fail, ok, toHarRequest, type HarRequest, type Result, type WireRequest } from '../../../core';

/** A language and library httpsnippet-lite writes. */
export interface SnippetTarget {
  id: string;
  label: string;
  target: TargetId;
  client: string;
  /** For the code view's language hint and a download name. */
  extension: string;
}

/** The targets offered, the six first. */
export const SNIPPET_TARGETS: readonly SnippetTarget[] = [
  { id: 'curl', label: 'cURL', target: 'shell', client: 'curl', extension: 'sh' },
  { id: 'fetch', label: 'JavaScript (fetch)', target: 'javascript', client: 'fetch', extension: 'js' },
  { id: 'python-requests', label: 'Python (requests)', target: 'python', client: 'requests', extension: 'py' },
  { id: 'httpie', label: 'HTTPie', target: 'shell', client: 'httpie', extension: 'sh' },
  { id: 'go', label: 'Go (net/http)', target: 'go', client: 'native', extension: 'go' },
  { id: 'java-nethttp', label: 'Java (java.net.http)', target: 'java', client: 'nethttp', extension: 'java' },
  { id: 'java-okhttp', label: 'Java (OkHttp)', target: 'java', client: 'okhttp', extension: 'java' },
  { id: 'node-fetch', label: 'Node.js (fetch)', target: 'node', client: 'fetch', extension: 'js' },
  { id: 'csharp', label: 'C# (HttpClient)', target: 'csharp', client: 'httpclient', extension: 'cs' },
  { id: 'php', label: 'PHP (cURL)', target: 'php', client: 'curl', extension: 'php' },
  { id: 'ruby', label: 'Ruby (net/http)', target: 'ruby', client: 'native', extension: 'rb' },
  { id: 'kotlin', label: 'Kotlin (OkHttp)', target: 'kotlin', client: 'okhttp', extension: 'kt' },
  { id: 'powershell', label: 'PowerShell', target: 'powershell', client: 'webrequest', extension: 'ps1' },
];

/** Options of `codeSnippet`. */
export interface SnippetOptions {
  /** Keep secrets as they are instead of `{{variables}}`. */
  includeSecrets?: boolean;
}

/** The code for `wire` in target `targetId` (an id of `SNIPPET_TARGETS`). */
export async function codeSnippet(wire: WireRequest, targetId: string, options: SnippetOptions = {}): Promise<Result<string>> {
  const target = SNIPPET_TARGETS.find((t) => t.id === targetId);
  if (!target) throw new RangeError(`codeSnippet: no snippet target "${targetId}"; use one of ${SNIPPET_TARGETS.map((t) => t.id).join(', ')}`);
  const { har, mediaType, stand } = withVerbatimBody(toHarRequest(wire, { includeSecrets: options.includeSecrets ?? false }));
  try {
    const output = await new HTTPSnippet(har as unknown as SnippetHarRequest).convert(target.target, target.client, { indent: '  ' });
    const joined = Array.isArray(output) ? output.join('\n\n') : output;
    const code = joined && stand ? joined.split(stand).join(mediaType) : joined;
    if (!code) return fail({ kind: 'snippet-empty', message: `No ${target.label} code could be written for this request.` });
    return ok(code.endsWith('\n') ? code : `${code}\n`);
  } catch (err) {
    return fail({ kind: 'snippet-failed', message: `The ${target.label} code could not be written: ${(err as Error).message}` });
  }
}

/**
 * Media types whose body httpsnippet-lite rewrites instead of sending the text: a form is
 * rebuilt from `params` (and emptied without them: `payload = ""`, `--data ''`), JSON is
 * parsed and re-serialised (other spacing, numbers past 2^53 rounded).
 */
const REWRITTEN_MEDIA_TYPES = new Set(['application/x-www-form-urlencoded', 'application/json', 'text/json', 'text/x-json', 'application/x-json']);

/**
 * `har` with a form or JSON body described under a stand-in media type, so every target
 * writes the wire's text as it is; `stand` is put back to `mediaType` in the code (it only
 * shows where a target names the body's media type, e.g. C#'s `MediaTypeHeaderValue`).
 * The Content-Type header itself is untouched.
 */
function withVerbatimBody(har: HarRequest): { har: HarRequest; mediaType: string; stand?: string } {
  const postData = har.postData;
  if (!postData || postData.text === undefined || !REWRITTEN_MEDIA_TYPES.has(postData.mimeType)) return { har, mediaType: postData?.mimeType ?? '' };
  const described = JSON.stringify(har);
  let stand = 'application/x-wirebench-verbatim';
  while (described.includes(stand)) stand += '-body';
  return { har: { ...har, postData: { mimeType: stand, text: postData.text } }, mediaType: postData.mimeType, stand };
}
