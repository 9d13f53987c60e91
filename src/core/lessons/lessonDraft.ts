/**
 * Turns a lesson into a composer draft: the URL made absolute against the server's
 * origin, the body placed in the editor its Content-Type calls for, the auth scheme's
 * form values filled in, and dynamic placeholders (`{{$timestamp}}`…) made fresh.
 */
import { parseForm, parseJson, parseMediaType } from '../encoding';
import { headerValue, type HeaderField } from '../types';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import type { DraftBodyKind, DraftInput } from '../request';
import { draftRowId } from '../request/rowId';
import { evaluateCaptures } from '../run/captures';
import { exchangeView } from '../run/exchangeView';
import { emptyGrpcSettings } from '../protocols/grpc/settings';
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

/** A GraphQL lesson's body (it accepts application/graphql-response+json and sends {"query"…}) as the GraphQL editor's parts. */
function graphQlBodyOf(headers: readonly HeaderField[], body: string): { query: string; variables: string; operationName: string } | undefined {
  if (!headerValue(headers, 'Accept')?.includes('application/graphql-response+json')) return undefined;
  const parsed = parseJson(body);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const value = parsed.value as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof value.query !== 'string') return undefined;
  return { query: value.query, variables: value.variables === undefined ? '' : JSON.stringify(value.variables, null, 2), operationName: typeof value.operationName === 'string' ? value.operationName : '' };
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
    const graphQl = kind === 'json' ? graphQlBodyOf(request.headers, body) : undefined;
    if (graphQl) draft.body = { kind: 'graphql', texts: { json: body }, graphql: graphQl };
  }
  if (lesson.grpc) {
    // A gRPC lesson opens as its call; the address is the sandbox's gRPC port, read at open (`/sandbox/grpc/info`).
    const { service, method, message, deadlineMs } = lesson.grpc;
    return {
      name: lesson.title,
      method: 'POST',
      url: 'grpc://127.0.0.1:50051',
      headers: [],
      auth: { scheme: 'none', values: {} },
      protocol: 'grpc',
      grpc: { ...emptyGrpcSettings(), service, method, messages: [expand(message)], deadlineMs: deadlineMs ?? 0 },
    };
  }
  return draft;
}

/** What a lesson's captures read from: the answer's header fields and its body as text (and its status, for check captures that read it). */
export interface LessonAnswer {
  headers: readonly HeaderField[];
  bodyText: string;
  status?: number;
}

/** Options of {@link lessonCaptures}. */
export interface LessonCapturesOptions {
  /**
   * Include the values of the lesson's check captures (`lesson.checks.captures`), as the
   * sandbox tests need to run the lessons in order (default true). The app passes false:
   * its checks machinery writes those into the run scope, unsaved, while the values this
   * function returns go into the saved "Lessons" environment.
   */
  checks?: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** The value of the first `<input name="…" value="…">` named `name` (attributes in that order, as the sandbox writes them). */
function formFieldValue(html: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<input[^>]*\\bname="${escaped}"[^>]*\\bvalue="([^"]*)"`, 'i').exec(html);
  return match?.[1]!.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, entity: string) => ENTITIES[entity]!);
}

function locationParam(headers: readonly HeaderField[], name: string): string | undefined {
  const location = headerValue(headers, 'location');
  if (location === undefined) return undefined;
  try {
    return new URL(location, 'http://relative.invalid').searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The values a lesson keeps from its answer, by variable name; what is not there is left out. */
export function lessonCaptures(lesson: Lesson, answer: LessonAnswer, options: LessonCapturesOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (options.checks !== false && lesson.checks?.captures?.length) {
    const view = exchangeView({
      request: { method: lesson.request.method, url: lesson.request.url, headers: lesson.request.headers },
      response: { status: answer.status ?? 0, reason: '', headers: [...answer.headers] },
      body: { text: answer.bodyText },
    });
    for (const result of evaluateCaptures(lesson.checks.captures, view)) if (result.value !== undefined) out[result.variable] = result.value;
  }
  let json: unknown;
  for (const capture of lesson.captures ?? []) {
    let value: unknown;
    if ('jsonField' in capture) {
      if (json === undefined) {
        const parsed = parseJson(answer.bodyText);
        json = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : null;
      }
      value = json === null ? undefined : (json as Record<string, unknown>)[capture.jsonField];
    } else if ('locationParam' in capture) value = locationParam(answer.headers, capture.locationParam);
    else value = formFieldValue(answer.bodyText, capture.formField);
    if (typeof value === 'string' || typeof value === 'number') out[capture.variable] = String(value);
  }
  return out;
}
