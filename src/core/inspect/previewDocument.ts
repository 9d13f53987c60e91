/**
 * The document an HTML preview renders: the response's HTML with a Content-Security-Policy
 * placed before anything the response wrote. The preview frame is sandboxed without
 * scripts already; the policy is the second wall, so that a response cannot fetch, frame,
 * or load anything either — only inline styles and data: images render.
 */

/** The policy every preview runs under. */
export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/**
 * Returns `html` with a CSP `<meta>` inserted as its first element: after a leading BOM,
 * whitespace and doctype (so standards mode is kept), before any markup of the response.
 */
export function sandboxedPreviewHtml(html: string): string {
  if (typeof html !== 'string') throw new TypeError(`sandboxedPreviewHtml expects a string, got ${typeof html}`);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
