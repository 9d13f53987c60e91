/**
 * Reads the resident memory of the Wirebench server the tests run against, found by the
 * port it listens on (Linux /proc). Used to show the relay streams big bodies instead of
 * holding them.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** True where /proc can answer (Linux). */
export function canReadServerMemory(): boolean {
  return existsSync('/proc/net/tcp');
}

function listeningInode(port: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1];
      // st 0A is LISTEN; the local address ends in the port in hex.
      if (local && cols[3] === '0A' && parseInt(local.split(':')[1] ?? '', 16) === port) return cols[9];
    }
  }
  return undefined;
}

/** The pid of the process listening on `port`, or undefined when it cannot be seen. */
export function serverPid(port: number): number | undefined {
  const inode = listeningInode(port);
  if (!inode) return undefined;
  const target = `socket:[${inode}]`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === target) return Number(entry);
      } catch {
        // The descriptor closed while looking; keep going.
      }
    }
  }
  return undefined;
}

/** Resident set size of `pid` in bytes. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

/** Samples the RSS of `pid` every 20 ms while `work` runs; resolves with the peak growth over the start. */
export async function peakGrowthDuring(pid: number, work: () => Promise<void>): Promise<{ baseline: number; growth: number }> {
  const baseline = residentBytes(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentBytes(pid));
    } catch {
      // The process is gone; the test will fail on its own terms.
    }
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { baseline, growth: Math.max(peak, residentBytes(pid)) - baseline };
}
