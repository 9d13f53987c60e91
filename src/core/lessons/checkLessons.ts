/**
 * Lessons on checks and chains (issue 18): a capture takes the access token from the
 * token endpoint's answer into a run variable, marked secret, and the next request reuses
 * it; assertions check each answer, including the one no peer has, "conforms to the
 * conventions". One lesson asserts that a 401 carries its challenge (RFC 9110 §11.6.1);
 * one shows a conforms check failing and the finding it names.
 */
import type { Assertion, Capture } from '../run/types';
import type { Lesson } from './lesson';

const form = [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }];

/** The run variable the first lesson captures and the next ones use. */
export const CHECKS_TOKEN_VARIABLE = 'checks_access_token';

const lesson = (l: Omit<Lesson, 'group'>): Lesson => ({ group: 'Checks and chains', ...l });

/** Ids are fixed so the app's results and the tests can name each row; each tab gets its own copy. */
const status = (id: string, expected: number): Assertion => ({ id, kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: String(expected) });
const json = (id: string, path: string, operator: Extract<Assertion, { kind: 'compare' }>['operator'], expected?: string): Assertion => ({
  id,
  kind: 'compare',
  subject: { kind: 'jsonpath', path },
  operator,
  ...(expected !== undefined ? { expected } : {}),
});
const conforms = (id: string): Assertion => ({ id, kind: 'conforms' });

const TOKEN_CAPTURE: Capture = { id: 'lesson-capture-token', variable: CHECKS_TOKEN_VARIABLE, scope: 'run', from: { kind: 'jsonpath', path: '$.access_token' }, secret: true };

export const CHECK_LESSONS: readonly Lesson[] = [
  lesson({
    id: 'checks-capture-token',
    title: 'Capture the access token from the answer',
    convention: 'RFC 6749 §5.1; issue 18 captures',
    teaches:
      'A chain starts by signing in. Instead of copying the token by hand, a capture takes $.access_token from the answer into the run variable {{checks_access_token}}. It is marked secret: shown masked, kept in memory for this session, never saved. Assertions say what a good answer is, so a change in the server fails here, not three requests later.',
    lookAt: 'Checks in the response pane: checks_access_token ← $.access_token, masked; status == 200, $.token_type == "Bearer", $.expires_in > 0 and "conforms to the conventions", all passed. The request\u2019s own Checks tab holds the same rows to edit.',
    request: { method: 'POST', url: '/sandbox/oauth/token', headers: form, body: 'grant_type=client_credentials&client_id=wb-post&client_secret=post-secret-2c1f' },
    expectedStatus: 200,
    checks: {
      captures: [TOKEN_CAPTURE],
      assertions: [status('lesson-token-status', 200), json('lesson-token-type', '$.token_type', '==', 'Bearer'), json('lesson-token-expires', '$.expires_in', '>', '0'), conforms('lesson-token-conforms')],
    },
  }),
  lesson({
    id: 'checks-reuse-token',
    title: 'Reuse the captured token',
    convention: 'RFC 6750 §2.1',
    teaches:
      'The next request uses the captured value as {{checks_access_token}} in Authorization: Bearer. Nothing was copied: send the first lesson again and this one uses the new token. Its assertions check what the token says about the caller, not only the status.',
    lookAt: 'Authorization: Bearer eyJ… under Headers; in Checks, status == 200, $.authenticated == true and $.client_id == "wb-post" passed.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [], auth: { scheme: 'bearer', values: { token: `{{${CHECKS_TOKEN_VARIABLE}}}` } } },
    expectedStatus: 200,
    checks: {
      assertions: [status('lesson-reuse-status', 200), json('lesson-reuse-authenticated', '$.authenticated', '==', 'true'), json('lesson-reuse-client', '$.client_id', '==', 'wb-post')],
    },
  }),
  lesson({
    id: 'checks-challenge',
    title: 'Assert that a 401 carries a challenge',
    convention: 'RFC 9110 §11.6.1, §15.5.2',
    teaches:
      'A 401 must carry WWW-Authenticate with at least one challenge: it is how a client learns which credentials to send (Bearer, Basic with which realm). "status == 401" alone also passes for a server that forgot it. "header WWW-Authenticate exists" catches that; "conforms to the conventions" catches it too, and a challenge that does not parse.',
    lookAt: 'In Checks: status == 401, WWW-Authenticate exists and matches ^Bearer realm=, conforms to the conventions — all passed. The explanation under the status lists the challenge.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [] },
    expectedStatus: 401,
    checks: {
      assertions: [
        status('lesson-challenge-status', 401),
        { id: 'lesson-challenge-exists', kind: 'compare', subject: { kind: 'header', name: 'WWW-Authenticate' }, operator: 'exists' },
        { id: 'lesson-challenge-scheme', kind: 'compare', subject: { kind: 'header', name: 'WWW-Authenticate' }, operator: 'matches', expected: '^Bearer realm=' },
        conforms('lesson-challenge-conforms'),
      ],
    },
  }),
  lesson({
    id: 'checks-conforms-fails',
    title: 'A conforms check that fails, and why',
    convention: 'RFC 9110 §11.6.1; spec §5 JWT',
    teaches:
      '"conforms to the conventions" fails when the exchange\u2019s explanation has an error finding, whoever made it. /sandbox/api/jwt takes the JWT scheme; sending the captured token as Bearer gets 401, and the explanation finds the mismatch. The status check passes, conforms fails and names the finding. A 201 without Location or a 401 without a challenge fails the same way.',
    lookAt: 'In Checks: status == 401 passed; conforms failed with "1 finding against the conventions: Sent Bearer, server asks for JWT (error)".',
    request: { method: 'GET', url: '/sandbox/api/jwt', headers: [], auth: { scheme: 'bearer', values: { token: `{{${CHECKS_TOKEN_VARIABLE}}}` } } },
    expectedStatus: 401,
    checks: { assertions: [status('lesson-fails-status', 401), conforms('lesson-fails-conforms')], failsOnPurpose: ['lesson-fails-conforms'] },
  }),
];

