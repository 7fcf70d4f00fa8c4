// The scripted LLM server's HTTP plumbing: CORS, JSON and raw replies, request bodies,
// and waits that end early when the client goes away.
export function corsHeaders(request) {
  const origin = request.headers.origin;
  const requestedHeaders = request.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': typeof origin === 'string' ? origin : '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    // Echo what the browser asks for: `*` does not cover Authorization.
    'access-control-allow-headers':
      typeof requestedHeaders === 'string' && requestedHeaders.length > 0
        ? requestedHeaders
        : 'authorization, content-type, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access',
    // Without this a page cannot read Retry-After on a 429.
    'access-control-expose-headers': 'retry-after, retry-after-ms, x-request-id',
    ...(request.headers['access-control-request-private-network'] === 'true'
      ? { 'access-control-allow-private-network': 'true' }
      : {}),
    vary: 'Origin',
  };
}

export function errorBody(message) {
  return { error: { message, type: 'api_error', param: null, code: null } };
}

export function sendJson(request, response, status, body) {
  sendRaw(request, response, status, body, {});
}

/**
 * The test's own calls (script, requests) close their connection: a test reads requests
 * after a wake that can outlast the server's keep-alive timeout, and a client reusing the
 * idle socket just as the server closes it gets ECONNRESET.
 */
export function sendControl(request, response, body) {
  sendRaw(request, response, 200, body, { connection: 'close' });
}

export function sendRaw(request, response, status, body, headers) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    ...corsHeaders(request),
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function readBody(request) {
  return new Promise((resolve, reject) => {
    const parts = [];
    request.on('data', (part) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function write(response, text) {
  return new Promise((resolve) => {
    if (!response.write(text)) response.once('drain', resolve);
    else resolve();
  });
}

/** Reports whether the client went away, so a delayed or streamed answer can stop early. */
export function watchForClose(response) {
  let closed = false;
  response.on('close', () => {
    closed = true;
  });
  return () => closed || response.destroyed;
}

export function delay(milliseconds, isClosed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(
      () => {
        if (isClosed() || Date.now() - started >= milliseconds) {
          clearInterval(timer);
          resolve();
        }
      },
      Math.min(50, milliseconds),
    );
  });
}
