/**
 * The plain data a script run takes and gives back. Everything here is structured-clone safe
 * (no functions, no classes), so a run can cross a worker boundary unchanged; the only
 * callback, `sendRequest`, is bridged by messages in the worker.
 */
import type { ScriptErrorInfo, ScriptTestResult } from '../core/run/types';
import type { HeaderField } from '../core/types';

/** Defaults a caller may override per run (the page's worker client needs them without loading the engine). */
export const SCRIPT_DEFAULTS = { timeoutMs: 5_000, memoryBytes: 64 * 1024 * 1024, maxSendRequests: 50, maxConsoleLines: 1_000, maxConsoleLineChars: 16 * 1024 } as const;

/** When a script runs: before the request is sent, or after its response arrived. */
export type ScriptPhase = 'pre-request' | 'post-response';

/** A value a script can hold in a variable: what JSON carries. */
export type ScriptValue = string | number | boolean | null | ScriptValue[] | { [key: string]: ScriptValue };

/** A form field of a body (urlencoded or formdata), as Postman's collections write them. */
export interface ScriptFormField {
  key: string;
  value?: string;
  disabled?: boolean;
  /** formdata: a text field or a file (then `src` names it; scripts cannot read files). */
  type?: 'text' | 'file';
  src?: string | string[];
  contentType?: string;
}

/** A request body with its mode, as Postman's RequestBody (`pm.request.body`). */
export interface ScriptRequestBody {
  mode: 'raw' | 'urlencoded' | 'formdata' | 'file' | 'graphql';
  raw?: string;
  urlencoded?: ScriptFormField[];
  formdata?: ScriptFormField[];
  file?: { src?: string };
  graphql?: { query?: string; variables?: string };
  /** e.g. `{ raw: { language: 'json' } }`. */
  options?: { [key: string]: ScriptValue };
  disabled?: boolean;
}

/** The request as a script reads (and, before sending, changes) it. */
export interface ScriptRequest {
  method: string;
  /** Absolute URL, variables already resolved or still as `{{name}}` templates: the caller decides. */
  url: string;
  headers: HeaderField[];
  /** Raw body text; absent when the request has none (and for formdata and file bodies a script changed). */
  body?: string;
  /**
   * The body with its mode (urlencoded fields, formdata fields…). In: optional; without it the
   * script reads `body` as raw text, or as urlencoded fields when the Content-Type says so.
   * Out (a pre-request script's request): present when the body is not raw text.
   */
  bodyDetail?: ScriptRequestBody;
  /** The request's description in its collection (`pm.request.description`, legacy `request.description`). */
  description?: string;
}

/** A cookie as Postman's cookie list and jar give it. */
export interface ScriptCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  /** An HTTP date, or an ISO date. */
  expires?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  hostOnly?: boolean;
  session?: boolean;
  sameSite?: string;
}

/**
 * The host's cookie jar for `pm.cookies.jar()`. Each call is for a URL: the cookies that
 * apply to it, a cookie set for it (the jar decides its domain and path when absent as for a
 * Set-Cookie from that URL), one unset by name, all of the URL's cleared.
 */
export interface ScriptCookieJar {
  getAll(url: string): Promise<ScriptCookie[]>;
  set(url: string, cookie: ScriptCookie): Promise<void>;
  unset(url: string, name: string): Promise<void>;
  clear(url: string): Promise<void>;
}

/** A response as a script reads it (the exchange's, or one `pm.sendRequest` got back). */
export interface ScriptResponse {
  /** Status code, e.g. 200. */
  code: number;
  /** Reason phrase, e.g. `OK` (HTTP/2 has none: the caller may fill the standard one). */
  status: string;
  headers: HeaderField[];
  /** Body decoded as text. */
  body: string;
  /** Milliseconds from send to the end of the body. */
  responseTime: number;
  /** Body size in bytes; defaults to the UTF-8 length of `body`. */
  responseSize?: number;
}

/** The variable scopes a script sees, each a flat name → value map. */
export interface ScriptVariables {
  environment: Record<string, ScriptValue>;
  collection: Record<string, ScriptValue>;
  globals: Record<string, ScriptValue>;
  /** `pm.variables.set` writes here; it lives for this one script run. */
  local: Record<string, ScriptValue>;
  /** The current data-file row (`pm.iterationData`, legacy `data`). */
  iterationData: Record<string, ScriptValue>;
}

/** What one scope became: names set (with the new value) and names unset, in the script's order folded. */
export interface ScopeChanges {
  set: Record<string, ScriptValue>;
  unset: string[];
}

/** Facts about where the script runs (`pm.info`, `pm.execution.location`, `pm.environment.name`). */
export interface ScriptInfo {
  iteration: number;
  iterationCount: number;
  requestName: string;
  requestId: string;
  /** The active environment's name (`pm.environment.name`). */
  environmentName?: string;
  /** The request's path from the collection's name down (`pm.execution.location`); default: [requestName]. */
  location?: string[];
  /** The item whose script this is: the collection, a folder or the request (`pm.execution.location.current`); default: requestName. */
  currentLocation?: string;
}

/** A line a script printed through `console`. */
export interface ConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

/**
 * What `pm.sendRequest` asks the caller to send. The caller resolves nothing: the script's values are sent as given.
 * `signal`, when the host passes one, aborts when the script's run ends or its send is cancelled: the request must stop then.
 */
export type SendRequestHost = (request: ScriptRequest, signal?: AbortSignal) => Promise<ScriptResponse>;

/** One script run's input. */
export interface ScriptRunInput {
  phase: ScriptPhase;
  /** The script's source, exactly as the person wrote it. */
  code: string;
  request: ScriptRequest;
  /** The exchange's response; required for post-response scripts. */
  response?: ScriptResponse;
  variables: ScriptVariables;
  info: ScriptInfo;
  /**
   * The cookies of the request's URL in the host's jar (`pm.cookies`); without them
   * `pm.cookies` lists the cookies the response sets.
   */
  cookies?: ScriptCookie[];
  /** Bridge for `pm.sendRequest`; without it the call fails with a clear error. */
  sendRequest?: SendRequestHost;
  /** Bridge for `pm.cookies.jar()`; without it each call gives its callback a clear error. */
  cookieJar?: ScriptCookieJar;
  /** Wall-clock limit for the whole run, host calls included (default 5,000 ms). */
  timeoutMs?: number;
  /** Memory limit of the script's runtime (default 64 MiB). */
  memoryBytes?: number;
  /** Most `pm.sendRequest` calls one run may make (default 50). */
  maxSendRequests?: number;
  /**
   * Most console lines one run keeps (default 1,000); past it lines are counted, not kept,
   * and one last line says how many were left out.
   */
  maxConsoleLines?: number;
  /** Most characters of one console line kept (default 16 Ki); the rest is cut, and the line says how much. */
  maxConsoleLineChars?: number;
}

/** A visualizer template (Handlebars, as Postman renders it) with its data and options. */
export interface ScriptVisualizer {
  template: string;
  data: { [key: string]: ScriptValue } | ScriptValue[];
  options: { [key: string]: ScriptValue };
}

/** One script run's outcome. */
export interface ScriptRunResult {
  /** `pm.test` and legacy `tests[...]` results in the order they were declared. */
  tests: ScriptTestResult[];
  /** Changes per scope; `local` is reported for completeness (it dies with the run). */
  variables: {
    environment: ScopeChanges;
    collection: ScopeChanges;
    globals: ScopeChanges;
    local: ScopeChanges;
  };
  /** The request as the pre-request script left it (absent for post-response scripts). */
  request?: ScriptRequest;
  /** undefined: not set; null: stop the run; a string: the next request's name or id. */
  nextRequest?: string | null;
  /** `pm.execution.skipRequest()` was called in a pre-request script. */
  skipRequest?: boolean;
  /** What `pm.visualizer.set` left (the last call, unless cleared): for the host to render in a sandboxed view. */
  visualizer?: ScriptVisualizer;
  /** At most `maxConsoleLines` lines (and a last one saying how many more were not kept), each at most `maxConsoleLineChars` long plus a note. */
  console: ConsoleLine[];
  errors: ScriptErrorInfo[];
  /** Wall time of the run in milliseconds (engine start to result). */
  durationMs: number;
}
