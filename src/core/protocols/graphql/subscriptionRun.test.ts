import { describe, expect, it } from 'vitest';
import { graphQlSubscriptionView, graphQlWsInitPayload, GraphQlWsSession, isGraphQlSubscription, subscribePayloadOf, subscriptionCheck, subscriptionLimitsOf } from './subscriptionRun';

const handshake = { url: 'ws://x/graphql', requestHeaders: [], status: 101, statusText: 'Switching Protocols', responseHeaders: [{ name: 'Sec-WebSocket-Protocol', value: 'graphql-transport-ws' }], protocol: 'graphql-transport-ws', extensions: '', at: 0 };
const request = { method: 'GET', url: 'ws://x/graphql', headers: [] };

describe('GraphQL subscription run (graphql-ws)', () => {
  it('initialises with the request headers, subscribes on ack, answers pings, keeps results until complete', () => {
    const init = graphQlWsInitPayload([{ name: 'Host', value: 'x' }, { name: 'Authorization', value: 'Bearer t' }, { name: 'User-Agent', value: 'wb' }, { name: 'X-Api-Key', value: 'k' }, { name: 'Sec-WebSocket-Key', value: 'abc' }]);
    expect(init).toEqual({ Authorization: 'Bearer t', 'X-Api-Key': 'k' });
    const s = new GraphQlWsSession({ query: 'subscription { n }' }, init);
    expect(s.opened('graphql-transport-ws').send.map((t) => JSON.parse(t))).toEqual([{ type: 'connection_init', payload: init }]);
    expect(s.received('{"type":"connection_ack"}', 1).send.map((t) => JSON.parse(t))).toEqual([{ type: 'subscribe', id: '1', payload: { query: 'subscription { n }' } }]);
    expect(s.received('{"type":"ping"}', 2).send).toEqual(['{"type":"pong"}']);
    s.received('{"type":"next","id":"1","payload":{"data":{"n":1}}}', 3);
    s.received('{"type":"next","id":"1","payload":{"data":null,"errors":[{"message":"boom"}]}}', 4);
    expect(s.received('{"type":"complete","id":"1"}', 5).close).toEqual({ code: 1000, reason: 'complete' });
    expect(s.outcome.end).toBe('complete');
    const view = graphQlSubscriptionView({ handshake }, s.outcome, request);
    expect(view?.status).toBe(101);
    expect(JSON.parse(view!.bodyText!)).toEqual([{ data: { n: 1 } }, { data: null, errors: [{ message: 'boom' }] }]);
    expect(subscriptionCheck(s.outcome)).toBeUndefined();
  });

  it('stops at the count with complete, and at the time limit', () => {
    const s = new GraphQlWsSession({ query: 'subscription { n }' }, {}, 1);
    s.opened('graphql-transport-ws');
    s.received('{"type":"connection_ack"}', 1);
    const step = s.received('{"type":"next","id":"1","payload":{"data":{"n":1}}}', 2);
    expect(step.send).toEqual(['{"type":"complete","id":"1"}']);
    expect(step.close?.code).toBe(1000);
    expect(s.outcome.end).toBe('count');
    const t = new GraphQlWsSession({ query: 'subscription { n }' }, {});
    t.opened('graphql-transport-ws');
    t.received('{"type":"connection_ack"}', 1);
    expect(t.finish('time').send).toEqual(['{"type":"complete","id":"1"}']);
    expect(t.outcome.end).toBe('time');
  });

  it('says clearly what went wrong: an error message, a protocol break, another subprotocol, an early close', () => {
    const e = new GraphQlWsSession({ query: 'subscription { x }' }, {});
    e.opened('graphql-transport-ws');
    e.received('{"type":"connection_ack"}', 1);
    e.received('{"type":"error","id":"1","payload":[{"message":"Cannot query field \\"x\\"","locations":[{"line":1,"column":16}]}]}', 2);
    expect(subscriptionCheck(e.outcome)?.message).toMatch(/^The server refused the subscription: Cannot query field "x".*line 1, column 16/);
    expect(JSON.parse(graphQlSubscriptionView({ handshake }, e.outcome, request)!.bodyText!)).toEqual([{ errors: [{ message: 'Cannot query field "x"', locations: [{ line: 1, column: 16 }] }] }]);
    const p = new GraphQlWsSession({ query: 'subscription { x }' }, {});
    expect(p.received('not json', 1).close?.code).toBe(4400);
    expect(p.outcome.problem).toContain('not JSON');
    const o = new GraphQlWsSession({ query: 'subscription { x }' }, {});
    expect(o.opened('').close).toBeDefined();
    expect(o.outcome.problem).toContain('does not speak the graphql-ws protocol');
    const c = new GraphQlWsSession({ query: 'subscription { x }' }, {});
    c.opened('graphql-transport-ws');
    c.closed(4403, 'Forbidden');
    expect(c.outcome.problem).toContain('4403 Forbidden');
  });

  it('reads the body: subscription or not, the payload checked as a POST body, the limits', () => {
    expect(isGraphQlSubscription({ query: 'subscription S { n }', operationName: '' })).toBe(true);
    expect(isGraphQlSubscription({ query: 'query Q { n } subscription S { n }', operationName: 'Q' })).toBe(false);
    const ok = subscribePayloadOf({ query: 'subscription ($a: Int) { n(a: $a) }', variables: '{"a": {{a}}}', operationName: '' }, (t) => t.replace('{{a}}', '2'));
    expect(ok).toEqual({ ok: true, value: { query: 'subscription ($a: Int) { n(a: $a) }', variables: { a: 2 } } });
    const bad = subscribePayloadOf({ query: 'subscription { n }', variables: '{"a": ', operationName: '' }, (t) => t);
    expect(bad.ok).toBe(false);
    expect(subscriptionLimitsOf({ collectMs: 300, collectCount: 2 })).toEqual({ collectMs: 300, collectCount: 2 });
    expect(subscriptionLimitsOf(undefined)).toEqual({ collectMs: 5000 });
  });
});
