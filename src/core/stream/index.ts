/** Streamed responses: event streams and line-delimited streams read as they arrive. */
export { LineSplitter, type SplitLine } from './lineSplitter';
export {
  EventStreamParser,
  parseEventStream,
  type EventStreamRecord,
  type PartialEvent,
  type StreamComment,
  type StreamEvent,
  type StreamIgnoredLine,
  type StreamRetry,
} from './eventStream';
export { checkJsonLine, LineStreamParser, type JsonLineFault, type LineStreamFormat, type StreamLine } from './jsonLines';
export { contentTypeEssence, streamKindOf, type StreamKind } from './streamKind';
export { explainStreamedResponse } from './explainStream';
