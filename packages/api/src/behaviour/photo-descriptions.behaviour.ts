// Photo descriptions (alt text, issue 18): one per photo, stored and returned with the post's
// images; kept photos can be described anew on edit; the person's "Require descriptions on my
// photos" setting refuses posts that lack one. Part of the posts area.
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_DESCRIPTION_LENGTH, REFUSAL_MESSAGES, type Post } from '../contract/index.ts';
import { refusal, type Actor, type World } from './world.ts';

const descriptionsOf = (post: Pick<Post, 'images'>) => post.images?.map((image) => image.alt);

export function photoDescriptionsBehaviour(world: World): void {
  describe('photo descriptions', () => {
    const create = (actor: Actor, imageAlts: string[] | undefined, images = imageAlts?.length ?? 1) =>
      actor.api.call('posts.create', { body: { title: 'Track day', content: 'Spa', images: world.images(images), ...(imageAlts ? { imageAlts } : {}) } });

    it('keeps one description per photo, trimmed, and every reply carries it', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await create(maya, ['  Red E30 M3 on the grid at Spa  ', '']);
      expect(post.images?.map((image) => image.url)).toEqual(post.imageUrls);
      expect(descriptionsOf(post)).toEqual(['Red E30 M3 on the grid at Spa', '']);
      expect(descriptionsOf(await kenji.api.call('posts.get', { params: { id: post._id } }))).toEqual(['Red E30 M3 on the grid at Spa', '']);
      const listed = (await kenji.api.call('posts.byUser', { params: { userId: maya.id } })).posts[0]!;
      expect(descriptionsOf(listed)).toEqual(['Red E30 M3 on the grid at Spa', '']);
      // A client that sends none (older ones): the photos have none.
      expect(descriptionsOf(await create(maya, undefined, 2))).toEqual(['', '']);
    });

    it('refuses a description over 1,000 characters and a count that does not match the photos; nothing is posted', async () => {
      const maya = await world.person('maya');
      expect(await refusal(create(maya, ['x'.repeat(MAX_PHOTO_DESCRIPTION_LENGTH + 1)]))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionTooLong });
      expect(await refusal(create(maya, ['One', 'Two'], 1))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsMismatch });
      expect(await refusal(create(maya, ['Only one'], 2))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsMismatch });
      expect((await maya.api.call('posts.byUser', { params: { userId: maya.id } })).posts).toEqual([]);
      // Exactly the limit is fine.
      expect(descriptionsOf(await create(maya, ['x'.repeat(MAX_PHOTO_DESCRIPTION_LENGTH)]))?.[0]).toHaveLength(MAX_PHOTO_DESCRIPTION_LENGTH);
    });

    it('edit describes kept photos anew without uploading them again; without descriptions they keep theirs', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await create(maya, ['Front three-quarter', '', 'Interior']);
      const [a, b, c] = post.imageUrls as [string, string, string];
      const update = (existingImageUrls: string[], imageAlts: string[] | undefined, images = 0) =>
        maya.api.call('posts.update', {
          params: { id: post._id },
          body: { title: post.title, content: post.content, existingImageUrls, images: world.images(images), ...(imageAlts ? { imageAlts } : {}) },
        });

      const described = await update([c, a, b], ['Dash and bucket seats', 'Front three-quarter, Guards Red', 'Rear, ducktail spoiler']);
      expect(described.imageUrls).toEqual([c, a, b]);
      expect(descriptionsOf(described)).toEqual(['Dash and bucket seats', 'Front three-quarter, Guards Red', 'Rear, ducktail spoiler']);
      expect(descriptionsOf(await kenji.api.call('posts.get', { params: { id: post._id } }))).toEqual(descriptionsOf(described));

      const older = await update([b, c], undefined, 1);
      expect(descriptionsOf(older)).toEqual(['Rear, ducktail spoiler', 'Dash and bucket seats', '']);
      expect(await refusal(update([b, c], ['Rear', 'Dash', 'New', 'Extra'], 1))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsMismatch });
      expect(descriptionsOf(await kenji.api.call('posts.get', { params: { id: post._id } }))).toEqual(['Rear, ducktail spoiler', 'Dash and bucket seats', '']);
    });

    it.skipIf(!world.has('users'))('"Require descriptions on my photos" is the person\'s own and refuses posts with a photo left undescribed', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      expect(maya.user.requirePhotoDescriptions ?? false).toBe(false);
      const settings = { id: maya.id, fullName: maya.fullName, username: maya.username };
      expect((await maya.api.call('users.update', { body: { ...settings, requirePhotoDescriptions: true } })).requirePhotoDescriptions).toBe(true);
      expect((await maya.api.call('auth.verify')).user.requirePhotoDescriptions).toBe(true);
      // Nobody else learns it.
      expect(await kenji.api.call('users.profile', { params: { username: maya.username } })).not.toHaveProperty('requirePhotoDescriptions');

      expect(await refusal(create(maya, undefined))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsRequired });
      expect(await refusal(create(maya, ['Nose', '   ']))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsRequired });
      const post = await create(maya, ['Nose', 'Tail']);
      expect(descriptionsOf(post)).toEqual(['Nose', 'Tail']);
      const edit = (imageAlts: string[] | undefined, images = 0) =>
        maya.api.call('posts.update', {
          params: { id: post._id },
          body: { title: 'Edited', content: post.content, existingImageUrls: post.imageUrls, images: world.images(images), ...(imageAlts ? { imageAlts } : {}) },
        });
      expect(await refusal(edit(['Nose', '']))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsRequired });
      // An edit without descriptions keeps the kept photos' ones, but a new photo would have none.
      expect(await refusal(edit(undefined, 1))).toEqual({ status: 400, message: REFUSAL_MESSAGES.photoDescriptionsRequired });
      expect((await edit(undefined)).title).toBe('Edited');
      // Kenji's setting is his own: his posts need none.
      expect(descriptionsOf(await create(kenji, ['']))).toEqual(['']);

      // Turned off again (and left alone by an update that does not mention it).
      await maya.api.call('users.update', { body: { ...settings, requirePhotoDescriptions: false } });
      expect((await maya.api.call('users.update', { body: settings })).requirePhotoDescriptions).toBe(false);
      expect(descriptionsOf(await create(maya, ['']))).toEqual(['']);
    });
  });
}
