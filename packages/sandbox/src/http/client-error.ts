import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

// Node's HTTP server answers a request it cannot parse by itself, with a bare `400 Bad Request` and no body, before
// the sandbox sees anything: among others a PUT whose client stopped sending before the bytes its Content-Length
// announced (issue 27; the README documents an `IncompleteBody` JSON error for it). These answers say what went
// wrong, in the same JSON envelope every other refusal uses.

/** Answers Node's client errors (`clientError`) with a JSON body that names the problem. */
export function answerClientErrors(server: Server): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  server.on("request", (request: IncomingMessage) => {
    current.set(request.socket, request);
    request.on("end", () => {
      if (current.get(request.socket) === request) current.delete(request.socket);
    });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || socket.writableEnded) {
      socket.destroy();
      return;
    }
    const { status, body } = answerFor(error, current.get(socket));
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
    socket.destroySoon?.();
  });
}

function answerFor(error: NodeJS.ErrnoException, request: IncomingMessage | undefined) {
  const path = request?.url?.split("?")[0] ?? "";
  if (request && error.code === "HPE_INVALID_EOF_STATE") {
    const declared = request.headers["content-length"];
    const message =
      `The body broke off: the client stopped sending` +
      `${declared ? ` before the ${declared} bytes its Content-Length announced` : ""}. Send the whole body.`;
    return path === "/graphql"
      ? { status: 400, body: { errors: [{ message, extensions: { code: "BAD_REQUEST" } }] } }
      : { status: 400, body: { error: { code: "IncompleteBody", message } } };
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      body: { error: { code: "HEADERS_TOO_LARGE", message: "The request's headers are too large." } },
    };
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      body: { error: { code: "REQUEST_TIMEOUT", message: "The request took too long to arrive." } },
    };
  }
  return {
    status: 400,
    body: {
      error: { code: "BAD_REQUEST", message: `The request is not valid HTTP/1.1 (${error.code ?? "parse error"}).` },
    },
  };
}
