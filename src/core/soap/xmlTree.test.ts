import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readXmlDocument, type NsXmlElement } from './xmlTree';
import { childElements, resolveQName } from './xmlQueries';
import { escapeXmlAttribute, escapeXmlText, outComment, outElement, outText, printXml, safeCommentText } from './xmlWriter';

function root(xml: string): NsXmlElement {
  const result = readXmlDocument(xml);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('readXmlDocument', () => {
  it('resolves element and attribute namespaces through ancestors, defaults and redeclarations', () => {
    const doc = root(`<a:r xmlns:a="urn:1" xmlns="urn:d">
      <child a:k="v" plain="p"/>
      <a:x xmlns:a="urn:2"><a:y/></a:x>
      <z xmlns=""/>
    </a:r>`);
    const [child, x, z] = childElements(doc);
    expect([doc.ns, doc.local]).toEqual(['urn:1', 'r']);
    expect(child?.ns).toBe('urn:d');
    expect(child?.attrs.map((attr) => [attr.ns, attr.local, attr.value])).toEqual([
      ['urn:1', 'k', 'v'],
      ['', 'plain', 'p'],
    ]);
    expect(x?.ns).toBe('urn:2');
    expect(childElements(x as NsXmlElement)[0]?.ns).toBe('urn:2');
    expect(z?.ns).toBe('');
  });

  it('resolves QName values with the scope in force, default namespace included', () => {
    const doc = root('<r xmlns="urn:d" xmlns:p="urn:p"><e type="p:T" other="T" bad="q:T"/></r>');
    const e = childElements(doc)[0] as NsXmlElement;
    expect(resolveQName(e, 'p:T')).toEqual({ ns: 'urn:p', local: 'T' });
    expect(resolveQName(e, 'T')).toEqual({ ns: 'urn:d', local: 'T' });
    expect(resolveQName(e, 'q:T')).toBeUndefined();
    expect(resolveQName(e, 'a b')).toBeUndefined();
  });

  it('decodes entities and character references, keeps CDATA literal, and records offsets', () => {
    const xml = '<r a="1&amp;2&#x41;">x &lt; y &#66;<![CDATA[<raw>]]></r>';
    const doc = root(xml);
    expect(doc.attrs[0]?.value).toBe('1&2A');
    expect(doc.children).toEqual([
      { kind: 'text', text: 'x < y B', cdata: false },
      { kind: 'text', text: '<raw>', cdata: true },
    ]);
    expect([doc.start, doc.end]).toEqual([0, xml.length]);
  });

  it('fails malformed XML with the line and column of the problem', () => {
    const result = readXmlDocument('<a>\n  <b>\n</a>');
    expect(result).toMatchObject({ ok: false, error: { kind: 'xml-malformed', position: { line: 3, column: 1 } } });
    expect(!result.ok && result.error.message).toMatch(/^Malformed XML at line 3, column 1: /);
  });

  it('fails empty documents, several roots, unbound prefixes, and excessive nesting', () => {
    expect(readXmlDocument('  ')).toMatchObject({ ok: false, error: { kind: 'xml-malformed' } });
    expect(readXmlDocument('<a/><b/>')).toMatchObject({ ok: false, error: { kind: 'xml-malformed' } });
    expect(readXmlDocument('<a>\n <p:b/></a>')).toMatchObject({ ok: false, error: { kind: 'xml-namespace', position: { line: 2, column: 2 } } });
    expect(readXmlDocument(`${'<a>'.repeat(50)}${'</a>'.repeat(50)}`, { maxNesting: 10 })).toMatchObject({ ok: false, error: { kind: 'xml-too-deep' } });
  });

  it('can read on past undeclared prefixes, reporting each', () => {
    const seen: string[] = [];
    const result = readXmlDocument('<a><p:b q:c="1"/></a>', { onUndeclaredPrefix: ({ prefix }) => seen.push(prefix) });
    expect(result.ok).toBe(true);
    expect(seen).toEqual(['q', 'p']);
  });
});

describe('xml writing', () => {
  it('escapes text and attributes so they read back unchanged', () => {
    const text = 'a < b && c > d ]]> \r';
    const value = 'say "hi"\n\tand <bye> & go';
    const doc = root(`<r v="${escapeXmlAttribute(value)}">${escapeXmlText(text)}</r>`);
    expect(doc.attrs[0]?.value).toBe(value);
    expect(doc.children[0]).toMatchObject({ text });
  });

  it('keeps comments legal', () => {
    expect(safeCommentText('a--b-')).toBe('a- -b- ');
    expect(safeCommentText('a---b')).not.toContain('--');
  });

  it('pretty prints with two spaces, text inline, empty elements self-closed', () => {
    const tree = outElement('p:a', [['x', '1']], [outComment('note'), outElement('b', [], [outText('t')]), outElement('c')]);
    expect(printXml([tree])).toBe('<p:a x="1">\n  <!-- note -->\n  <b>t</b>\n  <c/>\n</p:a>');
  });
});

/** The shape both readers must agree on: names, attributes and non-blank text, in order. */
type Shape = { name: string; attrs: Array<[string, string]>; children: Array<Shape | string> };

function shapeOf(element: NsXmlElement): Shape {
  const children: Array<Shape | string> = [];
  for (const child of element.children) {
    if (child.kind === 'element') children.push(shapeOf(child));
    else if (child.kind === 'text' && child.text.trim() !== '') children.push(child.text);
  }
  return { name: element.name, attrs: element.attrs.map((attr) => [attr.name, attr.value]), children };
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, body: string) =>
    body.startsWith('#x') ? String.fromCodePoint(parseInt(body.slice(2), 16)) : body.startsWith('#') ? String.fromCodePoint(parseInt(body.slice(1), 10)) : (ENTITIES[body] ?? whole),
  );

/** The same shape from fast-xml-parser's ordered output: the reference the scanner is checked against. */
function oracleShape(xml: string): Shape {
  const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, trimValues: false, processEntities: false, ignoreDeclaration: true, ignorePiTags: true, cdataPropName: '#cdata' }).parse(xml) as Array<Record<string, unknown>>;
  const convert = (node: Record<string, unknown>): Shape => {
    const name = Object.keys(node).find((key) => key !== ':@') as string;
    const attrs = Object.entries((node[':@'] as Record<string, string> | undefined) ?? {}).map(([key, value]): [string, string] => [key, decode(value.replace(/\r\n|[\t\n\r]/g, ' '))]);
    const children: Array<Shape | string> = [];
    let text = '';
    const flush = () => {
      if (text.trim() !== '') children.push(text);
      text = '';
    };
    for (const child of node[name] as Array<Record<string, unknown>>) {
      if (typeof child['#text'] === 'string') text += decode(child['#text'].replace(/\r\n?/g, '\n'));
      else if (Array.isArray(child['#cdata'])) {
        flush();
        children.push((child['#cdata'] as Array<{ '#text': string }>).map((piece) => piece['#text']).join(''));
      } else {
        flush();
        children.push(convert(child));
      }
    }
    flush();
    return { name, attrs, children };
  };
  return convert(ordered.find((node) => Object.keys(node).some((key) => key !== '#text')) as Record<string, unknown>);
}

describe('readXmlDocument against fast-xml-parser', () => {
  it('reads every corpus document into the tree fast-xml-parser sees', () => {
    const beside = new URL('../../../../shared/corpus/wsdl/node-soap/', import.meta.url);
    const fromEnv = process.env.WIREBENCH_CORPUS;
    const directory = existsSync(beside) || !fromEnv ? beside : pathToFileURL(fromEnv.endsWith('/') ? fromEnv : `${fromEnv}/`);
    const files = ['hello.wsdl', 'rpcexample.wsdl', 'list_parameter.wsdl', 'strict/CyberSourceTransaction_1.26.xsd', 'strict/NetSuitePlatform.messages.xsd', 'extended_recursive.wsdl', 'wsdl_with_attributes.wsdl'];
    for (const file of files) {
      const text = readFileSync(new URL(file, directory), 'utf8');
      const ours = readXmlDocument(text, { onUndeclaredPrefix: () => {} });
      if (!ours.ok) throw new Error(`${file}: ${ours.error.message}`);
      expect(shapeOf(ours.value), file).toEqual(oracleShape(text));
    }
  });

  it('never accepts what fast-xml-parser\'s validator rejects, and never throws', () => {
    const pieces = ['<', '>', '/', ':', '=', '"', "'", ' ', 'a', 'p', 'xmlns:p', '&', '&amp;', '&#65;', ';', '\n', '?', '!', '-', '<!--', '-->', '<![CDATA[', ']]>', '<?xml version="1.0"?>', '<a>', '</a>', '<b/>', '<p:c xmlns:p="u">', '</p:c>', 'x="1"', '<!DOCTYPE a>'];
    const xmlish = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(xmlish, (text) => {
        const ours = readXmlDocument(text, { onUndeclaredPrefix: () => {} });
        if (XMLValidator.validate(text) !== true) expect(ours.ok, text).toBe(false);
        if (!ours.ok) expect(ours.error.position ?? ours.error.kind === 'xml-malformed').toBeTruthy();
      }),
      { numRuns: 3000 },
    );
  });

  it('reads back generated documents exactly: names, attributes, text with markup characters, CDATA', () => {
    const name = fc.constantFrom('a', 'b', 'p:c', 'long-name.x', 'q:d', '_e');
    const text = fc
      .string({ maxLength: 12 })
      .filter((value) => value.trim() !== '' && !value.includes(']]>') && !value.includes('\r') && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/.test(value));
    const tree: fc.Arbitrary<Shape> = fc.letrec<{ node: Shape }>((tie) => ({
      node: fc.record({
        name,
        attrs: fc.uniqueArray(fc.tuple(fc.constantFrom('x', 'y', 'p:z', 'w'), text), { maxLength: 3, selector: ([key]) => key }),
        children: fc.array(fc.oneof({ depthSize: 'small' }, text, tie('node')), { maxLength: 4 }),
      }),
    })).node;
    // An independent writer, so the reader is not checked against our own escaping.
    const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const escapeAttr = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
    const write = (node: Shape, root: boolean): string =>
      `<${node.name}${root ? ' xmlns:p="urn:p" xmlns:q="urn:q"' : ''}${node.attrs.map(([key, value]) => ` ${key}="${escapeAttr(value)}"`).join('')}>${node.children
        .map((child, index) => (typeof child === 'string' ? (index % 2 ? `<![CDATA[${child}]]>` : escapeText(child)) : write(child, false)))
        .join('<!-- c -->')}</${node.name}>`;
    // Text split by a comment is one run of character data; compare runs.
    const merged = (node: Shape): Shape => {
      const children: Array<Shape | string> = [];
      for (const child of node.children) {
        const last = children[children.length - 1];
        if (typeof child === 'string' && typeof last === 'string') children[children.length - 1] = last + child;
        else children.push(typeof child === 'string' ? child : merged(child));
      }
      return { ...node, children };
    };
    fc.assert(
      fc.property(tree, (generated) => {
        const xml = write(generated, true);
        const read = readXmlDocument(xml);
        if (!read.ok) throw new Error(`${read.error.message}\n${xml}`);
        const shape = merged(shapeOf(read.value));
        expect({ ...shape, attrs: shape.attrs.filter(([key]) => !key.startsWith('xmlns')) }).toEqual(merged(generated));
        expect(shape).toEqual(merged(oracleShape(xml)));
      }),
      { numRuns: 300 },
    );
  });
});
