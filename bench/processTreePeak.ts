/**
 * Peak memory of a child process and everything it starts (a bin that re-executes Node
 * under a loader is two processes), sampled from /proc. Linux only, like the other
 * benchmarks that read /proc.
 */
import { readFileSync } from 'node:fs';

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined; // exited between listing and reading
  }
}

function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    try {
      for (const tid of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(/\s+/).filter(Boolean)) stack.push(Number(tid));
    } catch {
      // gone, or the kernel lacks the children file: the root alone is still measured
    }
  }
  return out;
}

/** What the sampler saw. */
export interface TreePeak {
  /**
   * Sum over every process seen of its own high-water mark (VmHWM), in bytes: exact for a
   * single process, an upper bound of the simultaneous peak for several.
   */
  peakBytes: number;
  /** Largest simultaneous resident set of the tree among the samples, in bytes. */
  sampledPeakBytes: number;
  processes: number;
  /** Each process seen: its command name (from /proc/<pid>/comm) and its own high-water mark in bytes. */
  byProcess: { pid: number; command: string; peakBytes: number }[];
}

/** Starts sampling `pid`'s tree every `intervalMs`; `stop()` (call it on the child's exit) returns the peaks. */
export function samplePeak(pid: number, intervalMs = 20): { stop(): TreePeak } {
  const hwm = new Map<number, number>();
  const commands = new Map<number, string>();
  let sampledPeakKb = 0;
  const sample = () => {
    let sum = 0;
    for (const p of descendantsOf(pid)) {
      const rss = statusKb(p, 'VmRSS');
      const high = statusKb(p, 'VmHWM');
      if (rss !== undefined) sum += rss;
      if (high !== undefined) hwm.set(p, Math.max(hwm.get(p) ?? 0, high));
      if (!commands.has(p)) {
        try {
          commands.set(p, readFileSync(`/proc/${p}/comm`, 'utf8').trim());
        } catch {
          // exited already
        }
      }
    }
    sampledPeakKb = Math.max(sampledPeakKb, sum);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return {
        peakBytes: [...hwm.values()].reduce((a, b) => a + b, 0) * 1024,
        sampledPeakBytes: sampledPeakKb * 1024,
        processes: hwm.size,
        byProcess: [...hwm].map(([p, kb]) => ({ pid: p, command: commands.get(p) ?? '?', peakBytes: kb * 1024 })),
      };
    },
  };
}
