import { useId } from 'react';
import type { VaultOAuthSettings } from '../../../core';

type EndpointKey = 'authorizationEndpoint' | 'deviceAuthorizationEndpoint' | 'revocationEndpoint' | 'introspectionEndpoint' | 'userinfoEndpoint' | 'jwksUri';

const ENDPOINTS: { key: EndpointKey; label: string }[] = [
  { key: 'authorizationEndpoint', label: 'Authorization endpoint' },
  { key: 'deviceAuthorizationEndpoint', label: 'Device authorization endpoint' },
  { key: 'revocationEndpoint', label: 'Revocation endpoint' },
  { key: 'introspectionEndpoint', label: 'Introspection endpoint' },
  { key: 'userinfoEndpoint', label: 'Userinfo endpoint' },
  { key: 'jwksUri', label: 'JWKS URI' },
];

/** The provider's endpoints, filled by discovery and editable, folded away until asked for. */
export function VaultGrantEndpoints({ oauth, tokenUrl, set }: { oauth: VaultOAuthSettings; tokenUrl: string; set(patch: Partial<VaultOAuthSettings>): void }) {
  const baseId = useId();
  const filled = ENDPOINTS.filter((e) => oauth[e.key].trim() !== '').length;
  return (
    <details className="vault-wide vault-endpoints">
      <summary>
        Endpoints ({filled} of {ENDPOINTS.length} known{tokenUrl ? ', token endpoint above' : ''})
      </summary>
      <div className="vault-endpoint-grid">
        {ENDPOINTS.map(({ key, label }) => (
          <div className="vault-field" key={key}>
            <label htmlFor={`${baseId}-${key}`}>{label}</label>
            <input id={`${baseId}-${key}`} type="url" className="vault-mono" value={oauth[key]} onChange={(e) => set({ [key]: e.target.value })} />
          </div>
        ))}
      </div>
    </details>
  );
}
