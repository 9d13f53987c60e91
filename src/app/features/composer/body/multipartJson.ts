/**
 * A JSON part of a multipart body is checked as a JSON body is (issue 27): its syntax error
 * shown under the part at its line and column, and a lint error the send gate asks about
 * before sending, like a JSON body whose text is not JSON.
 */
import { parseJsonTemplate, type LintFinding, type MultipartPartDraft, type RequestDraft } from '../../../../core';

/** Why part `part`'s JSON does not parse, with its line and column, or undefined (not JSON, empty, or valid). */
export function multipartJsonError(part: MultipartPartDraft): { line: number; column: number; message: string } | undefined {
  if (part.kind !== 'json' || part.value.trim() === '') return undefined;
  const parsed = parseJsonTemplate(part.value);
  if (parsed.ok) return undefined;
  return { line: parsed.error.position?.line ?? 1, column: parsed.error.position?.column ?? 1, message: parsed.error.message };
}

/** The sentence shown under the part: `Line 2, column 6: …`. */
export function multipartJsonErrorText(error: { line: number; column: number; message: string }): string {
  return `Line ${error.line}, column ${error.column}: ${error.message}`;
}

/** Lint errors for the enabled JSON parts of a multipart body that are not JSON. */
export function multipartJsonFindings(draft: RequestDraft): LintFinding[] {
  if (draft.body.kind !== 'multipart') return [];
  return draft.body.multipart.flatMap((part, i) => {
    const error = part.enabled ? multipartJsonError(part) : undefined;
    if (!error) return [];
    const name = part.name.trim() ? ` "${part.name.trim()}"` : '';
    return [
      {
        id: 'multipart-json-part',
        severity: 'error' as const,
        message: `Part ${i + 1}${name} is marked JSON, but its content is not JSON: ${error.message} at line ${error.line}, column ${error.column}. The server will likely answer 400.`,
        why: 'A part sent as application/json must hold JSON (RFC 8259); a server parsing it refuses the whole request.',
        field: `multipart:${i}`,
      },
    ];
  });
}
