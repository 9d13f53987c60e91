/**
 * Node flags the server is started with (`npm start`, `childServer.ts`, Playwright's web
 * server; `serverFlags.test.ts` keeps package.json's start script in step).
 *
 * `--initial-heap-size=64` (MB, a limit, not memory taken). The bundled server starts with a
 * small heap, and V8 sizes its old generation from it; relaying a large body allocates a
 * 64 KiB buffer per read, and those still queued for the page at a scavenge are promoted.
 * Some relay processes then kept marking: 2–3× the user CPU for the same download, with
 * futex and brk calls doubled under strace. Measured 2026-11-26 (bench/relayAB.ts, 500 MB
 * downloads after 500 small requests): with a 256 KiB page backlog the bundled server was
 * 1.2–1.8× the floor's time in 5 of 5 runs, with this flag 0.98–1.0× in 3 of 3; with the
 * 1 MiB backlog both were near the floor in that test (0.90–1.04×). bench:relay, which runs
 * 2000 small GETs and three other paths in between, is where the flag showed: 500 MB downloads
 * 0.49× and 0.64× the floor without it, 1.10× and 1.16× with it. Under tsx the transpiler's own
 * heap had hidden all this. 32 to 128 MB behaved alike; 64 keeps the heap's headroom (and the
 * RSS it may take) smallest among the values that helped.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-heap-size=64'];
