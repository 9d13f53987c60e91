/**
 * Precompressed static assets: at build time every text asset gets a brotli (`.br`) and a
 * gzip (`.gz`) copy beside it, so `npm start` sends compressed bytes without compressing
 * per request (`staticFiles.ts` picks the copy the request's Accept-Encoding allows).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|wasm)$/;
/**
 * Brotli's quality 10, not 11: on the 1.6 MB bundle 11 saved 1.8 % more and took 2.2× as
 * long (3.2 s against 1.4 s), and the build runs on every `npm start` after a change.
 */
const BROTLI_QUALITY = 10;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_SIZE = 1024;

/** The codings served from precompressed copies, in the server's order of preference. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type Coding = (typeof PRECOMPRESSED)[number]['coding'];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside each compressible file under `dir` (source maps left out:
 * only developer tools ask for them). A copy is kept only when it is smaller than the file.
 * Returns how many copies were written.
 */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_SIZE) return;
      const copies = await Promise.all([
        brotli(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [i, { suffix }] of PRECOMPRESSED.entries()) {
        if (copies[i]!.length >= content.length) continue;
        await writeFile(file + suffix, copies[i]!);
        written++;
      }
    }),
  );
  return written;
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompressPlugin(): Plugin {
  return {
    name: 'wirebench-precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompressDirectory(options.dir);
    },
  };
}

interface Preference {
  coding: string;
  q: number;
}

function parseAcceptEncoding(header: string): Preference[] {
  const preferences: Preference[] = [];
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      // RFC 9110 §12.4.2: a qvalue is 0 to 1 with up to three decimals; anything else reads as 0.
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    preferences.push({ coding: name.toLowerCase(), q });
  }
  return preferences;
}

/**
 * The coding to send, from the request's Accept-Encoding (RFC 9110 §12.5.3) and the
 * precompressed copies there are: the acceptable one with the highest qvalue, brotli before
 * gzip before identity on a tie. `*` stands for every coding not named; `q=0` refuses one;
 * identity, when not named, is acceptable but the last choice.
 * No header means no preference: the file as it is. When nothing is acceptable the file is
 * sent as it is too (a 406 would help no one).
 */
export function chooseEncoding(header: string | undefined, available: readonly Coding[]): Coding | 'identity' {
  if (header === undefined || header.trim() === '') return 'identity';
  const preferences = parseAcceptEncoding(header);
  const wildcard = preferences.find((p) => p.coding === '*');
  const qOf = (coding: string): number => {
    const named = preferences.find((p) => p.coding === coding || (coding === 'gzip' && p.coding === 'x-gzip'));
    if (named) return named.q;
    if (wildcard) return wildcard.q;
    // Identity is acceptable unless refused, but when not named it comes after any coding
    // that is (browsers list codings, never identity); other codings only when named.
    return coding === 'identity' ? 0.001 : 0;
  };
  let best: Coding | 'identity' = 'identity';
  let bestQ = 0;
  for (const coding of [...PRECOMPRESSED.map((p) => p.coding).filter((c) => available.includes(c)), 'identity' as const]) {
    const q = qOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
