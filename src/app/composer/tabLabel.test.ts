import { describe, expect, it } from 'vitest';
import { requestLabel } from './tabLabel';

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
