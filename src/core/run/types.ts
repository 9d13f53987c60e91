/**
 * The shared shapes of a checked sequence (issue 18): captures and assertions saved on a
 * request, their results after a send, script results, and a run's results by iteration.
 * The page's runner, the `wirebench run` CLI and the script engine all speak these, so a
 * run in the UI and a run in CI report the same things in the same words.
 */
import type { HeaderField } from '../types';

/** Where a run variable is written: the run only, the active environment, or the collection. */
export type VariableScope = 'run' | 'environment' | 'collection';

/** What part of an exchange a capture or an assertion reads. */
export type ExchangeSubject =
  | { kind: 'status' }
  | { kind: 'header'; name: string }
  /** A cookie the response set (by name), as the jar would store it. */
  | { kind: 'cookie'; name: string }
  /** RFC 9535 JSONPath over the JSON body (the inspector's filter). */
  | { kind: 'jsonpath'; path: string }
  /** XPath 1.0 over an XML body; prefixes resolve to the namespaces the document declares. */
  | { kind: 'xpath'; expression: string }
  /** A regular expression over the body text; `group` picks a capture group (default: 1, else the match). */
  | { kind: 'regex'; pattern: string; flags?: string; group?: number }
  /** The whole body as text. */
  | { kind: 'body' }
  /** Total time of the exchange in milliseconds. */
  | { kind: 'duration' }
  /** Decoded body size in bytes. */
  | { kind: 'size' };

/** Take a value from an exchange into a variable. */
export interface Capture {
  id: string;
  /** Absent means enabled. */
  enabled?: boolean;
  variable: string;
  scope: VariableScope;
  from: ExchangeSubject;
  /** Masked wherever it is shown; also implied when the value is recognised as a secret by kind. */
  secret?: boolean;
}

/** Comparison operators of a declarative assertion. */
export type AssertionOperator =
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'contains'
  | 'not-contains'
  | 'matches'
  | 'exists'
  | 'not-exists'
  /** `expected` names a JSON type: string, number, integer, boolean, null, array, object. */
  | 'type'
  /** `expected` is a number (or `<op> n`, e.g. `>= 3`) compared with the length of a string, array or object. */
  | 'length';

/** One check on an exchange. */
export type Assertion =
  | {
      id: string;
      enabled?: boolean;
      kind: 'compare';
      subject: ExchangeSubject;
      operator: AssertionOperator;
      /** Text as typed; compared as a number when both sides read as numbers, as JSON when it parses. */
      expected?: string;
    }
  /** The body validates against this JSON Schema (text as typed, any draft the validator knows). */
  | { id: string; enabled?: boolean; kind: 'json-schema'; schema: string }
  /** The exchange's explanation has no finding of severity `error` (optionally: none of `warning` either). */
  | { id: string; enabled?: boolean; kind: 'conforms'; strict?: boolean };

/** A capture after a send: the value taken, or why none was. */
export interface CaptureResult {
  captureId: string;
  variable: string;
  scope: VariableScope;
  /** Present when a value was found. */
  value?: string;
  /** Whether the value must be masked when shown or reported. */
  secret: boolean;
  /** Why nothing was captured (no such header, the path matched nothing, the body is not JSON…). */
  error?: string;
}

/** An assertion after a send. */
export interface AssertionResult {
  assertionId: string;
  /** Human label, e.g. `status == 201`, `$.items length >= 1`, `conforms to the conventions`. */
  label: string;
  passed: boolean;
  /** The value found, as text (masked when secret); absent when nothing was found. */
  actual?: string;
  /** Why it failed (or, for `conforms`, the findings that made it fail). */
  message?: string;
}

/** A `pm.test` (or legacy `tests[...]`) outcome reported by a script. */
export interface ScriptTestResult {
  name: string;
  passed: boolean;
  /** The assertion error's message when it failed. */
  error?: string;
  /** Skipped by `pm.test.skip`. */
  skipped?: boolean;
}

/** Where a script error happened, in the script's own lines (1-based), never the engine's prelude. */
export interface ScriptErrorInfo {
  kind: 'syntax' | 'runtime' | 'timeout' | 'memory' | 'host';
  message: string;
  line?: number;
  column?: number;
}

/** One request's outcome inside a run. */
export interface RunStepResult {
  /** The saved request's id, and its name and folder path for reports. */
  requestId: string;
  name: string;
  path: string[];
  iteration: number;
  method: string;
  url: string;
  status?: number;
  reason?: string;
  durationMs?: number;
  /** Response headers, secrets masked, for the results view and reports. */
  responseHeaders?: HeaderField[];
  /** A pre-request script called `pm.execution.skipRequest()`: not sent, and not a failure. */
  skipped?: boolean;
  /** The relay's typed error when no response came (dns, timeout, tls…). */
  error?: { kind: string; message: string };
  captures: CaptureResult[];
  assertions: AssertionResult[];
  tests: ScriptTestResult[];
  scriptErrors: ScriptErrorInfo[];
  /** The history entry the exchange was stored as, so the UI can open it in the inspector. */
  historyId?: string;
}

/** A whole run, as the reporters (cli, json, junit, html) read it. */
export interface RunResult {
  /** What was run: a collection, a folder path or a file name. */
  source: string;
  startedAt: string;
  durationMs: number;
  iterations: number;
  steps: RunStepResult[];
  /** Why the run stopped early, if it did (bail on failure, setNextRequest loop bound, cancel). */
  stopped?: { reason: 'bail' | 'loop-bound' | 'cancelled' | 'error'; message: string };
}
