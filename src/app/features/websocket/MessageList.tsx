/**
 * The live message list: direction, time, opcode, size and a preview per row; a filter by
 * direction and kind and a search over the text; a selected message shown in full (JSON
 * pretty-printed, binary as hex). Rows are virtualised and the list changes at most once a
 * frame (`wsStore`), so it stays responsive at a thousand messages a second.
 */
import { useCallback, useMemo, useState } from 'react';
import { VirtualRows } from '../../base/components/VirtualRows';
import { formatCount } from '../../base/components/units';
import { MessageDetail } from './MessageDetail';
import { MessageRow } from './MessageRow';
import { matchesFilter, type MessageFilter } from './messageFilter';
import type { WsTabState } from './wsStore';

export function MessageList({ tab }: { tab: WsTabState }) {
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | undefined>();
  const [follow, setFollow] = useState(true);
  const { messages, version } = tab;
  const indexes = useMemo(() => {
    if (filter === 'all' && !search) return undefined;
    const needle = search.toLowerCase();
    const out: number[] = [];
    messages.forEach((m, i) => {
      if (matchesFilter(m, filter) && (!needle || (m.text ?? '').toLowerCase().includes(needle))) out.push(i);
    });
    return out;
  }, [messages, version, filter, search]);
  const count = indexes ? indexes.length : messages.length;
  const live = tab.phase === 'open' || tab.phase === 'closing';
  const chosen = selected === undefined ? undefined : messages[selected];
  const onSelect = useCallback((index: number) => setSelected((current) => (current === index ? undefined : index)), []);
  return (
    <div className="ws-messages">
      <div className="stream-toolbar">
        <label>
          Show{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as MessageFilter)} aria-label="Show messages">
            <option value="all">All</option>
            <option value="sent">Sent</option>
            <option value="received">Received</option>
            <option value="data">Text and binary only</option>
            <option value="control">Ping, pong and close</option>
          </select>
        </label>
        <label>
          Search <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search the messages" />
        </label>
        <span className="muted" data-testid="ws-count">
          {formatCount(count)} message{count === 1 ? '' : 's'}
          {indexes ? ` of ${formatCount(messages.length)}` : ''}
          {tab.dropped ? ` (${formatCount(tab.dropped)} oldest dropped)` : ''}
        </span>
        <label className="stream-follow">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow new messages
        </label>
      </div>
      <div className="stream-row stream-columns ws-row" aria-hidden="true">
        <span className="ws-dir"> </span>
        <span className="stream-at">time</span>
        <span className="ws-op">type</span>
        <span className="ws-size">size</span>
        <span className="stream-data">data</span>
      </div>
      <VirtualRows
        count={count}
        version={version}
        label="Messages"
        testId="ws-list"
        className="stream-list ws-list"
        {...(follow && live && count ? { scrollTo: { row: count - 1, nonce: count } } : {})}
        renderRow={(row) => {
          const index = indexes ? indexes[row]! : row;
          const message = messages[index];
          return message ? <MessageRow key={message.seq} message={message} index={index} selected={index === selected} onSelect={onSelect} /> : null;
        }}
      />
      {chosen ? <MessageDetail message={chosen} /> : null}
    </div>
  );
}
