import http from "node:http";

/**
 * POSTs a chunked body that never ends (until 200 MB), and resolves with the answer the server gives before the
 * body is done: its status, Connection header and text. Rejects if there is no answer within `timeoutMs`.
 */
export function endlessPost(url: string, contentType: string, timeoutMs = 10_000) {
  return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer from ${url} within ${timeoutMs} ms`));
    }, timeoutMs);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text });
      });
    });
    // the server closes the connection while we still send: that is the expected end of the upload
    request.on("error", () => undefined);
    const chunk = Buffer.from("a=" + "x".repeat(64 * 1024));
    let sent = 0;
    const write = () => {
      while (sent < 200 * 1024 * 1024 && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}
