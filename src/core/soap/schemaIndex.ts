/**
 * Indexes every XML Schema component reachable from a WSDL — inline `xs:schema`s,
 * imported and included files — by `{namespace}local`, each remembering the schema
 * document that declared it, because `elementFormDefault`, `attributeFormDefault` and
 * the target namespace belong to that document and not to the schema that refers to it.
 */
import { documentKey, type DocumentGraph, type LoadedDocument, type WsdlReference } from './wsdlLoader';
import { WSDL_NS, XSD_NS, xsdKey, type WsdlWarning, type XsdSchemaDocument, type XsdSchemaSet } from './wsdlModel';
import type { NsXmlElement } from './xmlTree';
import { attrValue, childElements } from './xmlQueries';

const COMPONENT_MAPS = {
  element: 'elements',
  complexType: 'types',
  simpleType: 'types',
  group: 'groups',
  attributeGroup: 'attributeGroups',
  attribute: 'attributes',
} as const;

const referenceIndexes = new WeakMap<LoadedDocument, Map<NsXmlElement, WsdlReference>>();

function referenceOf(source: LoadedDocument, element: NsXmlElement): WsdlReference | undefined {
  let index = referenceIndexes.get(source);
  if (!index) {
    index = new Map(source.references.map((reference) => [reference.element, reference]));
    referenceIndexes.set(source, index);
  }
  return index.get(element);
}

/** An empty schema set, for descriptions that declare no types. */
export function emptySchemaSet(): XsdSchemaSet {
  return {
    documents: [],
    elements: new Map(),
    types: new Map(),
    groups: new Map(),
    attributeGroups: new Map(),
    attributes: new Map(),
    substitutions: new Map(),
    prefixHints: new Map(),
  };
}

/**
 * Builds the schema set from the loaded documents, starting at the entry and following
 * imports, includes and WSDL imports in document order. The first declaration of a name
 * wins; a schema without a target namespace that is included takes the includer's
 * (a "chameleon" include).
 */
export function buildSchemaSet(graph: DocumentGraph, entryUrl: string): { schema: XsdSchemaSet; warnings: WsdlWarning[] } {
  const schema = emptySchemaSet();
  const warnings: WsdlWarning[] = [];
  const visitedDocuments = new Set<string>();
  const visitedSchemas = new Set<string>();

  const hint = (root: NsXmlElement): void => {
    for (const [prefix, uri] of root.nsScope) {
      if (prefix === '' || uri === '' || /^xml/i.test(prefix) || schema.prefixHints.has(uri)) continue;
      schema.prefixHints.set(uri, prefix);
    }
  };

  const visitDocument = (source: LoadedDocument): void => {
    if (visitedDocuments.has(source.url)) return;
    visitedDocuments.add(source.url);
    const root = source.root;
    hint(root);
    if (root.ns === XSD_NS && root.local === 'schema') {
      registerSchema(root, source.url, source, undefined);
      return;
    }
    let index = 0;
    for (const child of childElements(root)) {
      if (child.ns !== WSDL_NS || child.local !== 'types') continue;
      for (const inline of childElements(child)) {
        if (inline.ns === XSD_NS && inline.local === 'schema') registerSchema(inline, `${source.url}#types[${index++}]`, source, undefined);
      }
    }
    for (const reference of source.references) {
      if (reference.kind !== 'wsdl:import') continue;
      const target = graph.documents.get(documentKey(reference.url));
      if (target) visitDocument(target);
    }
  };

  const registerSchema = (node: NsXmlElement, url: string, source: LoadedDocument, includerNamespace: string | undefined): void => {
    const declared = attrValue(node, 'targetNamespace');
    const chameleon = declared === undefined && includerNamespace !== undefined && includerNamespace !== '';
    const targetNamespace = chameleon ? (includerNamespace as string) : (declared ?? '');
    const identity = `${url}|${targetNamespace}`;
    if (visitedSchemas.has(identity)) return;
    visitedSchemas.add(identity);
    if (node === source.root) visitedDocuments.add(source.url);
    hint(node);
    const doc: XsdSchemaDocument = {
      url,
      targetNamespace,
      elementFormQualified: attrValue(node, 'elementFormDefault')?.trim() === 'qualified',
      attributeFormQualified: attrValue(node, 'attributeFormDefault')?.trim() === 'qualified',
      chameleon,
    };
    schema.documents.push(doc);
    if (targetNamespace !== '' && !schema.prefixHints.has(targetNamespace)) {
      for (const [prefix, uri] of node.nsScope) {
        if (uri === targetNamespace && prefix !== '' && !/^xml/i.test(prefix)) {
          schema.prefixHints.set(uri, prefix);
          break;
        }
      }
    }
    const topLevel = childElements(node);
    for (const child of topLevel) {
      if (child.ns !== XSD_NS) continue;
      if (child.local === 'redefine') {
        // Redefinitions are registered before the redefined schema so they take its names.
        for (const redefined of childElements(child)) register(redefined, doc);
      } else {
        register(child, doc);
      }
    }
    for (const child of topLevel) {
      if (child.ns !== XSD_NS || (child.local !== 'import' && child.local !== 'include' && child.local !== 'redefine')) continue;
      const reference = referenceOf(source, child);
      if (!reference) continue;
      const target = graph.documents.get(documentKey(reference.url));
      if (!target) continue;
      if (child.local === 'redefine') {
        warnings.push({
          message: 'xs:redefine is read as an include whose redefined components replace the originals; the originals are not merged into them.',
          url: reference.url,
          importedFrom: source.url,
        });
      }
      const targetRoot = target.root;
      if (targetRoot.ns === XSD_NS && targetRoot.local === 'schema') {
        registerSchema(targetRoot, target.url, target, child.local === 'import' ? undefined : targetNamespace);
      } else {
        visitDocument(target);
      }
    }
  };

  const register = (component: NsXmlElement, doc: XsdSchemaDocument): void => {
    if (component.ns !== XSD_NS) return;
    const mapName = COMPONENT_MAPS[component.local as keyof typeof COMPONENT_MAPS];
    const name = attrValue(component, 'name')?.trim();
    if (!mapName || !name) return;
    const key = xsdKey(doc.targetNamespace, name);
    const map = schema[mapName];
    if (map.has(key)) return;
    map.set(key, { node: component, schema: doc });
    if (component.local === 'element') {
      const head = attrValue(component, 'substitutionGroup');
      if (head) {
        const colon = head.indexOf(':');
        const headNs = colon < 0 ? (component.nsScope.get('') ?? '') : component.nsScope.get(head.slice(0, colon));
        if (headNs !== undefined) {
          const headKey = xsdKey(headNs === '' && doc.chameleon ? doc.targetNamespace : headNs, head.slice(colon + 1).trim());
          const members = schema.substitutions.get(headKey) ?? [];
          members.push(key);
          schema.substitutions.set(headKey, members);
        }
      }
    }
  };

  const entry = graph.documents.get(documentKey(entryUrl));
  if (entry) visitDocument(entry);
  // Documents reached only through paths the walk above does not take (e.g. an XSD
  // pulled in by wsdl:import) still contribute their components.
  for (const url of graph.order) {
    const source = graph.documents.get(url);
    if (source && !visitedDocuments.has(url)) visitDocument(source);
  }
  return { schema, warnings };
}
