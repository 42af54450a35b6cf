// The live bus: what happened that a connected browser should hear of, between the instances of a
// cluster. Writers publish a signal after their commit; every instance's hub (hub.ts) hears every
// signal and tells its own connections. In one process (`npm start`) the bus is an in-process
// emitter; with REDIS_URL it is a Redis pub/sub channel every instance subscribes to.
import { EventEmitter } from 'node:events';

export type LiveSignal =
  /** The person's notifications changed: a like, comment or follow for them, or read/cleared. */
  | { kind: 'notifications'; userId: string }
  /** A new post: its author's followers who may see it (community members) hear of it. */
  | { kind: 'post'; postId: string; authorId: string; communityId: string | null };

export interface LiveBus {
  /** Tells every instance; never throws (a lost signal costs a live update, never a write). */
  publish(signal: LiveSignal): void;
  /** Hears every signal of every instance, this one's included. */
  subscribe(listener: (signal: LiveSignal) => void): () => void;
  close(): Promise<void>;
}

/** One process: signals go straight to this process's listeners. */
export class LocalLiveBus implements LiveBus {
  readonly #emitter = new EventEmitter().setMaxListeners(0);

  publish(signal: LiveSignal): void {
    // After the current request's reply, like a message from Redis would arrive.
    queueMicrotask(() => this.#emitter.emit('signal', signal));
  }

  subscribe(listener: (signal: LiveSignal) => void): () => void {
    this.#emitter.on('signal', listener);
    return () => this.#emitter.off('signal', listener);
  }

  async close(): Promise<void> {
    this.#emitter.removeAllListeners();
  }
}
