/**
 * "Conforms to the conventions": the exchange's own explanation (`explainResponse`) has
 * no finding of severity error — with `strict`, no warning either. The status summary is
 * not counted: it says what the status means (a 404 is an error for the client), not that
 * the server broke a convention; a 404 the test expects should conform.
 */
import { explainResponse } from '../http/explain';
import type { Finding } from '../http/finding';
import type { Comparison } from './compare';
import { wireRequestOfView, wireResponseOfView, type ExchangeView } from './exchangeView';

/** The exchange's explanation, as the inspector shows it. */
export function explainExchangeView(view: ExchangeView, now?: Date): Finding[] {
  return explainResponse(wireRequestOfView(view), wireResponseOfView(view), now ? { now } : {});
}

/** The findings that make an exchange fail `conforms` (errors; with `strict`, warnings too). */
export function conformanceFailures(findings: readonly Finding[], strict = false): Finding[] {
  return findings.filter((f) => f.id !== 'status' && (f.severity === 'error' || (strict && f.severity === 'warning')));
}

/**
 * The `conforms` check on an explanation (the page passes the one it already shows; the
 * CLI lets {@link explainExchangeView} make it): passed, or failed with the titles.
 */
export function checkConforms(findings: readonly Finding[], strict = false): Comparison & { actual?: string } {
  const failures = conformanceFailures(findings, strict);
  if (failures.length === 0) return { passed: true };
  const count = `${failures.length} finding${failures.length === 1 ? '' : 's'}`;
  return { passed: false, actual: count, message: `${count} against the conventions: ${failures.map((f) => `${f.title} (${f.severity})`).join('; ')}.` };
}
