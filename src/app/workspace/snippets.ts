/**
 * Code that sends a request, in the language of the person's own program, written by
 * httpsnippet-lite from the HAR description core makes of the wire request. Secrets are
 * `{{variables}}` unless the person asks for them.
 */
import { HTTPSnippet, type HarRequest as SnippetHarRequest, type TargetId } from 'httpsnippet-lite';
import { fail, ok, toHarRequest, type Result, type WireRequest } from '../../core';

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
  const har = toHarRequest(wire, { includeSecrets: options.includeSecrets ?? false });
  try {
    const output = await new HTTPSnippet(har as unknown as SnippetHarRequest).convert(target.target, target.client, { indent: '  ' });
    const code = Array.isArray(output) ? output.join('\n\n') : output;
    if (!code) return fail({ kind: 'snippet-empty', message: `No ${target.label} code could be written for this request.` });
    return ok(code.endsWith('\n') ? code : `${code}\n`);
  } catch (err) {
    return fail({ kind: 'snippet-failed', message: `The ${target.label} code could not be written: ${(err as Error).message}` });
  }
}
