import { Transform, type TransformCallback } from "node:stream";

/** How long written chunks may wait for more before they go out (a page's whole render takes a few ms). */
const HOLD_MS = 10;

/**
 * A stream that passes on what is written to it in few large chunks: everything written within HOLD_MS of the first
 * chunk waiting, or at the end, whichever comes first.
 *
 * React writes a page as many chunks of about 2 kB, all in the same turn, and Remix's Node adapter flushes the
 * response after every chunk it reads (`res.flush()`, which the compression middleware turns into a zlib sync flush).
 * Each flush ends a deflate block, so a page compressed 2 kB at a time came out twice the size of the same page
 * compressed at once (docs/decisions/0028-throughput-and-http-caching.md). Joined, a page rendered at once goes out as
 * one chunk and one flush (Remix's single-fetch data comes a few turns of the event loop after the shell: joining per
 * turn still left pages 11–15% larger), and what a slow Suspense boundary streams later still goes out within HOLD_MS.
 */
export function createCoalescingStream(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        timer = setTimeout(passOn, HOLD_MS);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      clearTimeout(timer);
      passOn();
      callback();
    },
  });
  function passOn() {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(joined);
  }
  return stream;
}
