/**
 * What a lesson is: one request against the sandbox that demonstrates one convention,
 * with a short text on what it teaches and what to look at in the answer. Lessons are
 * plain data so the app can list them, load one into the composer and ship them as the
 * first collection. Placeholders in a lesson are of two kinds: `{{name}}` variables a
 * previous lesson captured from its answer (a refresh token, say), and `{{$name}}`
 * dynamic values made fresh at each send (a timestamp, a nonce). A lesson may also carry
 * checks — captures and assertions in the shapes a saved request keeps (`core/run`) —
 * which the app runs after each send like any request's and shows in the Checks results.
 */
import type { AuthSchemeId } from '../auth';
import type { Assertion, Capture } from '../run/types';
import type { HeaderField } from '../types';

/** Authentication a lesson applies, as values of the core auth scheme descriptors (`applyAuth`). */
export interface LessonAuth {
  scheme: AuthSchemeId;
  values: Record<string, string>;
}

/** The request of a lesson. `url` is relative to the server origin, e.g. `/sandbox/api/basic`. */
export interface LessonRequest {
  method: string;
  url: string;
  headers: HeaderField[];
  body?: string;
  auth?: LessonAuth;
}

/**
 * A value to keep from the lesson's answer as a variable for later lessons (`{{variable}}`):
 * a top-level member of a JSON answer (`jsonField`), a query parameter of the URL in the
 * `Location` header (`locationParam`, e.g. a redirect's `code`), or the value of a form
 * field of an HTML answer (`formField`, e.g. a login page's hidden `interaction`).
 */
export type LessonCapture = { variable: string } & ({ jsonField: string } | { locationParam: string } | { formField: string });

/**
 * Checks a lesson's request carries, as a saved request carries them: captures into
 * variables (a run-scope capture is what hands a value to the next lesson without storing
 * it) and assertions on the answer. Lessons share these objects: copy before editing.
 */
export interface LessonChecks {
  captures?: readonly Capture[];
  assertions?: readonly Assertion[];
  /** Ids of assertions that fail against the sandbox on purpose, to show a failure and its reason. */
  failsOnPurpose?: readonly string[];
}

/** The groups the sidebar shows lessons in, in order. */
export const LESSON_GROUPS = ['Authentication', 'Token exchange', 'OAuth grants', 'Checks and chains', 'Methods and resources', 'Errors', 'Encodings', 'SOAP', 'Utilities'] as const;
export type LessonGroup = (typeof LESSON_GROUPS)[number];

/**
 * A lesson that is a gRPC call of the sandbox's gRPC server (issue 29): its HTTP `request`
 * reads where that server runs, and opening the lesson opens a gRPC tab with this call.
 */
export interface LessonGrpcCall {
  /** Fully qualified, e.g. `sandbox.Greeter`. */
  service: string;
  method: string;
  /** The request message as JSON text. */
  message: string;
  /** Deadline in milliseconds; absent for none. */
  deadlineMs?: number;
}

/** One lesson. */
export interface Lesson {
  id: string;
  group: LessonGroup;
  title: string;
  /** The convention it shows: a section of the spec or an RFC. */
  convention: string;
  teaches: string;
  lookAt: string;
  request: LessonRequest;
  /** The status a freshly reset sandbox answers when the lessons run in order. */
  expectedStatus: number;
  captures?: LessonCapture[];
  checks?: LessonChecks;
  /** Opens as this gRPC call (its address read from the sandbox) rather than as `request`. */
  grpc?: LessonGrpcCall;
}

/** The dynamic placeholders lessons use, and what each becomes at send time. */
export const LESSON_DYNAMIC_VALUES: Readonly<Record<string, string>> = {
  $timestamp: 'the current Unix time in whole seconds',
  $isoTimestamp: 'the current time in UTC as RFC 3339, e.g. 2024-05-01T09:30:00Z',
  $nonce: '16 random bytes in base64, fresh at each send',
};

/** What `expandLessonPlaceholders` needs: the time and a source of random bytes. */
export interface LessonPlaceholderSource {
  now: Date;
  randomBytes?: (length: number) => Uint8Array;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Replaces the dynamic placeholders (`{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$nonce}}`)
 * in `text` with fresh values; captured `{{variables}}` are left for variable
 * substitution. Each `{{$nonce}}` gets its own random bytes.
 */
export function expandLessonPlaceholders(text: string, source: LessonPlaceholderSource): string {
  const { now } = source;
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError('expandLessonPlaceholders expects `now` to be a valid Date');
  const random = source.randomBytes ?? ((n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
  return text.replace(/\{\{\s*(\$timestamp|\$isoTimestamp|\$nonce)\s*\}\}/g, (_whole, name: string) => {
    if (name === '$timestamp') return String(Math.floor(now.getTime() / 1000));
    if (name === '$isoTimestamp') return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    return base64(random(16));
  });
}

/**
 * One sentence on a lesson's checks for its card, e.g. "Checks: 1 capture and 4 assertions
 * run after each send (1 fails on purpose)."; undefined for a lesson without checks.
 */
export function lessonChecksSummary(lesson: Lesson): string | undefined {
  const captures = lesson.checks?.captures?.length ?? 0;
  const assertions = lesson.checks?.assertions?.length ?? 0;
  if (captures + assertions === 0) return undefined;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [captures ? count(captures, 'capture') : '', assertions ? count(assertions, 'assertion') : ''].filter(Boolean);
  const failing = lesson.checks?.failsOnPurpose?.length ?? 0;
  return `Checks: ${parts.join(' and ')} run after each send${failing ? ` (${failing} fail${failing === 1 ? 's' : ''} on purpose)` : ''}.`;
}
