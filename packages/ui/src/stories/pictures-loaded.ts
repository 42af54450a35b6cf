import { expect, waitFor } from 'storybook/test';

/**
 * For stories whose every avatar has a picture: wait until Radix has swapped each initials
 * fallback for its image (it mounts the <img> only once loaded), so screenshots never catch
 * the fallback.
 */
export async function picturesLoaded() {
  await waitFor(() => {
    expect(document.body.querySelectorAll('[data-slot="avatar-fallback"]')).toHaveLength(0);
    for (const img of document.body.querySelectorAll('img')) expect(img.complete && img.naturalWidth > 0).toBe(true);
  });
}
