/**
 * Secrets in an XML (or HTML) response as history keeps it: the text of elements named
 * for a credential (SOAP `<AccessToken>`, WS-Security `<wsse:Password>`,
 * `<BinarySecurityToken>`, `<token>`, whatever their prefix), attributes named for one
 * (`token="…"`), the `value` of an element whose `name` or `key` names one (`<add
 * key="ApiKey" value="…"/>`, `<input name="password" value="…">`), and everywhere else
 * the free-text rules (URLs, `name=value` pairs, credential-shaped words).
 *
 * A single forward pass over the markup, not a parser: the masks contain no `<`, `&` or
 * quote and replace only character data or attribute values, so a well-formed document
 * stays well-formed and formatting is kept. A `<` that starts no tag is character data,
 * and an unterminated comment or CDATA section is read as free text to the end, so a broken
 * document still has its credentials masked.
 */
import { isSecretResponseName, maskFor, textSecretSpans, type MaskSpan } from './redactResponseText';
import { mergeSpans, replaceSpans } from './secretScan';

/** How far down the stack an end tag looks for its start tag; a stray end tag beyond that is ignored (keeps the pass linear). */
const END_TAG_REACH = 16;

const NAME = /[A-Za-z_:\u00C0-\uFFFF][^\s/>=<"']*/y;
const BLANKS = /\s*/y;
const ATTRIBUTE_NAME = /[^\s=/>"'<]+/y;
const UNQUOTED_VALUE = /[^\s<>]+/y;

/** An open element: its name, and the name its credential is shown under when its text is one. */
interface OpenElement {
  name: string;
  secret: string | undefined;
}

function localName(qname: string): string {
  return qname.slice(qname.lastIndexOf(':') + 1);
}

function isReference(text: string): boolean {
  return /^(\{\{[^{}]*\}\}\s*)+$/.test(text) || text.startsWith('••••');
}

/** `text` (XML or HTML) with the credentials in it masked; see the module comment. */
export function maskXmlSecrets(text: string): string {
  const spans: MaskSpan[] = [];
  const stack: OpenElement[] = [];
  const n = text.length;

  /** Character data from `from` to `to`: all of it when the open element holds a credential, else its free-text secrets. */
  const characterData = (from: number, to: number) => {
    if (from >= to) return;
    const secret = stack[stack.length - 1]?.secret;
    const raw = text.slice(from, to);
    if (secret === undefined) {
      for (const span of textSecretSpans(raw)) spans.push({ ...span, from: from + span.from, to: from + span.to });
      return;
    }
    const trimmed = raw.trim();
    if (trimmed === '' || isReference(trimmed)) return;
    const lead = raw.length - raw.trimStart().length;
    spans.push({ from: from + lead, to: from + lead + trimmed.length, replacement: maskFor(secret) });
  };

  /** The rest of a document that stopped being markup, read as free text. */
  const asText = (from: number) => {
    for (const span of textSecretSpans(text.slice(from))) spans.push({ ...span, from: from + span.from, to: from + span.to });
  };

  /** Where each quote was last searched for in vain: a later search from there on fails at once (keeps broken input linear). */
  const noQuoteAfter = { '"': n, "'": n };
  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      characterData(textStart, lt);
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) {
        asText(lt);
        return finish(text, spans);
      }
      i = textStart = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      characterData(textStart, lt);
      const end = text.indexOf(']]>', lt + 9);
      characterData(lt + 9, end < 0 ? n : end);
      if (end < 0) return finish(text, spans);
      i = textStart = end + 3;
    } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      characterData(textStart, lt);
      // A DOCTYPE's internal subset may hold `>`; it ends at `]>`.
      let gt = text.indexOf('>', lt);
      const bracket = gt < 0 ? -1 : text.slice(lt, gt).indexOf('[');
      if (text[lt + 1] === '!' && bracket >= 0) {
        const close = text.indexOf(']', lt + bracket);
        gt = close < 0 ? -1 : text.indexOf('>', close);
      }
      if (gt < 0) {
        asText(lt);
        return finish(text, spans);
      }
      i = textStart = gt + 1;
    } else if (text[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(text)?.[0];
      const gt = text.indexOf('>', lt + 2);
      // With no `>` left there is no more markup: the rest is character data.
      if (gt < 0) break;
      if (name === undefined) {
        i = lt + 1;
        continue;
      }
      characterData(textStart, lt);
      for (let k = stack.length - 1; k >= Math.max(0, stack.length - END_TAG_REACH); k--) {
        if (stack[k]!.name !== name) continue;
        stack.length = k;
        break;
      }
      i = textStart = gt + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      if (name === undefined) {
        i = lt + 1;
        continue;
      }
      const tag = readStartTag(text, lt + 1 + name.length, noQuoteAfter);
      if (tag === undefined) {
        // Not a tag after all (`a <b and c`, an unclosed quote): the `<` is character data.
        i = lt + 1;
        continue;
      }
      characterData(textStart, lt);
      const local = localName(name);
      let secret = isSecretResponseName(local, { code: false }) ? local : undefined;
      for (const a of tag.attributes) {
        const value = text.slice(a.from, a.to);
        if (/^(name|key)$/i.test(localName(a.name)) && isSecretResponseName(value, { code: false })) secret = value;
      }
      for (const a of tag.attributes) {
        const attr = localName(a.name);
        const value = text.slice(a.from, a.to);
        if (/^xmlns(:|$)/i.test(a.name) || value.trim() === '' || isReference(value.trim())) continue;
        if (isSecretResponseName(attr, { code: false })) spans.push({ from: a.from, to: a.to, replacement: maskFor(attr) });
        else if (secret !== undefined && /^(value|content)$/i.test(attr)) spans.push({ from: a.from, to: a.to, replacement: maskFor(secret) });
        else for (const span of textSecretSpans(value)) spans.push({ ...span, from: a.from + span.from, to: a.from + span.to });
      }
      if (!tag.selfClosing) stack.push({ name, secret });
      i = textStart = tag.end;
    }
  }
  characterData(textStart, n);
  return finish(text, spans);
}

function finish(text: string, spans: MaskSpan[]): string {
  return replaceSpans(text, mergeSpans(spans), (_value, span) => span.replacement);
}

/** A start tag's attributes (value positions), where it ends and whether it closes itself; undefined when it is not a tag after all. */
function readStartTag(text: string, from: number, noQuoteAfter: Record<'"' | "'", number>): { attributes: { name: string; from: number; to: number }[]; end: number; selfClosing: boolean } | undefined {
  const attributes: { name: string; from: number; to: number }[] = [];
  let p = from;
  for (;;) {
    BLANKS.lastIndex = p;
    BLANKS.exec(text);
    p = BLANKS.lastIndex;
    if (p >= text.length) return undefined;
    if (text[p] === '>') return { attributes, end: p + 1, selfClosing: false };
    if (text.startsWith('/>', p)) return { attributes, end: p + 2, selfClosing: true };
    ATTRIBUTE_NAME.lastIndex = p;
    const name = ATTRIBUTE_NAME.exec(text)?.[0];
    if (name === undefined) return undefined;
    p += name.length;
    BLANKS.lastIndex = p;
    BLANKS.exec(text);
    if (text[BLANKS.lastIndex] !== '=') continue;
    BLANKS.lastIndex += 1;
    BLANKS.exec(text);
    p = BLANKS.lastIndex;
    const quote = text[p];
    if (quote === '"' || quote === "'") {
      const close = p + 1 >= noQuoteAfter[quote] ? -1 : text.indexOf(quote, p + 1);
      if (close < 0) {
        noQuoteAfter[quote] = Math.min(noQuoteAfter[quote], p + 1);
        return undefined;
      }
      attributes.push({ name, from: p + 1, to: close });
      p = close + 1;
    } else {
      UNQUOTED_VALUE.lastIndex = p;
      const value = UNQUOTED_VALUE.exec(text)?.[0];
      if (value === undefined) return undefined;
      attributes.push({ name, from: p, to: p + value.length });
      p += value.length;
    }
  }
}
