/**
 * The whole node-soap WSDL corpus, read offline: every description either loads (with its
 * operations and actions) or fails with a clear error, and every operation of every
 * loaded port either samples or says why not. Nothing may throw.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleEnvelope } from './envelopeSampler';
import { parseWsdl } from './wsdlParser';

function corpusDirectory(): string {
  const beside = fileURLToPath(new URL('../../../../shared/corpus/wsdl/node-soap/', import.meta.url));
  if (existsSync(beside)) return beside;
  const fromEnv = process.env.WIREBENCH_CORPUS;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  throw new Error(`WSDL corpus not found at ${beside}; set WIREBENCH_CORPUS to its directory`);
}

function wsdlFiles(directory: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...wsdlFiles(path));
    else if (name.endsWith('.wsdl')) found.push(path);
  }
  return found;
}

/** Reads file: URLs from disk; the network is not there (imports over http become warnings). */
async function offlineFetch(url: string): Promise<string> {
  if (!url.startsWith('file:')) throw new Error(`offline: not fetching ${url}`);
  return readFile(fileURLToPath(url), 'utf8');
}

const CLEAR_SAMPLE_ERRORS = new Set(['no-message', 'not-soap-port']);
const CLEAR_LOAD_ERRORS = new Set(['xml-malformed', 'xml-namespace', 'not-wsdl', 'wsdl2-unsupported', 'fetch-failed']);

describe('the node-soap WSDL corpus', () => {
  const directory = corpusDirectory();
  const files = wsdlFiles(directory);

  it('holds the files this test is about', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it('every file loads or fails clearly, and every operation samples or says why not', async () => {
    const loaded: string[] = [];
    const failed: string[] = [];
    let operations = 0;
    let sampled = 0;
    for (const file of files) {
      const name = file.slice(directory.length);
      const result = await parseWsdl(pathToFileURL(file).href, offlineFetch);
      if (!result.ok) {
        expect(CLEAR_LOAD_ERRORS, `${name}: ${result.error.kind}`).toContain(result.error.kind);
        expect(result.error.message.length, name).toBeGreaterThan(20);
        failed.push(`${name} (${result.error.kind})`);
        continue;
      }
      loaded.push(name);
      for (const service of result.value.services) {
        for (const port of service.ports) {
          for (const operation of port.operations) {
            operations++;
            expect(typeof operation.soapAction, `${name} ${operation.name}`).toBe('string');
            const sample = sampleEnvelope(result.value, { service: service.name, port: port.name, operation: operation.name });
            if (sample.ok) {
              sampled++;
              expect(sample.value.envelope.startsWith('<?xml version="1.0" encoding="utf-8"?>\n'), name).toBe(true);
            } else {
              expect(CLEAR_SAMPLE_ERRORS, `${name} ${operation.name}: ${sample.error.message}`).toContain(sample.error.kind);
            }
          }
        }
      }
    }
    console.info(`WSDL corpus: ${loaded.length} loaded, ${failed.length} failed [${failed.join(', ')}]; ${sampled} of ${operations} operations sampled`);
    expect(loaded.length + failed.length).toBe(files.length);
    expect(loaded.length).toBeGreaterThanOrEqual(60);
    expect(sampled).toBeGreaterThanOrEqual(80);
  });

  it('samples the same envelope whether or not other operations were sampled before (remembered type samples)', async () => {
    let compared = 0;
    for (const file of files) {
      const result = await parseWsdl(pathToFileURL(file).href, offlineFetch);
      if (!result.ok) continue;
      const warm = result.value;
      const targets = warm.services.flatMap((service) => service.ports.flatMap((port) => port.operations.map((operation) => ({ service: service.name, port: port.name, operation: operation.name }))));
      for (const options of [{}, { maxDepth: 4 }, { maxDepth: 3, comments: false }, { maxElements: 5 }]) {
        // Reverse order on the shared model, each compared with a fresh copy that remembers nothing.
        for (const target of [...targets].reverse()) {
          const fromWarm = sampleEnvelope(warm, target, options);
          const fromCold = sampleEnvelope(structuredClone(warm), target, options);
          expect(fromWarm, `${file} ${target.operation} ${JSON.stringify(options)}`).toEqual(fromCold);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('reads operations and actions as the corpus declares them', async () => {
    const result = await parseWsdl(pathToFileURL(join(directory, 'strict/stockquote.wsdl')).href, offlineFetch);
    if (!result.ok) throw new Error(result.error.message);
    const operations = result.value.services.flatMap((service) => service.ports.flatMap((port) => port.operations.map((op) => [port.name, op.name, op.soapAction, op.style])));
    expect(operations.length).toBe(3);
    expect(operations.every(([, , action]) => typeof action === 'string')).toBe(true);
  });

  it('tells SOAP 1.1 from 1.2 by the binding namespace, not its prefix', async () => {
    const result = await parseWsdl(pathToFileURL(join(directory, 'self_referencing.wsdl')).href, offlineFetch);
    if (!result.ok) throw new Error(result.error.message);
    const ports = result.value.services[0]?.ports.map((port) => [port.name, port.soapVersion]);
    expect(ports).toEqual([
      ['Service1Soap', '1.1'],
      ['Service1Soap12', '1.2'],
    ]);
  });

  it('turns imports it cannot fetch offline into warnings naming the importer', async () => {
    const entry = pathToFileURL(join(directory, 'xsdinclude/xsd_include_http.wsdl')).href;
    const result = await parseWsdl(entry, offlineFetch);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.warnings).toContainEqual({
      message: 'Could not fetch the imported document: offline: not fetching http://localhost:50000/Platform.asmx?xsd',
      url: 'http://localhost:50000/Platform.asmx?xsd',
      importedFrom: entry,
    });
  });

  it('reads the truncated schema in recursive/ as a warning with its line and column', async () => {
    const result = await parseWsdl(pathToFileURL(join(directory, 'recursive/file.wsdl')).href, offlineFetch);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.warnings.some((warning) => /Malformed XML at line \d+, column \d+/.test(warning.message))).toBe(true);
  });

  it('refuses non-XML and explains a foreign root', async () => {
    const jpeg = await parseWsdl(pathToFileURL(join(directory, 'bad.txt')).href, offlineFetch);
    expect(!jpeg.ok && jpeg.error.kind).toBe('xml-malformed');
    expect(!jpeg.ok && jpeg.error.position).toMatchObject({ line: 1, column: 1 });
    const foreign = await parseWsdl(pathToFileURL(join(directory, 'attachments.wsdl')).href, offlineFetch);
    expect(!foreign.ok && foreign.error.kind).toBe('not-wsdl');
  });
});
