/**
 * cURL import conformance (issue 15, item 8): every cURL command of the corpus
 * (`test-data/corpus/curl/`) imported by Wirebench (`importCurlCommands`, each command on
 * its own; the whole file through `importAny`) and run through the real curl against a
 * local recorder (see `curlOracle.ts`). An item is a command; it agrees when every request
 * it makes agrees with what curl sent on method, URL (scheme, authority, request target),
 * headers and body bytes (multipart boundaries aside, each side picks its own).
 *
 * Headers compared: all that curl sent less the ones each side computes for itself —
 * Host (compared as the URL's authority), Content-Length, Transfer-Encoding, Expect, the
 * h2c upgrade (Connection, Upgrade, HTTP2-Settings) — and less curl's own defaults
 * `User-Agent: curl/7.88.1` and `Accept: *\/*`, which Wirebench does not copy (these two
 * are dropped on both sides, so a command that types them loses nothing). Order counts,
 * but for Authorization: Wirebench keeps `-u`/`--oauth2-bearer` as the request's auth
 * setting, which the composer sends after the typed headers, while curl writes it right
 * after Host; its value is compared, its place is not. `--compressed` asks for the codings
 * the client decodes: this curl adds zstd, which the relay cannot decode, so curl's
 * `deflate, gzip, br, zstd` is compared as `deflate, gzip, br`.
 *
 * Out of scope, each counted with its reason: commands curl sends nothing for (another
 * scheme, a URL curl refuses, options this curl lacks) and commands that read local files
 * not in the corpus (`-d @file`, `-F x=@file`, `-T file`, `-b file`, `-K file`, `< file`)
 * or standard input the corpus does not give (`-d @-`, `-T -` without a here-document).
 */
import { describe, expect, it } from 'vitest';
import { importAny } from '../core/formats/importAny';
import { importCurlCommands } from '../core/formats/curlCommandsImport';
import { isCurlWord, splitCurlCommands } from '../core/formats/curlCommands';
import type { SavedRequest } from '../core/workspace';
import { corpusFiles, isScriptFile, scriptLiterals, type CorpusFile } from './corpusFiles';
import { runCurlAll, sentOfRecorded, type CurlInvocation, type CurlRun } from './curlOracle';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance, type ConformanceRow } from './report';
import { differences, sentOfDraft, type HeaderRules, type SentRequest } from './sentRequest';

interface CurlItem {
  source: string;
  label: string;
  text: string;
  invocation?: CurlInvocation;
  /** Why curl cannot be asked before running it (a `< file` redirection). */
  outOfScope?: string;
}

/** The commands of one text, each with its own slice of the text and curl's arguments. */
function itemsOf(source: string, label: string, text: string): CurlItem[] {
  const commands = splitCurlCommands(text);
  const items: CurlItem[] = [];
  commands.forEach((command, i) => {
    if (!command.isCurl) return;
    const end = commands.slice(i + 1).find((c) => c.offset > command.offset)?.offset ?? text.length;
    const item: CurlItem = { source, label: `${label}#${items.length + 1}`, text: text.slice(command.offset, end) };
    if (command.split.ok) {
      let words = command.split.value.words.map((w) => w.text);
      if (words[0] === 'sudo') words = words.slice(1);
      if (isCurlWord(words[0] ?? '')) {
        const stdin = command.split.value.stdin ?? command.pipedStdin;
        if (stdin?.kind === 'file') item.outOfScope = 'reads a local file not in the corpus';
        else if (!stdin && readsStdin(words)) item.outOfScope = 'reads standard input the corpus does not give';
        item.invocation = { args: words.slice(1), ...(stdin && stdin.kind !== 'file' ? { stdin: stdin.text } : {}) };
      }
    }
    items.push(item);
  });
  return items;
}

/**
 * The cURL text of a test-harness scenario (Prism's `====command====` section; the other
 * sections are an API description and the expected response), or undefined for other files.
 */
function harnessCommand(text: string): string | undefined {
  const match = /^====command====\r?\n([\s\S]*?)(?=^====[a-z]+====\r?$|(?![\s\S]))/m.exec(text);
  return match?.[1];
}

/** The cURL texts of a corpus file: a script's string literals, a harness scenario's command, or the whole file. */
function curlTextsOf(file: CorpusFile): string[] {
  if (isScriptFile(file.name)) return scriptLiterals(file.text, (value) => /^\s*(\$\s+)?curl\s/.test(value));
  const command = harnessCommand(file.text);
  return [command ?? file.text];
}

function corpusItems(): { items: CurlItem[]; files: Map<string, number> } {
  const items: CurlItem[] = [];
  const files = new Map<string, number>();
  for (const file of corpusFiles('curl')) {
    files.set(file.source, (files.get(file.source) ?? 0) + 1);
    const texts = curlTextsOf(file);
    texts.forEach((text, i) => items.push(...itemsOf(file.source, texts.length > 1 ? `${file.name}[${i + 1}]` : file.name, text)));
  }
  return { items, files };
}

const COMPUTED = new Set(['content-length', 'transfer-encoding', 'expect', 'connection', 'upgrade', 'http2-settings']);
const CURL_DEFAULTS = new Set(['user-agent: curl/7.88.1', 'accept: */*']);
const HEADER_RULES: HeaderRules = {
  ignore: (h) => COMPUTED.has(h.name.toLowerCase()) || CURL_DEFAULTS.has(`${h.name.toLowerCase()}: ${h.value}`),
  unordered: ['authorization'],
};

/** curl's request with the codings only this curl build decodes taken out of its `--compressed` Accept-Encoding. */
function asCurlWithRelayCodings(sent: SentRequest): SentRequest {
  return { ...sent, headers: sent.headers.map((h) => (h.name.toLowerCase() === 'accept-encoding' && h.value === 'deflate, gzip, br, zstd' ? { ...h, value: 'deflate, gzip, br' } : h)) };
}

/** Whether curl's arguments read standard input (`@-` data, `-T -`, `-T .`, `-K -`). */
function readsStdin(args: readonly string[]): boolean {
  return args.some((arg, i) => /^(-d|--data[a-z-]*|--json|-F|--form)$/.test(args[i - 1] ?? '') && /(^|=)@-$|^@-/.test(arg)) || args.some((arg, i) => /^(-T|--upload-file|-K|--config)$/.test(args[i - 1] ?? '') && (arg === '-' || arg === '.'));
}

/** Why curl's run puts the item out of scope, or undefined. */
function curlOutOfScope(run: CurlRun): string | undefined {
  if (/Couldn't read data from file|Failed to open|can't open|read error|could not load|Can't open|Failed reading|couldn't open/i.test(run.stderr) || [26, 37, 58, 77].includes(run.exitCode)) {
    return 'reads a local file not in the corpus';
  }
  if (run.requests.length > 0) return undefined;
  if (run.exitCode === 1) return 'not an http(s) URL (curl: unsupported protocol)';
  if (run.exitCode === 3) return 'curl refuses the URL (malformed)';
  if (run.exitCode === 2) return `curl refuses the options: ${run.stderr.split('\n')[0]?.slice(0, 60)}`;
  return `curl sends nothing (exit ${run.exitCode})`;
}

function requestsOf(text: string): SavedRequest[] {
  const result = importCurlCommands(text);
  if (!result.ok) return [];
  return result.value.collection.items.filter((item): item is SavedRequest => item.kind === 'request');
}

describe('cURL import conformance', () => {
  it('imports the corpus as curl sends it', async () => {
    const { items, files } = corpusItems();
    const runnable = items.filter((item) => item.invocation && !item.outOfScope);
    const runs = await runCurlAll(runnable.map((item) => item.invocation!), 4);
    const runOf = new Map(runnable.map((item, i) => [item, runs[i]!]));
    const rows = new Map<string, ConformanceRow>();
    const rowOf = (source: string): ConformanceRow => {
      let row = rows.get(source);
      if (!row) rows.set(source, (row = { format: `cURL (${source})`, files: files.get(source) ?? 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] }));
      return row;
    };
    for (const file of corpusFiles('curl')) {
      if (isScriptFile(file.name)) continue;
      try {
        const whole = importAny(harnessCommand(file.text) ?? file.text, file.name);
        if (whole.ok) expect(whole.value.format, `${file.source}/${file.name}`).toBe('curl');
      } catch (error) {
        rowOf(file.source).throws++;
        rowOf(file.source).examples.push(`${file.name}: importAny threw ${String(error)}`);
      }
    }
    for (const item of items) {
      const row = rowOf(item.source);
      row.items++;
      let ours: SavedRequest[];
      try {
        ours = requestsOf(item.text);
      } catch (error) {
        row.throws++;
        row.examples.push(`${item.label}: threw ${String(error)}`);
        continue;
      }
      const run = runOf.get(item);
      const outOfScope = item.outOfScope ?? (item.invocation ? (run ? curlOutOfScope(run) : undefined) : 'the shell cannot split it (unclosed quote)');
      if (outOfScope) {
        row.outOfScope[outOfScope] = (row.outOfScope[outOfScope] ?? 0) + 1;
        continue;
      }
      if (ours.length === 0) {
        row.examples.push(`${item.label}: not imported`);
        continue;
      }
      row.imported++;
      const theirs = run!.requests.map((r) => asCurlWithRelayCodings(sentOfRecorded(r)));
      const problems: string[] = [];
      if (ours.length !== theirs.length) problems.push(`requests: ${ours.length} vs ${theirs.length}`);
      ours.slice(0, theirs.length).forEach((request, i) => {
        const sent = sentOfDraft(request.draft);
        if (!sent.ok) problems.push(`request ${i + 1} cannot be sent: ${sent.reason}`);
        else problems.push(...differences(sent.sent, theirs[i]!, HEADER_RULES).map((d) => (theirs.length > 1 ? `request ${i + 1} ${d}` : d)));
      });
      if (problems.length === 0) row.agreeing++;
      else row.examples.push(`${item.label}: ${problems.join('; ')}`);
    }
    const table = [...rows.values()];
    const total: ConformanceRow = {
      format: 'cURL (all)',
      files: table.reduce((n, r) => n + r.files, 0),
      items: table.reduce((n, r) => n + r.items, 0),
      outOfScope: {},
      throws: table.reduce((n, r) => n + r.throws, 0),
      imported: table.reduce((n, r) => n + r.imported, 0),
      agreeing: table.reduce((n, r) => n + r.agreeing, 0),
      examples: [],
    };
    for (const row of table) for (const [reason, n] of Object.entries(row.outOfScope)) total.outOfScope[reason] = (total.outOfScope[reason] ?? 0) + n;
    printConformance('curl', [...table, total]);
    expect(total.throws).toBe(0);
    expect(total.imported).toBeGreaterThanOrEqual(IMPORTED_TARGET * inScope(total));
    expect(total.agreeing).toBeGreaterThanOrEqual(AGREEING_TARGET * total.imported);
  }, 240_000); // A guard against a hang, not a time limit: the corpus runs the real curl ~hundreds of times, slow on a loaded machine.
});
