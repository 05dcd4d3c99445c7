/**
 * Opens a web page in the user's browser through the main process, which applies the one external-link policy
 * (https only). The page itself never navigates away; a refusal or failure is reported in a notification.
 */
import { notifications } from '@mantine/notifications';
import { call } from './bridge';
import { errorTitle } from './error-title';
import { isHttpsUrl } from './format';

/** Asks the main process to open `url`; resolves once it answered. */
export async function openExternal(url: string): Promise<void> {
  if (!isHttpsUrl(url)) {
    notifications.show({
      color: 'orange',
      title: 'This link cannot be opened',
      message: 'Only secure (https) web pages are opened from the app.',
    });
    return;
  }
  const result = await call('openExternal', { url });
  if (!result.ok)
    notifications.show({ color: 'red', title: errorTitle(result.error.code), message: result.error.message });
}
