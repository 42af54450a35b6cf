import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, newPerson } from './people.ts';

// The data export (issue 19): Edit Profile's "Download my data" hands the browser a zip of the
// person's data, which is opened here as a person's unzip would and checked against what they
// did: a post with a photo (the same bytes the site serves), a comment, a follow, a community.

/** Every file of a zip by name (yauzl checks each entry's CRC as it reads). */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

test('"Download my data" on Edit Profile saves a zip of the person\'s post and photo, comment, follow and community', async ({ page, request, playwright }) => {
  // Two people set up through the API, a login, the export and its unzip.
  test.setTimeout(60_000);
  await withAxe(page);
  const nora = await createAccount(request, newPerson('Nora'));
  const ivan = await createAccount(request, newPerson('Ivan'));
  const other = await apiSession(playwright, ivan);
  const ivansPost = await other.createPost('Rally stage recce', 'Gravel notes for Saturday.');
  await other.dispose();
  const me = await apiSession(playwright, nora);
  const club = await me.createCommunity(`Hillclimb ${nora.username.slice(-8)}`, 'Short runs, steep hills.');
  const postId = await me.createPost('First hillclimb', 'Two runs, no cones hit.', club);
  await me.comment(ivansPost, 'See you at the start line');
  await me.toggleFollow(ivan.username);
  const post = (await (await me.request.get(`/api/posts/${postId}`)).json()) as { imageUrls: string[] };
  const served = await (await me.request.get(post.imageUrls[0]!)).body();
  await me.dispose();

  await logIn(page, nora);
  await page.goto('/profile/edit');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByText(/Download a copy of your profile, posts with their photos/)).toBeVisible();
  await axe(page, 'the Your data section');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pitlane-${nora.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
  await expect(section.getByRole('status')).toHaveText('Your data has been downloaded.');

  const files = await unzip(await readFile(await download.path()));
  const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8')) as unknown;
  expect(files.has('README.txt')).toBe(true);
  expect(json('profile.json')).toMatchObject({ username: nora.username, email: nora.email, fullName: nora.fullName });
  const posts = json('posts.json') as Array<{ id: string; title: string; community: { name: string }; images: Array<{ file: string }> }>;
  expect(posts).toMatchObject([{ id: postId, title: 'First hillclimb', community: { id: club } }]);
  // The photo in the zip is the one the site serves for the post.
  expect(files.get(posts[0]!.images[0]!.file)?.equals(served)).toBe(true);
  expect(json('comments.json')).toMatchObject([{ text: 'See you at the start line', post: { id: ivansPost, title: 'Rally stage recce', author: ivan.username } }]);
  expect(json('follows.json')).toMatchObject({ followers: [], following: [{ username: ivan.username }] });
  expect(json('communities.json')).toMatchObject({ created: [{ id: club }], joined: [] });
  // Ivan appears by username only.
  expect([...files.values()].some((bytes) => bytes.toString('latin1').includes(ivan.email))).toBe(false);

  // Asked again at once: the server's sentence, in the section.
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(section.getByRole('alert')).toHaveText('You downloaded your data a moment ago. Please wait a minute and try again.');
});
