/**
 * Why the sales table keeps its own virtual list: list libraries such as @tanstack/react-virtual size one spacer
 * element to rows × row height, and Chromium caps an element's height. This lays out that spacer for 100,000, 900,000
 * and 1,000,000 rows of the table's 36 px in the Chromium the tests use, scrolls to the end, and says whether the last
 * row can be seen. The table maps long results onto a capped scroll height instead (src/renderer/src/sales/table/sales-grid.tsx).
 * Run: `npx tsx scripts/element-height-probe.ts`.
 */
import { chromium } from '@playwright/test';

const ROW_HEIGHT = 36;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const rows of [100_000, 900_000, 1_000_000]) {
    const height = rows * ROW_HEIGHT;
    await page.setContent(
      `<div id="list" style="height:500px;overflow:auto"><div style="height:${height}px;position:relative">` +
        `<div id="last" style="position:absolute;top:${height - ROW_HEIGHT}px;height:${ROW_HEIGHT}px">last row</div></div></div>`,
    );
    // A string, so this Node-typed script needs no DOM types: it runs in the page.
    const seen = (await page.evaluate(`(() => {
      const list = document.getElementById('list');
      list.scrollTop = list.scrollHeight;
      const box = list.getBoundingClientRect();
      const last = document.getElementById('last').getBoundingClientRect();
      return { scrollHeight: list.scrollHeight, lastRowVisible: last.top >= box.top && last.bottom <= box.bottom + 1 };
    })()`)) as { scrollHeight: number; lastRowVisible: boolean };
    const unreachable = Math.max(0, Math.ceil((height - seen.scrollHeight) / ROW_HEIGHT));
    console.log(
      `${rows.toLocaleString('en-US')} rows: spacer ${height.toLocaleString('en-US')} px, laid out ${seen.scrollHeight.toLocaleString('en-US')} px; ` +
        `last row ${seen.lastRowVisible ? 'visible' : `NOT visible (about ${unreachable.toLocaleString('en-US')} rows out of reach)`}`,
    );
  }
} finally {
  await browser.close();
}
