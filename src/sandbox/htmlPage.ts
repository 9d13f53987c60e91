/**
 * The sandbox's HTML pages (consent, grants, denied, the index): one page shell, one
 * escaping function for every interpolated value, and a Content-Security-Policy that
 * allows no script at all, so a value that slipped through escaping still could not run.
 */
import type http from 'node:http';

/** The policy of every sandbox page: styles inline, forms to this origin, nothing else. */
export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d232a}
code,pre{font:13px ui-monospace,monospace;background:#f2f4f7;padding:.1rem .3rem;border-radius:3px}
pre{padding:.6rem;overflow:auto}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde1e6;padding:.35rem .5rem;text-align:left;vertical-align:top}
button{font:inherit;padding:.3rem .9rem}.muted{color:#5b6570}.token{word-break:break-all}`;

/** A whole HTML document around `body` (already escaped HTML). */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Wirebench sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Sends a page with the no-script policy. */
export function sendHtml(res: http.ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Content-Security-Policy': SANDBOX_PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(html);
}
