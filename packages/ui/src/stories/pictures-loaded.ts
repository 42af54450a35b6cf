import { expect, waitFor } from 'storybook/test';

/**
 * For stories whose every avatar has a picture: wait until each picture has loaded (and none has
 * given way to its initials), so screenshots never catch a picture half there.
 */
export async function picturesLoaded() {
  await waitFor(() => {
    expect(document.body.querySelectorAll('[data-slot="avatar-fallback"]')).toHaveLength(0);
    for (const img of document.body.querySelectorAll('img')) expect(img.complete && img.naturalWidth > 0).toBe(true);
  });
}
