// The live bus across instances (REDIS_URL): signals are published on one Redis pub/sub channel
// that every instance subscribes to on a connection of its own (a subscribed connection can do
// nothing else). Redis pub/sub delivers to those subscribed at that moment and keeps nothing: an
// instance that is down or reconnecting misses what was said meanwhile. That is the right trade
// for these signals: each is a hint to refresh (a count read afresh, a "new posts" pill), the
// data stays in the database, and a browser that reconnects is sent its unread count again.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { SharedRedis } from '../../redis/client.ts';
import type { LiveBus, LiveSignal } from './bus.ts';

function isSignal(value: unknown): value is LiveSignal {
  const signal = value as Partial<LiveSignal> | null;
  if (!signal || typeof signal !== 'object') return false;
  if (signal.kind === 'notifications') return typeof signal.userId === 'string';
  return signal.kind === 'post' && typeof signal.postId === 'string' && typeof signal.authorId === 'string';
}

export class RedisLiveBus implements LiveBus {
  readonly channel: string;
  readonly #redis: SharedRedis;
  readonly #subscriber: Redis;
  readonly #listeners = new Set<(signal: LiveSignal) => void>();

  private constructor(redis: SharedRedis, subscriber: Redis) {
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.channel = `${redis.keyPrefix}live`;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      let signal: unknown;
      try {
        signal = JSON.parse(message);
      } catch {
        return;
      }
      if (isSignal(signal)) for (const listener of this.#listeners) listener(signal);
    });
  }

  /** Subscribes (ioredis re-subscribes by itself after a reconnect). Never throws for a Redis that is down. */
  static async open(redis: SharedRedis, log: FastifyBaseLogger): Promise<RedisLiveBus> {
    // A subscriber may wait forever for a message: no command timeout, and an offline queue so
    // the SUBSCRIBE goes out once the connection is up.
    const subscriber = redis.client.duplicate({ commandTimeout: undefined, enableOfflineQueue: true, lazyConnect: false });
    subscriber.on('error', () => {}); // the shared client already reports an outage
    const bus = new RedisLiveBus(redis, subscriber);
    await subscriber.subscribe(bus.channel).catch((error: unknown) => log.warn({ err: error }, 'live: subscribing to Redis failed; retrying in the background'));
    return bus;
  }

  publish(signal: LiveSignal): void {
    this.#redis.client.publish(this.channel, JSON.stringify(signal)).then(
      () => this.#redis.answered(),
      (error: unknown) => this.#redis.failed(error),
    );
  }

  subscribe(listener: (signal: LiveSignal) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }
}
