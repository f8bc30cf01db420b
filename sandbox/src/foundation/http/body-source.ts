/**
 * A request body as a sequence of chunks, read on demand: from a `Request`'s stream, or, for a request the
 * node:http adapter made, straight from its `IncomingMessage` (no web stream in between: on Node 20 each costs
 * more than a small request's handling). `stop` ends the reading: what is left of the body is dropped, not read.
 */
import type { IncomingMessage } from "node:http";

export interface BodySource {
  /** The next chunk; undefined at the end (or once stopped). Rejects when the client goes away mid-body. */
  next(): Promise<Uint8Array | undefined>;
  stop(): void;
}

export function streamSource(stream: ReadableStream<Uint8Array>): BodySource {
  const reader = stream.getReader();
  return {
    async next() {
      const { done, value } = await reader.read();
      return done ? undefined : value;
    },
    stop() {
      void reader.cancel().catch(() => undefined);
    },
  };
}

/** The message's chunks, one at a time: the message is paused while a chunk waits to be taken (backpressure). */
export function messageSource(message: IncomingMessage): BodySource {
  const queue: Buffer[] = [];
  let ended = false;
  let stopped = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const onData = (chunk: Buffer): void => {
    queue.push(chunk);
    message.pause();
    signal();
  };
  const onEnd = (): void => {
    ended = true;
    signal();
  };
  // Without an `error` listener a client that goes away mid-body would crash the process.
  const onFailure = (): void => {
    if (!ended) failure ??= new Error("the client closed the connection before the body ended");
    signal();
  };
  message.on("data", onData);
  message.once("end", onEnd);
  message.on("error", onFailure);
  message.once("close", onFailure);
  return {
    async next() {
      for (;;) {
        if (stopped) return undefined;
        const chunk = queue.shift();
        if (chunk !== undefined) return chunk;
        if (failure !== undefined) throw failure;
        if (ended) return undefined;
        message.resume();
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    stop() {
      stopped = true;
      queue.length = 0;
      message.off("data", onData);
      // Flowing without a `data` listener drops the rest; the adapter closes the connection when it is large.
      message.resume();
      signal();
    },
  };
}
