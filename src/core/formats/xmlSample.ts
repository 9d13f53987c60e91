/**
 * A sample value (from a JSON Schema) written as XML, for OpenAPI operations that take an
 * XML body: objects become child elements, arrays repeat their element, other values
 * become escaped text. Enough to start editing from; not a full OpenAPI `xml` mapping.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function elementName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.:-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

function write(name: string, value: unknown, indent: string, out: string[]): void {
  const tag = elementName(name);
  if (Array.isArray(value)) {
    for (const item of value) write(name, item, indent, out);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      out.push(`${indent}<${tag}/>`);
      return;
    }
    out.push(`${indent}<${tag}>`);
    for (const [key, child] of entries) write(key, child, `${indent}  `, out);
    out.push(`${indent}</${tag}>`);
    return;
  }
  out.push(`${indent}<${tag}>${escapeXml(value === null || value === undefined ? '' : String(value))}</${tag}>`);
}

/** `value` as an XML document whose root element is `root` (an array's items become `item` children), with an XML declaration. */
export function xmlSample(root: string, value: unknown): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, Array.isArray(value) ? { item: value } : value, '', out);
  return out.join('\n');
}
