import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request/draft';
import { requestDraftSchema } from '../workspace/schema';
import { emptyWebSocketSettings } from './websocket/settings';
import { isLiveProtocol, protocolOf } from './types';

describe('a draft names its protocol', () => {
  it('is HTTP when it names none or an unknown one', () => {
    expect(protocolOf({})).toBe('http');
    expect(protocolOf({ protocol: 'gopher' })).toBe('http');
    expect(protocolOf({ protocol: 'grpc' })).toBe('grpc');
    expect(isLiveProtocol('http')).toBe(false);
    expect(isLiveProtocol('mcp')).toBe(true);
  });

  it('keeps the protocol and its settings through normalisation and the stored-draft schema', () => {
    const websocket = { ...emptyWebSocketSettings(), subprotocols: ['chat'] };
    const draft = normaliseDraft({ url: 'ws://127.0.0.1/echo', protocol: 'websocket', websocket });
    expect(draft.protocol).toBe('websocket');
    expect(draft.websocket).toEqual(websocket);
    const stored = requestDraftSchema.parse(JSON.parse(JSON.stringify(draft)));
    expect(stored.protocol).toBe('websocket');
    expect(stored.websocket?.subprotocols).toEqual(['chat']);
    const partial = requestDraftSchema.parse({ method: 'GET', url: 'grpc://127.0.0.1:50051', protocol: 'grpc', grpc: { service: 's.S' } });
    expect(partial.protocol).toBe('grpc');
    expect(partial.grpc?.service).toBe('s.S');
  });

  it('drops an HTTP protocol marker so plain drafts stay as they were', () => {
    expect('protocol' in normaliseDraft({ url: 'http://x/', protocol: 'http' })).toBe(false);
  });

  it('refuses a protocol this version does not know, naming the field', () => {
    const parsed = requestDraftSchema.safeParse({ method: 'GET', url: 'x', protocol: 'gopher' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues[0]?.path)).toContain('protocol');
  });
});
