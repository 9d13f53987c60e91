/**
 * `npm run bench:wsdl [file.wsdl …]`: how long Wirebench's core takes to read a WSDL and
 * write a sample envelope for every operation of every port, against how long node-soap
 * (the `soap` package) takes to build its client model (`createClientAsync` +
 * `describe()`) from the same files. Files: the largest WSDLs of the corpus
 * (`../shared/corpus/wsdl`, or WIREBENCH_CORPUS), any paths given on the command line,
 * and a generated ~3 MB WSDL. Both run in the same process, offline: remote imports are
 * refused at once for both (Wirebench reports a warning, node-soap an error). Both read
 * documents through the same `fs.readFile` (node-soap's own call, patched here to keep
 * each file's text after its first read from disk), so neither pays disk I/O in the
 * measured runs and the comparison is of parsing and model building, not of the disk.
 * Each tool is warmed up, then the two run interleaved, alternating which goes first (runs
 * on files over 1 MB start after an untimed full garbage collection, left 50 ms to finish
 * its background sweeping, and are repeated 15 times); the table shows medians and the
 * heap each result keeps alive.
 * Targets from issue 7: at least 2× faster than node-soap on the same files, and the 3 MB
 * WSDL parsed with every sample in under a second.
 */
import fs, { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as soap from 'soap';
import { parseWsdl, sampleEnvelope } from '../src/core';
import { median, printTable } from './table';
import { generateLargeWsdl } from './wsdlGenerator';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.WIREBENCH_CORPUS ? path.resolve(process.env.WIREBENCH_CORPUS, 'wsdl') : path.resolve(repoRoot, '../shared/corpus/wsdl');
const LARGEST = Number(process.env.BENCH_WSDL_FILES ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/** Small files are run until each tool has spent this long, so their medians are steady (JIT warm). */
const MIN_WARMUP_MS = 300;
const MIN_MEASURED_MS = 600;
const MAX_RUNS = 400;

/** What one tool made of one file: how many operations it saw. */
interface ToolRun {
  operations: number;
  /** Kept so the heap measurement sees what the result holds on to. */
  result: unknown;
}

interface BenchFile {
  label: string;
  file: string;
}

/** Every `.wsdl` under `dir`, largest first. */
function corpusWsdls(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.wsdl')) found.push(full);
    }
  };
  try {
    walk(dir);
  } catch (err) {
    console.warn(`No corpus at ${dir} (${(err as Error).message}); set WIREBENCH_CORPUS to its folder.`);
    return [];
  }
  return found.sort((a, b) => statSync(b).size - statSync(a).size);
}

const offline = (url: string) => new Error(`${url} is remote; the benchmark runs offline`);

// The texts of documents read so far, by absolute path; both tools read through here.
const documentTexts = new Map<string, string>();
const diskReadFile = fs.readFile;

function readDocument(file: string, callback: (err: NodeJS.ErrnoException | null, text?: string) => void): void {
  const key = path.resolve(file);
  const text = documentTexts.get(key);
  if (text !== undefined) {
    process.nextTick(callback, null, text);
    return;
  }
  diskReadFile(key, 'utf8', (err, read) => {
    if (!err) documentTexts.set(key, read);
    callback(err, read);
  });
}

// node-soap reads local documents with fs.readFile(path, 'utf8', callback) through a live binding.
(fs as { readFile: unknown }).readFile = (file: unknown, options: unknown, callback: unknown) => {
  if (typeof file === 'string' && options === 'utf8' && typeof callback === 'function') return readDocument(file, callback as (err: Error | null, text?: string) => void);
  return (diskReadFile as (...args: unknown[]) => void)(file, options, callback);
};

function readText(url: string): Promise<string> {
  if (/^https?:/i.test(url)) return Promise.reject(offline(url));
  return new Promise((resolve, reject) => readDocument(url.replace(/^file:\/\//, ''), (err, text) => (err ? reject(err) : resolve(text as string))));
}

/** Wirebench: parse with every import, then a sample request for each operation of each SOAP port. */
async function runWirebench(file: string): Promise<ToolRun> {
  const model = await parseWsdl(file, readText);
  if (!model.ok) throw new Error(model.error.message);
  const samples: string[] = [];
  let operations = 0;
  for (const service of model.value.services) {
    for (const port of service.ports) {
      if (port.protocol !== 'soap') continue;
      for (const operation of port.operations) {
        operations++;
        const sample = sampleEnvelope(model.value, { service: service.name, port: port.name, operation: operation.name });
        if (sample.ok) samples.push(sample.value.envelope);
      }
    }
  }
  return { operations, result: [model, samples] };
}

// node-soap asks this client for remote documents; answering at once keeps the run offline.
const offlineHttpClient = { request: (url: string, _data: unknown, callback: (err: Error) => void) => callback(offline(url)) };

/** node-soap: its client model and the description of every operation. */
async function runNodeSoap(file: string): Promise<ToolRun> {
  const client = await soap.createClientAsync(file, { disableCache: true, httpClient: offlineHttpClient as unknown as soap.IOptions['httpClient'] });
  const description = client.describe() as Record<string, Record<string, Record<string, unknown>>>;
  let operations = 0;
  for (const service of Object.values(description)) for (const port of Object.values(service)) operations += Object.keys(port).length;
  return { operations, result: [client, description] };
}

/** Files from this size on are large enough that one run's garbage would land in the next run's time. */
const COLLECT_BEFORE_BYTES = 1024 * 1024;
/** How long a collected heap is left to settle before a timed run. */
const SETTLE_MS = 50;
/** Runs of each tool on a file from COLLECT_BEFORE_BYTES on: few runs of a second make a noisy median. */
const LARGE_FILE_RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 15);

async function timed(run: () => Promise<ToolRun>, collectFirst: boolean): Promise<{ ms: number; run: ToolRun }> {
  // Big files: each run starts on a collected heap, so neither tool pays for collecting the
  // other's tens of megabytes. Small files are not collected between runs: a forced full
  // collection every millisecond distorts far more than it corrects.
  if (collectFirst) {
    collectGarbage();
    // The collection finishes its sweeping on background threads; on two cores that work
    // would land in the timed run. Let it end first: the run is timed, not the harness.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, run: result };
}

/**
 * The speed-up of each interleaved pair of runs (node-soap's time over Wirebench's, both
 * timed back to back), as lower quartile–upper quartile: how much the machine's noise
 * moves the ratio the Speed-up column gives from the medians.
 */
function pairedSpread(oursMs: number[], theirsMs: number[]): string {
  const ratios = oursMs.map((ours, i) => (theirsMs[i] ?? Number.NaN) / ours).filter(Number.isFinite).sort((a, b) => a - b);
  if (ratios.length === 0) return '–';
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))] as number;
  return `${at(0.25).toFixed(1)}–${at(0.75).toFixed(1)}×`;
}

/** Heap kept alive by one result: measured after collecting garbage on both sides. */
const keptAlive: unknown[] = [];

async function keepOne(run: () => Promise<ToolRun>): Promise<void> {
  keptAlive.push(await run());
}

/**
 * Heap kept alive by one result, after full collections: the larger of (held − before)
 * and (held − after letting go). Both are needed: a suspended async function may still
 * hold an earlier result, which hides the first difference; a result something else still
 * references hides the second.
 */
async function retainedHeap(run: () => Promise<ToolRun>): Promise<number> {
  collectGarbage();
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  await keepOne(run);
  collectGarbage();
  collectGarbage();
  const held = process.memoryUsage().heapUsed;
  keptAlive.length = 0;
  collectGarbage();
  collectGarbage();
  // A tool whose result something else still references shows only in the first difference.
  return Math.max(0, held - base, held - process.memoryUsage().heapUsed);
}

/** The size of the file plus the local documents it pulls in (as Wirebench resolved them). */
async function documentBytes(file: string): Promise<{ bytes: number; documents: number; warnings: number }> {
  const model = await parseWsdl(file, readText);
  if (!model.ok) return { bytes: statSync(file).size, documents: 1, warnings: 0 };
  let bytes = 0;
  for (const url of model.value.documents) bytes += statSync(url.replace(/^file:\/\//, '').replace(/#.*$/, '')).size;
  return { bytes, documents: model.value.documents.length, warnings: model.value.warnings.length };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${mb(bytes)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

const files: BenchFile[] = corpusWsdls(corpus)
  .slice(0, LARGEST)
  .map((file) => ({ label: path.relative(corpus, file), file }));
for (const arg of process.argv.slice(2)) files.push({ label: arg, file: path.resolve(arg) });
const generated = generateLargeWsdl();
const generatedFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'wirebench-bench-')), 'erp-generated.wsdl');
writeFileSync(generatedFile, generated.text);
const GENERATED_LABEL = `generated ERP (${mb(Buffer.byteLength(generated.text))} MB, seed 20240607)`;
files.push({ label: GENERATED_LABEL, file: generatedFile });

console.log(`Wirebench core vs node-soap ${JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/soap/package.json'), 'utf8')).version}, Node ${process.version}; per tool and file at least ${WARMUP} warm-up runs (and ${MIN_WARMUP_MS} ms), then at least ${RUNS} interleaved runs (and ${MIN_MEASURED_MS} ms).`);

const rows: (string | number)[][] = [];
const notes: string[] = [];
let totalOurs = 0;
let totalTheirs = 0;
let generatedMs = 0;
const speedUps: number[] = [];
for (const { label, file } of files) {
  const ours = () => runWirebench(file);
  const theirs = () => runNodeSoap(file);
  const size = await documentBytes(file);
  let theirsFails: string | undefined;
  try {
    await theirs();
  } catch (err) {
    theirsFails = (err as Error).message.split('\n')[0]!.slice(0, 120);
  }
  const warmStart = performance.now();
  for (let i = 0; i < WARMUP || (performance.now() - warmStart < MIN_WARMUP_MS && i < MAX_RUNS); i++) {
    await ours();
    if (!theirsFails) await theirs();
  }
  const oursMs: number[] = [];
  const theirsMs: number[] = [];
  let oursOps = 0;
  let theirsOps = 0;
  const spent = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const runs = size.bytes >= COLLECT_BEFORE_BYTES ? Math.max(RUNS, LARGE_FILE_RUNS) : RUNS;
  for (let i = 0; i < runs || (i < MAX_RUNS && (spent(oursMs) < MIN_MEASURED_MS || (!theirsFails && spent(theirsMs) < MIN_MEASURED_MS))); i++) {
    // Alternate which tool goes first, so neither always runs on the other's garbage.
    const order = i % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
    for (const which of order) {
      if (which === 'ours') {
        const t = await timed(ours, size.bytes >= COLLECT_BEFORE_BYTES);
        oursMs.push(t.ms);
        oursOps = t.run.operations;
      } else if (!theirsFails) {
        const t = await timed(theirs, size.bytes >= COLLECT_BEFORE_BYTES);
        theirsMs.push(t.ms);
        theirsOps = t.run.operations;
      }
    }
  }
  const oursMedian = median(oursMs);
  const oursHeap = await retainedHeap(ours);
  if (label === GENERATED_LABEL) generatedMs = oursMedian;
  if (theirsFails) {
    notes.push(`${label}: node-soap failed (${theirsFails}); left out of the totals.`);
    rows.push([label, kb(size.bytes), size.documents, oursOps, oursMs.length, ms(oursMedian), 'failed', '–', '–', mb(oursHeap), '–']);
    continue;
  }
  const theirsMedian = median(theirsMs);
  const theirsHeap = await retainedHeap(theirs);
  totalOurs += oursMedian;
  totalTheirs += theirsMedian;
  speedUps.push(theirsMedian / oursMedian);
  if (size.warnings > 0) notes.push(`${label}: Wirebench loaded it with ${size.warnings} warning(s) (e.g. remote imports skipped offline).`);
  rows.push([
    label,
    kb(size.bytes),
    size.documents,
    `${oursOps}/${theirsOps}`,
    oursMs.length,
    ms(oursMedian),
    ms(theirsMedian),
    `${(theirsMedian / oursMedian).toFixed(1)}×`,
    pairedSpread(oursMs, theirsMs),
    mb(oursHeap),
    mb(theirsHeap),
  ]);
}
rows.push(['all files both read (sum of medians)', '', '', '', '', ms(totalOurs), ms(totalTheirs), `${(totalTheirs / totalOurs).toFixed(1)}×`, '', '', '']);

printTable(
  'WSDL: parse + a sample envelope per operation (Wirebench) vs createClientAsync + describe() (node-soap); median ms',
  ['File', 'Size (with imports)', 'Docs', 'Operations (WB/soap)', 'Runs', 'Wirebench ms', 'node-soap ms', 'Speed-up', 'Per pair: quartiles', 'WB heap MB', 'soap heap MB'],
  rows,
);
for (const note of notes) console.log(`- ${note}`);
const speedUp = totalTheirs / totalOurs;
const geometric = Math.exp(speedUps.reduce((sum, x) => sum + Math.log(x), 0) / Math.max(1, speedUps.length));
const slowest = Math.min(...speedUps);
console.log(`\nPeak RSS of this process: ${mb(process.resourceUsage().maxRSS * 1024)} MB. Heap = heap kept alive by one result (model + samples / client + description), after GC.`);
console.log(
  `Target ≥ 2× faster than node-soap on the same files: ${speedUp.toFixed(1)}× in total time, ${geometric.toFixed(1)}× per file (geometric mean), ${slowest.toFixed(1)}× on the closest file — ${speedUp >= 2 && geometric >= 2 ? 'met' : 'MISSED'}.`,
);
console.log(`Target 3 MB WSDL parsed with every sample < 1000 ms: ${generatedMs.toFixed(0)} ms (${generated.operations} operations × 2 ports) — ${generatedMs < 1000 ? 'met' : 'MISSED'}.`);
