// The garage (issue 17): the make and model pickers, a person's garage, one car, its build log
// (tagged posts and log entries in one timeline), a model's cars and posts, and the changes to
// cars and log entries with the caches each one touches.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Car, CarLogEntry, CarRef, CarTimelineItem, CarTimelinePage, ListedPost, ModelCarPage } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { mapPages, pageParams, refreshCar, updateCarPostsEverywhere } from './cache.ts';
import { seedCommentPreviews, seedingPreviews } from './comments.ts';
import type { UploadVariables } from './posts.ts';
import { queryKeys } from './query-keys.ts';

/** What Add Car and Edit Car send: the route's fields and the optional cover file. */
export type CarBody = RouteInput<'cars.create'>['body'];
export type CarUpdateBody = RouteInput<'cars.update'>['body'];
/** What a new log entry sends; an edit adds `existingImageUrls` (the photos kept, in order). */
export type LogEntryBody = RouteInput<'cars.logCreate'>['body'];
export type LogEntryUpdateBody = RouteInput<'cars.logUpdate'>['body'];

/** Every item of every loaded timeline page, in order. */
export const flattenTimeline = (pages: CarTimelinePage[] | undefined): CarTimelineItem[] => pages?.flatMap((page) => page.items) ?? [];
/** Every car of every loaded page of a model. */
export const flattenModelCars = (pages: ModelCarPage[] | undefined): Car[] => pages?.flatMap((page) => page.cars) ?? [];

/** The chip a post card shows for a car. */
export const carRefOf = (car: Car): CarRef => ({ _id: car._id, year: car.year, make: car.make, model: car.model, trim: car.trim });

const timelinePosts = (page: CarTimelinePage): ListedPost[] => page.items.flatMap((item) => (item.type === 'post' ? [item.post] : []));

/** The garage reads as query options, for the hooks and for prefetching with the same keys. */
export const garageQueries = {
  /** The list ships with the product and does not change while it runs: read once per query. */
  makes: (client: ApiClient, q: string) =>
    queryOptions({
      queryKey: queryKeys.carList.makes(q),
      queryFn: async ({ signal }) => (await client.call('cars.makes', { query: { q: q.trim() } }, { signal })).makes,
      staleTime: Infinity,
    }),
  models: (client: ApiClient, makeId: string, q: string) =>
    queryOptions({
      queryKey: queryKeys.carList.models(makeId, q),
      queryFn: async ({ signal }) => (await client.call('cars.models', { params: { makeId }, query: { q: q.trim() } }, { signal })).models,
      staleTime: Infinity,
    }),
  garage: (client: ApiClient, userId: string) =>
    queryOptions({
      queryKey: queryKeys.cars.garage(userId),
      queryFn: async ({ signal }) => (await client.call('cars.byUser', { params: { userId } }, { signal })).cars,
    }),
  car: (client: ApiClient, carId: string) =>
    queryOptions({
      queryKey: queryKeys.cars.detail(carId),
      queryFn: ({ signal }) => client.call('cars.get', { params: { id: carId } }, { signal }),
    }),
  /** Each page also seeds its post cards' comment previews, as the post lists do. */
  timeline: (client: ApiClient, carId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.cars.timeline(carId),
      queryFn: async ({ pageParam, signal, client: queryClient }) => {
        const requestedAt = Date.now();
        const page = await client.call('cars.timeline', { params: { id: carId }, query: { page: pageParam } }, { signal });
        seedCommentPreviews(queryClient, timelinePosts(page), requestedAt);
        return page;
      },
      ...pageParams,
    }),
  modelCars: (client: ApiClient, make: string, model: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.cars.model(make, model),
      queryFn: ({ pageParam, signal }) => client.call('cars.byModel', { params: { make, model }, query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
  modelPosts: (client: ApiClient, make: string, model: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.byModel(make, model),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('cars.modelPosts', { params: { make, model }, query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
};

/** Makes of the list for the make picker; the last answer stays while the next is typed. */
export function useCarMakes(q: string) {
  return useQuery({ ...garageQueries.makes(useApiClient(), q), placeholderData: keepPreviousData });
}

/**
 * Models of one make for the model picker; idle until a make is chosen. The last answer stays
 * while typing, but not across makes (another make's models would be offered).
 */
export function useCarModels(makeId: string | null, q: string) {
  return useQuery({
    ...garageQueries.models(useApiClient(), makeId ?? '', q),
    enabled: makeId !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === makeId ? previous : undefined),
  });
}

/** A person's garage: current cars first, then past ones. */
export function useGarage(userId: string | undefined) {
  return useQuery({ ...garageQueries.garage(useApiClient(), userId ?? ''), enabled: Boolean(userId) });
}

export function useCar(carId: string | undefined) {
  return useQuery({ ...garageQueries.car(useApiClient(), carId ?? ''), enabled: Boolean(carId) });
}

/** A car's build log, newest first: pages of items (`flattenTimeline`), paged like the post lists. */
export function useCarTimeline(carId: string | undefined) {
  return useInfiniteQuery({ ...garageQueries.timeline(useApiClient(), carId ?? ''), enabled: Boolean(carId) });
}

const named = (make: string, model: string) => make.trim() !== '' && model.trim() !== '';

/** The cars of one model (`/cars/{make}/{model}`): `pages[0].make`, `.model`, `.totalCars`, and the cars. */
export function useModelCars(make: string, model: string) {
  return useInfiniteQuery({ ...garageQueries.modelCars(useApiClient(), make, model), enabled: named(make, model) });
}

/** The posts tagged to cars of one model, in the post lists' shape (PostList pages them). */
export function useModelPosts(make: string, model: string) {
  return useInfiniteQuery({ ...garageQueries.modelPosts(useApiClient(), make, model), enabled: named(make, model) });
}


/** A car's model pages, and search (it finds cars by name and posts by their car's name). */
function refreshCarNames(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.modelAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.byModelAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.searchAll() });
}

function mapGarages(queryClient: QueryClient, mapper: (cars: Car[]) => Car[]): void {
  queryClient.setQueriesData<Car[]>({ queryKey: queryKeys.cars.garageAll() }, (cars) => (cars ? mapper(cars) : cars));
}

export function useCreateCar() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<CarBody>) => client.call('cars.create', { body }, { onUploadProgress }),
    onSuccess: (car) => {
      queryClient.setQueryData(queryKeys.cars.detail(car._id), car);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cars.garage(car.owner._id) });
      refreshCarNames(queryClient);
    },
  });
}

/**
 * Edit a car. Its page and garage card take the reply at once, and so does the chip of every
 * cached post tagged to it (the name may have changed); the garage is read again for its order
 * (a car that became a past one moves down), the model pages and search for the name.
 */
export function useUpdateCar(carId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<CarUpdateBody>) =>
      client.call('cars.update', { params: { id: carId }, body }, { onUploadProgress }),
    onSuccess: (car) => {
      queryClient.setQueryData(queryKeys.cars.detail(car._id), car);
      mapGarages(queryClient, (cars) => cars.map((cached) => (cached._id === car._id ? car : cached)));
      const ref = carRefOf(car);
      updateCarPostsEverywhere(queryClient, car._id, (post) => ({ ...post, car: ref }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.cars.garage(car.owner._id) });
      refreshCarNames(queryClient);
    },
  });
}

/**
 * Remove a car (`mutate(carId)`): it leaves every garage at once, its page and build log leave
 * the cache, and its posts stay, untagged, on every cached card.
 */
/**
 * A removed car's page data: dropped, unless the car's page still shows it. Dropping a query
 * that is on screen makes it read again at once, and the page would flash "Car not found."
 * before it leaves for the profile; such a query is only marked stale, read again (404) if the
 * page is ever shown again.
 */
function forgetRemovedCar(queryClient: QueryClient, carId: string): void {
  for (const queryKey of [queryKeys.cars.detail(carId), queryKeys.cars.timeline(carId)]) {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query) continue;
    if (query.getObserversCount() === 0) {
      queryClient.removeQueries({ queryKey, exact: true });
    } else {
      void queryClient.cancelQueries({ queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
  }
}

export function useDeleteCar() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => client.call('cars.delete', { params: { id: carId } }),
    onSuccess: (_reply, carId) => {
      mapGarages(queryClient, (cars) => cars.filter((car) => car._id !== carId));
      forgetRemovedCar(queryClient, carId);
      updateCarPostsEverywhere(queryClient, carId, (post) => ({ ...post, car: null }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.cars.garageAll() });
      refreshCarNames(queryClient);
    },
  });
}

function mapTimelineEntries(queryClient: QueryClient, carId: string, mapper: (entry: CarLogEntry) => CarLogEntry | null): void {
  queryClient.setQueryData<InfiniteData<CarTimelinePage, number>>(queryKeys.cars.timeline(carId), (data) =>
    mapPages(data, (page) => ({
      ...page,
      items: page.items.flatMap((item): CarTimelineItem[] => {
        if (item.type !== 'log') return [item];
        const entry = mapper(item.entry);
        return entry ? [{ ...item, entry }] : [];
      }),
    })),
  );
}

/** Log changes: the timeline is read again (an entry's date places it), and the car's log count. */
function refreshLog(queryClient: QueryClient, carId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.timeline(carId) });
  refreshCar(queryClient, carId);
}

export function useCreateLogEntry(carId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<LogEntryBody>) =>
      client.call('cars.logCreate', { params: { id: carId }, body }, { onUploadProgress }),
    onSuccess: () => refreshLog(queryClient, carId),
  });
}

/** Edit a log entry of `carId` (`mutate({ entryId, body })`): shown at once, then the timeline is read again. */
export function useUpdateLogEntry(carId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body, onUploadProgress }: UploadVariables<LogEntryUpdateBody> & { entryId: string }) =>
      client.call('cars.logUpdate', { params: { id: entryId }, body }, { onUploadProgress }),
    onSuccess: (entry) => {
      mapTimelineEntries(queryClient, carId, (cached) => (cached._id === entry._id ? entry : cached));
      refreshLog(queryClient, carId);
    },
  });
}

/** Delete a log entry of `carId` (`mutate(entryId)`): it leaves the timeline at once. */
export function useDeleteLogEntry(carId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => client.call('cars.logDelete', { params: { id: entryId } }),
    onSuccess: (_reply, entryId) => {
      mapTimelineEntries(queryClient, carId, (cached) => (cached._id === entryId ? null : cached));
      refreshLog(queryClient, carId);
    },
  });
}
