import { describe, expect, it } from 'vitest';

describe('cURL copies and snippets go through the same body rule', () => {
  it('redacts a GitHub token in a text body and a WS-Security password in an XML body', async () => {
    const { toCurl } = await import('./curlExport');
    const text = toCurl({ method: 'POST', url: 'https://api.test/notes', headers: [{ name: 'Content-Type', value: 'text/plain' }], body: ['note ghp_abcdefghijklmnopqrstuvwxyz012345 end'] });
    expect(text).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz012345');
    const xml = toCurl({ method: 'POST', url: 'https://api.test/soap', headers: [{ name: 'Content-Type', value: 'text/xml' }], body: ['<s:Envelope xmlns:s="x" xmlns:wsse="y"><s:Header><wsse:Password>Plain-Passw0rd-123</wsse:Password></s:Header></s:Envelope>'] });
    expect(xml).not.toContain('Plain-Passw0rd-123');
    expect(xml).toContain('<wsse:Password>{{Password}}</wsse:Password>');
  });
});
