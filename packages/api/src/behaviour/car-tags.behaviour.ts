// Posts tagged to a car (issue 17): only to one's own cars; every card of every list names the
// car; editing a post keeps, moves or drops the tag; removing a car keeps its posts, untagged.
import { describe, expect, it } from 'vitest';
import { carLabel, REFUSAL_MESSAGES, type CarRef } from '../contract/index.ts';
import { addCar, carBody, listMake } from './garage-helpers.ts';
import { refusal, type World } from './world.ts';

const refOf = (car: CarRef): CarRef => ({ _id: car._id, year: car.year, make: car.make, model: car.model, trim: car.trim });

export function carTagsBehaviour(world: World): void {
  describe('posts tagged to a car', () => {
    it('tags a post to one of my cars, and every list shows the car on the card', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      const car = await addCar(maya, 'Porsche', '911', { year: 1991, trim: 'Carrera 2' });
      const post = await world.post(maya, { title: 'Sunrise run', car: car._id });
      const chip = refOf(car);
      expect(post.car).toEqual(chip);
      expect(carLabel(post.car!)).toBe('1991 Porsche 911 Carrera 2');
      const untagged = await world.post(maya, { title: 'Coffee stop' });
      expect(untagged.car).toBeNull();

      const carOf = (posts: { _id: string; car?: CarRef | null }[]) => posts.find((p) => p._id === post._id)?.car;
      expect((await kenji.api.call('posts.get', { params: { id: post._id } })).car).toEqual(chip);
      expect(carOf((await kenji.api.call('posts.feed')).posts)).toEqual(chip);
      expect(carOf((await kenji.api.call('posts.trending')).posts)).toEqual(chip);
      expect(carOf((await kenji.api.call('posts.byUser', { params: { userId: maya.id } })).posts)).toEqual(chip);
      expect(carOf((await kenji.api.call('posts.related', { params: { id: untagged._id } })).posts)).toEqual(chip);
      await kenji.api.call('posts.save', { params: { id: post._id } });
      expect(carOf((await kenji.api.call('posts.saved')).posts)).toEqual(chip);
      expect(carOf((await kenji.api.call('cars.modelPosts', { params: { make: 'porsche', model: '911' } })).posts)).toEqual(chip);
      const timeline = await kenji.api.call('cars.timeline', { params: { id: car._id } });
      expect(timeline.items).toEqual([expect.objectContaining({ type: 'post', post: expect.objectContaining({ _id: post._id, car: chip }) })]);
      expect((await kenji.api.call('cars.get', { params: { id: car._id } })).postCount).toBe(1);

      // Search finds the car by its name, and the post by its car's make and model.
      const found = await kenji.api.call('search.query', { query: { q: 'porsche' } });
      expect(found.posts.map((p) => p._id)).toEqual([post._id]);
      expect(found.cars?.map((c) => c._id)).toEqual([car._id]);
      expect(await kenji.api.call('search.query', { query: { q: '  ' } })).toEqual({ users: [], posts: [], cars: [] });

      // A renamed car is renamed on its cards.
      const porsche = await listMake(maya, 'Porsche');
      await maya.api.call('cars.update', { params: { id: car._id }, body: carBody({ makeId: porsche._id, modelId: car.modelId!, year: 1990, trim: 'Carrera 4' }) });
      expect((await kenji.api.call('posts.get', { params: { id: post._id } })).car).toEqual({ ...chip, year: 1990, trim: 'Carrera 4' });
      expect(carOf((await kenji.api.call('posts.feed')).posts)).toEqual({ ...chip, year: 1990, trim: 'Carrera 4' });
    });

    it('editing a post keeps its car when none is sent, moves it to another of my cars, or drops it with ""', async () => {
      const maya = await world.person('maya');
      const sc = await addCar(maya, 'Porsche', '911', { year: 1981, trim: 'SC' });
      const mx5 = await addCar(maya, 'Mazda', 'MX-5', { year: 2017 });
      const post = await world.post(maya, { car: sc._id });
      const edit = (car?: string) =>
        maya.api.call('posts.update', { params: { id: post._id }, body: { title: post.title, content: post.content, existingImageUrls: post.imageUrls, ...(car === undefined ? {} : { car }) } });

      expect((await edit()).car).toEqual(refOf(sc));
      expect((await edit(mx5._id)).car).toEqual(refOf(mx5));
      expect((await maya.api.call('cars.timeline', { params: { id: sc._id } })).items).toEqual([]);
      expect((await maya.api.call('cars.timeline', { params: { id: mx5._id } })).items.map((i) => i.type)).toEqual(['post']);
      expect((await maya.api.call('cars.get', { params: { id: sc._id } })).postCount).toBe(0);
      expect((await edit('')).car).toBeNull();
      expect((await maya.api.call('posts.get', { params: { id: post._id } })).car).toBeNull();
      expect((await maya.api.call('cars.get', { params: { id: mx5._id } })).postCount).toBe(0);
    });

    it("refuses a tag to someone else's car or to a car that does not exist", async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const kenjis = await addCar(kenji, 'Toyota', 'Corolla', { year: 1986, trim: 'AE86' });
      const notMine = { status: 400, message: REFUSAL_MESSAGES.carNotInGarage };
      const create = (car: string) => refusal(maya.api.call('posts.create', { body: { title: 'Touge', content: 'Hachi-roku', images: world.images(1), car } }));
      expect(await create(kenjis._id)).toEqual(notMine);
      expect(await create('no-such-car')).toEqual(notMine);
      expect((await maya.api.call('posts.byUser', { params: { userId: maya.id } })).posts).toEqual([]);

      const post = await world.post(maya);
      const edit = (car: string) => refusal(maya.api.call('posts.update', { params: { id: post._id }, body: { title: 'x', content: 'y', existingImageUrls: post.imageUrls, car } }));
      expect(await edit(kenjis._id)).toEqual(notMine);
      expect((await maya.api.call('posts.get', { params: { id: post._id } })).car).toBeNull();
      expect((await kenji.api.call('cars.get', { params: { id: kenjis._id } })).postCount).toBe(0);
    });

    it('removing a car keeps its posts, untagged, everywhere', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      const car = await addCar(maya, 'BMW', 'M3', { year: 2002, trim: 'E46' });
      const post = await world.post(maya, { title: 'Rod bearings done', car: car._id });
      await maya.api.call('cars.delete', { params: { id: car._id } });
      const after = await kenji.api.call('posts.get', { params: { id: post._id } });
      expect(after).toMatchObject({ _id: post._id, title: 'Rod bearings done' });
      expect(after.car).toBeNull();
      expect((await kenji.api.call('posts.feed')).posts.map((p) => [p._id, p.car])).toEqual([[post._id, null]]);
      expect((await kenji.api.call('cars.modelPosts', { params: { make: 'BMW', model: 'M3' } })).posts).toEqual([]);
      expect((await kenji.api.call('search.query', { query: { q: 'm3' } })).cars).toEqual([]);
    });

    it.skipIf(!world.has('communities'))("shows a car's posts in a members-only community only to members, on its page and its model's", async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const { newCommunity } = await kenji.api.call('communities.create', { body: { name: `Touge Club ${kenji.username}`, description: 'Mountain passes at dawn.' } });
      const car = await addCar(kenji, 'Toyota', 'Corolla', { year: 1986, trim: 'AE86' });
      const open = await world.post(kenji, { title: 'On my profile', car: car._id });
      const membersOnly = await world.post(kenji, { title: 'In the club', car: car._id, community: newCommunity._id });

      const timelineIds = async (actor: typeof maya) => (await actor.api.call('cars.timeline', { params: { id: car._id } })).items.map((i) => (i.type === 'post' ? i.post._id : i.entry._id));
      const modelIds = async (actor: typeof maya) => (await actor.api.call('cars.modelPosts', { params: { make: 'Toyota', model: 'Corolla' } })).posts.map((p) => p._id);
      expect(await timelineIds(kenji)).toEqual([membersOnly._id, open._id]);
      expect(await modelIds(kenji)).toEqual([membersOnly._id, open._id]);
      expect(await timelineIds(maya)).toEqual([open._id]);
      expect(await modelIds(maya)).toEqual([open._id]);

      await maya.api.call('communities.join', { params: { id: newCommunity._id } });
      expect(await timelineIds(maya)).toEqual([membersOnly._id, open._id]);
    });
  });
}
