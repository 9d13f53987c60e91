/**
 * One response body inside the format worker: bytes arrive in pieces, the first KiB
 * decides what the body is (sniffing, charset — through core), everything is kept as
 * UTF-8 (other charsets are transcoded on arrival), and line indexers build the Pretty
 * and Raw views incrementally. Pages of lines, searches and whole texts are answered from
 * the indexes, so no request ever formats the whole body at once.
 */
import {
  classifyBody,
  contentTypeContradiction,
  detectBodyCharset,
  findInvalidUtf8,
  parseSoapFault,
  sniffBody,
  soapVersionOf,
  type BodyCharset,
  type BodyKind,
  type Finding,
  type SniffResult,
  type SoapFault,
} from '../../../../core';
import { concatBytes } from '../../../../core/encoding/bytes';
import { isLiveStreamType } from '../../../../core/stream/streamKind';
import { BlockBytes } from './blockBytes';
import { searchBytes } from './byteSearch';
import { JsonLineIndexer, type LineIndexer } from './jsonLines';
import { lineText, type LineStyle } from './lineText';
import { MarkupLineIndexer } from './markupLines';
import { RawLineIndexer } from './rawLines';

/** How the Pretty view is formatted. */
export type PrettyFormat = 'json' | 'xml' | 'html' | 'none';

/** The two line views of a document. */
export type LineView = 'pretty' | 'raw';

/** What the first bytes said about the body. */
export interface BodyMeta {
  kind: BodyKind;
  format: PrettyFormat;
  sniff: SniffResult;
  charset: BodyCharset;
  /** Content-Type contradicting the bytes, or missing. */
  contradiction?: Finding;
}

/** Where formatting stopped on malformed input, in source terms. */
export interface FormatProblem {
  message: string;
  offset: number;
  line: number;
  column: number;
  /** The display line the problem is on. */
  displayLine: number;
}

/** Progress of one view's index. */
export interface ViewProgress {
  lines: number;
  indexedBytes: number;
  complete: boolean;
  problem?: FormatProblem;
}

/** Everything the page shows about a document while it streams. */
export interface DocumentProgress {
  /** Identifies the document: a new filter result is a new document. */
  id: number;
  /** Bytes received, as they came (before transcoding). */
  received: number;
  /** Bytes of the UTF-8 text the views read. */
  textBytes: number;
  ended: boolean;
  meta?: BodyMeta;
  pretty?: ViewProgress;
  raw?: ViewProgress;
  /** First invalid UTF-8 sequence of a body decoded as UTF-8. */
  invalidUtf8?: { offset: number };
}

/** One display line of a page. */
export interface PageLine {
  text: string;
  depth: number;
  /** For raw rows: the source line number, or 0 on a continuation row. */
  lineNumber: number;
}

/** Search hits as display line numbers (one entry per match) in document order. */
export interface SearchHits {
  lines: number[];
  truncated: boolean;
  /** Bytes searched: the part of the body indexed so far. */
  searchedBytes: number;
}

/** What the end of the body adds: the small text for explanations and the SOAP fault. */
export interface BodyConclusion {
  /** The body as text when it is text and at most `SMALL_TEXT_BYTES`. */
  smallText?: string;
  soap?: { version: '1.1' | '1.2'; fault: SoapFault | null; error?: string };
}

/** Bodies up to this size are handed to the page as text for explanations. */
export const SMALL_TEXT_BYTES = 64 * 1024;
/** SOAP faults are looked for in XML bodies up to this size. */
export const SOAP_FAULT_BYTES = 4 * 1024 * 1024;
const PREFIX_BYTES = 1024;

function formatOf(kind: BodyKind): PrettyFormat {
  return kind === 'json' ? 'json' : kind === 'xml' ? 'xml' : kind === 'html' ? 'html' : 'none';
}

function styleOf(format: PrettyFormat, view: LineView): LineStyle {
  if (view === 'raw' || format === 'none') return 'raw';
  return format === 'json' ? 'json' : 'markup';
}

let documents = 0;

/** One body being received and indexed. */
export class BodyDocument {
  readonly id = ++documents;
  readonly bytes = new BlockBytes();
  meta: BodyMeta | undefined;
  private received = 0;
  private ended = false;
  private prefix: Uint8Array[] = [];
  private prefixLength = 0;
  private transcoder: TextDecoder | undefined;
  private readonly encoder = new TextEncoder();
  private skipBom = 0;
  private readonly validator = new TextDecoder('utf-8', { fatal: true });
  private validatedTail: Uint8Array = new Uint8Array(0);
  private invalidUtf8: number | undefined;
  private prettyIndexer: LineIndexer | undefined;
  private rawIndexer: RawLineIndexer | undefined;
  private discard = false;
  private wantRaw = false;

  /**
   * `contentType` is the response's Content-Type; `forced` fixes the kind for documents
   * the worker makes itself (filter results), skipping the sniffing.
   */
  constructor(
    private readonly contentType: string | undefined,
    private readonly forced?: BodyKind,
  ) {}

  /** Adds received bytes. */
  append(chunk: Uint8Array): void {
    if (this.ended) throw new RangeError('append after end: the body is already complete');
    this.received += chunk.length;
    if (!this.meta) {
      this.prefix.push(chunk);
      this.prefixLength += chunk.length;
      // A live stream (events, JSON lines) is decided at its first chunk: its events show as they come.
      if (this.prefixLength >= PREFIX_BYTES || (!this.forced && isLiveStreamType(this.contentType))) this.decide();
      return;
    }
    this.store(chunk);
  }

  /** Marks the body complete. */
  end(): void {
    if (this.ended) return;
    if (!this.meta) this.decide();
    if (this.transcoder && !this.discard) this.bytes.append(this.encoder.encode(this.transcoder.decode()));
    if (this.invalidUtf8 === undefined && !this.transcoder && !this.discard) {
      try {
        this.validator.decode();
      } catch {
        // The body ends inside a multi-byte sequence.
        let at = this.bytes.length - 1;
        while (at > 0 && (this.bytes.byteAt(at) & 0xc0) === 0x80) at--;
        this.invalidUtf8 = at;
      }
    }
    this.ended = true;
  }

  private decide(): void {
    const prefix = concatBytes(this.prefix);
    this.prefix = [];
    const sniff = sniffBody(prefix.subarray(0, PREFIX_BYTES));
    const kind = this.forced ?? classifyBody(this.contentType, sniff);
    const charset = detectBodyCharset(prefix.subarray(0, PREFIX_BYTES), this.contentType, kind === 'json' || kind === 'xml' || kind === 'html' ? kind : 'other');
    const contradiction = this.forced ? undefined : contentTypeContradiction(this.contentType, sniff);
    this.meta = { kind, format: formatOf(kind), sniff, charset, ...(contradiction ? { contradiction } : {}) };
    if (charset.encoding !== 'utf-8') this.transcoder = new TextDecoder(charset.encoding);
    this.skipBom = charset.encoding === 'utf-8' ? charset.bomLength : 0;
    this.prettyIndexer = this.meta.format === 'json' ? new JsonLineIndexer() : this.meta.format === 'none' ? undefined : new MarkupLineIndexer(this.meta.format === 'html');
    // Binary bodies have no line views; the page shows them from its own copy (hex, preview).
    this.discard = kind === 'binary' || kind === 'image' || kind === 'pdf';
    if (this.wantRaw) this.indexerOf('raw');
    this.store(prefix);
  }

  private store(chunk: Uint8Array): void {
    if (this.discard) return;
    if (this.transcoder) {
      this.bytes.append(this.encoder.encode(this.transcoder.decode(chunk, { stream: true })));
      return;
    }
    let bytes = chunk;
    if (this.skipBom > 0) {
      const skip = Math.min(this.skipBom, bytes.length);
      bytes = bytes.subarray(skip);
      this.skipBom -= skip;
    }
    this.checkUtf8(bytes);
    this.bytes.append(bytes);
  }

  /**
   * Validates UTF-8 across chunk edges with the engine's own decoder (fast), and only on a
   * failure looks for the exact offset with core's byte-level check.
   */
  private checkUtf8(bytes: Uint8Array): void {
    if (this.invalidUtf8 !== undefined || this.meta?.kind === 'binary' || this.meta?.kind === 'image' || this.meta?.kind === 'pdf') return;
    const start = this.bytes.length;
    try {
      this.validator.decode(bytes, { stream: true });
      this.validatedTail = bytes.length >= 4 ? bytes.subarray(bytes.length - 4) : bytes;
    } catch {
      const tail = this.validatedTail;
      const view = new Uint8Array(tail.length + bytes.length);
      view.set(tail);
      view.set(bytes, tail.length);
      // The bad sequence may have started in the tail of the previous chunk.
      let bad = findInvalidUtf8(view);
      for (let skip = 1; bad >= 0 && bad < tail.length && skip <= tail.length; skip++) {
        const again = findInvalidUtf8(view.subarray(skip));
        if (again < 0) break;
        bad = again + skip;
      }
      this.invalidUtf8 = Math.max(0, start - tail.length + Math.max(0, bad));
    }
  }

  /** The indexer behind a view; the raw index is only built once someone asks for it. */
  private indexerOf(view: LineView): LineIndexer | undefined {
    if (!this.meta || this.discard) return undefined;
    if (view === 'pretty' && this.prettyIndexer) return this.prettyIndexer;
    this.rawIndexer ??= new RawLineIndexer();
    return this.rawIndexer;
  }

  /** Starts the index of a view (now, or once the kind is known) so `work` advances it. */
  open(view: LineView): void {
    if (view === 'raw') this.wantRaw = true;
    this.indexerOf(view);
  }

  /**
   * Indexes up to `budget` more bytes in each open view. Returns true when work remains
   * (bytes received but not yet indexed, or the end not yet processed).
   */
  work(budget: number): boolean {
    if (!this.meta) return false;
    if (this.discard) return false;
    let more = false;
    for (const indexer of new Set([this.prettyIndexer ?? this.indexerOf('raw'), this.rawIndexer])) {
      if (!indexer || indexer.complete || (indexer.error && indexer instanceof JsonLineIndexer)) continue;
      const until = Math.min(this.bytes.length, indexer.indexed + budget);
      indexer.advance(this.bytes, until, this.ended && until === this.bytes.length);
      if (!indexer.complete && !(indexer.error && indexer instanceof JsonLineIndexer) && (indexer.indexed < this.bytes.length || this.ended)) more = true;
    }
    return more;
  }

  /**
   * Indexes a view to the end at once, for answers that need all of it (whole text, copy).
   * Only once the body has ended; before that there is no end to reach.
   */
  indexAll(view: LineView): void {
    const indexer = this.indexerOf(view);
    if (!indexer || !this.ended) return;
    indexer.advance(this.bytes, this.bytes.length, true);
  }

  private viewProgress(view: LineView): ViewProgress | undefined {
    const indexer = view === 'pretty' ? (this.prettyIndexer ?? this.rawIndexer) : this.rawIndexer;
    if (!indexer) return undefined;
    const progress: ViewProgress = { lines: indexer.lines.count, indexedBytes: indexer.indexed, complete: indexer.complete };
    if (indexer.error) progress.problem = this.locate(indexer, indexer.error.offset, indexer.error.message);
    return progress;
  }

  private locate(indexer: LineIndexer, offset: number, message: string): FormatProblem {
    let line = 1;
    let lineStart = 0;
    this.bytes.spans(0, Math.min(offset, this.bytes.length), (span, base) => {
      for (let i = span.indexOf(0x0a); i >= 0; i = span.indexOf(0x0a, i + 1)) {
        line++;
        lineStart = base + i + 1;
      }
    });
    return { message, offset, line, column: offset - lineStart + 1, displayLine: Math.max(0, indexer.lines.lineAt(offset)) };
  }

  /** The state to report to the page. */
  progress(): DocumentProgress {
    const progress: DocumentProgress = { id: this.id, received: this.received, textBytes: this.bytes.length, ended: this.ended };
    if (this.meta) progress.meta = this.meta;
    const pretty = this.viewProgress('pretty');
    if (pretty) progress.pretty = pretty;
    const raw = this.viewProgress('raw');
    if (raw) progress.raw = raw;
    if (this.invalidUtf8 !== undefined) progress.invalidUtf8 = { offset: this.invalidUtf8 };
    return progress;
  }

  /** Lines `from` to `from + count` of a view (fewer when the view has fewer so far). */
  page(view: LineView, from: number, count: number): PageLine[] {
    const indexer = this.indexerOf(view);
    if (!indexer) return [];
    const style = styleOf(this.meta!.format, view);
    const lines = indexer.lines;
    const to = Math.min(lines.count, from + count);
    const out: PageLine[] = [];
    for (let i = Math.max(0, from); i < to; i++) {
      out.push({
        text: lineText(this.bytes, lines, i, indexer.indexed, style),
        depth: style === 'raw' ? 0 : lines.depthOf(i),
        lineNumber: style === 'raw' ? (lines.depthOf(i) === 0 ? lines.sourceLineOf(i) : 0) : i + 1,
      });
    }
    return out;
  }

  /** Matches of `query` in what a view has indexed, as display line numbers. */
  search(view: LineView, query: string, caseSensitive: boolean): SearchHits {
    const indexer = this.indexerOf(view);
    if (!indexer) return { lines: [], truncated: false, searchedBytes: 0 };
    const found = searchBytes(this.bytes, query, 0, indexer.indexed, { caseSensitive });
    return { lines: found.offsets.map((o) => indexer.lines.lineAt(o)), truncated: found.truncated, searchedBytes: indexer.indexed };
  }

  /**
   * The whole view as one string with two-space indentation, in parts of about
   * `partBytes` — joined for an editor, or wrapped in a Blob for copy and save.
   */
  textParts(view: LineView, partBytes = 1024 * 1024): string[] {
    const indexer = this.indexerOf(view);
    if (!indexer) return [];
    const style = styleOf(this.meta!.format, view);
    const parts: string[] = [];
    let current: string[] = [];
    let size = 0;
    for (let i = 0; i < indexer.lines.count; i++) {
      const depth = style === 'raw' ? 0 : indexer.lines.depthOf(i);
      const text = `${'  '.repeat(depth)}${lineText(this.bytes, indexer.lines, i, indexer.indexed, style)}`;
      // Every line but the very first is preceded by its newline, so parts join without a trailing one.
      current.push(i === 0 ? text : `\n${text}`);
      size += text.length + 1;
      if (size >= partBytes) {
        parts.push(current.join(''));
        current = [];
        size = 0;
      }
    }
    if (current.length) parts.push(current.join(''));
    return parts;
  }

  /** The decoded body (for filters); callers bound the size they accept. */
  wholeText(): string {
    return new TextDecoder('utf-8').decode(this.bytes.slice(0, this.bytes.length));
  }

  /** The small text for explanations and, for SOAP, the fault. Call once the body ended. */
  conclude(): BodyConclusion {
    const conclusion: BodyConclusion = {};
    const kind = this.meta?.kind;
    const textual = kind === 'json' || kind === 'xml' || kind === 'html' || kind === 'text';
    if (!textual) return conclusion;
    if (this.bytes.length <= SMALL_TEXT_BYTES) conclusion.smallText = this.wholeText();
    if (kind === 'xml' && this.bytes.length <= SOAP_FAULT_BYTES) {
      const text = conclusion.smallText ?? this.wholeText();
      const version = soapVersionOf(text);
      if (version) {
        const fault = parseSoapFault(text);
        conclusion.soap = fault.ok ? { version, fault: fault.value } : { version, fault: null, error: fault.error.message };
      }
    }
    return conclusion;
  }
}
