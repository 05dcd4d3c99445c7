/**
 * Renderer entry point: styles, Mantine provider (following the OS light/dark setting until the
 * saved theme is read), notifications, the preferences kept by the main process, and the root component.
 */
import './start';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import './focus-ring.css';
import './status-colors.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { PreferencesProvider } from './common/preferences-context';
import { startAnswersArrived } from './common/start-requests';
import { prefetchFirstRows } from './sales/view';
import { useFirstPaintDone, useNotePaint } from './common/first-paint';
import { cssVariablesResolver, theme } from './theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The longest the first render waits for the start answers; past it, the "starting" screen shows while they come. */
const START_WAIT_MS = 1_000;
/**
 * How long, once those arrived, the first render waits for the table's first window. Drawn with it, the first screen
 * is drawn once; when it takes longer (a cache whose browse index is still being read or built), drawing the screen
 * meanwhile and the rows after is sooner, as the screen takes a few hundred milliseconds to draw on a slow machine.
 */
const FIRST_ROWS_WAIT_MS = 80;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The notifications' container, set up once the first frame is painted (see first-paint.ts); a notification shown
 * before that waits in Mantine's store and appears with it.
 */
function NotificationsAfterPaint() {
  useNotePaint();
  // Bottom left and narrow: the amounts are in the table's right half, so at 800×600 no notice lies over them. One
  // notice per kind (notify.ts) keeps the stack short; past three, the rest wait in Mantine's queue.
  return useFirstPaintDone() ? <Notifications position="bottom-left" containerWidth={300} limit={3} /> : null;
}

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <NotificationsAfterPaint />
        <PreferencesProvider>
          <App />
        </PreferencesProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

const firstRows = prefetchFirstRows();
const answered = startAnswersArrived().then(() => Promise.race([firstRows, delay(FIRST_ROWS_WAIT_MS)]));
void Promise.race([answered, delay(START_WAIT_MS)]).then(() => render(container));
