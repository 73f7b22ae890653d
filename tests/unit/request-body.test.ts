import { describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  MalformedBodyError,
  readFormData,
  readText,
  TooManyFilesError,
} from "~/lib/request-body.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/form", { method: "POST", body, headers, duplex: "half" } as RequestInit);

function multipart(files: number, fileBytes: number, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (let i = 0; i < files; i++) form.append("files", new File([new Uint8Array(fileBytes)], `f${i}.png`));
  return post(form);
}

/** A body that never ends (no Content-Length): the reader must stop at its limit, not wait for the end. */
function endless(contentType: string, start = "a=") {
  const encoder = new TextEncoder();
  const chunk = encoder.encode("x".repeat(64 * 1024));
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(started ? chunk : encoder.encode(start));
      started = true;
    },
  });
  return post(stream, { "content-type": contentType });
}
const MULTIPART_START = '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n';

describe("reading a form body with limits", () => {
  it("reads fields and files within the limits", async () => {
    const form = await readFormData(multipart(2, 1000, { productId: "7" }), {
      maxBytes: 10_000,
      maxFiles: 2,
      maxFileBytes: 2000,
    });
    expect(form.get("productId")).toBe("7");
    expect(form.getAll("files").map((f) => (f as File).name)).toEqual(["f0.png", "f1.png"]);
  });

  it("refuses a file over its size, too many files, and any file where the form takes none", async () => {
    const limits = { maxBytes: 100_000, maxFiles: 2, maxFileBytes: 2000 };
    await expect(readFormData(multipart(1, 3000), limits)).rejects.toThrow(
      new BodyTooLargeError("A file is larger than 2 KB."),
    );
    await expect(readFormData(multipart(3, 10), limits)).rejects.toBeInstanceOf(TooManyFilesError);
    await expect(readFormData(multipart(1, 10), { maxBytes: 100_000 })).rejects.toThrow("This form takes no files.");
  });

  it("drops the empty part a browser sends for a file input left empty", async () => {
    const form = new FormData();
    form.set("productId", "7");
    form.set("files", new File([], ""));
    const read = await readFormData(post(form), { maxBytes: 10_000, maxFiles: 1, maxFileBytes: 1000 });
    expect(read.getAll("files")).toEqual([]);
  });

  it("stops an endless body at the limit, urlencoded or multipart", async () => {
    const limits = { maxBytes: 256 * 1024 };
    await expect(readFormData(endless("application/x-www-form-urlencoded"), limits)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
    await expect(
      readFormData(endless("multipart/form-data; boundary=xyz", MULTIPART_START), limits),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readText(endless("application/json"), 256 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("holds its limits whatever the case of the media type, and keeps the boundary's case", async () => {
    const limits = { maxBytes: 256 * 1024 };
    await expect(readFormData(endless("Application/X-WWW-Form-Urlencoded"), limits)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
    await expect(
      readFormData(endless("Multipart/Form-Data; boundary=xyz", MULTIPART_START), limits),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    const body = '--AbC\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--AbC--\r\n';
    const form = await readFormData(post(body, { "content-type": "MULTIPART/form-data; boundary=AbC" }), limits);
    expect(form.get("a")).toBe("1");
  });

  it("says what the form's own limit says about too many files", async () => {
    const limits = { maxBytes: 100_000, maxFiles: 1, maxFileBytes: 100, tooManyFiles: "One image at a time." };
    await expect(readFormData(multipart(2, 10), limits)).rejects.toThrow(new TooManyFilesError("One image at a time."));
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = post("a=1", { "content-type": "application/x-www-form-urlencoded", "content-length": "999999" });
    await expect(readFormData(request, { maxBytes: 1000 })).rejects.toThrow(
      "The form is larger than 1000 B.".replace("1000 B", "1 KB"),
    );
  });

  it("refuses what is not a form, and reads an empty post as an empty form", async () => {
    await expect(
      readFormData(post("{}", { "content-type": "application/json" }), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(MalformedBodyError);
    await expect(
      readFormData(post("--nope", { "content-type": "multipart/form-data; boundary=xyz" }), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(MalformedBodyError);
    const empty = await readFormData(new Request("http://shop.test/form", { method: "POST" }), { maxBytes: 1000 });
    expect([...empty.keys()]).toEqual([]);
  });
});
