/**
 * How the XML Schema sampler (`xsdSampler.ts`) writes what it found: names for output, the
 * comments beside an element, an element assembled from its sampled content.
 */
import type { SampledContent, XsdSampleContext } from './xsdSampleContent';
import type { XsdComponent, XsdSchemaSet } from './wsdlModel';
import { outComment, outElement, outText, type XmlOutName, type XmlOutNode } from './xmlWriter';

/** A name for output: a plain string in no namespace, else `{ns, local}` to prefix when printed. */
export function outName(ns: string, local: string): XmlOutName {
  return ns === '' ? local : { ns, local };
}

// A reference written with an undeclared prefix can still mean the one element of that name.
export function uniqueByLocalName(map: XsdSchemaSet['elements'], local: string): XsdComponent | undefined {
  let found: XsdComponent | undefined;
  const suffix = `}${local}`;
  for (const [key, component] of map) {
    if (!key.endsWith(suffix)) continue;
    if (found) return undefined;
    found = component;
  }
  return found;
}

export function note(ctx: XsdSampleContext, out: XmlOutNode[], text: string): void {
  if (ctx.comments) out.push(outComment(text));
}

/** One comment before an element: its own notes first, then what its content had to say. */
export function notes(ctx: XsdSampleContext, out: XmlOutNode[], own: string[] | undefined, content: SampledContent): void {
  if (!ctx.comments) return;
  const parts = own ? [...own] : [];
  if (content.optionalAttrs.length > 0) parts.push(`optional attributes: ${content.optionalAttrs.join(', ')}`);
  for (const text of content.notes) parts.push(text);
  if (parts.length > 0) out.push(outComment(parts.join('; ')));
}

export function assemble(name: XmlOutName, attrs: SampledContent['attrs'], content: SampledContent): XmlOutNode {
  const children = content.text !== undefined && content.children.length === 0 ? [outText(content.text)] : content.children;
  return outElement(name, attrs, children);
}
