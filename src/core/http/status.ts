/**
 * Status codes explained (RFC 9110 §15, spec §7): for any number, its class, its
 * registered reason, where it is defined, what it means in plain words and what a client
 * should do next. Unregistered codes get the answer RFC 9110 §15 prescribes for their class.
 */
import { STATUS_REGISTRY, type StatusRegistration, type StatusRegistryEntry } from './statusRegistry';

/** The class a status code belongs to by its first digit, or `unknown` outside 100–599. */
export type StatusClass =
  | 'informational'
  | 'success'
  | 'redirection'
  | 'client-error'
  | 'server-error'
  | 'unknown';

/** Everything the inspector shows about a status code. */
export interface StatusInfo {
  code: number;
  /** The IANA reason phrase, or a description such as `Unregistered 2xx`. */
  reason: string;
  class: StatusClass;
  /** Whether the code is in the IANA registry (including reserved and temporary entries). */
  registered: boolean;
  /** How it stands in the registry; `unregistered` when it is not there. */
  registration: StatusRegistration | 'unregistered';
  /** Where it is defined, e.g. `RFC 9110 §15.5.2`. */
  reference: string;
  /** A link to `reference`. */
  referenceUrl: string;
  /** What it means, in plain language. */
  explanation: string;
  /** What a client should do about it. */
  nextStep: string;
}

/** The IANA registry page, for codes that have no more precise reference. */
export const STATUS_REGISTRY_URL = 'https://www.iana.org/assignments/http-status-codes';

const BY_CODE: ReadonlyMap<number, StatusRegistryEntry> = new Map(
  STATUS_REGISTRY.map((e) => [e.code, e]),
);

/** The class of `code` by its first digit (RFC 9110 §15); `unknown` for anything outside 100–599. */
export function statusClass(code: number): StatusClass {
  if (!Number.isInteger(code) || code < 100 || code > 599) return 'unknown';
  switch (Math.floor(code / 100)) {
    case 1:
      return 'informational';
    case 2:
      return 'success';
    case 3:
      return 'redirection';
    case 4:
      return 'client-error';
    default:
      return 'server-error';
  }
}

/**
 * A link for a reference written as `RFC <n>` or `RFC <n> §<section>`: the RFC Editor page,
 * with the section anchor when there is one. Anything else links to the IANA registry.
 */
export function rfcReferenceUrl(reference: string): string {
  const match = /^RFC (\d+)(?: §([\d.]+))?$/.exec(reference);
  if (!match) return STATUS_REGISTRY_URL;
  const base = `https://www.rfc-editor.org/rfc/rfc${match[1]}`;
  return match[2] ? `${base}#section-${match[2]}` : base;
}

const UNREGISTERED_BY_CLASS: Record<
  Exclude<StatusClass, 'unknown'>,
  { explanation: string; nextStep: string }
> = {
  informational: {
    explanation:
      'Unregistered 1xx: an informational interim response. Per RFC 9110 §15.2 a client parses it and may ignore it; the final response follows.',
    nextStep: 'Ignore it and wait for the final response.',
  },
  success: {
    explanation:
      'Unregistered 2xx: treat as 200 OK per RFC 9110 §15 — a client must understand the class of any code and treat an unrecognised one as the x00 code of that class.',
    nextStep: 'Treat it as success (200 OK); check the API documentation for its specific meaning.',
  },
  redirection: {
    explanation:
      'Unregistered 3xx: treat as 300 Multiple Choices per RFC 9110 §15. It will not be followed automatically.',
    nextStep: 'Look at Location and the body to decide where to go; check the API documentation.',
  },
  'client-error': {
    explanation:
      'Unregistered 4xx: treat as 400 Bad Request per RFC 9110 §15 — the server says the request is at fault, in a way no standard defines.',
    nextStep: 'Read the body and the API documentation for what this server means by it.',
  },
  'server-error': {
    explanation:
      'Unregistered 5xx: treat as 500 Internal Server Error per RFC 9110 §15 — a server-side fault, not the client\u2019s, returned rather than hidden.',
    nextStep: 'Report it with the request details; retry only if the method is idempotent.',
  },
};

/**
 * What `code` means: reason, class, reference and a plain explanation with a next step.
 * Registered codes come from the IANA registry; unregistered ones in 100–599 are explained
 * by their class (RFC 9110 §15: treat as the x00 code of the class); anything else is
 * reported as an invalid status code. Never throws for a number.
 */
export function statusInfo(code: number): StatusInfo {
  if (typeof code !== 'number') {
    throw new TypeError(`statusInfo expects a number, got ${typeof code}`);
  }
  const registered = BY_CODE.get(code);
  const cls = statusClass(code);
  if (registered) {
    return {
      code,
      reason: registered.reason,
      class: cls,
      registered: true,
      registration: registered.registration,
      reference: registered.reference,
      referenceUrl: registered.referenceUrl ?? rfcReferenceUrl(registered.reference),
      explanation: registered.explanation,
      nextStep: registered.nextStep,
    };
  }
  if (cls === 'unknown') {
    return {
      code,
      reason: 'Invalid status code',
      class: 'unknown',
      registered: false,
      registration: 'unregistered',
      reference: 'RFC 9110 §15',
      referenceUrl: rfcReferenceUrl('RFC 9110 §15'),
      explanation: `A status code is a three-digit integer from 100 to 599 (RFC 9110 §15); ${String(code)} is not one, so this response is invalid — typically a broken server or intermediary.`,
      nextStep: 'Treat the response as failed and do not rely on its content; report it to the server owner.',
    };
  }
  const byClass = UNREGISTERED_BY_CLASS[cls];
  return {
    code,
    reason: `Unregistered ${Math.floor(code / 100)}xx`,
    class: cls,
    registered: false,
    registration: 'unregistered',
    reference: 'RFC 9110 §15',
    referenceUrl: rfcReferenceUrl('RFC 9110 §15'),
    explanation: byClass.explanation,
    nextStep: byClass.nextStep,
  };
}
