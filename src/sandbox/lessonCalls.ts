/**
 * For the sandbox's tests: a lesson's request built as the app builds it — dynamic values,
 * then captured variables, then auth, and last a signing scheme's signature (AWS SigV4,
 * over the request exactly as the harness sends it to `origin`) — ready for `call`.
 */
import { applyAuth, signWire, substituteVariables } from '../core';
import { expandLessonPlaceholders, type Lesson } from '../core/lessons';

/** A lesson's request as the harness sends it: URL relative to the sandbox origin, headers in order. */
export interface LessonCall {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
}

/** Builds `lesson`'s request with `variables` captured by earlier lessons, for the server at `origin`; throws when one is missing. */
export async function prepareLessonCall(lesson: Lesson, variables: Readonly<Record<string, string>>, origin: string): Promise<LessonCall> {
  const fill = (text: string) => {
    const result = substituteVariables(expandLessonPlaceholders(text, { now: new Date() }), variables);
    if (result.unresolved.length) throw new Error(`${lesson.id}: unresolved ${result.unresolved.join(', ')}`);
    return result.text;
  };
  const headers: [string, string][] = lesson.request.headers.map((h) => [h.name, fill(h.value)]);
  let url = lesson.request.url;
  if (lesson.request.auth && lesson.request.auth.scheme !== 'none') {
    const values = Object.fromEntries(Object.entries(lesson.request.auth.values).map(([k, v]) => [k, fill(v)]));
    const applied = applyAuth(lesson.request.auth.scheme, values);
    if (!applied.ok) throw new Error(`${lesson.id}: ${applied.error.message}`);
    headers.push(...applied.value.headers.map((h): [string, string] => [h.name, h.value]));
    if (applied.value.query?.length) url += (url.includes('?') ? '&' : '?') + applied.value.query.map((q) => `${q.name}=${encodeURIComponent(q.value)}`).join('&');
  }
  const call: LessonCall = { url, method: lesson.request.method, headers, ...(lesson.request.body !== undefined ? { body: fill(lesson.request.body) } : {}) };
  const auth = lesson.request.auth;
  if (!auth) return call;
  const wire = { method: call.method, url: new URL(call.url, origin).href, headers: call.headers.map(([name, value]) => ({ name, value })), ...(call.body !== undefined ? { body: [call.body] } : {}) };
  const signed = await signWire(auth.scheme, Object.fromEntries(Object.entries(auth.values).map(([k, v]) => [k, fill(v)])), wire, { now: new Date() });
  if (!signed.ok) throw new Error(`${lesson.id}: ${signed.error.message}`);
  if (!signed.value) return call;
  // A presigned URL (SigV4 in the query) changes the URL as well as the headers.
  const { pathname, search } = new URL(signed.value.wire.url);
  return { ...call, url: pathname + search, headers: signed.value.wire.headers.map((h): [string, string] => [h.name, h.value]) };
}
