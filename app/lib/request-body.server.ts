import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";

/** How much one request body may carry. Bodies are refused while they stream, before they are held in memory. */
export interface BodyLimits {
  /** the whole body, in bytes */
  maxBytes: number;
  /** files in a multipart body (0: none accepted) */
  maxFiles?: number;
  /** one file, in bytes */
  maxFileBytes?: number;
  /** what to say about more files than maxFiles */
  tooManyFiles?: string;
}

/** The body is larger than its limit (HTTP 413). */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** More files than the form takes (the API answers 422, a validation failure, as for any other field). */
export class TooManyFilesError extends BodyTooLargeError {
  override name = "TooManyFilesError";
}

/** The body cannot be read as what it claims to be (HTTP 400). */
export class MalformedBodyError extends Error {
  override name = "MalformedBodyError";
}

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function declaredTooLarge(request: Request, maxBytes: number) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * The request with its body counted as it streams: whatever reads it (our parser, or anything a library falls back
 * to) gets an error past `maxBytes`. The media type is lower-cased (the parser compares it case-sensitively, and a
 * type it does not recognise would be handed to request.formData(), which has no limit); its parameters keep their
 * case (a multipart boundary is case-sensitive).
 */
function limited(request: Request, mediaType: string, maxBytes: number): Request {
  const headers = new Headers(request.headers);
  const sent = headers.get("content-type") ?? "";
  headers.set("content-type", mediaType + sent.slice(sent.indexOf(";") === -1 ? sent.length : sent.indexOf(";")));
  let total = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) controller.error(new BodyTooLargeError(`The form is larger than ${size(maxBytes)}.`));
      else controller.enqueue(chunk);
    },
  });
  // the source is left as it is on a refusal (cancelling it would destroy the socket before the 413 is written)
  const body = request.body ? request.body.pipeThrough(counter, { preventCancel: true }) : null;
  return new Request(request.url, { method: request.method, headers, body, duplex: "half" } as RequestInit);
}

/** The error that stopped a read, when it is ours (the parser wraps what its stream throws). */
function ownError(error: unknown): BodyTooLargeError | undefined {
  if (error instanceof BodyTooLargeError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof BodyTooLargeError ? cause : undefined;
}

/**
 * A form body (urlencoded or multipart) as FormData, parsed once by a streaming parser that stops at the limits.
 * Files stay in memory, so the limits are what bounds memory. A refused body is left unread: the answer to it
 * closes the connection (the API's http.ts, the pages' entry.server.tsx).
 */
export async function readFormData(request: Request, limits: BodyLimits): Promise<FormData> {
  const maxFiles = limits.maxFiles ?? 0;
  const maxFileBytes = limits.maxFileBytes ?? 0;
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "multipart/form-data" && mediaType !== "application/x-www-form-urlencoded") {
    if (!mediaType && !request.body) return new FormData();
    throw new MalformedBodyError("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  if (declaredTooLarge(request, limits.maxBytes))
    throw new BodyTooLargeError(`The form is larger than ${size(limits.maxBytes)}.`);
  request = limited(request, mediaType, limits.maxBytes);
  try {
    return await parseFormData(
      request,
      {
        maxFiles,
        // the parser applies this to every part, text fields included
        maxFileSize: maxFileBytes || limits.maxBytes,
        maxTotalSize: limits.maxBytes,
        maxParts: 1000,
      },
      // an empty file input still sends a part (no name, no bytes): that is no file
      (file) => (file.size === 0 ? null : file),
    );
  } catch (error) {
    const own = ownError(error);
    if (own) throw own;
    if (error instanceof MaxFilesExceededError) {
      const message = maxFiles === 0 ? "This form takes no files." : `Send at most ${maxFiles} files at once.`;
      throw new TooManyFilesError(maxFiles === 0 ? message : (limits.tooManyFiles ?? message));
    }
    if (error instanceof MaxFileSizeExceededError && maxFileBytes > 0) {
      throw new BodyTooLargeError(`A file is larger than ${size(maxFileBytes)}.`);
    }
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new BodyTooLargeError(`The form is larger than ${size(limits.maxBytes)}.`);
    }
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      throw new BodyTooLargeError("The form has too many fields.");
    }
    if (error instanceof FormDataParseError) throw new MalformedBodyError("The request body is not valid form data.");
    throw error;
  }
}

/** A text body (JSON, CSV, a webhook's event), read as it streams and refused as soon as it passes `maxBytes`. */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new BodyTooLargeError(`The request body is larger than ${size(maxBytes)}.`);
  if (declaredTooLarge(request, maxBytes)) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // the rest is left unread: the answer closes the connection (Connection: close)
    if (total > maxBytes) throw tooLarge();
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One value per key, or an array for a key given several times (the shape the zod schemas read). */
export function formObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  // built from entries: a field named "__proto__" is an own key like any other, never the object's prototype (set
  // by assignment, two such fields replaced the prototype and hid every other field from the checks)
  return Object.fromEntries(
    [...new Set(form.keys())].map((key) => {
      const values = form.getAll(key);
      return [key, values.length > 1 ? values : values[0]!];
    }),
  );
}
