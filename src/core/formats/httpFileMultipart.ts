/**
 * `multipart/form-data` bodies of `.http` files as the composer's parts. Both clients let a
 * part's content be a file (`< ./photo.png`) read at send time; written as text, that line
 * would go out literally, so file parts become file parts to pick again, named as the
 * file was. Part lines are joined with CRLF, as both clients send multipart bodies.
 */
import { draftRowId, type DraftInput, type MultipartPartDraft } from '../request';
import type { FileRef } from '../types';
import { baseName } from './importResult';

/** A body line with its line number in the file. */
export interface HttpFileLine {
  text: string;
  line: number;
}

type PartInput = NonNullable<NonNullable<DraftInput['body']>['multipart']>[number];

/** `< path`, and VS Code's `<@ path` (variables substituted in the file) and `<@latin1 path` (its encoding). */
export const FILE_BODY = /^<(@(\S*))?\s+(\S.*?)\s*$/;

/** A reference to a body file the person must pick again: the clients read it from disk at send time. */
export function fileRefOf(path: string, contentType: string | undefined, id: string): FileRef {
  const file: FileRef = { kind: 'file', id, name: path.replace(/^\.\//, ''), size: 0 };
  if (contentType) file.type = contentType;
  return file;
}

function dispositionParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The parts of a multipart body written between `--boundary` lines, or undefined when the
 * text has no part under that boundary (it is then sent as written). `warn` hears, per part,
 * what the person must do: pick a file again, or that a file name on inline text is dropped.
 */
export function multipartPartsOf(lines: readonly HttpFileLine[], boundary: string, warn: (message: string) => void): PartInput[] | undefined {
  const delimiter = `--${boundary}`;
  const parts: { headers: { name: string; value: string }[]; content: HttpFileLine[]; line: number }[] = [];
  let current: (typeof parts)[number] | undefined;
  let inHeaders = false;
  for (const line of lines) {
    const text = line.text.trimEnd();
    if (text === `${delimiter}--`) break;
    if (text === delimiter) {
      current = { headers: [], content: [], line: line.line };
      parts.push(current);
      inHeaders = true;
      continue;
    }
    if (!current) continue;
    if (inHeaders) {
      if (text.trim() === '') inHeaders = false;
      else {
        const colon = text.indexOf(':');
        if (colon > 0) current.headers.push({ name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() });
      }
      continue;
    }
    current.content.push(line);
  }
  if (parts.length === 0) return undefined;
  return parts.map((part): PartInput => {
    const disposition = part.headers.find((h) => h.name.toLowerCase() === 'content-disposition')?.value ?? '';
    const name = dispositionParam(disposition, 'name') ?? '';
    const filename = dispositionParam(disposition, 'filename');
    const contentType = part.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
    const headers = part.headers.filter((h) => !['content-disposition', 'content-type'].includes(h.name.toLowerCase())).map((h) => ({ id: draftRowId(), enabled: true, ...h }));
    const content = [...part.content];
    while (content.length > 0 && content[content.length - 1]!.text.trim() === '') content.pop();
    const file = content.length === 1 ? FILE_BODY.exec(content[0]!.text.trim()) : null;
    const label = name || `at line ${part.line}`;
    if (file) {
      const path = file[3]!;
      warn(`Line ${content[0]!.line}: part "${label}" is the file "${path}": pick the file again before sending.`);
      const draft: MultipartPartDraft = { id: draftRowId(), enabled: true, name, kind: 'file', value: '', file: fileRefOf(path, contentType || undefined, draftRowId('file')), filename: filename ?? baseName(path), contentType, base64: false, headers };
      return draft;
    }
    if (filename !== undefined) warn(`Line ${part.line}: part "${label}" is inline text named "${filename}"; it is sent as a text field without that file name.`);
    const json = contentType.toLowerCase() === 'application/json';
    return { id: draftRowId(), enabled: true, name, kind: json ? 'json' : 'text', value: content.map((l) => l.text).join('\r\n'), contentType: json ? '' : contentType, base64: false, headers };
  });
}
