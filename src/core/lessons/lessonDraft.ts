/**
 * Turns a lesson into a composer draft: the URL made absolute against the server's
 * origin, the body placed in the editor its Content-Type calls for, the auth scheme's
 * form values filled in, and dynamic placeholders (`{{$timestamp}}`…) made fresh.
 */
import { parseForm, parseMediaType } from '../encoding';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import type { DraftBodyKind, DraftInput } from '../request';
import { draftRowId } from '../request/rowId';
import type { Lesson, LessonPlaceholderSource } from './lesson';
import { expandLessonPlaceholders } from './lesson';

function bodyKindFor(contentType: string | undefined, body: string): DraftBodyKind {
  if (!body) return 'none';
  const media = contentType ? parseMediaType(contentType) : null;
  const essence = media && media.ok ? media.value.essence : '';
  if (isJsonMediaType(essence)) return 'json';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (isXmlMediaType(essence)) return 'xml';
  return 'text';
}

/** The draft a lesson loads into the composer. */
export function lessonToDraft(lesson: Lesson, origin: string, source: LessonPlaceholderSource): DraftInput {
  const expand = (text: string) => expandLessonPlaceholders(text, source);
  const { request } = lesson;
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const body = request.body ? expand(request.body) : '';
  const kind = bodyKindFor(contentType, body);
  const draft: DraftInput = {
    name: lesson.title,
    method: request.method,
    url: origin.replace(/\/$/, '') + expand(request.url),
    headers: request.headers.map((h) => ({ name: h.name, value: expand(h.value) })),
    auth: request.auth
      ? { scheme: request.auth.scheme, values: Object.fromEntries(Object.entries(request.auth.values).map(([k, v]) => [k, expand(v)])) }
      : { scheme: 'none', values: {} },
  };
  if (kind === 'form') {
    draft.body = { kind, form: parseForm(body).map((p) => ({ name: p.name, value: p.value, id: draftRowId('form'), enabled: true })) };
  } else if (kind === 'json' || kind === 'xml' || kind === 'text') {
    draft.body = { kind, texts: { [kind]: body } };
  }
  return draft;
}

/** The values a lesson keeps from its JSON answer, by variable name. */
export function lessonCaptures(lesson: Lesson, answer: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!lesson.captures || typeof answer !== 'object' || answer === null) return out;
  for (const capture of lesson.captures) {
    const value = (answer as Record<string, unknown>)[capture.jsonField];
    if (typeof value === 'string' || typeof value === 'number') out[capture.variable] = String(value);
  }
  return out;
}
