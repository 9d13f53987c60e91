/**
 * Secrets by kind: which header, parameter and member names hold credentials, and which
 * values have the shape of one whatever field holds them. The leaf every redaction rule
 * (`redact.ts`, `secretLedger.ts`, `redactResponse.ts`) asks.
 */
import { findVariables } from '../encoding/variables';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw(or)?d|api-?_?key|apikey|(^|[-_])key$|signature|session|credential/i;
const SECRET_PARAM = /token|secret|passw(or)?d|api-?_?key|apikey|^key$|signature|credential|client_assertion/i;
export const SECRET_JSON_MEMBER = /token|secret|passw(or)?d|api-?_?key|apikey|signature|credential|client_assertion/i;
/** Authorization-style values keep their scheme word so the reader still sees what is sent. */
export const SCHEME_PREFIX = /^(basic|bearer|digest|jwt|token|hawk|aws4-hmac-sha256|negotiate|ntlm)\s+/i;

/**
 * Values that are secrets whatever field holds them, by kind: a JWT (three base64url parts,
 * the first a JSON header `eyJ…`), an Authorization-style credential (`Bearer …`, `Basic …`),
 * and tokens whose issuers give them a recognisable prefix (GitHub `ghp_`/`github_pat_`,
 * Slack `xox?-`, OpenAI/Stripe `sk-`/`sk_live_`, GitLab `glpat-`, AWS `AKIA…`, Google `AIza…`).
 */
const SECRET_VALUE_SHAPES: readonly { kind: string; shape: RegExp }[] = [
  { kind: 'a JSON Web Token', shape: /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*$/ },
  { kind: 'an Authorization credential', shape: /^(bearer|basic|token|jwt)\s+[A-Za-z0-9._~+/=-]{8,}$/i },
  { kind: 'a GitHub token', shape: /^(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}$/ },
  { kind: 'a GitHub token', shape: /^github_pat_[A-Za-z0-9_]{20,}$/ },
  { kind: 'a Slack token', shape: /^xox[abposr]-[A-Za-z0-9-]{10,}$/ },
  { kind: 'a Stripe key', shape: /^(sk|rk|pk)_(live|test)_[A-Za-z0-9]{10,}$/ },
  { kind: 'an OpenAI-style secret key', shape: /^sk-[A-Za-z0-9_-]{20,}$/ },
  { kind: 'a GitLab token', shape: /^glpat-[A-Za-z0-9_-]{16,}$/ },
  { kind: 'an AWS access key', shape: /^(AKIA|ASIA)[0-9A-Z]{16}$/ },
  { kind: 'a Google API key', shape: /^AIza[0-9A-Za-z_-]{30,}$/ },
];

/** The kind of credential a value has the shape of (`a GitHub token`, `a JSON Web Token`, …), or undefined. */
export function secretValueKind(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length < 16 || trimmed.length > 16_384 || onlyReferences(trimmed.replace(SCHEME_PREFIX, ''))) return undefined;
  return SECRET_VALUE_SHAPES.find(({ shape }) => shape.test(trimmed))?.kind;
}

/** Whether a value has the shape of a credential, whatever field it is in (see `SECRET_VALUE_SHAPES`). */
export function looksLikeSecretValue(value: string): boolean {
  return secretValueKind(value) !== undefined;
}

/** Whether a header with this name carries credentials (Authorization, Cookie, API keys, tokens…). */
export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADER.test(name.trim());
}

/** Whether a query parameter, form field or JSON member with this name looks like it holds a secret. */
export function isSecretParamName(name: string): boolean {
  return SECRET_PARAM.test(name.trim());
}

/** True when a value holds nothing but `{{variable}}` references (and blanks): it names its secret rather than holding it. */
export function onlyReferences(value: string): boolean {
  let rest = value;
  for (const ref of findVariables(value).reverse()) rest = rest.slice(0, ref.from) + rest.slice(ref.to);
  return rest.trim() === '';
}
