import { Transform, type TransformCallback } from "node:stream";

/**
 * A stream that passes on, once per turn of the event loop, everything written to it during that turn.
 *
 * React writes a page as many chunks of about 2 kB, all in the same turn, and Remix's Node adapter flushes the
 * response after every chunk it reads (`res.flush()`, which the compression middleware turns into a zlib sync flush).
 * Each flush ends a deflate block, so a page compressed 2 kB at a time came out twice the size of the same page
 * compressed at once (docs/decisions/0028-throughput-and-http-caching.md). Joined per turn, the shell goes out as one
 * chunk and one flush, and what React streams later (Remix's single-fetch data, any Suspense boundary) still goes out
 * as soon as it is rendered.
 */
export function createCoalescingStream(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(passOn);
      }
      callback();
    },
    flush(callback: TransformCallback) {
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
