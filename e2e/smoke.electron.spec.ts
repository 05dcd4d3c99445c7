import { _electron as electron, expect, test } from '@playwright/test';
import { ELECTRON_MISSING_MESSAGE, electronBinaryPath } from './electron-binary';

const binary = electronBinaryPath();

test.describe('Electron app smoke', () => {
  test.skip(binary === null, ELECTRON_MISSING_MESSAGE);

  test('opens, explores demo data, shows the profile and sales', async () => {
    const app = await electron.launch({ executablePath: binary ?? undefined, args: ['out/main/index.js'] });
    const window = await app.firstWindow();
    const bridgeKeys = await window.evaluate(() =>
      Object.keys((window as unknown as { commissionDesk: object }).commissionDesk).sort(),
    );
    expect(bridgeKeys.length).toBeGreaterThan(0);
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    await window.getByRole('button', { name: 'Explore demo data' }).click();
    await window.getByRole('link', { name: 'Profile' }).click();
    await expect(window.getByTestId('profile-name')).toBeVisible();
    await window.getByRole('link', { name: 'Sales' }).click();
    await expect(window.getByTestId('sale-row').first()).toBeVisible();
    await app.close();
  });
});
