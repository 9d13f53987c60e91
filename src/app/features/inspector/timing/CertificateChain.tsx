/**
 * The server's certificate chain as it was presented, leaf first: who each certificate is
 * for and from, its validity (expired or expiring soon highlighted), its names and fingerprint.
 */
import type { RelayCertificateSummary } from '../../../../core';
import { certificateValidity } from './tlsFacts';

export function CertificateChain({ chain }: { chain: readonly RelayCertificateSummary[] }) {
  return (
    <ol className="certificate-chain" aria-label="Server certificate chain">
      {chain.map((cert, i) => {
        const validity = certificateValidity(cert);
        const role = i === 0 ? 'Server certificate' : cert.ca ? 'CA certificate' : 'Certificate';
        return (
          <li key={`${cert.fingerprint256}-${i}`}>
            <table className="facts-table" aria-label={`${role} ${i + 1}`}>
              <tbody>
                <tr>
                  <th scope="row">Subject</th>
                  <td>{cert.subject || '(empty)'}</td>
                </tr>
                <tr>
                  <th scope="row">Issuer</th>
                  <td>{cert.issuer}</td>
                </tr>
                <tr>
                  <th scope="row">Valid</th>
                  <td className={validity.warning ? 'fact-warning' : undefined}>{validity.text}</td>
                </tr>
                {cert.subjectAltNames.length ? (
                  <tr>
                    <th scope="row">Names (SAN)</th>
                    <td>{cert.subjectAltNames.join(', ')}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row">SHA-256</th>
                  <td>
                    <code className="fingerprint">{cert.fingerprint256}</code>
                  </td>
                </tr>
              </tbody>
            </table>
          </li>
        );
      })}
    </ol>
  );
}
