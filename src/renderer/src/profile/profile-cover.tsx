/**
 * The banner at the top of the profile. Only HTTPS images are loaded (the page's content policy
 * and the service's data both argue for it); anything else, or an image that fails, becomes a
 * soft gradient so the layout never shows a broken image.
 */
import { Box, Image } from '@mantine/core';
import { useState } from 'react';
import { isLoadableImageUrl } from '../common/format';

const COVER_HEIGHT = 150;
const PLACEHOLDER = 'linear-gradient(120deg, var(--mantine-color-indigo-light), var(--mantine-color-teal-light))';

/** Props of {@link ProfileCover}. */
export interface ProfileCoverProps {
  url: string | null;
}

/** The cover image, or a gradient placeholder. */
export function ProfileCover({ url }: ProfileCoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!isLoadableImageUrl(url) || failedUrl === url) {
    return <Box h={COVER_HEIGHT} style={{ background: PLACEHOLDER }} data-testid="profile-cover-placeholder" />;
  }
  return (
    <Image
      src={url}
      alt=""
      h={COVER_HEIGHT}
      fit="cover"
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(url)}
      data-testid="profile-cover"
    />
  );
}
