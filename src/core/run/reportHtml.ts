/**
 * The HTML report: one self-contained page (styles inline, no script, no external asset,
 * so it opens from a CI artifact or an e-mail and reads the same offline), every text
 * escaped. Failures first in the summary, every step below with its checks, failed steps
 * open.
 */
import { stepPassed, stepTitle, tallyRun } from './reportSummary';
import type { RunResult, RunStepResult } from './types';

/** `text` safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root{color-scheme:light dark;--ok:#1a7f37;--bad:#cf222e;--muted:#656d76;--line:#d0d7de}
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem}
h1{font-size:1.4rem}table{border-collapse:collapse}td,th{border:1px solid var(--line);padding:.25rem .6rem;text-align:left}
.ok{color:var(--ok)}.bad{color:var(--bad)}.muted{color:var(--muted)}
details{border:1px solid var(--line);border-radius:6px;margin:.5rem 0;padding:.4rem .8rem}
summary{cursor:pointer;font-weight:600}code{font-family:ui-monospace,monospace;word-break:break-all}
ul{margin:.3rem 0;padding-left:1.2rem}li{margin:.15rem 0}
@media (prefers-color-scheme:dark){:root{--ok:#3fb950;--bad:#f85149;--muted:#8d96a0;--line:#30363d}}
`;

function check(passed: boolean, label: string, detail?: string): string {
  const mark = passed ? '<span class="ok" aria-label="passed">✓</span>' : '<span class="bad" aria-label="failed">✗</span>';
  return `<li>${mark} ${escapeHtml(label)}${detail ? ` <span class="muted">— ${escapeHtml(detail)}</span>` : ''}</li>`;
}

function stepHtml(step: RunStepResult, iterations: number): string {
  const passed = stepPassed(step);
  const status = step.error ? `not sent: ${step.error.kind}` : `${step.status ?? ''} ${step.reason ?? ''}`.trim();
  const items: string[] = [];
  if (step.error) items.push(check(false, `sent`, step.error.message));
  for (const e of step.scriptErrors) items.push(check(false, `script error (${e.kind})`, `${e.message}${e.line !== undefined ? ` at line ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''}` : ''}`));
  for (const a of step.assertions) items.push(check(a.passed, a.label, [a.message, a.actual !== undefined ? `actual: ${a.actual}` : ''].filter(Boolean).join('; ')));
  for (const t of step.tests) items.push(t.skipped ? `<li class="muted">– ${escapeHtml(t.name)} (skipped)</li>` : check(t.passed, t.name, t.error));
  for (const c of step.captures) items.push(`<li class="muted">${escapeHtml(c.variable)} ← ${escapeHtml(c.error ? `nothing: ${c.error}` : (c.value ?? ''))}</li>`);
  return `<details${passed ? '' : ' open'}><summary><span class="${passed ? 'ok' : 'bad'}">${passed ? '✓' : '✗'}</span> ${escapeHtml(stepTitle(step, iterations))}</summary>
<p><code>${escapeHtml(step.method)} ${escapeHtml(step.url)}</code> → ${escapeHtml(status)}${step.durationMs !== undefined ? ` <span class="muted">${Math.round(step.durationMs)} ms</span>` : ''}</p>
${items.length ? `<ul>${items.join('')}</ul>` : '<p class="muted">No checks.</p>'}</details>`;
}

/** The HTML report of `run`: a complete page, nothing to fetch. */
export function runHtmlReport(run: RunResult): string {
  const t = tallyRun(run);
  const row = (name: string, total: number, failed: number) => `<tr><th scope="row">${name}</th><td>${total}</td><td class="${failed ? 'bad' : 'ok'}">${failed}</td></tr>`;
  const verdict = t.failedSteps === 0 ? '<p class="ok"><strong>All passed.</strong></p>' : `<p class="bad"><strong>${t.failedSteps} of ${t.requests} request${t.requests === 1 ? '' : 's'} failed.</strong></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wirebench run: ${escapeHtml(run.source)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Wirebench run: ${escapeHtml(run.source)}</h1>
<p class="muted">Started ${escapeHtml(run.startedAt)}, ${Math.round(run.durationMs)} ms, ${run.iterations} iteration${run.iterations === 1 ? '' : 's'}.</p>
${verdict}${run.stopped ? `<p class="bad">Stopped early (${escapeHtml(run.stopped.reason)}): ${escapeHtml(run.stopped.message)}</p>` : ''}
<table><thead><tr><th scope="col"></th><th scope="col">total</th><th scope="col">failed</th></tr></thead><tbody>
${row('requests', t.requests, t.notSent)}${row('assertions', t.assertions.total, t.assertions.failed)}${row('tests', t.tests.total, t.tests.failed)}${row('script errors', t.scriptErrors, t.scriptErrors)}
</tbody></table>
<h2>Requests</h2>
${run.steps.map((s) => stepHtml(s, run.iterations)).join('\n')}
</main></body></html>
`;
}
