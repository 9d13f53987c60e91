/**
 * What the inspector noticed about the body bytes: how they were decoded and why, charset
 * declarations that disagree, a Content-Type that contradicts the content, invalid UTF-8,
 * and where formatting stopped on malformed JSON or XML.
 */
import type { Finding } from '../../../../core';
import type { DocumentProgress } from '../format/bodyDocument';
import { FindingList } from '../status/FindingList';
import { formatCount } from '../../../base/components/units';

const SOURCE_WORDS = {
  bom: 'as its byte order mark says',
  'content-type': 'as the Content-Type charset says',
  'xml-declaration': 'as the XML declaration says',
  'html-meta': 'as the <meta charset> tag says',
  default: 'the default, since nothing declares a charset',
} as const;

/** `lineDelimited`: the body is one JSON value per line (NDJSON, JSON Lines, JSON text sequences), read line by line, so it is no one JSON document. */
export function BodyNotes({ progress, lineDelimited = false }: { progress: DocumentProgress; lineDelimited?: boolean }) {
  const meta = progress.meta;
  if (!meta) return null;
  const findings: Finding[] = [];
  if (meta.contradiction) findings.push(meta.contradiction);
  findings.push(...meta.charset.findings);
  if (progress.invalidUtf8) {
    findings.push({
      id: 'body-invalid-utf8',
      severity: 'warning',
      title: 'Not valid UTF-8',
      message: `Byte ${formatCount(progress.invalidUtf8.offset)} starts an invalid UTF-8 sequence, so the body is not in the charset it is read as; invalid bytes show as \uFFFD.`,
      reference: 'RFC 3629 §3',
    });
  }
  // A line-delimited body is not one document; its bad lines are marked in the Lines view.
  const problem = lineDelimited ? undefined : progress.pretty?.problem;
  if (problem) {
    findings.push({
      id: 'body-syntax',
      severity: meta.format === 'json' ? 'error' : 'warning',
      title: meta.format === 'json' ? 'Not valid JSON' : 'Not well-formed XML',
      message: `${problem.message} at line ${formatCount(problem.line)}, column ${formatCount(problem.column)} (byte ${formatCount(problem.offset)}).${meta.format === 'json' ? ' Pretty shows the body up to there; Raw shows all of it.' : ''}`,
    });
  }
  const textual = meta.kind === 'json' || meta.kind === 'xml' || meta.kind === 'html' || meta.kind === 'text';
  return (
    <div className="body-notes">
      {textual ? (
        <p className="muted body-caption">
          Decoded as <strong>{meta.charset.encoding}</strong>, {SOURCE_WORDS[meta.charset.source]}; the content looks like {meta.sniff.label}.
        </p>
      ) : null}
      {findings.length ? <FindingList findings={findings} compact /> : null}
    </div>
  );
}
