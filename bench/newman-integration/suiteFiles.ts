/**
 * newman's integration collections as stored in `files/` (see importFromNewman.ts), grouped
 * the way newman's own `npm/test-integration.js` groups them: `<name>.postman_<kind>.<ext>`
 * files with the same name form one suite (collection, environment, globals, data, config).
 * `materialise` writes a copy of every file with the stand-in ports (4040 echo, 4041 raw
 * echo, 4042 redirect, 4043 TLS) replaced by the ports the servers of this run listen on,
 * so newman and `wirebench run` read exactly the same files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INTEGRATION_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

/** A file's text and how it was encoded, so a rewrite can keep the encoding. */
export interface DecodedFile {
  text: string;
  encoding: 'utf8' | 'utf8-bom' | 'utf16le-bom';
}

export function decodeFile(bytes: Buffer): DecodedFile {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: bytes.subarray(2).toString('utf16le'), encoding: 'utf16le-bom' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf8-bom' };
  return { text: bytes.toString('utf8'), encoding: 'utf8' };
}

export function encodeLike(file: DecodedFile, text: string): Buffer {
  if (file.encoding === 'utf16le-bom') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (file.encoding === 'utf8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  return Buffer.from(text, 'utf8');
}

/** One suite: paths relative to INTEGRATION_DIR. */
export interface IntegrationSuite {
  name: string;
  collection: string;
  environment?: string;
  globals?: string;
  data?: string;
  /** newman run options from the suite's `.postman_config.json` (`run`). */
  options: { ignoreRedirects?: boolean; insecure?: boolean; timeout?: number; timeoutRequest?: number; timeoutScript?: number };
}

/** Suites left out of the comparison, with the reason (see README.md). */
export const LEFT_OUT: Record<string, string> = {};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Every suite in `files/`, by name, in path order (left-out ones excluded unless asked). */
export function loadIntegrationSuites(options: { includeLeftOut?: boolean } = {}): IntegrationSuite[] {
  const suites = new Map<string, Partial<IntegrationSuite> & { name: string; configFile?: string }>();
  for (const full of walk(INTEGRATION_DIR)) {
    const rel = path.relative(INTEGRATION_DIR, full);
    const parts = /(.+)\.postman_([^.]+)(\.skip)?\.([^.]{3,})$/i.exec(rel);
    if (!parts || parts[3]) continue;
    const name = parts[1]!;
    const suite = suites.get(name) ?? { name };
    suites.set(name, suite);
    const kind = parts[2]!;
    if (kind === 'collection') suite.collection = rel;
    else if (kind === 'environment') suite.environment = rel;
    else if (kind === 'globals') suite.globals = rel;
    else if (kind === 'data') suite.data = rel;
    else if (kind === 'config') suite.configFile = rel;
  }
  const out: IntegrationSuite[] = [];
  for (const s of suites.values()) {
    if (!s.collection) continue;
    if (!options.includeLeftOut && LEFT_OUT[s.name]) continue;
    const config = s.configFile ? (JSON.parse(readFileSync(path.join(INTEGRATION_DIR, s.configFile), 'utf8')) as { run?: IntegrationSuite['options'] }) : {};
    out.push({
      name: s.name,
      collection: s.collection,
      ...(s.environment ? { environment: s.environment } : {}),
      ...(s.globals ? { globals: s.globals } : {}),
      ...(s.data ? { data: s.data } : {}),
      options: config.run ?? {},
    });
  }
  return out;
}

/** The ports of a run's stand-in servers. */
export interface StandInPorts {
  echo: number;
  raw: number;
  redirect: number;
  tls: number;
}

/** Copies every stored file into `dir` with the stand-in ports replaced; returns `dir`. */
export function materialise(dir: string, ports: StandInPorts): string {
  const map: Record<string, number> = { '4040': ports.echo, '4041': ports.raw, '4042': ports.redirect, '4043': ports.tls };
  for (const full of walk(INTEGRATION_DIR)) {
    const rel = path.relative(INTEGRATION_DIR, full);
    const target = path.join(dir, rel);
    if (!existsSync(path.dirname(target))) mkdirSync(path.dirname(target), { recursive: true });
    const decoded = decodeFile(readFileSync(full));
    // ":4041" in a URL or a script, and a URL object's "port": "4041".
    const text = decoded.text
      .replace(/:(404[0-3])(?!\d)/g, (_m, p: string) => `:${map[p]}`)
      .replace(/"port":(\s*)"(404[0-3])"/g, (_m, sp: string, p: string) => `"port":${sp}"${map[p]}"`);
    writeFileSync(target, encodeLike(decoded, text));
  }
  return dir;
}
