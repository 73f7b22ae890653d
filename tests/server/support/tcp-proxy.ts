import net from "node:net";

/**
 * A TCP relay on a fixed local port to the PostgreSQL server: the tests switch it on and off to make the database
 * reachable or not for the shop, without touching the real server.
 */
export function tcpProxy({ port, target }: { port: number; target: { host: string; port: number } }) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    async up() {
      if (server) return;
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(port, "127.0.0.1", () => resolve());
      });
    },
    /** stops listening and cuts every relayed connection: the database is gone for whoever used it */
    async down() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
  };
}
