/**
 * The last call's outcome: a tool result's content parts (text, image, audio, embedded
 * resources, resource links) and its structured content checked against the tool's output
 * schema; a tool error (isError) told apart from a protocol error, whose code is explained.
 */
import { checkStructuredContent } from '../../../core/protocols/mcp/toolSchema';
import { explainJsonRpcCode } from '../../../core/protocols/mcp/errorCodes';
import { useMcpTab } from './mcpStore';

function Part({ part }: { part: Record<string, unknown> }) {
  switch (part.type) {
    case 'text':
      return <pre className="mcp-part-text">{String(part.text)}</pre>;
    case 'image':
      return <figure className="mcp-part"><img src={`data:${String(part.mimeType)};base64,${String(part.data)}`} alt={`Image from the tool (${String(part.mimeType)})`} className="mcp-image" /><figcaption className="hint">image, {String(part.mimeType)}</figcaption></figure>;
    case 'audio':
      return <audio controls src={`data:${String(part.mimeType)};base64,${String(part.data)}`} aria-label="Audio from the tool" />;
    case 'resource_link':
      return <p className="mcp-part">Resource link: <code>{String(part.uri)}</code>{part.name ? ` — ${String(part.name)}` : ''}{part.mimeType ? ` (${String(part.mimeType)})` : ''}{part.description ? `. ${String(part.description)}` : ''}</p>;
    case 'resource': {
      const r = (part.resource ?? {}) as Record<string, unknown>;
      return <div className="mcp-part">Embedded resource <code>{String(r.uri)}</code><pre className="mcp-part-text">{typeof r.text === 'string' ? r.text : `(${String(r.mimeType ?? 'binary')}, base64)`}</pre></div>;
    }
    default:
      return <pre className="mcp-part-text">{JSON.stringify(part, null, 2)}</pre>;
  }
}

export function McpResultView({ tabId }: { tabId: string }) {
  const call = useMcpTab(tabId).call;
  if (!call) return <p className="hint">Connect, list what the server offers, then call a tool, read a resource or get a prompt. Its answer shows here; every message is on The wire.</p>;
  if (call.running) return <p role="status">{call.kind === 'tool' ? `Calling ${call.name}…` : `Waiting for ${call.name}…`}{call.progress ? ` ${call.progress.progress}${call.progress.total ? ` of ${call.progress.total}` : ''}${call.progress.message ? ` — ${call.progress.message}` : ''}` : ''}</p>;
  const outcome = call.outcome;
  if (!outcome) return null;
  if (!outcome.ok) {
    const code = outcome.failure.error ? explainJsonRpcCode(outcome.failure.error.code) : undefined;
    return (
      <div className="mcp-result" role="alert">
        <h3>{outcome.failure.kind === 'jsonrpc' ? 'Protocol error' : outcome.failure.kind === 'cancelled' ? 'Cancelled' : 'No answer'}</h3>
        {code && outcome.failure.error ? (
          <p><strong>{outcome.failure.error.code} {code.name}</strong> ({code.source}): “{outcome.failure.error.message}”. {code.meaning}</p>
        ) : <p>{outcome.failure.message}</p>}
        {outcome.failure.kind === 'jsonrpc' ? <p className="hint">A protocol error means the request itself failed (unknown method, bad params…); a tool that ran and failed answers with a result whose isError is true instead.</p> : null}
      </div>
    );
  }
  const result = outcome.result;
  const content = Array.isArray(result.content) ? (result.content as Record<string, unknown>[]) : undefined;
  const check = call.kind === 'tool' ? checkStructuredContent(call.outputSchema, result) : undefined;
  return (
    <div className="mcp-result">
      <h3>{call.kind === 'tool' ? (result.isError === true ? `Tool error from ${call.name}` : `Result of ${call.name}`) : call.name} <span className="hint">#{outcome.id}</span></h3>
      {result.isError === true ? <p className="field-error">The tool ran and reported a failure (isError: true). This is a tool error, not a protocol error: the request was fine, and the text below is meant for the model to read and recover from.</p> : null}
      {content ? content.map((p, i) => <Part key={i} part={p} />) : null}
      {call.kind === 'resource' && Array.isArray(result.contents) ? (result.contents as Record<string, unknown>[]).map((c, i) => <div key={i} className="mcp-part"><code>{String(c.uri)}</code> <span className="hint">{String(c.mimeType ?? '')}</span><pre className="mcp-part-text">{typeof c.text === 'string' ? c.text : '(binary, base64)'}</pre></div>) : null}
      {call.kind === 'prompt' && Array.isArray(result.messages) ? (result.messages as { role: string; content: Record<string, unknown> }[]).map((m, i) => <div key={i} className="mcp-part"><strong>{m.role}</strong><Part part={m.content} /></div>) : null}
      {check && (check.verdict !== 'no-schema' || result.structuredContent !== undefined) ? (
        <section className="mcp-structured" aria-label="Structured content">
          <h4>Structured content</h4>
          <p className={check.verdict === 'fits' ? 'mcp-ok' : check.verdict === 'no-schema' ? 'hint' : 'field-error'}>{check.explanation}</p>
          {check.problems.length ? <ul>{check.problems.map((p, i) => <li key={i}><code>{p.at}</code>: {p.message}</li>)}</ul> : null}
          {result.structuredContent !== undefined ? <pre className="mcp-part-text">{JSON.stringify(result.structuredContent, null, 2)}</pre> : null}
        </section>
      ) : null}
      <details><summary>Result JSON</summary><pre className="mcp-part-text">{JSON.stringify(result, null, 2)}</pre></details>
    </div>
  );
}
