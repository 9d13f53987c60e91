import { describe, expect, it } from 'vitest';
import { recentRequests } from './recentRequests';
import type { HistoryRow } from './workspaceRecords';

const row = (id: string, method: string, url: string): HistoryRow => ({ id, at: '2026-01-01T00:00:00Z', method, url });

describe('recentRequests', () => {
  it('lists each request once, by its newest send, up to the count', () => {
    const rows = [row('5', 'GET', 'http://h/a'), row('4', 'get', 'http://h/a'), row('3', 'POST', 'http://h/a'), row('2', 'GET', 'http://h/b'), row('1', 'GET', 'http://h/a'), row('0', 'GET', 'http://h/c')];
    expect(recentRequests(rows, 5).map((r) => r.id)).toEqual(['5', '3', '2', '0']);
    expect(recentRequests(rows, 2).map((r) => r.id)).toEqual(['5', '3']);
    expect(recentRequests([], 5)).toEqual([]);
  });
});
