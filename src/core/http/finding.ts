/**
 * The shape of one explanation of a response: a finding tied to the request that caused
 * it, with an optional action the inspector can offer as a button, and the verdicts it
 * states as data (so explanations of one exchange can be checked not to contradict).
 */
import type { Verdict } from './verdict';

/** Something the inspector can do about a finding. */
export type ExplainAction =
  /** Set up this scheme in the auth editor, because the server asked for it and the request has not set it up. */
  | { kind: 'open-auth'; scheme: string; /** The realm the challenge names, shown in the auth form (Digest). */ realm?: string }
  /**
   * Open the auth editor on the scheme the request already has (a composer scheme id such as
   * `digest` or `sigv4`), to check its values: nothing is changed, so the request stays sendable.
   */
  | { kind: 'review-auth'; scheme: string }
  /** Show the cookie jar: the answer to a session-cookie challenge is a cookie, not an auth scheme. */
  | { kind: 'open-cookies' }
  /** Offer a retry after a wait; `at` is the ISO time the wait ends. */
  | { kind: 'retry-after'; seconds: number; at?: string }
  /** Offer to send a request to this absolute (or, if unresolvable, as-given) URL. */
  | { kind: 'follow'; location: string };

/** One explanation of a response, tied to the request that caused it. */
export interface Finding {
  /** Stable id of the rule that produced it, e.g. `auth-challenge-missing`. */
  id: string;
  severity: 'error' | 'warning' | 'info' | 'success';
  title: string;
  /** Plain language; never contains a credential value. */
  message: string;
  /** Where the convention is defined, e.g. `RFC 9110 §15.5.2`. */
  reference?: string;
  /** What to do next, when the finding says it apart from the message (the status summary). */
  next?: string;
  action?: ExplainAction;
  /** What the finding concludes (who is to blame, whether it worked), for the one-voice check. */
  verdict?: Verdict;
}
