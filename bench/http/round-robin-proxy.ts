import http from "node:http";
import net from "node:net";

// A round-robin HTTP balancer for the multi-instance bench and test (test code, not a product part).
// Each request goes to the next upstream not marked down. When an upstream fails a request (refused,
// reset), the client gets 502 and the upstream is probed with a TCP connect: refused → marked down
// for good, so the living instances take every later request. The proxy never replays a request
// itself; the client retries with the same Idempotency-Key. Responses name their upstream in
// `x-upstream` (its port).

interface Upstream {
  port: number;
  down: boolean;
  served: number;
}

export interface RoundRobinProxy {
  port: number;
  upstreams: Upstream[];
  close(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export function startRoundRobinProxy(ports: number[], listenPort = 0): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = ports.map((port) => ({ port, down: false, served: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const server = http.createServer((request, response) => {
    const living = upstreams.filter((u) => !u.down);
    const upstream = living[next++ % Math.max(1, living.length)];
    if (!upstream) {
      response.writeHead(503, { "content-type": "text/plain" }).end("no upstream");
      return;
    }
    const forward = http.request(
      {
        host: "127.0.0.1",
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (reply) => {
        upstream.served++;
        response.writeHead(reply.statusCode ?? 502, { ...reply.headers, "x-upstream": String(upstream.port) });
        reply.pipe(response);
        reply.on("error", () => response.destroy());
      },
    );
    forward.on("error", (error) => {
      if (!response.headersSent) {
        response.writeHead(502, { "content-type": "text/plain", "x-upstream": String(upstream.port) });
        response.end(`upstream ${upstream.port}: ${(error as NodeJS.ErrnoException).code ?? error.message}`);
      } else {
        response.destroy();
      }
      void accepts(upstream.port).then((alive) => {
        if (!alive) upstream.down = true;
      });
    });
    request.pipe(forward);
  });
  server.keepAliveTimeout = 60_000;

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : listenPort,
        upstreams,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
