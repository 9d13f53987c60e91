/**
 * A `pm.visualizer.set(template, data)` template rendered to HTML, with the part of
 * Handlebars' syntax visualizer templates use, evaluated here without `eval` (the page's
 * Content-Security-Policy forbids it): `{{path}}` (HTML-escaped), `{{{path}}}` and
 * `{{&path}}` (as is), `{{#each path}}…{{else}}…{{/each}}` (arrays and objects, with `this`,
 * `@index`, `@key`, `@first`, `@last`), `{{#if path}}`, `{{#unless path}}` (with `{{else}}`),
 * `{{#with path}}`, `../` to reach the outer context, and comments `{{! … }}`, `{{!-- … --}}`.
 * Anything else (helpers, partials) is an error naming the tag and where it is.
 */

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string; raw: boolean }
  | { kind: 'block'; helper: 'each' | 'if' | 'unless' | 'with'; path: string; body: Node[]; otherwise: Node[] };

export class TemplateError extends Error {}

const TAG = /\{\{(\{?)(~?)([\s\S]*?)(~?)\}\}(\}?)/g;

function lineOf(source: string, at: number): number {
  return source.slice(0, at).split('\n').length;
}

function parse(written: string): Node[] {
  // Comments go first (their text may hold }} of its own); their line breaks stay, so lines are counted as written.
  const source = written.replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, (m) => '\n'.repeat(m.split('\n').length - 1));
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'block' }>; inElse: boolean; at: number }[] = [];
  const out = () => {
    const top = stack.at(-1);
    return top ? (top.inElse ? top.node.otherwise : top.node.body) : root;
  };
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const at = match.index!;
    if (at > last) out().push({ kind: 'text', text: source.slice(last, at) });
    last = at + match[0].length;
    const triple = match[1] === '{' && match[5] === '}';
    const body = match[3]!.trim();
    if (triple) {
      out().push({ kind: 'value', path: body, raw: true });
      continue;
    }
    if (body.startsWith('#')) {
      const [helper = '', path = 'this', ...rest] = body.slice(1).trim().split(/\s+/);
      if (!['each', 'if', 'unless', 'with'].includes(helper) || rest.length > 0) throw new TemplateError(`{{${body}}} (line ${lineOf(source, at)}): only #each, #if, #unless and #with with one path are rendered here`);
      const node = { kind: 'block' as const, helper: helper as 'each', path, body: [], otherwise: [] };
      out().push(node);
      stack.push({ node, inElse: false, at });
    } else if (body.startsWith('/')) {
      const top = stack.pop();
      if (!top || top.node.helper !== body.slice(1).trim()) throw new TemplateError(`{{${body}}} (line ${lineOf(source, at)}) closes ${top ? `{{#${top.node.helper}}} from line ${lineOf(source, top.at)}` : 'nothing that is open'}`);
    } else if (body === 'else') {
      const top = stack.at(-1);
      if (!top) throw new TemplateError(`{{else}} (line ${lineOf(source, at)}) is outside a block`);
      top.inElse = true;
    } else if (body.startsWith('>')) {
      throw new TemplateError(`{{${body}}} (line ${lineOf(source, at)}): partials are not rendered here`);
    } else if (body.startsWith('&')) {
      out().push({ kind: 'value', path: body.slice(1).trim(), raw: true });
    } else if (/^[\w@.$/-]+$/.test(body) || body === 'this') {
      out().push({ kind: 'value', path: body, raw: false });
    } else {
      throw new TemplateError(`{{${body}}} (line ${lineOf(source, at)}): helpers are not rendered here, only paths such as {{response.name}}`);
    }
  }
  if (stack.length) throw new TemplateError(`{{#${stack.at(-1)!.node.helper}}} (line ${lineOf(source, stack.at(-1)!.at)}) is never closed`);
  if (last < source.length) out().push({ kind: 'text', text: source.slice(last) });
  return root;
}

interface Frame {
  value: unknown;
  vars: Record<string, unknown>;
}

function lookup(path: string, frames: readonly Frame[]): unknown {
  let depth = frames.length - 1;
  let rest = path;
  while (rest.startsWith('../')) {
    depth = Math.max(0, depth - 1);
    rest = rest.slice(3);
  }
  const frame = frames[depth]!;
  if (rest.startsWith('@')) return frame.vars[rest.slice(1)];
  if (rest === 'this' || rest === '.') return frame.value;
  const parts = rest.replace(/^this\./, '').split(/[./]/);
  let value: unknown = frame.value;
  for (const part of parts) {
    if (value === null || value === undefined || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;', '`': '&#x60;', '=': '&#x3D;' };

function show(value: unknown, raw: boolean): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? (Array.isArray(value) ? value.join(',') : '[object Object]') : String(value);
  return raw ? text : text.replace(/[&<>"'`=]/g, (c) => ESCAPES[c]!);
}

const truthy = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

function render(nodes: readonly Node[], frames: Frame[]): string {
  let html = '';
  for (const node of nodes) {
    if (node.kind === 'text') html += node.text;
    else if (node.kind === 'value') html += show(lookup(node.path, frames), node.raw);
    else {
      const value = lookup(node.path, frames);
      if (node.helper === 'if' || node.helper === 'unless') {
        html += render(truthy(value) === (node.helper === 'if') ? node.body : node.otherwise, frames);
      } else if (node.helper === 'with') {
        html += truthy(value) ? render(node.body, [...frames, { value, vars: {} }]) : render(node.otherwise, frames);
      } else {
        const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : value && typeof value === 'object' ? Object.entries(value) : [];
        if (entries.length === 0) html += render(node.otherwise, frames);
        entries.forEach(([key, item], index) => {
          html += render(node.body, [...frames, { value: item, vars: { index, key, first: index === 0, last: index === entries.length - 1 } }]);
        });
      }
    }
  }
  return html;
}

/** The template rendered with `data` as its context; throws a TemplateError saying what and where. */
export function renderTemplate(template: string, data: unknown): string {
  return render(parse(template), [{ value: data, vars: {} }]);
}

/**
 * The sandboxed frame's document: the rendered HTML under a policy that forbids every fetch
 * (scripts, styles, images and fonts from the network; only inline styles and data: images),
 * links opening outside the frame.
 */
export function visualizerDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'">`,
    '<meta name="color-scheme" content="light"><base target="_blank">',
    '<style>body{margin:8px;font:14px/1.4 system-ui,sans-serif;background:#fff;color:#111}</style>',
    `</head><body>${html}</body></html>`,
  ].join('');
}
