/**
 * cURL's `-F name=content` syntax: `@file` (a file part), `<file` (a text part read from
 * a file), a plain or double-quoted value, then `;type=`, `;filename=`, `;headers=` and
 * `;encoder=` parameters. Used both ways: the importer reads it, the exporter writes it
 * so that reading gives back the same part.
 */
import { draftRowId, type MultipartPartDraft } from '../request';
import type { HeaderField, Result } from '../types';
import { fail, ok } from '../types';
import { baseName } from './importResult';

/** A part read from one `-F` value, and what could not come across. */
export interface CurlFormField {
  part: Partial<MultipartPartDraft> & Pick<MultipartPartDraft, 'name' | 'kind' | 'value' | 'contentType' | 'base64'>;
  warnings: string[];
}

const PARAM = /^;\s*(type|filename|headers|encoder|format)=/i;

/**
 * Reads a value that may be double-quoted (with `\"` and `\\` escapes) up to the next `;`,
 * as curl does: an unquoted value ends at the first `;` and loses its surrounding spaces
 * (`-F 'a=x;y'` sends `x`, `-F 'a= x '` sends `x`); a quoted one is kept whole.
 */
function readValue(text: string, from: number): { value: string; end: number } {
  let start = from;
  while (text[start] === ' ' || text[start] === '\t') start++;
  if (text[start] === '"') {
    let out = '';
    let i = start + 1;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < text.length) i++;
      out += text[i]!;
      i++;
    }
    let end = Math.min(i + 1, text.length);
    while (end < text.length && text[end] !== ';') end++;
    return { value: out, end };
  }
  const semicolon = text.indexOf(';', start);
  const end = semicolon < 0 ? text.length : semicolon;
  return { value: text.slice(start, end).trim(), end };
}

/** Parses one `-F` (or, with `literal`, `--form-string`) value into a multipart part. */
export function parseCurlFormField(field: string, literal = false): Result<CurlFormField> {
  const eq = field.indexOf('=');
  if (eq < 0) return fail({ kind: 'curl-form-invalid', message: 'a form field must be written name=content' });
  const name = field.slice(0, eq);
  const content = field.slice(eq + 1);
  const warnings: string[] = [];
  if (literal) return ok({ part: { name, kind: 'text', value: content, contentType: '', base64: false, headers: [] }, warnings });
  const fileMode = content.startsWith('@') ? 'file' : content.startsWith('<') ? 'text-file' : null;
  const first = readValue(content, fileMode ? 1 : 0);
  let contentType = '';
  let filename: string | undefined;
  let base64 = false;
  const headers: HeaderField[] = [];
  let i = first.end;
  while (i < content.length) {
    const match = PARAM.exec(content.slice(i));
    if (!match) {
      // curl skips what is not one of its parameters, up to the next `;` ("skip unknown form field").
      const unknown = readValue(content, i + 1);
      if (unknown.value) warnings.push(`Part "${name}": "${unknown.value}" is not a cURL form parameter; curl leaves it out of the part, and so does Wirebench.`);
      i = unknown.end;
      continue;
    }
    const param = readValue(content, i + match[0].length);
    const key = match[1]!.toLowerCase();
    if (key === 'type') contentType = param.value.trim();
    else if (key === 'filename') filename = param.value;
    else if (key === 'encoder') base64 = param.value.trim().toLowerCase() === 'base64';
    else if (key === 'headers') {
      if (param.value.startsWith('@')) warnings.push(`Part "${name}": headers are read from the file "${param.value.slice(1)}", which cannot be read here.`);
      else {
        const colon = param.value.indexOf(':');
        if (colon > 0) headers.push({ name: param.value.slice(0, colon).trim(), value: param.value.slice(colon + 1).trim() });
      }
    }
    i = param.end;
  }
  const rows = headers.map((h) => ({ ...h, enabled: true, id: draftRowId() }));
  if (fileMode === 'file') {
    warnings.push(`Part "${name}" is the file "${first.value}": pick the file again before sending.`);
    const part: CurlFormField['part'] = { name, kind: 'file', value: '', contentType, base64: false, headers: rows };
    part.filename = filename ?? baseName(first.value);
    return ok({ part, warnings });
  }
  let value = first.value;
  if (fileMode === 'text-file') {
    warnings.push(`Part "${name}" is read from the file "${first.value}", which cannot be read here; the part holds a placeholder — paste the file's contents.`);
    value = `<contents of ${baseName(first.value)}>`;
  }
  const json = contentType.toLowerCase() === 'application/json';
  const part: CurlFormField['part'] = { name, kind: json ? 'json' : 'text', value, contentType: json ? '' : contentType, base64, headers: rows };
  if (filename !== undefined) part.filename = filename;
  return ok({ part, warnings });
}

function quoteFormValue(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** Whether a text value must be written as a quoted `-F` value to be read back unchanged. */
function needsQuoting(value: string): boolean {
  // curl trims the spaces around an unquoted value (`-F 'a= x '` sends "x"), so such a value is quoted too.
  return value.startsWith('@') || value.startsWith('<') || value.startsWith('"') || value.includes(';') || /^\s|\s$/.test(value);
}

/**
 * The `-F` value for a part, as `parseCurlFormField` reads it back: `name=@file;type=…` for
 * a file, `name=value` (double-quoted when it holds `;` or starts with `@`, `<` or `"`)
 * with `;type=`, `;filename=`, `;encoder=base64` and one `;headers=` per extra header.
 */
export function formatCurlFormField(part: { name: string; value?: string; fileName?: string; isFile: boolean; contentType?: string; filename?: string; base64?: boolean; headers?: HeaderField[] }): string {
  let out = `${part.name}=`;
  if (part.isFile) {
    const file = part.fileName ?? part.filename ?? 'file';
    out += /[;,"]/.test(file) ? `@${quoteFormValue(file)}` : `@${file}`;
  } else {
    const value = part.value ?? '';
    out += needsQuoting(value) || (part.contentType ?? part.filename ?? '') !== '' || part.base64 || (part.headers?.length ?? 0) > 0 ? quoteFormValue(value) : value;
  }
  if (part.contentType) out += `;type=${part.contentType.includes(';') ? quoteFormValue(part.contentType) : part.contentType}`;
  if (part.filename !== undefined && (!part.isFile || part.filename !== part.fileName)) out += `;filename=${quoteFormValue(part.filename)}`;
  if (part.base64) out += ';encoder=base64';
  for (const header of part.headers ?? []) out += `;headers=${quoteFormValue(`${header.name}: ${header.value}`)}`;
  return out;
}
