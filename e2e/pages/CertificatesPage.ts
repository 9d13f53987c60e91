import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The sandbox's demo mTLS material, downloaded through the page's request API. */
export interface DemoClientMaterial {
  endpoint: string;
  /** The token endpoint on the mTLS listener, which answers only with an accepted certificate. */
  tokenEndpoint: string;
  cert: string;
  key: string;
  p12?: Buffer;
  p12Passphrase?: string;
  expiredCert: string;
  expiredKey: string;
}

/** The Certificates dialog opened from the header bar. */
export class CertificatesPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Certificates' });
  }

  /** Reads `/sandbox/tls/client-demo` and downloads the files it links. */
  static async demoMaterial(request: APIRequestContext, origin: string): Promise<DemoClientMaterial> {
    const demo = (await (await request.get(new URL('/sandbox/tls/client-demo', origin).href)).json()) as { running: boolean; endpoint: string; tokenEndpoint: string; files: Record<string, string>; p12Passphrase: string | null };
    expect(demo.running, 'the mTLS sandbox runs').toBe(true);
    const get = async (file: string) => {
      const response = await request.get(new URL(demo.files[file]!, origin).href);
      expect(response.status(), file).toBe(200);
      return response.body();
    };
    const text = async (file: string) => (await get(file)).toString('utf8');
    return {
      endpoint: demo.endpoint,
      tokenEndpoint: demo.tokenEndpoint,
      cert: await text('client-cert.pem'),
      key: await text('client-key.pem'),
      expiredCert: await text('expired-cert.pem'),
      expiredKey: await text('expired-key.pem'),
      ...(demo.files['client.p12'] ? { p12: await get('client.p12'), p12Passphrase: demo.p12Passphrase ?? '' } : {}),
    };
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Certificates', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save certificates' }).click();
    await expect(this.dialog).toBeHidden();
  }

  clientCertificate(name: string): Locator {
    return this.dialog.getByRole('group', { name: `Client certificate: ${name}` });
  }

  /** Adds a client certificate (PEM pair picked as files) for `hosts`; the dialog stays open. */
  async addPemCertificate(name: string, hosts: string, cert: string, key: string): Promise<Locator> {
    await this.dialog.getByRole('button', { name: 'Add client certificate' }).click();
    const entry = this.dialog.getByRole('group', { name: /^Client certificate: Client certificate \d+$/ }).last();
    await entry.getByLabel('Hosts').fill(hosts);
    await entry.getByLabel('Name').fill(name);
    const filled = this.clientCertificate(name);
    await this.pickPem(filled, cert, key);
    return filled;
  }

  caBundle(name: string): Locator {
    return this.dialog.getByRole('group', { name: `CA bundle: ${name}` });
  }

  /** Adds a CA bundle picked as a file, trusted for `hosts`; the dialog stays open. */
  async addCaBundle(name: string, hosts: string, pem: string): Promise<Locator> {
    await this.dialog.getByRole('button', { name: 'Add CA bundle' }).click();
    const entry = this.dialog.getByRole('group', { name: /^CA bundle: CA bundle \d+$/ }).last();
    await entry.getByLabel('Hosts').fill(hosts);
    await entry.getByLabel('Name').fill(name);
    const filled = this.caBundle(name);
    await filled.getByLabel('CA file').setInputFiles({ name: 'ca.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(pem) });
    await expect(filled.getByLabel('CA certificates (PEM)')).toHaveValue(pem);
    return filled;
  }

  /** Puts a PEM pair into an entry through its file picks. */
  async pickPem(entry: Locator, cert: string, key: string): Promise<void> {
    await entry.getByLabel('Certificate file').setInputFiles({ name: 'cert.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(cert) });
    await entry.getByLabel('Key file').setInputFiles({ name: 'key.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(key) });
    await expect(entry.getByLabel('Certificate (PEM)')).toHaveValue(cert);
  }

  /** Switches an entry to PKCS#12 with this file and passphrase. */
  async usePkcs12(entry: Locator, p12: Buffer, passphrase: string): Promise<void> {
    await entry.getByLabel('PKCS#12 file (.p12, .pfx)').check();
    await entry.getByLabel('PKCS#12 file', { exact: true }).setInputFiles({ name: 'client.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
    await expect(entry.getByText('Chosen: client.p12')).toBeVisible();
    await entry.getByLabel('PKCS#12 passphrase').fill(passphrase);
  }
}
