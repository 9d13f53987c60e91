/**
 * The IANA HTTP Status Code Registry (https://www.iana.org/assignments/http-status-codes)
 * as of RFC 9110, with a plain explanation and a next step for each code. Wording of the
 * error codes follows spec §7. This is data, read through `statusInfo` in `status.ts`.
 *
 * Judgement calls, kept visible here:
 * - 104 Upload Resumption Supported is a temporary IANA registration for
 *   draft-ietf-httpbis-resumable-upload; it is listed, marked `temporary`, because servers
 *   implementing the draft send it and a person seeing it needs an answer.
 * - 306 and 418 are listed as IANA lists them: reserved, reason "(Unused)". 418 keeps a
 *   note about "I'm a teapot" because that is what people will actually see.
 * - 413 and 422 carry their RFC 9110 names (Content Too Large, Unprocessable Content); the
 *   older names (Payload Too Large, Unprocessable Entity) are mentioned in the explanation.
 * - 102 stays listed under RFC 2518 as IANA does, although RFC 4918 dropped it.
 * - 510 is marked `obsoleted` (RFC 2774 moved to Historic).
 */

/** How a code stands in the IANA registry. */
export type StatusRegistration = 'permanent' | 'temporary' | 'obsoleted' | 'unused';

/** One row of the registry with our explanation. */
export interface StatusRegistryEntry {
  code: number;
  /** The IANA reason phrase. */
  reason: string;
  registration: StatusRegistration;
  /** Where it is defined, e.g. `RFC 9110 §15.5.2`. */
  reference: string;
  /** Set only where the reference is not an RFC section (drafts). */
  referenceUrl?: string;
  explanation: string;
  nextStep: string;
}

const entry = (
  code: number,
  reason: string,
  reference: string,
  explanation: string,
  nextStep: string,
  registration: StatusRegistration = 'permanent',
  referenceUrl?: string,
): StatusRegistryEntry =>
  referenceUrl === undefined
    ? { code, reason, registration, reference, explanation, nextStep }
    : { code, reason, registration, reference, referenceUrl, explanation, nextStep };

const REDIRECT_FOLLOW = 'Follow the Location header if you want the resource.';

/** Every code in the IANA registry, in numeric order. */
export const STATUS_REGISTRY: readonly StatusRegistryEntry[] = [
  // 1xx — informational, interim responses before the final one.
  entry(100, 'Continue', 'RFC 9110 §15.2.1',
    'The server has received the request headers and the client may send the body. It answers a request sent with "Expect: 100-continue".',
    'Send the request content; the final status comes after it.'),
  entry(101, 'Switching Protocols', 'RFC 9110 §15.2.2',
    'The server agrees to switch to the protocol named in its Upgrade header (for example WebSocket) on this connection.',
    'Continue in the new protocol; HTTP semantics end on this connection.'),
  entry(102, 'Processing', 'RFC 2518 §10.1',
    'WebDAV interim response: the server has accepted the request and is still working on it, so the client should not time out yet. RFC 4918 no longer defines it, but it stays registered.',
    'Keep waiting for the final response.'),
  entry(103, 'Early Hints', 'RFC 8297',
    'An interim response carrying headers (usually Link preload hints) the final response is likely to have, sent while the server prepares that final response.',
    'Optionally start preloading the hinted resources; wait for the final response.'),
  entry(104, 'Upload Resumption Supported', 'draft-ietf-httpbis-resumable-upload',
    'An interim response telling the client that the server supports resumable uploads for this request and where to resume (Location). Temporary IANA registration for an Internet-Draft; the draft may still change.',
    'Remember the upload resource from Location so an interrupted upload can resume there.',
    'temporary', 'https://datatracker.ietf.org/doc/draft-ietf-httpbis-resumable-upload/'),

  // 2xx — success.
  entry(200, 'OK', 'RFC 9110 §15.3.1',
    'The request succeeded. What the content means depends on the method: the resource for GET, the result of the action for POST.',
    'Use the response.'),
  entry(201, 'Created', 'RFC 9110 §15.3.2',
    'The request succeeded and created one or more resources. The primary one is identified by the Location header, or by the request URI if there is none.',
    'Read the new resource\u2019s address from Location; do not repeat the request, or you may create a duplicate.'),
  entry(202, 'Accepted', 'RFC 9110 §15.3.3',
    'The request was accepted for processing but the processing has not finished and may still fail. Nothing in HTTP reports the outcome later.',
    'Check the status resource the response points to (often via Location or the body) rather than resending.'),
  entry(203, 'Non-Authoritative Information', 'RFC 9110 §15.3.4',
    'Success, but a transforming proxy modified the content the origin server sent.',
    'Use the response, aware an intermediary changed it.'),
  entry(204, 'No Content', 'RFC 9110 §15.3.5',
    'The request succeeded and there is deliberately no content to send back (common after PUT or DELETE).',
    'Nothing to read; treat the action as done.'),
  entry(205, 'Reset Content', 'RFC 9110 §15.3.6',
    'The request succeeded and the client should reset the form or view that sent it, for new input.',
    'Clear the input that produced this request.'),
  entry(206, 'Partial Content', 'RFC 9110 §15.3.7',
    'The server sends only the range(s) requested with a Range header; Content-Range says which part this is.',
    'Combine the part with the others you have, guided by Content-Range.'),
  entry(207, 'Multi-Status', 'RFC 4918 §11.1',
    'WebDAV: the body is a multistatus XML document with a separate status for each of several resources; the 207 itself says nothing about success.',
    'Read the status of each resource in the body.'),
  entry(208, 'Already Reported', 'RFC 5842 §7.1',
    'WebDAV binding: used inside a 207 body to say the members of this collection were already listed earlier in the same response.',
    'Skip the repeated members.'),
  entry(226, 'IM Used', 'RFC 3229 §10.4.1',
    'Delta encoding: the content is the result of instance manipulations (for example a delta) applied to the current instance, as named in the IM header.',
    'Apply the manipulation to your cached instance.'),

  // 3xx — redirection.
  entry(300, 'Multiple Choices', 'RFC 9110 §15.4.1',
    'The resource has several representations and the server will not pick one; the content usually lists them and Location may name a preferred one.',
    'Choose one of the listed representations, or follow Location for the server\u2019s preference.'),
  entry(301, 'Moved Permanently', 'RFC 9110 §15.4.2',
    'The resource has a new permanent URI, given in Location. For historical reasons user agents may change a POST into a GET when following it.',
    `${REDIRECT_FOLLOW} Update stored links to the new URI; use 308 on the server side if the method must be kept.`),
  entry(302, 'Found', 'RFC 9110 §15.4.3',
    'The resource is temporarily at the URI in Location. For historical reasons user agents may change a POST into a GET when following it.',
    `${REDIRECT_FOLLOW} Keep using the original URI for future requests.`),
  entry(303, 'See Other', 'RFC 9110 §15.4.4',
    'The server points to another resource (Location) that holds the result of the request, to be retrieved with GET — the usual answer after a POST.',
    'Send a GET to Location, without the original body.'),
  entry(304, 'Not Modified', 'RFC 9110 §15.4.5',
    'A conditional GET or HEAD (If-None-Match, If-Modified-Since) found the resource unchanged, so there is no content: the cached copy is still valid.',
    'Use your cached copy, updated with the headers of this response.'),
  entry(305, 'Use Proxy', 'RFC 9110 §15.4.6',
    'Deprecated: it asked the client to repeat the request through the proxy in Location, which is a security risk and ignored by clients.',
    'Do not follow it; treat it as a server misconfiguration.'),
  entry(306, '(Unused)', 'RFC 9110 §15.4.7',
    'Reserved: it was used in an earlier draft ("Switch Proxy") and is no longer used.',
    'Treat it as 300 Multiple Choices; report it to the server owner.', 'unused'),
  entry(307, 'Temporary Redirect', 'RFC 9110 §15.4.8',
    'The resource is temporarily at the URI in Location, and the request must be repeated there with the same method and body.',
    `${REDIRECT_FOLLOW} Repeat the same method and body there; keep the original URI for later.`),
  entry(308, 'Permanent Redirect', 'RFC 9110 §15.4.9',
    'The resource has a new permanent URI in Location, and the request must be repeated there with the same method and body.',
    `${REDIRECT_FOLLOW} Repeat the same method and body there and update stored links.`),

  // 4xx — client errors.
  entry(400, 'Bad Request', 'RFC 9110 §15.5.1',
    'The generic client error when no more specific 4xx applies: malformed syntax, a representation in the right format that makes no sense, or an invalid input value (for example a badly formatted date or an unparsable XML body).',
    'Fix the request — check the body\u2019s syntax and each input value against what the API expects — then send it again.'),
  entry(401, 'Unauthorized', 'RFC 9110 §15.5.2',
    'The protected resource was requested without proper credentials, or with wrong ones; it is also the default answer when bearer-token validation does not succeed. The WWW-Authenticate header tells the client which credentials to send.',
    'Read WWW-Authenticate, then send (or renew) credentials for the scheme it asks for.'),
  entry(402, 'Payment Required', 'RFC 9110 §15.5.3',
    'Reserved for future use; some APIs use it for an exhausted plan or quota, with their own meaning.',
    'Read the body for the API\u2019s own explanation.'),
  entry(403, 'Forbidden', 'RFC 9110 §15.5.4',
    'The server understood the request and refuses it: the caller is authenticated (or authentication would not help) but is not allowed to access this resource. Authorization follows authentication, and this is authorization failing.',
    'Do not retry with the same credentials; use an identity with the needed permission, role or scope.'),
  entry(404, 'Not Found', 'RFC 9110 §15.5.5',
    'No current representation exists for the target URI, or the server will not say that one exists (some APIs answer 404 instead of 403 to hide a resource).',
    'Check the URL: path, identifiers and base URL.'),
  entry(405, 'Method Not Allowed', 'RFC 9110 §15.5.6',
    'The resource exists but does not support this method; the server must list the methods it does support in an Allow header.',
    'Use one of the methods listed in Allow.'),
  entry(406, 'Not Acceptable', 'RFC 9110 §15.5.7',
    'The server has no representation matching the Accept, Accept-Language or Accept-Encoding headers of the request.',
    'Relax the Accept headers (for example Accept: */*) or ask for a format the API offers.'),
  entry(407, 'Proxy Authentication Required', 'RFC 9110 §15.5.8',
    'Like 401, but for a proxy between you and the server: the proxy asks for credentials in Proxy-Authenticate.',
    'Send Proxy-Authorization with credentials for the scheme the proxy asks for.'),
  entry(408, 'Request Timeout', 'RFC 9110 §15.5.9',
    'The server did not receive a complete request in the time it was prepared to wait, and closes the connection.',
    'Send the request again; it is safe to repeat because the server did not act on it.'),
  entry(409, 'Conflict', 'RFC 9110 §15.5.10',
    'The request conflicts with the current state of the resource, for example an edit against an outdated version or a duplicate key.',
    'Fetch the current state, resolve the conflict, and resend.'),
  entry(410, 'Gone', 'RFC 9110 §15.5.11',
    'The resource existed and has been removed on purpose, and this is expected to be permanent.',
    'Remove links and references to it; do not retry.'),
  entry(411, 'Length Required', 'RFC 9110 §15.5.12',
    'The server refuses a request without a Content-Length header.',
    'Send the body with a Content-Length instead of chunked encoding.'),
  entry(412, 'Precondition Failed', 'RFC 9110 §15.5.13',
    'A condition in the request headers (If-Match, If-Unmodified-Since, …) evaluated to false, so the method was not applied — typically someone else changed the resource.',
    'Fetch the current version (and its ETag), re-apply your change, and resend.'),
  entry(413, 'Content Too Large', 'RFC 9110 §15.5.14',
    'The request content is larger than the server is willing or able to process (formerly "Payload Too Large").',
    'Send less: compress, split, or upload in parts; Retry-After may say when to try again if the limit is temporary.'),
  entry(414, 'URI Too Long', 'RFC 9110 §15.5.15',
    'The target URI is longer than the server is willing to interpret — often a query string that should have been a POST body.',
    'Move large input out of the URL into a request body.'),
  entry(415, 'Unsupported Media Type', 'RFC 9110 §15.5.16',
    'The server refuses the request because the format of the content (its Content-Type or Content-Encoding) is not supported for this method and resource. It is about the media type, not the syntax (400) or the meaning (422) of the content.',
    'Send the body in a format the server accepts — check Content-Type, and the Accept or Accept-Patch header of this response.'),
  entry(416, 'Range Not Satisfiable', 'RFC 9110 §15.5.17',
    'None of the ranges in the Range header overlap the current extent of the resource; Content-Range gives its actual size.',
    'Ask for a range within the size given in Content-Range, or drop the Range header.'),
  entry(417, 'Expectation Failed', 'RFC 9110 §15.5.18',
    'The expectation in the Expect header (usually 100-continue) could not be met by at least one server on the way.',
    'Resend without the Expect header.'),
  entry(418, '(Unused)', 'RFC 9110 §15.5.19',
    'Reserved: RFC 2324 (an April Fools\u2019 joke) defined it as "I\'m a teapot", and because many servers still send it, RFC 9110 reserves it instead of assigning it. It has no standard meaning.',
    'Read the body for what this server means by it; treat it as a generic 400.', 'unused'),
  entry(421, 'Misdirected Request', 'RFC 9110 §15.5.20',
    'The request reached a server that cannot answer for this scheme and host, often because a reused connection (HTTP/2 coalescing) belongs to another host.',
    'Retry over a new connection; it is safe because the server did not act on it.'),
  entry(422, 'Unprocessable Content', 'RFC 9110 §15.5.21',
    'The content type and syntax of the body are correct, but its contents cannot be processed because of semantic errors (for example well-formed but erroneous XML instructions, or a JSON field with an impossible value). It differs from 400, where the syntax itself is wrong. Formerly "Unprocessable Entity".',
    'Fix the values the response body names; the format itself is fine.'),
  entry(423, 'Locked', 'RFC 4918 §11.3',
    'WebDAV: the resource is locked and this request did not present the lock token.',
    'Wait for the lock to be released or send the lock token (If header).'),
  entry(424, 'Failed Dependency', 'RFC 4918 §11.4',
    'WebDAV: the method could not be performed because another action it depended on failed.',
    'Fix the failed action first; the response usually says which.'),
  entry(425, 'Too Early', 'RFC 8470 §5.2',
    'The server will not process a request sent in TLS early data (0-RTT), because a replay could repeat its effect.',
    'Send it again after the TLS handshake completes.'),
  entry(426, 'Upgrade Required', 'RFC 9110 §15.5.22',
    'The server refuses the request over the current protocol; its Upgrade header names the protocol to switch to.',
    'Switch to the protocol named in Upgrade (for example TLS or a newer HTTP version).'),
  entry(428, 'Precondition Required', 'RFC 6585 §3',
    'The server requires a conditional request (If-Match) so that two clients cannot overwrite each other\u2019s changes.',
    'Fetch the resource, then resend with If-Match set to its ETag.'),
  entry(429, 'Too Many Requests', 'RFC 6585 §4',
    'The client sent too many requests in a given time (rate limiting). A Retry-After header may say how long to wait.',
    'Wait — for the Retry-After time if given, otherwise back off exponentially — then retry.'),
  entry(431, 'Request Header Fields Too Large', 'RFC 6585 §5',
    'The server refuses the request because one header, or all of them together, is too large — often an oversized cookie or token.',
    'Shorten or remove large headers (cookies, tokens) and resend.'),
  entry(451, 'Unavailable For Legal Reasons', 'RFC 7725 §3',
    'The server denies access to the resource because of a legal demand (for example a court order or censorship).',
    'Nothing to fix in the request; a Link header with rel="blocked-by" may say who required it.'),

  // 5xx — server errors: returned to the client, never hidden.
  entry(500, 'Internal Server Error', 'RFC 9110 §15.6.1',
    'A server-side fault (for example a programming error or an unavailable dependency) kept the server from fulfilling the request. It is not the client\u2019s fault.',
    'Report it with the request details; retry only if the method is idempotent.'),
  entry(501, 'Not Implemented', 'RFC 9110 §15.6.2',
    'The server does not support the functionality needed, typically because it does not recognise the request method at all.',
    'Use a method the server supports; a different request is needed, not a retry.'),
  entry(502, 'Bad Gateway', 'RFC 9110 §15.6.3',
    'A gateway or proxy got an invalid response from the upstream server it called.',
    'Retry later if the method is idempotent; the fault is upstream of the gateway.'),
  entry(503, 'Service Unavailable', 'RFC 9110 §15.6.4',
    'The server cannot handle the request right now, due to overload or maintenance; it is expected to recover. A Retry-After header may say when.',
    'Wait — for the Retry-After time if given — then retry.'),
  entry(504, 'Gateway Timeout', 'RFC 9110 §15.6.5',
    'A gateway or proxy did not get a timely response from the upstream server. The upstream may still have acted on the request.',
    'Retry only if the method is idempotent; for POST, check whether the action happened first.'),
  entry(505, 'HTTP Version Not Supported', 'RFC 9110 §15.6.6',
    'The server does not support the major HTTP version of the request.',
    'Send the request with a version the server supports (usually HTTP/1.1).'),
  entry(506, 'Variant Also Negotiates', 'RFC 2295 §8.1',
    'Transparent content negotiation is misconfigured on the server: the chosen variant negotiates again, forming a loop.',
    'Report it to the server owner; nothing to change in the request.'),
  entry(507, 'Insufficient Storage', 'RFC 4918 §11.5',
    'The server cannot store the representation needed to complete the request — it is out of space for what the request asks it to keep.',
    'Retry later, or send less data; report it if it persists.'),
  entry(508, 'Loop Detected', 'RFC 5842 §7.2',
    'WebDAV: the server found an infinite loop while processing a request with Depth: infinity.',
    'Report it to the server owner; avoid Depth: infinity on this collection.'),
  entry(510, 'Not Extended', 'RFC 2774 §7',
    'The request did not meet the policy of an HTTP Extension Framework extension. RFC 2774 is Historic, so the code is obsolete.',
    'Read the body for what the server requires.', 'obsoleted'),
  entry(511, 'Network Authentication Required', 'RFC 6585 §6',
    'A network in between (typically a captive portal on public Wi-Fi) requires you to authenticate to it before any request gets through; the answer did not come from the server you addressed.',
    'Log in to the network (open the portal page), then resend.'),
];
