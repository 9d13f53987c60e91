/**
 * The Digest scheme's descriptor (RFC 7616). Unlike the other schemes it adds no header
 * when the request is built: the answer needs the server's nonce, so the relay sends the
 * request, reads the 401 challenge and answers it (two hops). `apply` checks the form and
 * hands the credentials on, never into the wire request, so history never holds them.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { DigestCredentials } from './digest';
import { DIGEST_ALGORITHMS, digestAlgorithm } from './digestChallenge';
import type { AuthApplication, AuthSchemeDescriptor } from './authTypes';

/** The Digest form: user, password, an optional algorithm preference and the realm asked for. */
export const digestScheme: AuthSchemeDescriptor = {
  id: 'digest',
  label: 'Digest',
  summary:
    'Authorization: Digest … answering the server\'s 401 challenge with a hash of user, password, nonce and request; the relay does the two-step handshake (RFC 7616).',
  fields: [
    { name: 'username', label: 'Username', kind: 'text' },
    { name: 'password', label: 'Password', kind: 'secret', help: 'Never sent: only a hash of it, salted with the server\'s nonce.' },
    {
      name: 'algorithm',
      label: 'Algorithm',
      kind: 'select',
      default: '',
      options: [{ value: '', label: 'Strongest the server offers' }, ...DIGEST_ALGORITHMS.map((a) => ({ value: a, label: a }))],
      help: 'Used when the server offers it; otherwise the strongest offered.',
    },
    { name: 'realm', label: 'Realm', kind: 'text', help: 'From the server\'s challenge, for reference: the relay answers the realm the server asks for.' },
  ],
  apply(values): Result<AuthApplication> {
    const username = values.username ?? '';
    if (username === '') return fail({ kind: 'digest-username-empty', field: 'username', message: 'The Digest user name is empty.' });
    const written = values.algorithm ?? '';
    const algorithm = written === '' ? undefined : digestAlgorithm(written);
    if (written !== '' && !algorithm) {
      return fail({ kind: 'auth-field-invalid', field: 'algorithm', message: `"${written}" is not a Digest algorithm; choose one of ${DIGEST_ALGORITHMS.join(', ')}.` });
    }
    const digest: DigestCredentials = { username, password: values.password ?? '', ...(algorithm ? { algorithm } : {}) };
    return ok({ headers: [], digest });
  },
};
