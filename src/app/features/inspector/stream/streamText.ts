/** Small text helpers of the stream views. */
import { formatJson } from '../../../../core';
import { formatMs } from '../../../base/components/units';

/** An arrival time after the start of the exchange, or a dash when unknown (restored from history). */
export function formatArrival(at: number | undefined): string {
  return at === undefined ? '\u2013' : `+${formatMs(at)}`;
}

/** `text` pretty-printed when it is JSON, else undefined. */
export function prettyJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed || !'{["-0123456789tfn'.includes(trimmed[0]!)) return undefined;
  const formatted = formatJson(trimmed, 2);
  return formatted.ok ? formatted.value : undefined;
}
