import { describe, expect, it } from 'vitest';
import { findContradictions } from './verdict';

describe('findContradictions', () => {
  it('is empty when the explanations agree or answer different questions', () => {
    expect(findContradictions([])).toEqual([]);
    expect(findContradictions([
      { source: 'status', verdict: { blame: 'request', outcome: 'failed' } },
      { source: 'fault', verdict: { blame: 'request', retry: 'will-fail' } },
      { source: 'Cache-Control', verdict: { cacheable: false } },
    ])).toEqual([]);
  });

  it('reports each question answered two ways, with every source of each answer', () => {
    expect(findContradictions([
      { source: 'status', verdict: { blame: 'server', outcome: 'failed' } },
      { source: 'server-fault', verdict: { blame: 'server' } },
      { source: 'SOAP fault', verdict: { blame: 'request', outcome: 'failed' } },
      { source: 'Cache-Control', verdict: { cacheable: true } },
      { source: 'no-store', verdict: { cacheable: false } },
    ])).toEqual([
      { question: 'blame', answers: [{ value: 'server', sources: ['status', 'server-fault'] }, { value: 'request', sources: ['SOAP fault'] }] },
      { question: 'cacheable', answers: [{ value: 'true', sources: ['Cache-Control'] }, { value: 'false', sources: ['no-store'] }] },
    ]);
  });

  it('rejects what is not a list as a programmer error', () => {
    expect(() => findContradictions({} as never)).toThrow(TypeError);
  });
});
