/**
 * Reads the documents a WSDL pulls in — `wsdl:import`, `xsd:import`, `xsd:include`,
 * `xsd:redefine` — through a caller-supplied `fetchText`, so the same code runs in the
 * page (through the relay), in a worker, and in tests (from disk). Each document is read
 * once whatever the cycles; depth and count are bounded; an import that cannot be read
 * becomes a warning, because a description is still useful without one of its pieces.
 */
import { WSDL_NS, XSD_NS, type WsdlWarning } from './wsdlModel';
import { readXmlDocument, type NsXmlElement } from './xmlTree';
import { attrValue, childElements } from './xmlQueries';
import { lineLocator } from './xmlPositions';
import { ok, type Result, type TextPosition } from '../types';

/** Reads the text at a URL; rejects (with an Error) when it cannot. */
export type WsdlFetchText = (url: string) => Promise<string>;

/** What kind of reference pulled a document in. */
export type WsdlReferenceKind = 'wsdl:import' | 'xsd:import' | 'xsd:include' | 'xsd:redefine';

/** A reference from one document to another, with its location resolved. */
export interface WsdlReference {
  kind: WsdlReferenceKind;
  element: NsXmlElement;
  url: string;
}

/** A document that was read and parsed. */
export interface LoadedDocument {
  url: string;
  root: NsXmlElement;
  depth: number;
  references: WsdlReference[];
  /** Line and column of an offset in this document, for warnings that point into it. */
  locate: (offset: number) => TextPosition;
}

/** Every document reached from the entry, in the order they were reached (entry first). */
export interface DocumentGraph {
  documents: Map<string, LoadedDocument>;
  order: string[];
  warnings: WsdlWarning[];
}

/** Bounds on following imports. */
export interface ImportLimits {
  maxDepth: number;
  maxDocuments: number;
}

/**
 * Resolves an import location against the importing document's URL. Absolute locations
 * stay as they are; when the base is not itself a URL (a bare path), the location is
 * joined to the base's directory as a path.
 */
export function resolveLocation(location: string, base: string): string {
  const trimmed = location.trim();
  try {
    return new URL(trimmed, base).href;
  } catch {
    // The base is not an absolute URL: fall through to absolute locations and paths.
  }
  try {
    return new URL(trimmed).href;
  } catch {
    // Neither is absolute: resolve as paths.
  }
  const joined = trimmed.startsWith('/') ? trimmed : base.slice(0, base.lastIndexOf('/') + 1) + trimmed;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/** The document identity of a URL: fragments name places inside a document, not documents. */
export function documentKey(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** The references a document makes, in document order, with locations resolved against `url`. */
export function documentReferences(root: NsXmlElement, url: string): WsdlReference[] {
  const references: WsdlReference[] = [];
  const schemas: NsXmlElement[] = [];
  if (root.ns === XSD_NS && root.local === 'schema') schemas.push(root);
  if (root.ns === WSDL_NS && root.local === 'definitions') {
    for (const child of childElements(root)) {
      if (child.ns !== WSDL_NS) continue;
      if (child.local === 'import') {
        const location = attrValue(child, 'location');
        if (location?.trim()) references.push({ kind: 'wsdl:import', element: child, url: resolveLocation(location, url) });
      } else if (child.local === 'types') {
        for (const schema of childElements(child)) if (schema.ns === XSD_NS && schema.local === 'schema') schemas.push(schema);
      }
    }
  }
  for (const schema of schemas) {
    for (const child of childElements(schema)) {
      if (child.ns !== XSD_NS) continue;
      const kind: WsdlReferenceKind | undefined =
        child.local === 'import' ? 'xsd:import' : child.local === 'include' ? 'xsd:include' : child.local === 'redefine' ? 'xsd:redefine' : undefined;
      if (!kind) continue;
      const location = attrValue(child, 'schemaLocation');
      if (location?.trim()) references.push({ kind, element: child, url: resolveLocation(location, url) });
    }
  }
  return references;
}

/**
 * Parses fetched text into a loaded document, or says why it is not usable XML. Names
 * with undeclared prefixes — common in hand-edited WSDLs — do not fail the document: they
 * are recognised as nothing and reported in `problems`.
 */
export function loadedDocument(url: string, text: string, depth: number): Result<{ source: LoadedDocument; problems: WsdlWarning[] }> {
  const locate = lineLocator(text);
  const undeclared = new Map<string, { name: string; offset: number; count: number }>();
  const parsed = readXmlDocument(text, {
    dropWhitespaceText: true,
    onUndeclaredPrefix: ({ name, prefix, offset }) => {
      const seen = undeclared.get(prefix);
      if (seen) seen.count++;
      else undeclared.set(prefix, { name, offset, count: 1 });
    },
  });
  if (!parsed.ok) return parsed;
  const problems: WsdlWarning[] = [...undeclared].map(([prefix, first]) => {
    const position = locate(first.offset);
    const times = first.count === 1 ? 'once' : `${first.count} times`;
    return {
      message: `The prefix "${prefix}" is used ${times} but never declared (first in "${first.name}" at line ${position.line}, column ${position.column}); names using it are not recognised.`,
      url,
    };
  });
  const root = parsed.value;
  return ok({ source: { url, root, depth, references: documentReferences(root, url), locate }, problems });
}

/** Awaits `fetchText(url)` and turns every way it can go wrong into a message. */
export async function fetchDocumentText(url: string, fetchText: WsdlFetchText): Promise<{ text: string } | { problem: string }> {
  let text: unknown;
  try {
    text = await fetchText(url);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (typeof text !== 'string') return { problem: `fetchText resolved to ${text === null ? 'null' : typeof text}, expected the document text` };
  return { text };
}

/**
 * Follows every reference from `entry`, breadth first, fetching each level in parallel.
 * Cycles end at documents already read; references past `maxDepth` or beyond
 * `maxDocuments` are reported and not followed.
 */
export async function loadImportGraph(entry: LoadedDocument, fetchText: WsdlFetchText, limits: ImportLimits): Promise<DocumentGraph> {
  const documents = new Map<string, LoadedDocument>([[documentKey(entry.url), entry]]);
  const order = [documentKey(entry.url)];
  const warnings: WsdlWarning[] = [];
  const requested = new Set<string>(order);
  let level: LoadedDocument[] = [entry];
  while (level.length > 0) {
    const pending: Array<{ url: string; from: string; depth: number }> = [];
    for (const source of level) {
      for (const reference of source.references) {
        const key = documentKey(reference.url);
        if (requested.has(key)) continue;
        requested.add(key);
        if (source.depth + 1 > limits.maxDepth) {
          warnings.push({ message: `Not read: ${reference.kind} is nested deeper than ${limits.maxDepth} levels.`, url: key, importedFrom: source.url });
          continue;
        }
        if (documents.size + pending.length >= limits.maxDocuments) {
          warnings.push({ message: `Not read: the limit of ${limits.maxDocuments} documents was reached.`, url: key, importedFrom: source.url });
          continue;
        }
        pending.push({ url: key, from: source.url, depth: source.depth + 1 });
      }
    }
    const fetched = await Promise.all(pending.map(async (item) => ({ item, outcome: await fetchDocumentText(item.url, fetchText) })));
    const next: LoadedDocument[] = [];
    for (const { item, outcome } of fetched) {
      if ('problem' in outcome) {
        warnings.push({ message: `Could not fetch the imported document: ${outcome.problem}`, url: item.url, importedFrom: item.from });
        continue;
      }
      const loaded = loadedDocument(item.url, outcome.text, item.depth);
      if (!loaded.ok) {
        warnings.push({ message: `Could not read the imported document: ${loaded.error.message}`, url: item.url, importedFrom: item.from });
        continue;
      }
      const root = loaded.value.source.root;
      const usable = (root.ns === WSDL_NS && root.local === 'definitions') || (root.ns === XSD_NS && root.local === 'schema');
      if (!usable) {
        warnings.push({
          message: `The imported document is neither a WSDL nor an XML Schema (its root is <${root.name}>${root.ns ? ` in ${root.ns}` : ''}).`,
          url: item.url,
          importedFrom: item.from,
        });
        continue;
      }
      warnings.push(...loaded.value.problems.map((problem) => ({ ...problem, importedFrom: item.from })));
      documents.set(item.url, loaded.value.source);
      order.push(item.url);
      next.push(loaded.value.source);
    }
    level = next;
  }
  return { documents, order, warnings };
}
