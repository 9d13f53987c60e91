#!/usr/bin/env node
// `npm start`: runs the server (src/server/main.ts) from a pre-built bundle (bin/bundle.mjs:
// built on first use, rebuilt when a source changes), so the relay runs plain JavaScript
// rather than modules transpiled by tsx, which names every closure the relay creates with an
// extra call. If the bundle cannot be had (or does not load), the sources run under tsx.
import { bundledServer } from './bundle.mjs';

async function fromSources() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/server/main.ts');
}

const bundle = await bundledServer();
if (bundle) await import(bundle).catch(fromSources);
else await fromSources();
