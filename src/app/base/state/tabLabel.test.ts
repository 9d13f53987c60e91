import { describe, expect, it } from 'vitest';
import { distinctTabLabels, requestLabel } from './tabLabel';

describe('requestLabel', () => {
  it.each([
    ['POST', 'https://api.example/users/{id}/orders', 'POST orders'],
    ['GET', 'https://api.example/users/{id}', 'GET users/{id}'],
    ['GET', 'https://api.example/users/42', 'GET users/42'],
    ['DELETE', 'http://h/a/0b8f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'DELETE a/0b8f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'],
    ['get', 'http://h/sandbox/anything?x=1#f', 'GET anything'],
    ['PUT', '{{base}}/items/{{itemId}}', 'PUT items/{{itemId}}'],
    ['GET', 'https://api.example', 'GET api.example'],
    ['GET', 'https://api.example/', 'GET api.example'],
    ['PATCH', '', 'PATCH new request'],
    ['GET', 'http://h/caf%C3%A9', 'GET café'],
    ['GET', 'http://h/%E0%A4', 'GET %E0%A4'],
  ])('%s %s → %s', (method, url, label) => {
    expect(requestLabel(method, url)).toBe(label);
  });
});

describe('distinctTabLabels', () => {
  const draft = (url: string, name = '', method = 'GET') => ({ name, method, url });

  it('leaves a label no other tab has as it is', () => {
    expect(distinctTabLabels([draft('https://a.example/users'), draft('https://a.example/orders')])).toEqual([{ label: 'GET users' }, { label: 'GET orders' }]);
  });

  it('tells namesakes on different hosts apart by host', () => {
    const labels = distinctTabLabels([draft('https://api.example/v1/users'), draft('https://staging.example/v1/users'), draft('https://api.example/orders')]);
    expect(labels).toEqual([
      { label: 'GET users', suffix: 'api.example' },
      { label: 'GET users', suffix: 'staging.example' },
      { label: 'GET orders' },
    ]);
  });

  it('by path when the host is the same', () => {
    const labels = distinctTabLabels([draft('https://api.example/v1/users'), draft('https://api.example/v2/users')]);
    expect(labels.map((l) => l.suffix)).toEqual(['/v1/users', '/v2/users']);
  });

  it('by query when host and path are the same', () => {
    const labels = distinctTabLabels([draft('https://api.example/users?page=1'), draft('https://api.example/users')]);
    expect(labels.map((l) => l.suffix)).toEqual(['?page=1', 'no query']);
  });

  it('saved names count as labels: two requests saved under one name differ by what their URLs differ in', () => {
    const labels = distinctTabLabels([draft('{{base}}/login', 'Log in'), draft('https://id.example/login', 'Log in')]);
    expect(labels.map((l) => l.suffix)).toEqual(['no host', 'id.example']);
  });

  it('numbers namesakes with the same URL, the first left plain', () => {
    const url = 'http://127.0.0.1:4811/sandbox/anything';
    const labels = distinctTabLabels([draft(url), draft(url), draft(url)]);
    expect(labels).toEqual([{ label: 'GET anything' }, { label: 'GET anything', suffix: '2' }, { label: 'GET anything', suffix: '3' }]);
  });

  it('numbers those left alike after the host', () => {
    const labels = distinctTabLabels([draft('https://a.example/x'), draft('https://b.example/x'), draft('https://a.example/x')]);
    expect(labels.map((l) => l.suffix)).toEqual(['a.example', 'b.example', 'a.example (2)']);
  });
});
