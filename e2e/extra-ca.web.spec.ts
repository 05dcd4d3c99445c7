/**
 * An untrusted certificate, met as a new user meets it: the host here does NOT trust the fake service's CA, as on a
 * network whose proxy re-signs secure connections. Sign-in fails with the certificate error, which opens the form's
 * own "Trust an extra certificate (PEM)"; text that is not PEM and a certificate that is not a CA are refused with a
 * plain reason; the CA's file lets sign-in through. Settings → Network then shows what is trusted, and removing it
 * makes the next request fail again until it is trusted again.
 */
import { X509Certificate } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { EXTRA_CA_CLI_OPTION, EXTRA_CA_OPTION, EXTRA_CA_PLACE } from '../src/shared/extra-ca-setting';
import { sharedTestCertificates } from './fake-service/certificates';
import { expect, test as trusting, type HostConfig } from './fixtures';
import { screenshotPath } from './screenshot-path';
import { waitForSyncIdle } from './ui-helpers';

/** The same fixtures, with a host that trusts only the system's certificates. */
const test = trusting.extend<{ hostConfig: HostConfig }>({
  hostConfig: async ({ hostConfig }, use) => {
    const untrusted: HostConfig = { ...hostConfig };
    delete untrusted.caFile;
    await use(untrusted);
  },
});

const NOT_A_CERTIFICATE = 'MIIB this is not a certificate';

const LOOKS = [
  { width: 1280, height: 800, theme: 'light' },
  { width: 1280, height: 800, theme: 'dark' },
  { width: 800, height: 600, theme: 'light' },
  { width: 800, height: 600, theme: 'dark' },
] as const;

async function shoot(page: Page, name: string, look: (typeof LOOKS)[number]): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: screenshotPath(`${name}-${look.theme}-${look.width}.png`) });
}

/** Serious and critical axe findings inside `selector`, as "rule: target" lines. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

async function setLook(page: Page, look: (typeof LOOKS)[number]): Promise<void> {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.emulateMedia({ colorScheme: look.theme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', look.theme);
}

async function fillSignIn(
  page: Page,
  fake: { baseUrl: string; credentials: { apiKey: string; appId: string } },
  label: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Connect your account' }).click();
  await page.getByLabel('Service address').fill(fake.baseUrl);
  await page.getByLabel('API key').fill(fake.credentials.apiKey);
  await page.getByLabel('App ID').fill(fake.credentials.appId);
  await page.getByLabel('Label (optional)').fill(label);
}

async function retypeSecretAndSave(page: Page, secret: string): Promise<void> {
  await page.getByLabel('API secret').fill(secret);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
}

test.describe('an extra CA certificate', () => {
  test('N1: sign-in fails on an untrusted certificate, the CA added on the form lets it through, and removing it in Settings makes the next request fail', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(120_000);
    const { certPem: serverOnlyPem } = await sharedTestCertificates();
    const fingerprint = new X509Certificate(fake.caPem).fingerprint256;

    await page.goto(host.url);
    await fillSignIn(page, fake, 'Behind a proxy');
    await retypeSecretAndSave(page, fake.credentials.apiSecret);

    // The certificate error names the option, and on the sign-in form the option is right there.
    const failure = page.getByTestId('sign-in-error');
    await expect(failure).toHaveAttribute('data-error-code', 'TLS_FAILURE');
    await expect(failure).toContainText(`${EXTRA_CA_PLACE} → “${EXTRA_CA_OPTION}”`);
    await expect(failure).toContainText(EXTRA_CA_CLI_OPTION);
    await failure.getByRole('button', { name: `${EXTRA_CA_OPTION}…` }).click();
    const pemBox = page.getByRole('textbox', { name: 'Certificate (PEM)' });
    await expect(pemBox).toBeFocused();
    await expect(page.getByText('Only trust a certificate you were given on purpose')).toBeVisible();

    // Not PEM at all: refused on the form, before anything is sent.
    await pemBox.fill(NOT_A_CERTIFICATE);
    await retypeSecretAndSave(page, fake.credentials.apiSecret);
    await expect(page.getByText('This is not a PEM certificate')).toBeVisible();

    // PEM, but the server's own certificate rather than a CA: the main process says why.
    await pemBox.fill(serverOnlyPem);
    await retypeSecretAndSave(page, fake.credentials.apiSecret);
    await expect(failure).toHaveAttribute('data-error-code', 'INVALID_INPUT');
    await expect(failure).toContainText('is not a CA certificate');

    // The CA's file, chosen: its text shows in the box, and sign-in goes through.
    await page.locator('input[type="file"]').setInputFiles(fake.caPemPath);
    await expect(pemBox).toHaveValue(/-----BEGIN CERTIFICATE-----/);
    await retypeSecretAndSave(page, fake.credentials.apiSecret);
    await expect(page.getByTestId('account-switcher')).toContainText('Behind a proxy');
    await waitForSyncIdle(page);
    await expect(page.getByTestId('sync-control')).toHaveAttribute('data-sync-error', '');

    // Settings → Network shows what this account trusts.
    await page.getByRole('link', { name: 'Settings' }).click();
    const network = page.getByTestId('settings-network');
    await expect(network.getByTestId('extra-ca-certificate')).toContainText('Commission Desk Test CA');
    await expect(network.getByTestId('extra-ca-fingerprint')).toHaveText(fingerprint);

    // Removed: the next request fails on the certificate again.
    await network.getByRole('button', { name: 'Stop trusting it' }).click();
    await expect(network.getByTestId('extra-ca-none')).toBeVisible();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(page.getByTestId('sync-control')).toHaveAttribute('data-sync-error', 'TLS_FAILURE', {
      timeout: 30_000,
    });

    // Trusted again from Settings, after a refusal with a plain reason.
    await network.getByRole('button', { name: `${EXTRA_CA_OPTION}…` }).click();
    const settingsBox = network.getByRole('textbox', { name: 'Certificate (PEM)' });
    await settingsBox.fill(serverOnlyPem);
    await network.getByRole('button', { name: 'Trust this certificate' }).click();
    await expect(network).toContainText('The extra CA certificate cannot be used');
    await expect(network).toContainText('is not a CA certificate');
    await settingsBox.fill(NOT_A_CERTIFICATE);
    await network.getByRole('button', { name: 'Trust this certificate' }).click();
    await expect(network).toContainText('This is not a PEM certificate');
    await settingsBox.fill(fake.caPem);
    await network.getByRole('button', { name: 'Trust this certificate' }).click();
    await expect(network.getByTestId('extra-ca-fingerprint')).toHaveText(fingerprint);
    const before = new Date().toISOString();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    // The failure of the sync before stays on show until this one gets through.
    await expect(page.getByTestId('sync-control')).toHaveAttribute('data-sync-error', '', { timeout: 30_000 });
    await waitForSyncIdle(page, { after: before });
  });

  test('pictures of the certificate error on sign-in and of Settings → Network, light and dark, at both sizes', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(120_000);
    await page.goto(host.url);
    await fillSignIn(page, fake, 'Behind a proxy');
    await retypeSecretAndSave(page, fake.credentials.apiSecret);
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error-code', 'TLS_FAILURE');
    for (const look of LOOKS) {
      await setLook(page, look);
      await page.getByTestId('sign-in-error').scrollIntoViewIfNeeded();
      await shoot(page, 'certificate-error', look);
      expect(await axeFindings(page, 'main'), `axe on the certificate error, ${look.theme} ${look.width}`).toEqual([]);
    }

    await page
      .getByTestId('sign-in-error')
      .getByRole('button', { name: `${EXTRA_CA_OPTION}…` })
      .click();
    await page.locator('input[type="file"]').setInputFiles(fake.caPemPath);
    for (const look of LOOKS) {
      await setLook(page, look);
      await page.getByTestId('sign-in-extra-ca').evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shoot(page, 'sign-in-certificate', look);
      expect(
        await axeFindings(page, 'main'),
        `axe on the sign-in certificate option, ${look.theme} ${look.width}`,
      ).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await retypeSecretAndSave(page, fake.credentials.apiSecret);
    await expect(page.getByTestId('account-switcher')).toContainText('Behind a proxy');
    await waitForSyncIdle(page);
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await page.getByRole('link', { name: 'Settings' }).click();
    const network = page.getByTestId('settings-network');
    await network.getByRole('button', { name: 'Replace the certificate…' }).click();
    for (const look of LOOKS) {
      await setLook(page, look);
      // Just under the sticky header, so the card's title shows.
      await network.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72),
      );
      await shoot(page, 'settings-network', look);
      expect(
        await axeFindings(page, '[data-testid="settings-network"]'),
        `axe on Settings → Network, ${look.theme} ${look.width}`,
      ).toEqual([]);
    }
  });
});
