/**
 * Inputs that once made parsers quadratic (an audit finding each): one XML element with many
 * attributes, a WWW-Authenticate with many quoted params, a `.http` file with thousands of
 * variables each naming the one before. `bench/scaling.ts` times them at two sizes;
 * `scaling.test.ts` checks the parsers still read them.
 */

/** Repeats `piece(i)` until the text reaches `bytes`. */
function grow(bytes: number, head: string, piece: (i: number) => string, tail: string): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const p = piece(i);
    parts.push(p);
    size += p.length;
  }
  parts.push(tail);
  return parts.join('');
}

export const scalingInputs = {
  xmlAttributes: {
    what: 'XML: one element, many attributes (plain and with references)',
    make: (bytes: number) => grow(bytes, '<root', (i) => (i % 2 ? ` a${i}="value ${i}"` : ` b${i}="x &amp; ${i}"`), '/>'),
  },
  challengeParams: {
    what: 'WWW-Authenticate: many quoted params',
    make: (bytes: number) => grow(bytes, 'Digest realm="api"', (i) => `, p${i}="value ${i}"`, ''),
  },
  httpFileVariables: {
    what: '.http: thousands of variables, each naming the one before',
    make: (bytes: number) => grow(bytes, '', (i) => `@v${i} = {{v${Math.max(0, i - 1)}}}/x\n`, 'GET https://api.test/{{v1}}\n'),
  },
} as const;
