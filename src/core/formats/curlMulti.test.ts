import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { splitCurlCommands } from './curlCommands';
import { importCurlCommands } from './curlCommandsImport';
import { parseCurl } from './curlImport';
import { importAny } from './importAny';

/** The requests of an import as "METHOD url [body kind]" lines. */
function requestsOf(text: string, name?: string) {
  const result = importCurlCommands(text, name);
  if (!result.ok) throw new Error(result.error.message);
  const items = result.value.collection.items as SavedRequest[];
  return {
    lines: items.map((r) => `${r.draft.method} ${r.draft.url} [${r.draft.body.kind}]`),
    names: items.map((r) => r.name),
    collection: result.value.collection.name,
    skipped: result.value.skipped,
    warnings: result.value.warnings,
  };
}

describe('importCurlCommands: several commands become several requests', () => {
  it('reads commands on lines of their own separately, so a later command never overrides an earlier one', () => {
    const { lines, names, collection } = requestsOf(
      [
        'curl https://api.example.test/items',
        "curl -X PUT https://api.example.test/items/7 -T item.json -H 'Content-Type: application/json'",
      ].join('\n'),
    );
    expect(lines).toEqual(['GET https://api.example.test/items [none]', 'PUT https://api.example.test/items/7 [binary]']);
    expect(names).toEqual(['GET /items', 'PUT /items/7']);
    expect(collection).toBe('api.example.test');
  });

  it('keeps backslash continuations, blank lines, comments and a #! line with their command', () => {
    const script = [
      '#!/bin/sh',
      '# List, then create',
      'curl https://a.test/users \\',
      "  -H 'Accept: application/json'",
      '',
      '# Create one',
      '$ curl https://a.test/users \\',
      "  --json '{\"name\":\"Ada\"}'",
    ].join('\n');
    const { lines } = requestsOf(script);
    expect(lines).toEqual(['GET https://a.test/users [none]', 'POST https://a.test/users [json]']);
    const pasted = importAny(script);
    expect(pasted.ok && pasted.value.format === 'curl' && pasted.value.result.collection.items.length).toBe(2);
  });

  it('still joins option, URL and comment lines that lost their backslashes to the command above them', () => {
    expect(requestsOf("curl https://a.test/x\n  -X DELETE\n  # why\n  -H 'X-A: 1'").lines).toEqual(['DELETE https://a.test/x [none]']);
    expect(requestsOf("curl -X POST -d a=1\n  'https://a.test/x'").lines).toEqual(['POST https://a.test/x [form]']);
  });

  it('leaves out other commands on lines of their own, saying so, and tells a variable assignment apart', () => {
    const script = 'export TOKEN=abc\ncurl -H "Authorization: Bearer $TOKEN" https://a.test/me\necho done\ncurl https://a.test/you';
    expect(importAny(script).ok).toBe(true);
    const { lines, skipped, warnings } = requestsOf(script);
    expect(lines).toEqual(['GET https://a.test/me [none]', 'GET https://a.test/you [none]']);
    expect(skipped).toEqual([
      { item: 'Command 1 (line 1)', reason: 'It sets the shell variable TOKEN, which is not kept: write {{TOKEN}} in the requests and give it a value in an environment.' },
      { item: 'Command 3 (line 3)', reason: '"echo" is not curl; only curl commands are imported.' },
    ]);
    expect(warnings).toEqual(['GET /me (line 2): The shell variable $TOKEN became {{TOKEN}}: give it a value in an environment.']);
    const pasted = parseCurl('curl https://a.test/me\necho done');
    expect(pasted.ok && [pasted.value.moreRequests, pasted.value.warnings]).toEqual([0, []]);
  });

  it('turns shell variables the shell would expand into Wirebench variables, with a note; single quotes keep them literal', () => {
    const parsed = parseCurl(`curl "https://a.test/\${ORG}/me?q=$Q" -H 'X-Literal: $NOT' -H "X-Token: $TOKEN"`);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect([parsed.value.draft.url, parsed.value.draft.headers.map((h) => `${h.name}: ${h.value}`)]).toEqual(['https://a.test/{{ORG}}/me?q={{Q}}', ['X-Literal: $NOT', 'X-Token: {{TOKEN}}']]);
    expect(parsed.value.warnings).toEqual(['The shell variables $ORG, $Q, $TOKEN became {{ORG}}, {{Q}}, {{TOKEN}}: give them values in an environment.']);
  });

  it('splits at ;, && and & between commands (Chrome "Copy all as cURL" for bash and cmd)', () => {
    expect(requestsOf("curl 'https://a.test/1' -H 'A: 1' ;\ncurl 'https://a.test/2' -d x=1").lines).toEqual([
      'GET https://a.test/1 [none]',
      'POST https://a.test/2 [form]',
    ]);
    expect(requestsOf('curl https://a.test/1 && curl -I https://a.test/2').lines).toEqual(['GET https://a.test/1 [none]', 'HEAD https://a.test/2 [none]']);
    const cmd = requestsOf('curl ^"https://a.test/1^" ^\n  -H ^"A: 1^" &\r\ncurl ^"https://a.test/2^" --data-raw ^"x^"');
    expect(cmd.lines).toEqual(['GET https://a.test/1 [none]', 'POST https://a.test/2 [text]']);
    expect(cmd.warnings).toEqual([]);
  });

  it('makes a request per --next section and per URL, as curl sends them', () => {
    const { lines, warnings } = requestsOf('curl -H "A: 1" https://a.test/one https://a.test/two --next -d x=1 https://a.test/three');
    expect(lines).toEqual(['GET https://a.test/one [none]', 'GET https://a.test/two [none]', 'POST https://a.test/three [form]']);
    expect(warnings).toEqual([]);
    const items = importCurlCommands('curl -H "A: 1" https://a.test/one --next https://a.test/two');
    const drafts = items.ok ? (items.value.collection.items as SavedRequest[]).map((r) => r.draft.headers.length) : [];
    expect(drafts).toEqual([1, 0]);
  });

  it('names requests with their host when the commands go to several hosts', () => {
    const { names, collection } = requestsOf('curl https://a.test/x\ncurl -X POST https://b.test/y?q=1\ncurl https://b.test');
    expect(names).toEqual(['GET a.test/x', 'POST b.test/y', 'GET b.test']);
    expect(collection).toBe('cURL import');
    expect(requestsOf('curl https://a.test/x\ncurl https://a.test/y', 'calls').collection).toBe('calls');
  });

  it('skips a command that cannot be read, with its line and reason, and imports the others', () => {
    const { lines, skipped, warnings } = requestsOf(['curl https://a.test/1', 'curl -H "A: 1"', 'curl https://a.test/3 -o out.bin --frob'].join('\n'));
    expect(lines).toEqual(['GET https://a.test/1 [none]', 'GET https://a.test/3 [none]']);
    expect(skipped).toEqual([{ item: 'Command 2 (line 2)', reason: 'The cURL command has no URL: add the address to request.' }]);
    expect(warnings).toEqual(['GET /3 (line 3): Unknown cURL option --frob was ignored.']);
  });

  it('imports what comes before a quote that is never closed and skips the rest with the quote\'s position', () => {
    const { lines, skipped } = requestsOf("curl https://a.test/1\ncurl https://a.test/2 -d 'open");
    expect(lines).toEqual(['GET https://a.test/1 [none]']);
    expect(skipped).toEqual([{ item: 'Command 2 (line 2)', reason: 'The single quote opened at line 2, column 26 is never closed. The command may have been cut off when copied.' }]);
  });

  it('fails only when no command can be read, naming each', () => {
    const one = importCurlCommands('curl -H "A: 1"');
    expect(!one.ok && one.error.kind).toBe('curl-no-url');
    const both = importCurlCommands('curl -H "A: 1"\ncurl -v');
    expect(!both.ok && both.error).toMatchObject({
      kind: 'curl-none-read',
      message: 'None of the 2 cURL commands could be read: Command 1 (line 1): The cURL command has no URL: add the address to request. Command 2 (line 2): The cURL command has no URL: add the address to request.',
    });
    expect(importCurlCommands('').ok).toBe(false);
  });

  it('leaves a pipe into another program with the command it follows', () => {
    const sources = splitCurlCommands("curl https://a.test/1 | jq .\ncurl https://a.test/2");
    expect(sources.map((s) => [s.line, s.followedByCurl])).toEqual([[1, false], [2, false]]);
    const { lines, warnings } = requestsOf("curl https://a.test/1 | jq .\ncurl https://a.test/2");
    expect(lines).toEqual(['GET https://a.test/1 [none]', 'GET https://a.test/2 [none]']);
    expect(warnings[0]).toContain('GET /1 (line 1): The command ends at the unquoted "|" at line 1, column 23');
  });
});

describe('parseCurl with several commands (the URL field paste)', () => {
  it('reads the first and says how many more were found and how to import them', () => {
    const parsed = parseCurl('curl https://a.test/1\ncurl -X PUT https://a.test/2 -T f.bin\ncurl https://a.test/3');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.draft.method).toBe('GET');
    expect(parsed.value.draft.url).toBe('https://a.test/1');
    expect(parsed.value.draft.body.kind).toBe('none');
    expect(parsed.value.moreRequests).toBe(2);
    expect(parsed.value.warnings[0]).toBe('2 more requests were found after this one (3 curl commands); only the first was read here. Use Import… to bring in each as a request of its own.');
  });

  it('counts --next sections and extra URLs too, and reads a lone command with no note', () => {
    const next = parseCurl('curl https://a.test/1 --next https://a.test/2');
    expect(next.ok && next.value.warnings[0]).toBe('1 more request was found after this one (--next sections or several URLs); only the first was read here. Use Import… to bring in each as a request of its own.');
    const lone = parseCurl('curl https://a.test/1');
    expect(lone.ok && [lone.value.moreRequests, lone.value.warnings]).toEqual([0, []]);
  });
});

describe('importCurlCommands on any text', () => {
  it('never throws, and imports or skips every curl command it finds', () => {
    const piece = fc.oneof(
      fc.constantFrom('curl', 'curl https://a.test', '\n', '\r\n', ' \\\n', ';', '&&', '&', '|', '<<EOF', '<<-X', '<<<', 'EOF', '\tX', '<', '>', '2>&1', "'", '"', '^', '^"', '#', '$ ', 'export A=1', '-d @-', '-T f', '--next', '-r 5', '-F a=1'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(' ')), (text) => {
        const result = importCurlCommands(text);
        if (result.ok) expect(result.value.collection.items.length).toBeGreaterThan(0);
        else expect(typeof result.error.message).toBe('string');
        expect(typeof parseCurl(text).ok).toBe('boolean');
      }),
      { numRuns: 400 },
    );
  });
});
