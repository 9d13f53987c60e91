import { describe, expect, it } from 'vitest';
import { describeWsdlProgress, setWsdlProgress, subscribeWsdlProgress, wsdlProgress } from './wsdlProgress';

describe('describeWsdlProgress', () => {
  it('says what is fetched and parsed at each phase', () => {
    expect(describeWsdlProgress({ phase: 'fetching', requested: 3, fetched: 1, parsed: 1, bytes: 5 * 1024 * 1024 + 300_000 })).toBe('Fetching 1 of 3 documents (5.3 MB so far); parsed 1…');
    expect(describeWsdlProgress({ phase: 'parsing', requested: 2, fetched: 2, parsed: 1, bytes: 10_240 })).toBe('Fetched 2 documents (10 KB); parsed 1, parsing…');
    expect(describeWsdlProgress({ phase: 'done', requested: 1, fetched: 1, parsed: 1, bytes: 100 })).toBe('Parsed 1 document (1 KB).');
  });
});

describe('the progress store', () => {
  it('keeps the latest progress per URL and tells subscribers', () => {
    let calls = 0;
    const stop = subscribeWsdlProgress(() => calls++);
    setWsdlProgress('http://a/?WSDL', { phase: 'fetching', requested: 1, fetched: 0, parsed: 0, bytes: 0 });
    expect(wsdlProgress('http://a/?WSDL')?.phase).toBe('fetching');
    expect(wsdlProgress('http://b/?WSDL')).toBeUndefined();
    setWsdlProgress('http://a/?WSDL', undefined);
    expect(wsdlProgress('http://a/?WSDL')).toBeUndefined();
    stop();
    setWsdlProgress('http://a/?WSDL', undefined);
    expect(calls).toBe(2);
  });
});
