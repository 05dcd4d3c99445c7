/**
 * A2: everything is reachable by keyboard with a visible focus ring; rows of Sales and Changes open with Enter;
 * dialogs trap focus and give it back to what opened them. One signed-in page (synced twice, so Changes has rows)
 * is shared by the tests; each starts Tab from the top of the document, as after opening the window.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeOverlays, goToSection, openSharedApp, type SharedApp } from './ui-helpers';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;

/**
 * Tab stops from the top of the window to the sales table, skip link left aside, at most: measured 22 at 1280×800
 * with the backfill offer and the filter bar open (the sections one stop instead of eight), fewer at 800×600.
 */
const MOST_STOPS_TO_TABLE = 22;

/** What shows keyboard focus on an element, read from its computed style. */
interface FocusLook {
  outline: string;
  boxShadow: string;
  border: string;
  visibleRing: boolean;
}

/** The focused element's testid, role and name, to say in a failure which one it was. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${name}"`;
  });
}

/** How an element looks now: its outline, box shadow and border colour, and whether an outline or shadow shows. */
function readLook(el: Element): FocusLook {
  const style = getComputedStyle(el);
  const outline =
    style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1
      ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
      : 'none';
  return {
    outline,
    boxShadow: style.boxShadow,
    border: style.borderColor,
    visibleRing: outline !== 'none' || style.boxShadow !== 'none',
  };
}

async function focusLook(element: Locator): Promise<FocusLook> {
  return element.evaluate(readLook);
}

/** Moves focus to the top of the document, so the next Tab reaches the first tab stop. */
async function focusTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

async function showSalesTable(page: Page): Promise<void> {
  await goToSection(page, 'Sales');
  await page.getByRole('tab', { name: 'Sales' }).click();
  await expect(page.getByTestId('sale-row').first()).toBeVisible();
}

/** Presses Tab until `done` says the focused element is the one wanted; the stops passed on the way, in order. */
async function tabUntil(page: Page, done: () => Promise<boolean>, most: number): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await done()) return passed;
    passed.push(await describeFocus(page));
  }
  throw new Error(`not reached in ${most} tab stops; passed: ${passed.join(' → ')}`);
}

function isFocused(locator: Locator): () => Promise<boolean> {
  return () => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

test.describe('A2 keyboard', () => {
  let app: SharedApp;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(180_000);
    app = await openSharedApp(browser);
    page = app.page;
  });

  test.afterAll(async () => {
    await app.close();
  });

  test.beforeEach(async () => {
    test.setTimeout(120_000);
    await closeOverlays(page);
    await page.setViewportSize(SIZES[0]);
  });

  test('A2: the first tab stop is "Skip to content", shown when focused, and it moves focus to the sales table', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await showSalesTable(page);
      await focusTop(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      const box = await skip.boundingBox();
      expect(box, 'the skip link is on screen when focused').not.toBeNull();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: test.info().outputPath(`skip-link-${size.width}-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('sales-grid')).toBeFocused();
      // Out of sight again once focus moved on.
      await expect.poll(async () => (await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
    }
  });

  test('A2: on other screens the skip link moves focus to the main region', async () => {
    await goToSection(page, 'Settings');
    await focusTop(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab goes into the screen, not back to the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false)).toBe(
      true,
    );
  });

  test('A2: the sales table is reached in a few tab stops without the skip link, the sections being one stop', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await showSalesTable(page);
      await focusTop(page);
      const passed = await tabUntil(page, isFocused(page.getByTestId('sales-grid')), 60);
      test.info().annotations.push({
        type: `tab stops before the table at ${size.width}×${size.height}`,
        description: passed.join(' → '),
      });
      // The skip link, and one stop for the sections wherever they are shown.
      expect(passed[0]).toContain('Skip to content');
      expect(passed.filter((stop) => / "(Payouts|Compare|All accounts|Profile|Settings)"$/.test(stop))).toEqual([]);
      expect(passed.length - 1, passed.join(' → ')).toBeLessThanOrEqual(MOST_STOPS_TO_TABLE);
    }
  });

  test('A2: the arrow keys move between the sections and Enter opens one', async () => {
    await showSalesTable(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Sales', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Payouts', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('A2: every tab stop up to the sales table shows a focus ring, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await showSalesTable(page);
      await focusTop(page);
      const unringed: string[] = [];
      const grid = page.getByTestId('sales-grid');
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        const name = await describeFocus(page);
        const look = await focusLook(focused);
        // The same element without focus: a ring is what changes (an input's border turns to the primary colour).
        const handle = await focused.elementHandle();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const rest = handle ? await handle.evaluate(readLook) : null;
        await handle?.evaluate((el) => (el as HTMLElement).focus());
        await handle?.dispose();
        const changed =
          rest !== null &&
          (look.outline !== rest.outline || look.boxShadow !== rest.boxShadow || look.border !== rest.border);
        if (!changed) unringed.push(`${name} (${JSON.stringify(look)})`);
        if (name.startsWith('input '))
          await page.screenshot({ path: test.info().outputPath(`focus-${scheme}-${i}.png`) });
        if (await isFocused(grid)()) break;
      }
      expect(unringed, `no visible focus in the ${scheme} scheme`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('A2: sales rows are reached with the arrow keys and opened with Enter; closing the drawer returns focus to the table', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await showSalesTable(page);
      await focusTop(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const grid = page.getByTestId('sales-grid');
      await expect(grid).toBeFocused();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      const row = page.locator('[data-testid="sale-row"][aria-selected="true"]');
      await expect(row).toHaveAttribute('data-index', '1');
      const reference = (await row.getAttribute('data-reference')) ?? '?';
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('drawer-reference')).toContainText(reference);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('drawer-reference')).toHaveCount(0);
      await expect(grid).toBeFocused();
    }
  });

  test('A2: Changes rows are one tab stop, moved through with the arrow keys and opened with Enter or Space', async () => {
    await goToSection(page, 'Sales');
    await page.getByRole('tab', { name: 'Changes' }).click();
    const rows = page.getByTestId('change-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(2);
    await page.getByRole('tab', { name: 'Changes' }).focus();
    await tabUntil(page, isFocused(rows.first()), 20);
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    const second = await rows.nth(1).getAttribute('data-reference');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('drawer-reference')).toContainText(second ?? '?');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-reference')).toHaveCount(0);
    await expect(rows.nth(1)).toBeFocused();
    expect((await focusLook(rows.nth(1))).visibleRing).toBe(true);
    await page.screenshot({ path: test.info().outputPath('changes-row-focus.png') });
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(2)).toBeFocused();
    const third = await rows.nth(2).getAttribute('data-reference');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('drawer-reference')).toContainText(third ?? '?');
    await page.keyboard.press('Escape');
    await expect(rows.nth(2)).toBeFocused();
    // One tab stop: Shift+Tab leaves the rows for what is above them.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '')).not.toBe(
      'change-row',
    );
  });

  /** Opens a dialog with the keyboard from `opener`, tabs around it both ways, closes it with Escape. */
  async function trapsAndReturns(opener: Locator, dialogName: string): Promise<void> {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await expect.poll(isFocused(dialog)).toBe(true);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key);
        expect(
          await isFocused(dialog)(),
          `${key} ×${i + 1} left "${dialogName}" for ${await describeFocus(page)}`,
        ).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }

  test('A2: the saved view name dialog traps focus and returns it to its button', async () => {
    await showSalesTable(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await trapsAndReturns(nav.getByRole('button', { name: 'Save the current view' }), 'Save the current view');
  });

  test('A2: the rename dialog traps focus and returns it to its button', async () => {
    await goToSection(page, 'All accounts');
    await trapsAndReturns(page.getByRole('button', { name: `Rename ${app.accountLabel}` }), 'Rename account');
  });

  test('A2: the re-check confirmation traps focus and returns it to its button', async () => {
    await goToSection(page, 'Settings');
    await trapsAndReturns(page.getByRole('button', { name: 'Re-check all history…' }), 'Re-check all history?');
  });

  test('A2: the sale drawer traps focus', async () => {
    await showSalesTable(page);
    await page.getByTestId('sales-grid').focus();
    await page.keyboard.press('Home');
    const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('drawer-reference') });
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    // The drawer takes focus once it has opened (as the dialogs above do): only then does Tab stay inside.
    await expect.poll(isFocused(drawer)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await isFocused(drawer)(), `Tab ×${i + 1} left the drawer for ${await describeFocus(page)}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sales-grid')).toBeFocused();
  });

  test('A2: the account menu and the sign-out dialog it opens are reached by keyboard; the dialog traps focus and gives it back to the switcher', async () => {
    await showSalesTable(page);
    const switcher = page.getByTestId('account-switcher');
    await switcher.focus();
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: /Sign out/ });
    await expect(signOut).toBeVisible();
    await signOut.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await isFocused(dialog)(), `Tab ×${i + 1} left the sign-out dialog for ${await describeFocus(page)}`).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The menu item that opened it is gone: focus goes back to the account switcher.
    await expect(switcher).toBeFocused();
  });
});
