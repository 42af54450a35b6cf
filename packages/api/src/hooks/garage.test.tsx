import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Car, CarLogEntry, CarRef } from '../contract/index.ts';
import { flattenTimeline, useCar, useCarModels, useCarTimeline, useDeleteCar, useDeleteLogEntry, useGarage, useUpdateCar } from './garage.ts';
import { flattenPosts, useFeed, useUpdatePost } from './posts.ts';
import { queryKeys } from './query-keys.ts';
import { author, json, makePost, makeWrapper, scriptedBackend } from './test-utils.tsx';

function makeCar(id: string, input: Partial<Car> = {}): Car {
  return {
    _id: id,
    year: 1991,
    make: 'Porsche',
    model: '911',
    trim: 'Carrera 2',
    makeId: '584',
    modelId: '7832',
    colour: 'Guards Red',
    description: '',
    current: true,
    coverImageUrl: '',
    coverImageAlt: '',
    owner: author,
    postCount: 1,
    logCount: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...input,
  };
}

const refOf = ({ _id, year, make, model, trim }: Car): CarRef => ({ _id, year, make, model, trim });
const tagged = (id: string, car: Car | null) => ({ ...makePost(id), car: car ? refOf(car) : null });
const entry = (id: string, carId: string): CarLogEntry => ({
  _id: id,
  carId,
  date: '2026-10-01',
  title: 'Valve adjustment',
  text: '',
  mileage: null,
  mileageUnit: 'km',
  cost: null,
  currency: 'EUR',
  images: [],
  createdAt: '2026-10-01T12:00:00.000Z',
});
const carBody = { makeId: '584', modelId: '7832', year: 1990, trim: 'Carrera 4', colour: '', description: '', current: true };

describe('the garage reads', () => {
  it('a car’s timeline pages like the post lists, posts and log entries in one list', async () => {
    const car = makeCar('c1');
    const backend = scriptedBackend({
      'GET /api/cars/c1/timeline': ({ url }) =>
        json(200, url.searchParams.get('page') === '1' ? { items: [{ type: 'post', post: tagged('p1', car) }], totalPages: 2 } : { items: [{ type: 'log', entry: entry('l1', 'c1') }], totalPages: 2 }),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useCarTimeline('c1'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(flattenTimeline(result.current.data?.pages).map((item) => item.type)).toEqual(['post', 'log']));
    expect(result.current.hasNextPage).toBe(false);
    expect(backend.calls).toEqual(['GET /api/cars/c1/timeline?page=1', 'GET /api/cars/c1/timeline?page=2']);
  });

  it('the model picker waits for a make, keeps its list while typing, but never shows another make’s models', async () => {
    const backend = scriptedBackend({
      'GET /api/car-makes/584/models': ({ url }) => json(200, { models: [{ _id: '7832', makeId: '584', name: `911 for ${url.searchParams.get('q')}` }] }),
      'GET /api/car-makes/473/models': () => new Promise<Response>(() => undefined),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(
      () => {
        const [makeId, setMakeId] = useState<string | null>(null);
        const [q, setQ] = useState('');
        return { models: useCarModels(makeId, q), setMakeId, setQ };
      },
      { wrapper: Wrapper },
    );
    expect(result.current.models.fetchStatus).toBe('idle');
    expect(backend.calls).toEqual([]);

    act(() => result.current.setMakeId('584'));
    await waitFor(() => expect(result.current.models.data?.map((m) => m.name)).toEqual(['911 for ']));
    act(() => result.current.setQ('9'));
    // The previous answer stays while the next one loads.
    expect(result.current.models.data?.map((m) => m.name)).toEqual(['911 for ']);
    await waitFor(() => expect(result.current.models.data?.map((m) => m.name)).toEqual(['911 for 9']));

    act(() => result.current.setMakeId('473'));
    await waitFor(() => expect(result.current.models.isPending).toBe(true));
    expect(result.current.models.data).toBeUndefined();
  });
});

describe('changing a car', () => {
  it('renaming it renames the chip on every cached card at once, its garage card and its page', async () => {
    const car = makeCar('c1');
    const other = makeCar('c2', { model: 'Boxster', trim: '' });
    let current = car;
    const renamed = makeCar('c1', { year: 1990, trim: 'Carrera 4' });
    const backend = scriptedBackend({
      // The lists answer as they were: only the cache can change what they show.
      'GET /api/posts/feed': () => json(200, { posts: [tagged('p1', car), tagged('p2', other), tagged('p3', null)], totalPages: 1 }),
      'GET /api/cars/c1/timeline': () => json(200, { items: [{ type: 'post', post: tagged('p1', car) }, { type: 'log', entry: entry('l1', 'c1') }], totalPages: 1 }),
      'GET /api/cars/by-user/u2': () => json(200, { cars: [current, other] }),
      'GET /api/cars/c1': () => json(200, current),
      'PUT /api/cars/c1': () => {
        current = renamed;
        return json(200, renamed);
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ feed: useFeed(), timeline: useCarTimeline('c1'), garage: useGarage('u2'), car: useCar('c1'), update: useUpdateCar('c1') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.feed.isSuccess && result.current.timeline.isSuccess && result.current.garage.isSuccess && result.current.car.isSuccess).toBe(true));

    await act(() => result.current.update.mutateAsync({ body: carBody }));
    const chips = () => flattenPosts(result.current.feed.data?.pages).map((p) => p.car ?? null);
    await waitFor(() => expect(chips()).toEqual([refOf(renamed), refOf(other), null]));
    const timelinePost = flattenTimeline(result.current.timeline.data?.pages)[0];
    expect(timelinePost?.type === 'post' && timelinePost.post.car).toEqual(refOf(renamed));
    expect(result.current.car.data).toEqual(renamed);
    await waitFor(() => expect(result.current.garage.data).toEqual([renamed, other]));
  });

  it('removing it takes it out of the garage and its page, and untags its posts on every card', async () => {
    const car = makeCar('c1');
    const other = makeCar('c2', { model: 'Boxster' });
    let garage = [car, other];
    const backend = scriptedBackend({
      'GET /api/posts/feed': () => json(200, { posts: [tagged('p1', car), tagged('p2', other)], totalPages: 1 }),
      'GET /api/cars/by-user/u2': () => json(200, { cars: garage }),
      'GET /api/cars/c1': () => json(200, car),
      'DELETE /api/cars/c1': () => {
        garage = [other];
        return json(200, { message: 'Car removed from the garage.' });
      },
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ feed: useFeed(), garage: useGarage('u2'), remove: useDeleteCar() }), { wrapper: Wrapper });
    const page = renderHook(() => useCar('c1'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.feed.isSuccess && result.current.garage.isSuccess && page.result.current.isSuccess).toBe(true));
    page.unmount();

    await act(() => result.current.remove.mutateAsync('c1'));
    await waitFor(() => expect(result.current.garage.data?.map((c) => c._id)).toEqual(['c2']));
    expect(flattenPosts(result.current.feed.data?.pages).map((p) => [p._id, p.car?._id ?? null])).toEqual([
      ['p1', null],
      ['p2', 'c2'],
    ]);
    expect(queryClient.getQueryData(queryKeys.cars.detail('c1'))).toBeUndefined();
  });
});

describe('the build log', () => {
  it('a deleted log entry leaves the timeline at once, and the car’s counts are read again', async () => {
    let logCount = 2;
    let items = [
      { type: 'log', entry: entry('l2', 'c1') },
      { type: 'log', entry: entry('l1', 'c1') },
    ];
    const timeline = { pending: false };
    const backend = scriptedBackend({
      'GET /api/cars/c1/timeline': () => (timeline.pending ? new Promise<Response>(() => undefined) : json(200, { items, totalPages: 1 })),
      'GET /api/cars/c1': () => json(200, makeCar('c1', { logCount })),
      'DELETE /api/car-log/l2': () => {
        logCount = 1;
        items = items.slice(1);
        return json(200, { message: 'Log entry deleted.' });
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ timeline: useCarTimeline('c1'), car: useCar('c1'), remove: useDeleteLogEntry('c1') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.car.data?.logCount).toBe(2));
    await waitFor(() => expect(flattenTimeline(result.current.timeline.data?.pages)).toHaveLength(2));

    // The timeline's new read never answers: the entry is gone from the cache alone.
    timeline.pending = true;
    await act(() => result.current.remove.mutateAsync('l2'));
    await waitFor(() => expect(flattenTimeline(result.current.timeline.data?.pages).map((item) => (item.type === 'log' ? item.entry._id : item.post._id))).toEqual(['l1']));
    await waitFor(() => expect(result.current.car.data?.logCount).toBe(1));
  });
});

describe('a post’s car', () => {
  it('moving a post to another car reads both cars’ build logs again', async () => {
    const a = makeCar('ca');
    const b = makeCar('cb', { model: 'Boxster' });
    const backend = scriptedBackend({
      'GET /api/posts/feed': () => json(200, { posts: [tagged('p1', a)], totalPages: 1 }),
      'GET /api/cars/ca/timeline': () => json(200, { items: [], totalPages: 0 }),
      'GET /api/cars/cb/timeline': () => json(200, { items: [], totalPages: 0 }),
      'PUT /api/posts/p1': () => json(200, tagged('p1', b)),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ feed: useFeed(), a: useCarTimeline('ca'), b: useCarTimeline('cb'), update: useUpdatePost() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.feed.isSuccess && result.current.a.isSuccess && result.current.b.isSuccess).toBe(true));

    await act(() => result.current.update.mutateAsync({ postId: 'p1', body: { title: 'Post p1', content: 'Track day', existingImageUrls: ['/media/a.webp'], car: 'cb' } }));
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages)[0]?.car).toEqual(refOf(b)));
    await waitFor(() => expect(backend.calls.filter((call) => call.startsWith('GET /api/cars/ca/timeline'))).toHaveLength(2));
    await waitFor(() => expect(backend.calls.filter((call) => call.startsWith('GET /api/cars/cb/timeline'))).toHaveLength(2));
  });
});
