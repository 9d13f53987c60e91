/**
 * `GET /sandbox`: a page listing every endpoint with the lessons that use it, made from
 * the endpoint catalog and the core lessons. Escaped throughout, no script.
 */
import { LESSONS, type Lesson } from '../core/lessons';
import { DEMO_CLIENTS } from './auth/demoCredentials';
import { ENDPOINT_CATALOG, type CatalogEntry } from './endpointCatalog';
import { escapeHtml, renderPage, sendHtml } from './htmlPage';
import { authorizationServerDocs } from './oauth/oauthDocs';
import type { SandboxRoute } from './router';

/** The lessons whose request path is `entry.path` (placeholders match one segment). */
export function lessonsFor(entry: CatalogEntry): Lesson[] {
  const [path, query] = entry.path.split('?');
  const pattern = new RegExp(`^${path!.replace(/[.*+^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}$`);
  return LESSONS.filter((l) => {
    const [lessonPath, lessonQuery = ''] = l.request.url.split('?');
    return pattern.test(lessonPath!) && (query === undefined || lessonQuery.toLowerCase().includes(query.toLowerCase()));
  });
}

function entryRow(entry: CatalogEntry): string {
  const lessons = lessonsFor(entry);
  const link = entry.methods.includes('GET') || entry.methods === 'any' ? `<a href="${escapeHtml(entry.example ?? entry.path)}">${escapeHtml(entry.path)}</a>` : escapeHtml(entry.path);
  const lessonList = lessons.length
    ? `<ul>${lessons.map((l) => `<li><strong>${escapeHtml(l.title)}</strong> <span class="muted">(${escapeHtml(l.convention)})</span> — ${escapeHtml(l.teaches)}</li>`).join('')}</ul>`
    : '';
  return `<tr><td><code>${escapeHtml(entry.methods)}</code></td><td><code>${link}</code></td><td>${escapeHtml(entry.summary)}${lessonList}</td></tr>`;
}

/** The index page's HTML. */
export function sandboxIndexHtml(): string {
  const sections = ENDPOINT_CATALOG.map(
    (s) => `<h2>${escapeHtml(s.section)}</h2>
<table><thead><tr><th>Methods</th><th>Path</th><th>What it shows, and its lessons</th></tr></thead><tbody>
${s.entries.map(entryRow).join('\n')}
</tbody></table>`,
  ).join('\n');
  const clients = DEMO_CLIENTS.map((c) => `<li><code>${escapeHtml(c.id)}</code> / <code>${escapeHtml(c.secret)}</code> — ${escapeHtml(c.name)}, tokens for <code>${escapeHtml(c.audience)}</code>, ${c.accessTokenSeconds} s</li>`).join('');
  const intro = `<p>A demo API that shows every convention Wirebench teaches. Everything here is local and in memory; <code>POST /sandbox/reset</code> restores it. ${LESSONS.length} lessons use it.</p>
<p>Demo credentials: Basic <code>aladdin</code> / <code>open:sesame</code>. OAuth clients:</p><ul>${clients}</ul>
<p>Access tokens are HS256 JWTs signed with the published demo key <code>wirebench-sandbox-demo-signing-secret</code>, so you can verify them in the workbench.</p>`;
  return renderPage('Wirebench sandbox', intro + sections + authorizationServerDocs());
}

/** The index router. */
export const lessonsPageRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/',
    handle: (ctx) => {
      ctx.req.resume();
      sendHtml(ctx.res, 200, sandboxIndexHtml());
    },
  },
];
