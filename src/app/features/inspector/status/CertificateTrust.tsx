/**
 * On a TLS failure: the certificate's fingerprint, compared with the sandbox's own when
 * the target is the HTTPS sandbox, and a button to trust it for this target only.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { certificateTarget, trustCertificate } from '../../../base/relay/trustedCertificates';

interface SandboxTls {
  https: boolean;
  origin?: string;
  fingerprint256?: string;
}

export function CertificateTrust({ url, fingerprint }: { url: string; fingerprint: string }) {
  const [trusted, setTrusted] = useState(false);
  const target = certificateTarget(url);
  const sandbox = useQuery({
    queryKey: ['sandbox-tls'],
    queryFn: async (): Promise<SandboxTls> => (await fetch('/sandbox/tls')).json() as Promise<SandboxTls>,
    staleTime: 60_000,
  });
  if (!target) return null;
  const isSandbox = sandbox.data?.origin !== undefined && url.startsWith(sandbox.data.origin);
  const matches = isSandbox && sandbox.data?.fingerprint256 === fingerprint;
  return (
    <div className="certificate-trust" data-testid="certificate-trust">
      <p>
        Certificate SHA-256 fingerprint of <code>{target}</code>:
      </p>
      <p>
        <code className="fingerprint">{fingerprint}</code>
      </p>
      {isSandbox ? (
        <p className={matches ? 'ok-note' : 'warn-note'}>
          {matches
            ? 'This is the certificate the Wirebench sandbox made at first start (the server printed the same fingerprint).'
            : 'This does NOT match the certificate of the Wirebench sandbox. Do not trust it.'}
        </p>
      ) : (
        <p className="muted">Compare it with the fingerprint the server's owner gives you before trusting it.</p>
      )}
      {trusted ? (
        <p role="status">Trusted for {target}. Send again.</p>
      ) : (
        <button
          type="button"
          onClick={() => {
            trustCertificate(url, fingerprint);
            setTrusted(true);
          }}
        >
          Trust this certificate for {target}
        </button>
      )}
    </div>
  );
}
