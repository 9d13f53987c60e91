import type { SigningStep } from '../../../core';
import { HelpPopover } from './HelpPopover';

/**
 * How a signature was made — for SigV4 the canonical request and the string to sign — each
 * in its own block, so it can be compared line by line with what a server says it computed.
 */
export function SigningSteps({ steps, idPrefix }: { steps: readonly SigningStep[]; idPrefix: string }) {
  return (
    <details className="signing-steps" data-testid={`${idPrefix}-signing`}>
      <summary>How it was signed</summary>
      <p className="muted small">
        Canonical request and string to sign
        <HelpPopover topic="the signature" id={`${idPrefix}-signing-help`}>
          AWS Signature V4 signs a canonical form of the request: method, path, sorted query, the signed headers in lower case with trimmed values, and the body&apos;s SHA-256. Its SHA-256 goes into the string to sign with the date and scope, which is signed with a key derived from the secret. A server that computes a different canonical request answers SignatureDoesNotMatch; compare its lines with these.
        </HelpPopover>
      </p>
      {steps.map((step) => (
        <div key={step.label}>
          <p className="muted small">{step.label}</p>
          <pre className="wire-text" tabIndex={0} aria-label={step.label}>
            {step.text}
          </pre>
        </div>
      ))}
    </details>
  );
}
