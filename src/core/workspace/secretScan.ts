/**
 * Credentials inside longer text: a JWT in a log line, `Bearer …` in an echoed header, a
 * GitHub or Stripe token in a sentence, a URL or an XML attribute. `secretValueKind`
 * decides whether a whole value is a credential; this finds where such values stand in
 * text that is not one, and asks `secretValueKind` about each candidate, so there is one
 * definition of each shape and this only knows where a candidate may start and end.
 *
 * Linear in the text: each pattern starts at a fixed prefix that may not follow a word
 * character, and runs over one character class without a required suffix (the JWT's dots
 * are the only backtracking point, and its start is pinned to the start of a run), so no
 * character is examined more than a constant number of times.
 */
import { decodeBase64, utf8Decode } from '../encoding/base64';
import { secretValueKind } from './secretKinds';

/** One credential found in text: `text.slice(from, to)` is the credential, `kind` says which (`a GitHub token`, …). */
export interface SecretSpan {
  from: number;
  to: number;
  kind: string;
}

/**
 * Candidates with an issuer's prefix, each over the characters its issuer uses. The
 * look-behind keeps `risk-…` or `task-…` from reading as an `sk-` key.
 */
const PREFIXED_CANDIDATE = new RegExp(
  [
    '(?<![A-Za-z0-9_-])(eyJ[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*)(?:\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*)?',
    '(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]+|github_pat_[A-Za-z0-9_]+|xox[abposr]-[A-Za-z0-9-]+|[srp]k_(?:live|test)_[A-Za-z0-9]+|sk-[A-Za-z0-9_-]+|glpat-[A-Za-z0-9_-]+|A(?:KIA|SIA)[0-9A-Z]{16}(?![0-9A-Za-z])|AIza[0-9A-Za-z_-]+)',
  ].join('|'),
  'g',
);

/** An Authorization-style credential in text: the scheme word, blanks, then a token68 (RFC 9110 §11.2), less a sentence's final dot. */
const SCHEME_CANDIDATE = /(?<![A-Za-z0-9_-])(bearer|basic|token|jwt)[ \t]{1,8}([A-Za-z0-9._~+/-]*[A-Za-z0-9_~+/-]=*)/gi;

/**
 * Whether the word after a scheme word is a credential rather than prose (`Basic
 * authentication`, `token validation`, `Bearer realm="api"`): a token has a digit, a Basic
 * credential decodes to `user:password`, and a long word of mixed case is taken as one.
 */
function plausibleCredential(scheme: string, word: string): boolean {
  if (word.length < 8) return false;
  if (/[0-9]/.test(word)) return true;
  if (/^basic$/i.test(scheme) && decodesToUserPass(word)) return true;
  return word.length >= 32 && /[a-z]/.test(word) && /[A-Z]/.test(word);
}

function decodesToUserPass(word: string): boolean {
  if (!/^[A-Za-z0-9+/]+=*$/.test(word)) return false;
  const bytes = decodeBase64(word);
  if (!bytes.ok) return false;
  const decoded = utf8Decode(bytes.value);
  return /^[\x20-\x7e]+$/.test(decoded) && decoded.indexOf(':') > 0;
}

/**
 * The credentials in `text`, by position, sorted and never overlapping: JWTs, `Bearer`/
 * `Basic`/`Token`/`JWT` credentials (the span covers the credential, not the scheme word,
 * so a masked text still reads `Bearer ••••`), and GitHub (`ghp_…`, `github_pat_…`),
 * Slack (`xox?-`), Stripe (`sk_live_…`), OpenAI (`sk-…`), GitLab (`glpat-…`), AWS
 * (`AKIA…`) and Google (`AIza…`) tokens. Each candidate is confirmed by `secretValueKind`.
 */
export function findSecretSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  if (text.length < 16) return spans;
  for (const match of text.matchAll(PREFIXED_CANDIDATE)) {
    // A JWE has five parts; its first three have a JWS's shape, and the whole is the secret.
    const kind = secretValueKind(match[0]) ?? (match[1] !== undefined ? secretValueKind(match[1]) : undefined);
    if (kind) spans.push({ from: match.index, to: match.index + match[0].length, kind });
  }
  for (const match of text.matchAll(SCHEME_CANDIDATE)) {
    const [whole, scheme, word] = match as unknown as [string, string, string];
    if (!plausibleCredential(scheme, word)) continue;
    const kind = secretValueKind(whole);
    if (kind) spans.push({ from: match.index + whole.length - word.length, to: match.index + whole.length, kind });
  }
  return mergeSpans(spans);
}

/** Spans sorted by start with overlapping ones joined; the first of a group (on a tie, the earlier in the list) names the kind. */
export function mergeSpans<T extends { from: number; to: number }>(spans: readonly T[]): T[] {
  const sorted = spans.map((span, order) => ({ span, order })).sort((a, b) => a.span.from - b.span.from || a.order - b.order);
  const out: T[] = [];
  for (const { span } of sorted) {
    const last = out[out.length - 1];
    if (last && span.from < last.to) {
      if (span.to > last.to) out[out.length - 1] = { ...last, to: span.to };
    } else out.push(span);
  }
  return out;
}

/**
 * `text` with every span replaced by what `replacement` returns for it (given the span's
 * text); `spans` must be sorted and not overlap, as `findSecretSpans` returns them.
 */
export function replaceSpans<T extends { from: number; to: number }>(text: string, spans: readonly T[], replacement: (value: string, span: T) => string): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (const span of spans) {
    if (span.from < last || span.to < span.from || span.to > text.length) throw new RangeError(`Span ${span.from} to ${span.to} is out of order or outside a text of length ${text.length}`);
    parts.push(text.slice(last, span.from), replacement(text.slice(span.from, span.to), span));
    last = span.to;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** `text` with each credential `findSecretSpans` finds replaced by `replacement(value, span)`. */
export function replaceSecretSpans(text: string, replacement: (value: string, span: SecretSpan) => string): string {
  return replaceSpans(text, findSecretSpans(text), replacement);
}
