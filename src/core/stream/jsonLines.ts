/**
 * Line-delimited streams read line by line as they arrive: NDJSON (`application/x-ndjson`),
 * JSON Lines (`application/jsonl`), JSON text sequences (RFC 7464, `application/json-seq`:
 * each record starts with RS, U+001E) and plain text sent in pieces. Each JSON line is
 * checked on its own: a bad line is marked with its line and column and the stream reads
 * on, as a consumer that skips bad records would.
 *
 * Line ends are those of the event-stream grammar (LF, CR LF or a lone CR). JSON text
 * sequences are split at RS as well; a record pretty-printed over several lines is not
 * joined back (rare in practice: producers write one record per line).
 */
import { checkJsonSyntax } from '../encoding/jsonSyntax';
import { LineSplitter } from './lineSplitter';

/** How the lines of a stream are read. */
export type LineStreamFormat = 'ndjson' | 'json-seq' | 'text';

/** Why a JSON line did not parse, and where (column 1 is the line's first character). */
export interface JsonLineFault {
  column: number;
  message: string;
}

/** One line (one record) of the stream. */
export interface StreamLine {
  /** The line's number in the stream (1-based). */
  line: number;
  text: string;
  /** For JSON formats: the fault when the line is not one JSON value. */
  fault?: JsonLineFault;
  /** When the line's end arrived (ms after the exchange began), if known. */
  at?: number;
}

/** Checks one line as a JSON value; undefined when it is one. */
export function checkJsonLine(text: string): JsonLineFault | undefined {
  const fault = checkJsonSyntax(text);
  return fault ? { column: fault.offset + 1, message: fault.message } : undefined;
}

/** Incremental reader of a line-delimited stream. */
export class LineStreamParser {
  private readonly lines = new LineSplitter();
  private ended = false;

  constructor(readonly format: LineStreamFormat) {
    if (format !== 'ndjson' && format !== 'json-seq' && format !== 'text') throw new RangeError(`Unknown line stream format "${String(format)}"`);
  }

  /** Adds decoded text that arrived at `at` and returns the lines it completes (blank JSON lines are skipped). */
  push(text: string, at?: number): StreamLine[] {
    if (this.ended) throw new RangeError('LineStreamParser.push after end()');
    const out: StreamLine[] = [];
    for (const { text: line, number } of this.lines.push(text)) this.read(line, number, at, out);
    return out;
  }

  /** The stream ended: a last line without a line end is still a line (NDJSON writers often omit the final LF). */
  end(at?: number): StreamLine[] {
    if (this.ended) return [];
    this.ended = true;
    const out: StreamLine[] = [];
    const rest = this.lines.unfinished;
    if (rest) this.read(rest, this.lines.lineCount + 1, at, out);
    return out;
  }

  private read(line: string, number: number, at: number | undefined, out: StreamLine[]): void {
    const stamp = at === undefined ? {} : { at };
    if (this.format === 'text') {
      out.push({ line: number, text: line, ...stamp });
      return;
    }
    // RS starts each record of a JSON text sequence; records sharing one line are split apart.
    const records = this.format === 'json-seq' ? line.split('\u001e') : [line];
    for (const record of records) {
      if (record.trim() === '') continue;
      const fault = checkJsonLine(record);
      out.push({ line: number, text: record, ...(fault ? { fault } : {}), ...stamp });
    }
  }
}
