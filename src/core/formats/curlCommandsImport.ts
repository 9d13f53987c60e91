/**
 * A text or file holding several cURL commands (a script, a page of documentation,
 * Chrome's "Copy all as cURL") imported as a collection with one request per request
 * curl would send: each command, each `--next` section and each URL. A command that
 * cannot be read is skipped with its line and reason; the others are imported.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import { splitCurlCommands, type CurlCommandSource } from './curlCommands';
import { readCurlCommand, type CurlImport } from './curlImport';
import { emptyCollection, savedRequestOf, type ImportResult, type ImportSkip } from './importResult';

/** `host/path` of a URL (without query), or the URL as written when it cannot be parsed (a `{{variable}}` host). */
function hostAndPath(url: string): { host: string; path: string; parsed: boolean } {
  try {
    const parsed = new URL(url);
    let path = parsed.pathname;
    try {
      path = decodeURI(path);
    } catch {
      // A malformed %-escape: the path as written.
    }
    return { host: parsed.host, path, parsed: true };
  } catch {
    const withoutQuery = url.split(/[?#]/)[0] ?? url;
    const match = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?([^/]*)(.*)$/.exec(withoutQuery)!;
    return { host: match[1]!, path: match[2] || '/', parsed: false };
  }
}

/**
 * The collection's requests are named by method and path when they all go to one host
 * (the collection is named after it), by method, host and path when hosts differ.
 */
function namesOf(requests: readonly CurlImport[]): string[] {
  const places = requests.map((r) => hostAndPath(r.draft.url));
  const oneHost = places.every((p) => p.host === places[0]?.host);
  return requests.map((r, i) => `${r.draft.method.toUpperCase()} ${oneHost ? places[i]!.path : `${places[i]!.host}${places[i]!.path.replace(/^\/$/, '')}`}`);
}

/** The default name of a collection of cURL requests: their host and, for one request, its path. */
function collectionNameOf(requests: readonly CurlImport[]): string {
  const places = requests.map((r) => hostAndPath(r.draft.url));
  const host = places[0]?.host ?? '';
  if (host === '' || !places.every((p) => p.parsed && p.host === host)) return 'cURL import';
  return requests.length === 1 ? `${host}${places[0]!.path.replace(/\/+$/, '')}` : host;
}

/** Why a shell command other than curl is left out; a variable assignment is told apart, as people expect it to carry over. */
function notCurlReason(command: CurlCommandSource): string {
  const words = command.split.ok ? command.split.value.words.map((w) => w.text) : [];
  const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(words[0] === 'export' ? (words[1] ?? '') : (words[0] ?? ''));
  if (assignment) return `It sets the shell variable ${assignment[1]}, which is not kept: write {{${assignment[1]}}} in the requests and give it a value in an environment.`;
  return `"${(words[0] ?? '').slice(0, 40)}" is not curl; only curl commands are imported.`;
}

/**
 * Imports every cURL command in `text` (see `splitCurlCommands`) as one collection,
 * named `name` when given (a file's name), else after the host the requests go to.
 * Warnings name the request they belong to when there are several. Fails only when no
 * command can be read: with the command's own error when there is one command, else
 * with each command's line and reason.
 */
export function importCurlCommands(text: string, name?: string): Result<ImportResult> {
  if (typeof text !== 'string') throw new TypeError('importCurlCommands expects the text as a string');
  const commands = splitCurlCommands(text);
  const requests: { request: CurlImport; line: number }[] = [];
  const skipped: ImportSkip[] = [];
  let firstError: Result<never> | undefined;
  commands.forEach((command, index) => {
    if (!command.isCurl) {
      skipped.push({ item: `Command ${index + 1} (line ${command.line})`, reason: notCurlReason(command) });
      return;
    }
    const read = readCurlCommand(command, text);
    if (read.ok) {
      for (const request of read.value) requests.push({ request, line: command.line });
      return;
    }
    firstError ??= read;
    skipped.push({ item: `Command ${index + 1} (line ${command.line})`, reason: read.error.message });
  });
  if (requests.length === 0) {
    const curl = commands.filter((c) => c.isCurl);
    if (curl.length === 0) {
      if (!commands[0]) return fail({ kind: 'curl-empty', message: 'The text holds no cURL command: paste or drop commands that start with curl.' });
      const read = readCurlCommand(commands[0], text);
      return read.ok ? fail({ kind: 'not-curl', message: 'The text holds no cURL command.' }) : read;
    }
    if (curl.length === 1 && firstError) return firstError;
    return fail({ kind: 'curl-none-read', message: `None of the ${curl.length} cURL commands could be read: ${skipped.map((s) => `${s.item}: ${s.reason}`).join(' ')}` });
  }
  const names = namesOf(requests.map((r) => r.request));
  const collection = emptyCollection(name?.trim() || collectionNameOf(requests.map((r) => r.request)));
  collection.items = requests.map(({ request }, i) => savedRequestOf(names[i]!, request.draft));
  const several = requests.length > 1;
  const warnings = requests.flatMap(({ request, line }, i) => request.warnings.map((w) => (several ? `${names[i]} (line ${line}): ${w}` : w)));
  return ok({ collection, skipped, warnings });
}
