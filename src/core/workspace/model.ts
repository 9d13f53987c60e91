/**
 * The workspace as plain data: collections of folders and saved requests (HTTP and SOAP),
 * their variables, environments, and the history of what was sent. Everything is
 * structured-clone safe so it crosses workers, IndexedDB and workspace files unchanged;
 * response bodies are never here — the app stores them as Blobs and keeps a key.
 */
import type { RelaySizes, RelayTimings } from '../relay';
import type { Assertion, Capture } from '../run/types';
import type { DraftAuth, RequestDraft } from '../request';
import type { HeaderField } from '../types';

/**
 * The version of the stored shape of collections, environments and history entries.
 * Every stored record carries it; `migrateWorkspaceRecord` brings older records up to it
 * and refuses newer ones.
 */
export const WORKSPACE_SCHEMA_VERSION = 1;

/** A `{{name}}` variable of a collection or environment. */
export interface Variable {
  name: string;
  value: string;
  /** Masked in the editor, never exported with its value unless asked, never in history. */
  secret?: boolean;
  /** A disabled variable is kept but not used; absent means enabled. */
  enabled?: boolean;
  /** Postman's typed variables: scripts read the value back as a number or a boolean; `{{name}}` gives its text. Absent: text. */
  type?: 'number' | 'boolean';
}

/** Which WSDL operation a SOAP request was made from, so its envelope can be regenerated. */
export interface SoapOrigin {
  wsdlUrl: string;
  service: string;
  port: string;
  operation: string;
}

/**
 * A script that came with an imported request (a `.http` pre-request or response-handler
 * block, a Postman event). Kept as data so a future runner can run it; nothing runs it today.
 */
export interface RequestScript {
  /** Before the request is sent, or on its response (JetBrains `>` handlers, Postman tests). */
  phase: 'pre-request' | 'post-response';
  /** Whose script language it is written in, e.g. `jetbrains` or `postman`: runners differ in their APIs. */
  dialect: string;
  /** The script itself, when it is written inline. */
  text?: string;
  /** The file it is read from, when it is referenced by path (`> ./handler.js`). */
  file?: string;
}

/** A folder of a collection: a name and an ordered list of items. */
export interface Folder {
  kind: 'folder';
  id: string;
  name: string;
  items: CollectionItem[];
  description?: string;
}

/** A request saved in a collection, with the draft the composer opens. */
export interface SavedRequest {
  kind: 'request';
  id: string;
  name: string;
  draft: RequestDraft;
  description?: string;
  /** `soap` requests are edited with the SOAP tools (operation picker, envelope). */
  requestType: 'http' | 'soap';
  soap?: SoapOrigin;
  /** Scripts imported with the request, in the order they run; absent when there are none. */
  scripts?: RequestScript[];
  /** Values taken from each response into variables (issue 18); absent when there are none. */
  captures?: Capture[];
  /** Declarative checks on each response (issue 18); absent when there are none. */
  assertions?: Assertion[];
}

/** Anything a collection or folder holds. */
export type CollectionItem = Folder | SavedRequest;

/** A named tree of requests with its own variables and, optionally, a default auth. */
export interface Collection {
  id: string;
  name: string;
  description?: string;
  variables: Variable[];
  items: CollectionItem[];
  /** The collection's auth as imported or set; requests hold their effective auth themselves. */
  auth?: DraftAuth;
}

/** A named set of variables, one active at a time. */
export interface Environment {
  id: string;
  name: string;
  variables: Variable[];
  /** Kept on this machine only: never written to a shared workspace folder. */
  secret?: boolean;
}

/** The request line and headers of a history entry, as sent (secrets redacted). */
export interface HistoryWire {
  method: string;
  url: string;
  headers: HeaderField[];
  /** The body as sent when it was text and small enough to keep (secrets redacted). */
  bodyText?: string;
}

/** Why an exchange produced no response (a relay error kind such as `dns` or `timeout`). */
export interface HistoryError {
  kind: string;
  message: string;
}

/** One sent request and what came back. Secrets are redacted before it is stored. */
export interface HistoryEntry {
  id: string;
  /** When the request was sent, ISO 8601. */
  at: string;
  /** The draft that was sent, so the entry reopens in a tab (secrets redacted). */
  draft: RequestDraft;
  wire: HistoryWire;
  status?: number;
  reason?: string;
  httpVersion?: string;
  durationMs?: number;
  responseHeaders?: HeaderField[];
  /** Key of the response body Blob in the app's body store. */
  responseBodyRef?: string;
  sizes?: Partial<RelaySizes>;
  timings?: RelayTimings;
  error?: HistoryError;
}
