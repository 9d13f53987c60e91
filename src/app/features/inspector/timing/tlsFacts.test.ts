import { describe, expect, it } from 'vitest';
import { certificateValidity, describeClientCertificate } from './tlsFacts';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const cert = (validFrom: string, validTo: string) => ({ validFrom, validTo });

describe('TLS facts in words', () => {
  it('says whether a client certificate was asked for and sent', () => {
    expect(describeClientCertificate({ requested: true, sent: true, label: 'Demo', subject: 'CN=demo' })).toBe('asked for by the server; sent "Demo" (CN=demo)');
    expect(describeClientCertificate({ requested: true, sent: false })).toMatch(/asked for by the server; none sent/);
    expect(describeClientCertificate({ requested: false, sent: false, label: 'Demo' })).toBe('not asked for; "Demo" is configured for this host but was not sent');
    expect(describeClientCertificate({ requested: false, sent: false })).toBe('not asked for; none sent');
  });

  it('flags an expired, expiring or not-yet-valid certificate', () => {
    expect(certificateValidity(cert('2025-01-01T00:00:00Z', '2027-01-01T00:00:00Z'), NOW)).toEqual({ text: '2025-01-01 to 2027-01-01 (306 days left)', warning: false });
    expect(certificateValidity(cert('2025-01-01T00:00:00Z', '2026-03-11T00:00:00Z'), NOW)).toEqual({ text: '2025-01-01 to 2026-03-11: expires in 10 days', warning: true });
    expect(certificateValidity(cert('2025-01-01T00:00:00Z', '2026-02-27T00:00:00Z'), NOW)).toMatchObject({ text: '2025-01-01 to 2026-02-27: EXPIRED 2 days ago', warning: true });
    expect(certificateValidity(cert('2026-04-01T00:00:00Z', '2027-01-01T00:00:00Z'), NOW)).toMatchObject({ warning: true, text: expect.stringMatching(/not valid yet/) });
  });
});
