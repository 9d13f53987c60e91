/**
 * Data files of a run: CSV (RFC 4180) and JSON, each turned into rows of string variables,
 * one row per iteration. A malformed file is an error value that says where — line and
 * column — and what, so `wirebench run --data` can exit 2 with it and the page can point
 * at it. No CSV package in the registry lists reported positions as well as these few
 * rules need, so the reader is written here, to the RFC.
 */
import { checkJsonSyntax, JSON_READ_DEPTH, jsonNestingBeyond } from '../encoding/jsonSyntax';
import { fail, ok, positionAt, type CoreError, type Result } from '../types';

/** One iteration's variables, by column or member name. */
export type DataRow = Record<string, string>;

/** Why a data file could not be read; `position` points into the file's text. */
export interface DataFileError extends CoreError {
  kind: 'data-csv' | 'data-json' | 'data-empty';
}

function error(kind: DataFileError['kind'], message: string, text?: string, offset?: number): { ok: false; error: DataFileError } {
  if (text === undefined || offset === undefined) return fail({ kind, message });
  const position = positionAt(text, Math.min(Math.max(offset, 0), text.length));
  return fail({ kind, message: `${message} (line ${position.line}, column ${position.column})`, position });
}

interface CsvRecord {
  fields: string[];
  /** Whether each field was in quotes. */
  quoted: boolean[];
  /** Offset of the record's first character, and of each field's. */
  offset: number;
  fieldOffsets: number[];
}

/**
 * Splits CSV text into records (RFC 4180 §2): fields separated by commas, records by CRLF
 * (LF or a lone CR too), a field in double quotes may hold commas, line breaks and doubled
 * quotes. A quote inside an unquoted field, text after a closing quote and a quoted field
 * that never ends are errors. Blank lines are skipped.
 */
function csvRecords(text: string, start: number, relaxed = false): Result<CsvRecord[], DataFileError> {
  const records: CsvRecord[] = [];
  let i = start;
  const n = text.length;
  while (i < n) {
    const record: CsvRecord = { fields: [], quoted: [], offset: i, fieldOffsets: [] };
    // One record: fields until a line break or the end.
    for (;;) {
      record.fieldOffsets.push(i);
      // Relaxed (newman's trim): spaces before a field do not count.
      if (relaxed) while (text[i] === ' ' || text[i] === '\t') i++;
      if (text[i] === '"') {
        const open = i;
        let value = '';
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) return error('data-csv', 'This quoted field never ends: a closing " is missing', text, open);
          value += text.slice(i, quote);
          if (text[quote + 1] === '"') {
            value += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        if (relaxed) while (text[i] === ' ' || text[i] === '\t') i++;
        if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          return error('data-csv', `Unexpected ${JSON.stringify(text[i])} after a closing quote: a quoted field must end at a comma or the end of the line`, text, i);
        }
        record.fields.push(value);
        record.quoted.push(true);
      } else {
        let end = i;
        while (end < n && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') {
          if (text[end] === '"' && !relaxed) return error('data-csv', 'A quote inside an unquoted field: put the whole field in quotes and double the quote ("")', text, end);
          end++;
        }
        record.fields.push(relaxed ? text.slice(i, end).trim() : text.slice(i, end));
        record.quoted.push(false);
        i = end;
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    const blank = record.fields.length === 1 && record.fields[0]!.trim() === '' && text[record.offset] !== '"';
    if (!blank) records.push(record);
  }
  return ok(records);
}

/**
 * Reads a CSV data file: a BOM is skipped, the first record names the variables, each
 * further record is a row. A row with more or fewer fields than the header, an empty or
 * repeated column name, and malformed quoting are errors with line and column. A header
 * without rows gives no rows.
 */
export function parseCsvRows(text: string): Result<DataRow[], DataFileError> {
  if (typeof text !== 'string') throw new TypeError(`parseCsvRows expects a string, got ${typeof text}`);
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const parsed = csvRecords(text, start);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.value;
  if (!header) return error('data-empty', 'The CSV file is empty: it needs a header row naming the variables');
  const names = header.fields.map((f) => f.trim());
  const seen = new Map<string, number>();
  for (let c = 0; c < names.length; c++) {
    const name = names[c]!;
    if (name === '') return error('data-csv', `Column ${c + 1} of the header has no name`, text, header.fieldOffsets[c]);
    if (seen.has(name)) return error('data-csv', `The header names "${name}" twice (columns ${seen.get(name)! + 1} and ${c + 1})`, text, header.fieldOffsets[c]);
    seen.set(name, c);
  }
  const rows: DataRow[] = [];
  for (const record of records) {
    if (record.fields.length !== names.length) {
      const at = record.fields.length > names.length ? record.fieldOffsets[names.length] : record.offset;
      return error('data-csv', `This row has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}; the header has ${names.length}`, text, at);
    }
    const row = Object.create(null) as DataRow;
    names.forEach((name, c) => (row[name] = record.fields[c]!));
    rows.push(row);
  }
  return ok(rows);
}

/** How newman types an unquoted CSV value: a whole number (no leading zero) or a float becomes a number. */
function newmanCsvValue(text: string, quoted: boolean): unknown {
  if (quoted) return text;
  if (/^(-|\+)?([1-9]+[0-9]*)$/.test(text)) return parseInt(text, 10);
  if (text.trim() !== '' && Number(text) - parseFloat(text) + 1 >= 0) return parseFloat(text);
  return text;
}

/**
 * Reads a CSV data file as newman does (csv-parse with relax, relax_column_count, trim, and
 * its number casting): a quote inside an unquoted field is a character like any other,
 * spaces around a field are dropped, a row may have fewer or more fields than the header
 * (missing ones are absent, extra ones dropped), and an unquoted whole number or float is a
 * number in `typed` (scripts see it so). A quoted field that never ends is still an error.
 */
export function parseCsvRowsRelaxed(text: string): Result<{ rows: DataRow[]; typed: Record<string, unknown>[] }, DataFileError> {
  if (typeof text !== 'string') throw new TypeError(`parseCsvRowsRelaxed expects a string, got ${typeof text}`);
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const parsed = csvRecords(text, start, true);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.value;
  if (!header) return error('data-empty', 'The CSV file is empty: it needs a header row naming the variables');
  const names = header.fields.map((f) => f.trim());
  const rows: DataRow[] = [];
  const typed: Record<string, unknown>[] = [];
  for (const record of records) {
    const row = Object.create(null) as DataRow;
    const values = Object.create(null) as Record<string, unknown>;
    names.forEach((name, c) => {
      if (name === '' || c >= record.fields.length) return;
      row[name] = record.fields[c]!;
      values[name] = newmanCsvValue(record.fields[c]!, record.quoted[c]!);
    });
    rows.push(row);
    typed.push(values);
  }
  return ok({ rows, typed });
}

function typeWord(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'a boolean' : typeof value;
}

/** A member value as a variable: strings as they are, null as empty, numbers and booleans as written, the rest as JSON. */
function variableText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Reads a JSON data file: an array of objects, each a row; anything else is an error naming what was found. */
export function parseJsonRows(text: string): Result<DataRow[], DataFileError> {
  if (typeof text !== 'string') throw new TypeError(`parseJsonRows expects a string, got ${typeof text}`);
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') return error('data-empty', 'The JSON data file is empty: it needs an array of objects');
  // A member nested past the bound would overflow JSON.stringify when it becomes a variable.
  const deep = jsonNestingBeyond(source, JSON_READ_DEPTH);
  if (deep !== undefined) return error('data-json', `The data file is nested more than ${JSON_READ_DEPTH} levels deep`, source, deep);
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch {
    const fault = checkJsonSyntax(source);
    return fault ? error('data-json', `The data file is not JSON: ${fault.message}`, source, fault.offset) : error('data-json', 'The data file is not JSON');
  }
  if (!Array.isArray(value)) return error('data-json', `The data file must be a JSON array of objects (one per iteration); found ${typeWord(value)}`);
  const rows: DataRow[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return error('data-json', `Item ${i + 1} of the array is ${typeWord(item)}, not an object of variables`);
    }
    const row = Object.create(null) as DataRow;
    for (const [name, member] of Object.entries(item)) row[name] = variableText(member);
    rows.push(row);
  }
  return ok(rows);
}

/** Reads a data file by its name (`.csv`, `.json`), else by its first character (`[` or `{` is JSON). */
export function parseDataFile(fileName: string, text: string): Result<DataRow[], DataFileError> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return parseCsvRows(text);
  if (lower.endsWith('.json')) return parseJsonRows(text);
  return /^\uFEFF?\s*[[{]/.test(text) ? parseJsonRows(text) : parseCsvRows(text);
}
