import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import keytar from 'keytar';
import type { Page } from '@playwright/test';
import { expect, startHostProcess, test } from './fixtures';

async function fillSignIn(
  page: Page,
  values: { baseUrl: string; apiKey: string; apiSecret: string; appId: string; label?: string },
) {
  await page.getByLabel('Service address').fill(values.baseUrl);
  await page.getByLabel('API key').fill(values.apiKey);
  await page.getByLabel('API secret').fill(values.apiSecret);
  await page.getByLabel('App ID').fill(values.appId);
  if (values.label) await page.getByLabel('Label (optional)').fill(values.label);
}

test.describe('accounts and the OS keychain', () => {
  test('C1: sign in through the UI, stay signed in across a restart, sign out removes the keychain entry', async ({
    page,
    host,
    fake,
    hostConfig,
  }) => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    await fillSignIn(page, { baseUrl: fake.baseUrl, ...fake.credentials, label: 'My shop' });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-preview')).toContainText(fake.profile.profile_name ?? '');
    expect(await keytar.findCredentials(hostConfig.keychainService)).toEqual([]);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByTestId('account-switcher')).toContainText('My shop');
    const entries = await keytar.findCredentials(hostConfig.keychainService);
    expect(entries).toHaveLength(1);

    await host.stop();
    const restarted = await startHostProcess(hostConfig);
    try {
      await page.goto(restarted.url);
      await expect(page.getByTestId('account-switcher')).toContainText('My shop');
      await page.getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByTestId('profile-name')).toHaveText(fake.profile.profile_name ?? '');

      await page.getByTestId('account-switcher').click();
      await page.getByRole('menuitem', { name: /Sign out/ }).click();
      await page.getByRole('button', { name: 'Sign out and delete cached sales' }).click();
      await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible();
      expect(await keytar.findCredentials(hostConfig.keychainService)).toEqual([]);
      const settings = await readFile(join(hostConfig.dataDir, 'config.json'), 'utf8');
      expect(settings).not.toContain(fake.credentials.apiSecret);
    } finally {
      await restarted.stop();
    }
  });

  test('C2: wrong credentials are refused, the form says which step failed, nothing is stored', async ({
    page,
    host,
    fake,
    hostConfig,
  }) => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    await fillSignIn(page, { baseUrl: fake.baseUrl, ...fake.credentials, apiSecret: 'not-the-secret' });
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Signing in');
    await expect(alert).toContainText('did not accept');
    expect(await keytar.findCredentials(hostConfig.keychainService)).toEqual([]);
    await expect(page.getByLabel('API secret')).toHaveValue('');
  });
});
