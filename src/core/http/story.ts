/**
 * One story per exchange: everything the inspector says about one exchange — the status
 * summary, the auth findings, each header's explanation, the lint of the request, Timing's
 * words for the hops, the relay's notes, the buttons offered — must agree with each other
 * and with what the exchange's record shows (the headers as the relay sent them, the hops,
 * the response's challenges and its body's own error code, the scheme the composer has set).
 *
 * The check works on claims: a claim answers one question (a topic) about the exchange, and
 * two claims that answer the same topic differently contradict each other. Claims come from
 * three tables, so a new rule is one row:
 * - {@link STORY_EVIDENCE}: what the record shows (ground truth);
 * - {@link STORY_PHRASES}: what a statement's words assert, matched by a pattern;
 * - {@link STORY_ACTIONS}: what a one-click fix implies (offering to set up a scheme implies
 *   the request has not set it up; offering an auth scheme implies the challenge is answered
 *   in Authorization).
 * Verdicts stated as data (blame, outcome, retry, cacheable) are claims as well.
 */
import { parseChallengeList, type Challenge } from '../auth/challenges';
import { challengeCarrier, sessionCookieChallenge } from '../auth/challengeCarrier';
import { authSchemeForChallenge } from '../inspect/challengeScheme';
import type { RelayHop } from '../relay/protocol';
import { headerValues, type HeaderField, type WireResponse } from '../types';
import { bodyAuthError } from './bodyAuthError';
import { sentCookieNames } from './explainAuth';
import type { ExplainAction } from './finding';
import { VERDICT_QUESTIONS, type Verdict } from './verdict';

/** One thing the inspector says about an exchange, named by where it appears (`finding auth-challenge`, `Timing caption`). */
export interface StoryStatement {
  source: string;
  /** The words shown (title, message and next step of a finding; a caption; a button's label). */
  text: string;
  /** The one-click fix offered with it. */
  action?: ExplainAction;
  /** The verdicts it states as data. */
  verdict?: Verdict;
}

/** What the exchange's record shows: the ground the statements stand on. */
export interface ExchangeEvidence {
  /** The final request's headers as the relay wrote them (with a Digest round's Authorization and the jar's Cookie). */
  sentHeaders: readonly HeaderField[];
  /** The relay's hops before the final request: redirects followed, Digest challenges answered. */
  hops: readonly Pick<RelayHop, 'kind'>[];
  /** The final response, for its challenges and its body's own error code. */
  response: WireResponse;
  /** The composer's auth scheme for the request (`none`, `digest`, `sigv4`, `vault`…). */
  composedAuth?: string;
}

/** One answer to one question about the exchange, with who gave it and by which rule. */
export interface StoryClaim {
  /** The question, e.g. `authorization` (was Authorization sent?), `refusal`, `setup:digest`. */
  topic: string;
  value: string;
  /** Where it was said: `evidence`, or a statement's source. */
  source: string;
  /** The rule that read it. */
  rule: string;
}

/** Claims a rule reads: topic and value pairs. */
type Answers = { topic: string; value: string }[];

/** A claim read from the record. */
export interface EvidenceRule {
  id: string;
  /** What the rule establishes, for the report and the docs. */
  says: string;
  read(evidence: ExchangeEvidence): Answers;
}

/** A claim read from words: each match of `pattern` in a statement gives `read(match)`. */
export interface PhraseRule {
  id: string;
  says: string;
  pattern: RegExp;
  read(match: RegExpMatchArray): Answers;
}

/** A claim read from a one-click fix. */
export interface ActionRule {
  id: string;
  says: string;
  read(action: ExplainAction): Answers;
}

/** Two or more claims that answer one topic differently. */
export interface StoryContradiction {
  topic: string;
  answers: { value: string; sources: string[] }[];
}

const one = (topic: string, value: string): Answers => [{ topic, value }];
// A token may hold '.', but one that ends a sentence is the sentence's.
const schemesOf = (list: string) => list.split(/\s+or\s+|,\s*/).map((s) => s.trim().replace(/\.+$/, '')).filter(Boolean);

function challengesOf(response: WireResponse, header: string): Challenge[] {
  const values = headerValues(response.headers, header);
  if (!values.length) return [];
  const parsed = parseChallengeList(values);
  return parsed.ok ? parsed.value : [];
}

/** What the record shows. */
export const STORY_EVIDENCE: readonly EvidenceRule[] = [
  {
    id: 'sent-authorization',
    says: 'Whether the final request carried Authorization, as the relay wrote it (a Digest answer included).',
    read: (e) => one('authorization', headerValues(e.sentHeaders, 'Authorization').length ? 'sent' : 'not sent'),
  },
  {
    id: 'sent-cookies',
    says: 'Whether the final request carried a Cookie header (typed or from the jar), and each cookie it named.',
    read: (e) => {
      const names = sentCookieNames(e.sentHeaders);
      const asked = challengesOf(e.response, 'WWW-Authenticate').flatMap((c) => sessionCookieChallenge(c).cookieName ?? []);
      return [
        { topic: 'cookie', value: headerValues(e.sentHeaders, 'Cookie').length ? 'sent' : 'not sent' },
        ...names.map((name) => ({ topic: `cookie:${name}`, value: 'sent' })),
        ...asked.filter((name) => !names.includes(name)).map((name) => ({ topic: `cookie:${name}`, value: 'not sent' })),
      ];
    },
  },
  {
    id: 'hops',
    says: 'How many redirects the relay followed (a Digest challenge round is not one).',
    read: (e) => {
      const redirects = e.hops.filter((h) => h.kind !== 'digest').length;
      return [
        { topic: 'redirects', value: String(redirects) },
        { topic: 'redirected', value: redirects ? 'yes' : 'no' },
        { topic: 'challenge rounds', value: String(e.hops.length - redirects) },
      ];
    },
  },
  {
    id: 'body-error',
    says: 'The response\u2019s own error code, when it names an authentication or authorization failure (SignatureDoesNotMatch: authentication).',
    read: (e) => {
      const error = bodyAuthError(e.response);
      return error ? one('refusal', error.kind) : [];
    },
  },
  {
    id: 'composed-auth',
    says: 'The scheme the composer has set up (the vault supplies Bearer).',
    read: (e) => {
      const scheme = e.composedAuth;
      if (!scheme || scheme === 'none') return [];
      return [{ topic: `setup:${scheme}`, value: 'already set up' }, ...(scheme === 'vault' ? one('setup:bearer', 'already set up') : [])];
    },
  },
  {
    id: 'challenge-carrier',
    says: 'How each challenge of the response is answered: by an auth scheme (in Authorization) or by the cookie jar (Cookie).',
    read: (e) =>
      [
        ...challengesOf(e.response, 'WWW-Authenticate').map((c) => ({ topic: `answer:${c.scheme.toLowerCase()}`, value: challengeCarrier(c.scheme).via })),
        ...challengesOf(e.response, 'Proxy-Authenticate').map((c) => ({ topic: `answer:${c.scheme.toLowerCase()}`, value: challengeCarrier(c.scheme, 'Proxy-Authorization').via })),
      ],
  },
];

/** What words assert. Patterns are specific on purpose: a claim is a sentence that commits to an answer. */
export const STORY_PHRASES: readonly PhraseRule[] = [
  {
    id: 'says-no-authorization',
    says: '"No Authorization sent", "sent no Authorization header": nothing in Authorization.',
    pattern: /\bNo Authorization sent\b|\bsent no Authorization\b|\bcarried no Authorization\b|\bno Authorization (?:header )?was sent\b/gi,
    read: () => one('authorization', 'not sent'),
  },
  {
    id: 'says-authorization',
    says: '"Your request sent Authorization with the X scheme": Authorization was sent.',
    pattern: /\bsent Authorization with the\b|\bsent an Authorization header\b/gi,
    read: () => one('authorization', 'sent'),
  },
  {
    id: 'says-no-cookie',
    says: '"carried no Cookie header": no cookie at all.',
    pattern: /\bcarried no Cookie header\b|\bno Cookie header was sent\b/gi,
    read: () => one('cookie', 'not sent'),
  },
  {
    id: 'says-cookies',
    says: '"sent cookies (…)", "sent the "sid" cookie": a Cookie header went.',
    pattern: /\bsent cookies \(|\bsent the "[^"]+" cookie\b/gi,
    read: () => one('cookie', 'sent'),
  },
  {
    id: 'says-named-cookie-sent',
    says: '"sent the "sid" cookie": that cookie went.',
    pattern: /\bsent the "([^"]+)" cookie\b/gi,
    read: (m) => one(`cookie:${m[1]}`, 'sent'),
  },
  {
    id: 'says-named-cookie-missing',
    says: '"No "sid" cookie sent", "but not the "sid" cookie": that cookie did not go.',
    pattern: /\bNo "([^"]+)" cookie sent\b|\bbut not the "([^"]+)" cookie\b/gi,
    read: (m) => one(`cookie:${m[1] ?? m[2]}`, 'not sent'),
  },
  {
    id: 'says-authorization-failed',
    says: 'Permission wording: "Authenticated, but refused", "authorization failed, not authentication", "an identity with the needed permission".',
    pattern: /\bAuthenticated, but refused\b|\bauthorization failed, not authentication\b|\bthis is authorization failing\b|\bidentity with the needed permission\b|\bthe caller is authenticated\b/gi,
    read: () => one('refusal', 'authorization'),
  },
  {
    id: 'says-authentication-failed',
    says: 'Credential wording: "authentication failed", "could not authenticate", "credentials rejected", "the password is wrong".',
    pattern: /\bauthentication failed\b|\bcould not authenticate\b|\bNot authenticated\b|\bcredentials rejected\b|\bpassword is wrong\b|\bsignature (?:we calculated )?does not match\b/gi,
    read: () => one('refusal', 'authentication'),
  },
  {
    id: 'says-redirect-count',
    says: '"2 redirects followed", "Redirect chain (2)", the status line\u2019s "2 redirects": that many redirects.',
    pattern: /\b(\d+) redirects? followed\b|\bRedirect chain \((\d+)\)|^(\d+) redirects?$/gim,
    read: (m) => {
      const n = m[1] ?? m[2] ?? m[3]!;
      return [
        { topic: 'redirects', value: String(Number(n)) },
        { topic: 'redirected', value: Number(n) > 0 ? 'yes' : 'no' },
      ];
    },
  },
  {
    id: 'says-challenge-rounds',
    says: '"1 Digest challenge answered": that many challenge rounds.',
    pattern: /\b(\d+) Digest challenges? answered\b/gi,
    read: (m) => one('challenge rounds', String(Number(m[1]))),
  },
  {
    id: 'says-redirect-chain',
    says: '"the redirect chain", "Requests of the redirect chain": redirects were followed.',
    pattern: /\bthe redirect chain\b/gi,
    read: () => one('redirected', 'yes'),
  },
  {
    id: 'says-answer-by-cookie',
    says: '"The answer to this challenge is a cookie", "Its answer travels in the Cookie header": the Cookie challenge is answered by the jar.',
    pattern: /\banswer to this challenge is a cookie\b|\banswer travels in the Cookie header\b/gi,
    read: () => one('answer:cookie', 'cookie-jar'),
  },
  {
    id: 'says-answer-in-authorization',
    says: '"Send credentials for X", "Asks for X credentials in Authorization": X is answered by an auth scheme.',
    pattern: /\bSend credentials for ([\w!#$%&'*+.^`|~-]+(?: or [\w!#$%&'*+.^`|~-]+)*)|\bAsks for ([\w!#$%&'*+.^`|~-]+(?: or [\w!#$%&'*+.^`|~-]+)*) credentials in (?:Proxy-)?Authorization\b/g,
    read: (m) => schemesOf(m[1] ?? m[2]!).map((scheme) => ({ topic: `answer:${scheme.toLowerCase()}`, value: 'auth-scheme' })),
  },
];

/** What one-click fixes imply. */
export const STORY_ACTIONS: readonly ActionRule[] = [
  {
    id: 'offers-set-up',
    says: '"Set up X auth": X is not set up yet, and X\u2019s challenge is answered by an auth scheme.',
    read: (a) =>
      a.kind === 'open-auth'
        ? [
            { topic: `setup:${authSchemeForChallenge(a.scheme)}`, value: 'offered' },
            { topic: `answer:${a.scheme.toLowerCase()}`, value: 'auth-scheme' },
          ]
        : [],
  },
  {
    id: 'offers-check',
    says: '"Check the X credentials": X is set up.',
    read: (a) => (a.kind === 'review-auth' ? one(`setup:${a.scheme}`, 'already set up') : []),
  },
];

/** Every claim the record and the statements make. */
export function storyClaims(statements: readonly StoryStatement[], evidence: ExchangeEvidence): StoryClaim[] {
  if (!Array.isArray(statements)) throw new TypeError('storyClaims expects an array of statements');
  if (evidence === null || typeof evidence !== 'object' || !Array.isArray(evidence.sentHeaders) || !Array.isArray(evidence.hops)) {
    throw new TypeError('storyClaims expects evidence with sentHeaders and hops arrays');
  }
  const claims: StoryClaim[] = [];
  for (const rule of STORY_EVIDENCE) for (const a of rule.read(evidence)) claims.push({ ...a, source: 'evidence', rule: rule.id });
  for (const statement of statements) {
    for (const rule of STORY_PHRASES) {
      for (const match of statement.text.matchAll(rule.pattern)) for (const a of rule.read(match)) claims.push({ ...a, source: statement.source, rule: rule.id });
    }
    if (statement.action) for (const rule of STORY_ACTIONS) for (const a of rule.read(statement.action)) claims.push({ ...a, source: statement.source, rule: rule.id });
    for (const question of VERDICT_QUESTIONS) {
      const value = statement.verdict?.[question];
      if (value !== undefined) claims.push({ topic: `verdict:${question}`, value: String(value), source: statement.source, rule: 'verdict' });
    }
  }
  return claims;
}

/** The topics answered more than one way, each answer with its sources (`evidence` first). */
export function findStoryContradictions(claims: readonly StoryClaim[]): StoryContradiction[] {
  const byTopic = new Map<string, Map<string, Set<string>>>();
  for (const { topic, value, source } of claims) {
    const answers = byTopic.get(topic) ?? new Map<string, Set<string>>();
    answers.set(value, (answers.get(value) ?? new Set()).add(source));
    byTopic.set(topic, answers);
  }
  const contradictions: StoryContradiction[] = [];
  for (const [topic, answers] of byTopic) {
    if (answers.size > 1) contradictions.push({ topic, answers: [...answers].map(([value, sources]) => ({ value, sources: [...sources] })) });
  }
  return contradictions;
}

/** The contradictions among what is said about one exchange and what its record shows; empty when it tells one story. */
export function checkStory(statements: readonly StoryStatement[], evidence: ExchangeEvidence): StoryContradiction[] {
  return findStoryContradictions(storyClaims(statements, evidence));
}

/** A contradiction in one line: `authorization: "not sent" (finding auth-credentials-missing) vs "sent" (evidence)`. */
export function describeStoryContradiction(c: StoryContradiction): string {
  return `${c.topic}: ${c.answers.map((a) => `"${a.value}" (${a.sources.join(', ')})`).join(' vs ')}`;
}
