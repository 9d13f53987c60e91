/**
 * A wire request as a cURL command someone can paste into a POSIX shell and get the same
 * request: the method only when curl would not choose it, every header, the body with
 * `--data-binary` (bytes as `$'…'`, a body with NUL bytes piped from printf), multipart
 * parts as `-F`, files as `@filename`. Secrets become `{{variables}}` unless asked for.
 */
import type { WireRequest } from '../types';
import { SecretRedaction } from '../workspace';
import { formatCurlFormField } from './curlForm';
import { quoteShellWord } from './shellWords';
import { redactWireExport, wireBodyView, type WireBodyView } from './wireBody';

/** Options of `toCurl`. */
export interface CurlExportOptions {
  /** One option per line, joined with ` \` line continuations. */
  multiline?: boolean;
  /** Keep secrets as they are instead of replacing them with `{{variables}}`. */
  includeSecrets?: boolean;
  /** Add `-L`. */
  followRedirects?: boolean;
  /** Add `-k`. */
  insecureTls?: boolean;
  /** Add `-m <seconds>`. */
  timeoutMs?: number;
}

/** Bytes as a `$'…'` word: printable ASCII as is, everything else as `\xHH`. */
function quoteBytes(bytes: Uint8Array): string {
  let out = "$'";
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    // `"` escaped too: `^"` would read as Windows cmd to the importer's dialect detection.
    if (c === '\\' || c === "'" || c === '"') out += `\\${c}`;
    else if (b >= 0x20 && b < 0x7f) out += c;
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `${out}'`;
}

/** A printf format that writes `bytes` exactly (POSIX printf: `\ooo` octal escapes, `%%`). */
function printfFormat(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    if (c === '%') out += '%%';
    else if (c === '\\') out += '\\\\';
    else if (b >= 0x20 && b < 0x7f) out += c;
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return quoteShellWord(out);
}

function bodyArgs(view: WireBodyView): { args: string[][]; pipe?: string } {
  switch (view.kind) {
    case 'none':
      return { args: [] };
    case 'text':
      // No shell argument can hold a NUL byte; such a body is piped in from printf instead.
      if (view.text.includes('\u0000')) return bodyArgs({ kind: 'bytes', bytes: new TextEncoder().encode(view.text) });
      return { args: [[view.text.startsWith('@') ? '--data-raw' : '--data-binary', quoteShellWord(view.text, true)]] };
    case 'bytes':
      if (view.bytes.includes(0)) return { args: [['--data-binary', '@-']], pipe: `printf ${printfFormat(view.bytes)}` };
      return { args: [['--data-binary', quoteBytes(view.bytes)]] };
    case 'file':
      return { args: [['--data-binary', quoteShellWord(`@${view.file.name}`)]] };
    case 'multipart':
      return {
        args: view.parts.map((part) => {
          const plain = !part.file && !part.contentType && part.filename === undefined && !part.base64 && part.headers.length === 0;
          // --form-string takes the value as it is: no @/< file, no ;type=, and no trimming of its spaces (curl 7.88).
          if (plain && /^[@<"\s]|;|\s$/.test(part.value ?? '')) return ['--form-string', quoteShellWord(`${part.name}=${part.value ?? ''}`, true)];
          const field = formatCurlFormField({
            name: part.name,
            isFile: part.file !== undefined,
            ...(part.value !== undefined ? { value: part.value } : {}),
            ...(part.file ? { fileName: part.file.name } : {}),
            ...(part.contentType ? { contentType: part.contentType } : {}),
            ...(part.filename !== undefined ? { filename: part.filename } : {}),
            base64: part.base64,
            headers: part.headers,
          });
          return ['-F', quoteShellWord(field, true)];
        }),
      };
  }
}

/**
 * The cURL command for `wire`. curl picks GET without a body and POST with one, so `-X`
 * is written only for other methods (`--head` for HEAD); `-g` when the URL holds braces or
 * brackets, which curl would otherwise expand as globs. A multipart body is written as
 * `-F` parts and its Content-Type header is left out, since curl writes its own boundary.
 * Secrets (Authorization, cookies, API keys, secret query parameters and body fields) are
 * replaced by `{{variables}}` unless `includeSecrets` is set.
 */
export function toCurl(wire: WireRequest, options: CurlExportOptions = {}): string {
  let view = wireBodyView(wire);
  let request = wire;
  if (!options.includeSecrets) ({ wire: request, view } = redactWireExport(wire, view, new SecretRedaction()));
  const lines: string[][] = [['curl']];
  const method = request.method;
  const body = bodyArgs(view);
  // What curl sees: a body it would send (a multipart body without parts writes no -F, so curl would pick GET).
  const hasBody = body.args.length > 0 || body.pipe !== undefined;
  if (method === 'HEAD' && !hasBody) lines[0]!.push('--head');
  else if (method !== (hasBody ? 'POST' : 'GET')) lines[0]!.push('-X', quoteShellWord(method));
  // curl reads {a,b} and [1-3] in a URL as globs (and refuses {{name}}): -g sends braces and brackets as written.
  if (/[{}[\]]/.test(request.url)) lines[0]!.push('-g');
  lines[0]!.push(quoteShellWord(request.url, true));
  for (const header of request.headers) {
    if (view.kind === 'multipart' && header.name.toLowerCase() === 'content-type') continue;
    lines.push(['-H', quoteShellWord(header.value === '' ? `${header.name};` : `${header.name}: ${header.value}`, true)]);
  }
  lines.push(...body.args);
  if (options.followRedirects) lines.push(['-L']);
  if (options.insecureTls) lines.push(['-k']);
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) lines.push(['-m', String(options.timeoutMs / 1000)]);
  const command = lines.map((words) => words.join(' ')).join(options.multiline ? ' \\\n  ' : ' ');
  return body.pipe ? `${body.pipe} | ${command}` : command;
}
