/**
 * A static file server for a built site, on 127.0.0.1 and a free port, so that a browser loads
 * pages over HTTP as a reader's would (a `file:` page may not load the site's own SVG icons).
 * Scripts, styles and images may be cached for the run, as a web server would let them be: a
 * browser that visits every page then parses the site's scripts (the diagram bundle is 3 MB) once,
 * not once per page.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
};

/** A running server: its base URL (ending in `/`) and how to stop it. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the files under `root`; a folder serves its `index.html`; anything else is a 404. */
export async function serveFolder(root: string): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    void stat(file)
      .then(async (info) => {
        const target = info.isDirectory() ? join(file, "index.html") : file;
        await stat(target);
        const type = TYPES[extname(target)] ?? "application/octet-stream";
        const cache = type.startsWith("text/html") ? "no-cache" : "max-age=3600";
        response.writeHead(200, { "content-type": type, "cache-control": cache });
        createReadStream(target).pipe(response);
      })
      .catch(() => response.writeHead(404, { "content-type": "text/plain" }).end("not found"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
