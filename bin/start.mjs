#!/usr/bin/env node
// `npm start`: runs the server (src/server/main.ts) from a pre-built bundle (bin/bundle.mjs:
// built on first use, rebuilt when a source changes), so the relay runs plain JavaScript
// rather than modules transpiled by tsx, which names every closure the relay creates with an
// extra call. If the bundle cannot be had (or does not load), the sources run under tsx.
import { bundledServer, fromSources } from './bundle.mjs';

const bundle = await bundledServer();
const fallback = () => fromSources('src/server/main.ts');
if (bundle) await import(bundle).catch(fallback);
else await fallback();
