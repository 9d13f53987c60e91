import { QRCodeSVG } from 'qrcode.react';
import { useNow } from './useNow';
import { deviceCountdown } from './vaultGrantSettings';
import type { GrantRunView } from './vaultGrantRuns';

/**
 * The device grant's code for the person (RFC 8628 §3.3): large, with where to enter it,
 * the complete verification URI as a QR code for a phone, and the time left.
 */
export function VaultDeviceCode({ device, running }: { device: NonNullable<GrantRunView['device']>; running: boolean }) {
  const now = useNow();
  const left = deviceCountdown(device.expiresAt, now);
  return (
    <section className="vault-device" aria-label="Device sign-in">
      <div className="vault-device-text">
        <p className="vault-small">On another device, open</p>
        <a href={device.verificationUri} target="_blank" rel="noreferrer noopener" className="vault-device-link">
          {device.verificationUri}
        </a>
        <p className="vault-small">and enter the code</p>
        <output className="vault-user-code" aria-label="User code">
          {device.userCode}
        </output>
        <p className={left.expired ? 'vault-problem vault-small' : 'muted vault-small'} aria-live="off">
          {left.expired ? 'The code has expired.' : running ? `Expires in ${left.label}; Wirebench asks every ${device.intervalSeconds} s or more.` : `Expires in ${left.label}.`}
        </p>
      </div>
      {device.verificationUriComplete && (
        <figure className="vault-device-qr">
          <QRCodeSVG value={device.verificationUriComplete} size={132} marginSize={2} title="The verification address with the code filled in" />
          <figcaption className="muted vault-small">Scan to open it with the code filled in</figcaption>
        </figure>
      )}
    </section>
  );
}
