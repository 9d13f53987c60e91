/**
 * "The wire": every JSON-RPC message both ways in the order sent or received, with what
 * carried it, a response's request by id (or why it matches none), notifications as they
 * arrive, errors and malformed messages explained, notes on HTTP between them.
 */
import { wireLabel, type McpWireEntry } from '../../../core/protocols/mcp/wire';

const VIA: Record<McpWireEntry['via'], string> = {
  post: 'POST body', 'post-json': 'POST answer (JSON)', 'post-sse': 'POST answer (SSE)', 'get-sse': 'GET stream', 'legacy-sse': 'event stream', http: 'HTTP',
};

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function McpWireView({ entries }: { entries: readonly McpWireEntry[] }) {
  if (entries.length === 0) return <p className="hint">Nothing yet: Connect sends initialize, and every message both ways shows here in order.</p>;
  const t0 = entries[0]!.at;
  return (
    <ol className="mcp-wire" aria-label="JSON-RPC messages in order" aria-live="polite">
      {entries.map((e) => (
        <li key={e.seq} className={`mcp-wire-entry mcp-wire-${e.direction}${e.problem ? ' mcp-wire-problem' : ''}`}>
          <details open={Boolean(e.problem) || e.message?.kind === 'error'}>
            <summary>
              <span className="mcp-wire-seq">{e.seq}</span>
              <span className="mcp-wire-label">{e.direction === 'note' ? e.text : wireLabel(e)}</span>
              <span className="hint"> {VIA[e.via]}{e.httpStatus ? ` ${e.httpStatus}` : ''} · +{e.at - t0} ms</span>
            </summary>
            {e.answers ? <p className={'unmatched' in e.answers ? 'field-error' : 'hint'}>{'unmatched' in e.answers ? e.answers.unmatched : `Answers #${e.answers.id} (${e.answers.method}).`}</p> : null}
            {e.problem ? <p className="field-error">{e.problem}</p> : null}
            {e.explanation ? <p className="hint">{e.explanation}</p> : null}
            {e.direction !== 'note' ? <pre className="mcp-part-text">{pretty(e.text)}</pre> : null}
          </details>
        </li>
      ))}
    </ol>
  );
}
