// `npm run dev`: Vite's dev server (hot reload) in front of the shop's pages, with the session seam around Remix's
// request handler as scripts/server.mjs has it (docs/decisions/0031-session-seam.md): the cookies the pages change
// while serving a request (a session, a message for the next page) are added here to whatever the route answers.
// Without it no sign-in would be kept. Environment: HOST (127.0.0.1), PORT (3000).
import { createRequire } from "node:module";
import { createRequestHandler } from "@remix-run/node";
import express from "express";
import { createServer } from "vite";

const require = createRequire(import.meta.url);
// Remix's express adapter, its two halves: the Fetch request of an express one, and the answer written back
const { createRemixRequest, sendRemixResponse } = require("@remix-run/express/dist/server.js");

const HOST = process.env.HOST || "127.0.0.1";
const PORT = Number(process.env.PORT || 3000);

const vite = await createServer({ server: { middlewareMode: true } });
const app = express();
app.disable("x-powered-by");
app.use(vite.middlewares);
app.all("*", async (req, res, next) => {
  try {
    // loaded per request: an edited module is picked up at once
    const build = await vite.ssrLoadModule("virtual:remix/server-build");
    const { runWithSocketAddress, withPageSession } = build.entry.module;
    const handle = withPageSession(createRequestHandler(build, "development"));
    const response = await runWithSocketAddress(req.socket.remoteAddress, () => handle(createRemixRequest(req, res)));
    await sendRemixResponse(res, response);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
app.listen(PORT, HOST, () => console.log(`[shop] dev server on http://${HOST}:${PORT}`));
