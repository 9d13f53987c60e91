/**
 * Node flags the server is started with (`npm start`, `childServer.ts`, Playwright's web
 * server; `serverFlags.test.ts` keeps package.json's start script in step).
 *
 * `--initial-heap-size=128` (MB, a limit, not memory taken): the bundled server starts with a
 * small heap, and V8 then sizes its old generation from it. Relaying a large body allocates a
 * 64 KiB buffer per read; those still queued for the page at a collection are promoted, and
 * with a small old generation that started marking over and over: after a few hundred small
 * requests, 500 MB downloads took 1.2–1.7× the floor's time and 1.1–2.7× its CPU in 3 of 3
 * runs, against 0.98–1.0× with this flag (bench/relayAB.ts, DOWN_MB=500, PRE_SMALL=500). Under
 * tsx the transpiler's own heap had hidden this. In bench:relay: downloads 0.64–0.67× the floor
 * → 0.87×, uploads 0.78–0.85× → 1.00×, RSS growth 56–73 MB → 46–51 MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-heap-size=128'];
