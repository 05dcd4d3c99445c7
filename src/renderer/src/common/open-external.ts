/**
 * Opens a web page in the user's browser through the main process, which applies the one external-link policy
 * (https only). The page itself never navigates away; a refusal or failure is reported in a notification.
 */
import { call } from './bridge';
import { isHttpsUrl } from './format';
import { notify, notifyError } from './notify';

/** Asks the main process to open `url`; resolves once it answered. */
export async function openExternal(url: string): Promise<void> {
  if (!isHttpsUrl(url)) {
    notify({
      kind: 'link',
      tone: 'warning',
      title: 'This link cannot be opened',
      message: 'Only secure (https) web pages are opened from the app.',
    });
    return;
  }
  const result = await call('openExternal', { url });
  if (!result.ok) notifyError('link', result.error);
}
