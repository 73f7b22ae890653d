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
 * A form body (urlencoded or multipart) as FormData, parsed once by a streaming parser that stops at the limits.
 * Files stay in memory, so the limits are what bounds memory. A refused body is left unread: the answer to it must
 * close the connection.
 */
export async function readFormData(request: Request, limits: BodyLimits): Promise<FormData> {
  const maxFiles = limits.maxFiles ?? 0;
  const maxFileBytes = limits.maxFileBytes ?? 0;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) {
    // the parser would hand anything else to request.formData(), which has no limit
    if (!type && !request.body) return new FormData();
    throw new MalformedBodyError("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  if (declaredTooLarge(request, limits.maxBytes))
    throw new BodyTooLargeError(`The form is larger than ${size(limits.maxBytes)}.`);
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
    if (error instanceof MaxFilesExceededError) {
      throw new TooManyFilesError(
        maxFiles === 0 ? "This form takes no files." : `Send at most ${maxFiles} files at once.`,
      );
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
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length > 1 ? values : values[0]!;
  }
  return out;
}
