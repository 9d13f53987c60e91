/**
 * Messages between the page and the WSDL worker. The worker fetches the description and
 * its imports through the relay (with the page's token, which it cannot read itself),
 * parses it, keeps the model, and answers with small things: a summary, one sample, a
 * collection — or the whole model when a caller really wants it.
 */
import type { NetworkOptions } from '../../base/relay/networkOptions';
import type { CoreError, ImportResult, SampleOptions, SoapSample, SoapTarget, WsdlModel } from '../../../core';
import type { WsdlSummary } from './wsdlSummary';

/** How far a load has got. `parsed` counts documents whose XML has been read. */
export interface WsdlLoadProgress {
  phase: 'fetching' | 'parsing' | 'done';
  /** Documents asked for so far (the entry and every import reached). */
  requested: number;
  fetched: number;
  parsed: number;
  /** Bytes received over all documents. */
  bytes: number;
  /** The document being received most recently. */
  current?: string;
}

/** A loaded description: the key under which the worker keeps its model, and the summary. */
export interface WsdlLoaded {
  key: string;
  summary: WsdlSummary;
}

export type WsdlWorkerRequest =
  | { type: 'load'; id: number; url: string; token: string; network?: NetworkOptions }
  | { type: 'sample'; id: number; key: string; target: SoapTarget; options?: SampleOptions }
  | { type: 'model'; id: number; key: string }
  | { type: 'collection'; id: number; key: string; wsdlUrl: string }
  | { type: 'cancel'; id: number }
  | { type: 'release'; key: string };

/** What each request answers with. */
export interface WsdlWorkerReplies {
  load: WsdlLoaded;
  sample: SoapSample;
  model: WsdlModel;
  collection: ImportResult;
}

export type WsdlWorkerResponse =
  | { type: 'progress'; id: number; progress: WsdlLoadProgress }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: CoreError };
