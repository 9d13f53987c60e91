/**
 * The TLS facts of a connection in words: the client certificate (asked for, sent) and a
 * certificate's validity relative to now, so an expiring or expired one stands out.
 */
import type { RelayCertificateSummary, RelayClientCertificateUse } from '../../../../core';

const DAY = 86_400_000;
/** Fewer days left than this and the expiry is highlighted. */
export const EXPIRY_WARNING_DAYS = 30;

/** What is known about the client certificate: asked for or not, sent or not, and which. */
export function describeClientCertificate(use: RelayClientCertificateUse | undefined): string {
  if (!use) return 'unknown (no report from the relay)';
  const which = use.label ? `"${use.label}"${use.subject ? ` (${use.subject})` : ''}` : '';
  const expired = use.expired && use.validTo ? `, expired on ${use.validTo.slice(0, 10)}` : '';
  if (use.requested && use.sent) return `asked for by the server; sent ${which}${expired}`;
  if (use.requested) return 'asked for by the server; none sent (none is configured for this host)';
  if (use.label) return `not asked for; ${which} is configured for this host but was not sent`;
  return 'not asked for; none sent';
}

/** A certificate's validity: the dates, and how far the expiry is, flagged when near or past. */
export function certificateValidity(cert: Pick<RelayCertificateSummary, 'validFrom' | 'validTo'>, now = Date.now()): { text: string; warning: boolean } {
  const to = Date.parse(cert.validTo);
  const from = Date.parse(cert.validFrom);
  const range = `${cert.validFrom.slice(0, 10)} to ${cert.validTo.slice(0, 10)}`;
  if (Number.isNaN(to)) return { text: range, warning: false };
  if (!Number.isNaN(from) && from > now) return { text: `${range}: not valid yet`, warning: true };
  const days = Math.floor((to - now) / DAY);
  if (to < now) return { text: `${range}: EXPIRED ${Math.max(1, -days)} day${-days === 1 ? '' : 's'} ago`, warning: true };
  if (days < EXPIRY_WARNING_DAYS) return { text: `${range}: expires in ${days} day${days === 1 ? '' : 's'}`, warning: true };
  return { text: `${range} (${days} days left)`, warning: false };
}
