// A scripted OpenAI-compatible chat server for end-to-end tests: plain node:http, no
// dependencies. Each model name has its own script (a list of turns) so parallel tests
// share one server without interfering; a request's turn is the number of assistant
// messages it carries, so a conversation replays the same way however often it is retried.
//
//   node e2e/support/scripted-llm-server.mjs --port 4174 [--host 127.0.0.1]
//
// Control endpoints (CORS-enabled, so a page or a test can call them):
//   POST /__script/<model>    body: JSON array of turns (replaces the script, clears requests)
//   GET  /__requests/<model>  the chat request bodies received for that model, oldest first
// Types and the turn format: scripted-llm-server.d.mts.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { fixtureAnswer } from './provider-fixtures.mjs';

const NO_TOOLS_MESSAGE = 'registry.ollama.ai/library/gemma:2b does not support tools';

const DEFAULT_FAILURE_MESSAGES = {
  401: {
    message: 'Incorrect API key provided.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  403: { message: 'You do not have access to this model.', type: 'permission_denied', code: null },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: {
    message: 'Rate limit reached. Please try again later.',
    type: 'rate_limit_exceeded',
    code: null,
  },
  500: {
    message: 'The server had an error while processing your request.',
    type: 'server_error',
    code: null,
  },
  503: {
    message: 'The server is overloaded. Please try again later.',
    type: 'server_error',
    code: null,
  },
};

/**
 * Starts the server. `port: 0` picks a free port; the returned `url` has no trailing
 * slash and no `/v1` (the OpenAI-compatible base URL is `${url}/v1`).
 */
export async function startScriptedLlmServer({ port = 0, host = '127.0.0.1' } = {}) {
  /** @type {Map<string, unknown[]>} model → turns */
  const scripts = new Map();
  /** @type {Map<string, unknown[]>} model → received chat request bodies */
  const requestsByModel = new Map();
  /** @type {Map<string, number>} `${model} ${turnIndex}` → failures already served there */
  const failuresServed = new Map();

  function setScript(model, turns) {
    if (!Array.isArray(turns)) throw new TypeError('A script is an array of turns.');
    scripts.set(model, turns);
    requestsByModel.set(model, []);
    for (const key of [...failuresServed.keys()]) {
      if (key.startsWith(`${model} `)) failuresServed.delete(key);
    }
  }

  function requests(model) {
    if (model === undefined) return [...requestsByModel.values()].flat();
    return [...(requestsByModel.get(model) ?? [])];
  }

  const server = createServer((request, response) => {
    handleRequest(request, response).catch((error) => {
      if (!response.headersSent) sendJson(request, response, 500, errorBody(String(error)));
      else response.destroy();
    });
  });

  async function handleRequest(request, response) {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;

    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...corsHeaders(request),
        'access-control-max-age': '600',
        'content-length': '0',
      });
      response.end();
      return;
    }

    if (request.method === 'GET' && (path === '/' || path === '/health')) {
      sendJson(request, response, 200, {
        name: 'scripted-llm-server',
        models: [...scripts.keys()],
      });
      return;
    }

    if (request.method === 'GET' && path === '/v1/models') {
      sendJson(request, response, 200, {
        object: 'list',
        data: [...scripts.keys()].map((id) => ({
          id,
          object: 'model',
          created: 0,
          owned_by: 'scripted',
        })),
      });
      return;
    }

    if (request.method === 'POST' && path.startsWith('/__script/')) {
      const model = decodeURIComponent(path.slice('/__script/'.length));
      const turns = parseJson(await readBody(request));
      if (!Array.isArray(turns)) {
        sendJson(request, response, 400, errorBody('Send a JSON array of turns.'));
        return;
      }
      setScript(model, turns);
      sendControl(request, response, { model, turns: turns.length });
      return;
    }

    if (request.method === 'GET' && path.startsWith('/__requests/')) {
      const model = decodeURIComponent(path.slice('/__requests/'.length));
      sendControl(request, response, requests(model));
      return;
    }

    if (request.method === 'POST' && path === '/v1/chat/completions') {
      await answerChatCompletion(request, response);
      return;
    }

    sendJson(request, response, 404, errorBody(`No route for ${request.method} ${path}.`));
  }

  async function answerChatCompletion(request, response) {
    const body = parseJson(await readBody(request));
    if (body === undefined || typeof body !== 'object' || body === null) {
      sendJson(request, response, 400, errorBody('The request body is not JSON.'));
      return;
    }
    const model = typeof body.model === 'string' ? body.model : '';
    if (!requestsByModel.has(model)) requestsByModel.set(model, []);
    requestsByModel.get(model).push(body);

    if (request.headers.authorization === 'Bearer bad-key') {
      sendJson(request, response, 401, { error: DEFAULT_FAILURE_MESSAGES[401] });
      return;
    }

    const turns = scripts.get(model);
    if (turns === undefined) {
      // The way Ollama says it, so "unknown model" handling is tested against a real wording.
      sendJson(
        request,
        response,
        404,
        errorBody(`model "${model}" not found, try pulling it first`),
      );
      return;
    }

    const messages = Array.isArray(body.messages) ? body.messages : [];
    const turnIndex = messages.filter((message) => message?.role === 'assistant').length;
    const scriptedTurn = turns[turnIndex];
    if (scriptedTurn === undefined) {
      sendJson(
        request,
        response,
        500,
        errorBody(
          `scripted-llm-server: the script for "${model}" has ${turns.length} turn(s) and this request is turn ${turnIndex} (it carries ${turnIndex} assistant messages).`,
        ),
      );
      return;
    }
    const turn = resolveRepeatedFailure(model, turnIndex, scriptedTurn);

    const isClosed = watchForClose(response);
    if (typeof turn.delayMs === 'number' && turn.delayMs > 0) {
      await delay(turn.delayMs, isClosed);
      if (isClosed()) return;
    }

    if (turn.noTools === true && Array.isArray(body.tools) && body.tools.length > 0) {
      sendJson(request, response, 400, errorBody(NO_TOOLS_MESSAGE));
      return;
    }

    if (typeof turn.fixture === 'string') {
      // A real server's shape, replayed as written (provider-fixtures.mjs).
      const answer = fixtureAnswer(turn.fixture, body.stream === true);
      sendRaw(request, response, answer.status, answer.body, {
        'content-type': answer.contentType,
      });
      return;
    }

    if (typeof turn.status === 'number') {
      const defaults = DEFAULT_FAILURE_MESSAGES[turn.status] ?? {
        message: `Scripted failure ${turn.status}.`,
      };
      const headers =
        turn.status === 429 ? { 'retry-after': '1', ...turn.headers } : { ...turn.headers };
      const failureBody = turn.body ?? { error: defaults };
      sendRaw(request, response, turn.status, failureBody, headers);
      return;
    }

    const completion = {
      id: `chatcmpl-${model}-${turnIndex}`,
      created: Math.floor(Date.now() / 1000),
      model,
      turnIndex,
      text: typeof turn.text === 'string' ? turn.text : undefined,
      toolCalls: Array.isArray(turn.toolCalls) ? turn.toolCalls : [],
      promptTokens: Math.ceil(JSON.stringify(messages).length / 4),
    };
    if (completion.text === undefined && completion.toolCalls.length === 0) completion.text = '';

    if (body.stream === true) {
      await streamCompletion(request, response, completion, {
        includeUsage: body.stream_options?.include_usage === true,
        cutAfterChunks: turn.cutAfterChunks,
        withoutFinishReason: turn.withoutFinishReason === true,
        chunkDelayMs: turn.chunkDelayMs ?? 0,
        isClosed,
      });
    } else {
      answerCompletion(request, response, completion, turn.cutAfterChunks);
    }
  }

  /** A failure turn with `times` is served that many times at its turn, then `then` answers. */
  function resolveRepeatedFailure(model, turnIndex, turn) {
    if (typeof turn.times !== 'number') return turn;
    const key = `${model} ${turnIndex}`;
    const served = failuresServed.get(key) ?? 0;
    if (served < turn.times) {
      failuresServed.set(key, served + 1);
      return turn;
    }
    return turn.then ?? { text: '' };
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;

  return {
    url,
    port: boundPort,
    setScript,
    requests,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function answerCompletion(request, response, completion, cutAfterChunks) {
  const toolCalls = completion.toolCalls.map((toolCall, index) => ({
    id: toolCallId(completion, index),
    type: 'function',
    function: { name: toolCall.name, arguments: argumentsText(toolCall.arguments) },
  }));
  const body = {
    id: completion.id,
    object: 'chat.completion',
    created: completion.created,
    model: completion.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: completion.text ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: usage(completion),
  };
  if (typeof cutAfterChunks === 'number') {
    // Half a JSON body, then a dead socket: what a crashed server looks like.
    const text = JSON.stringify(body);
    response.writeHead(200, { ...corsHeaders(request), 'content-type': 'application/json' });
    response.write(text.slice(0, Math.floor(text.length / 2)), () => response.destroy());
    return;
  }
  sendJson(request, response, 200, body);
}

async function streamCompletion(request, response, completion, options) {
  const chunks = [];
  const chunk = (delta, finishReason = null) => ({
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });

  chunks.push(chunk({ role: 'assistant', content: '' }));
  if (completion.text) {
    for (const piece of splitText(completion.text)) chunks.push(chunk({ content: piece }));
  }
  completion.toolCalls.forEach((toolCall, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          {
            index,
            id: toolCallId(completion, index),
            type: 'function',
            function: { name: toolCall.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of splitInThree(argumentsText(toolCall.arguments))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  if (!options.withoutFinishReason)
    chunks.push(chunk({}, completion.toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  if (options.includeUsage) {
    chunks.push({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      choices: [],
      usage: usage(completion),
    });
  }

  response.writeHead(200, {
    ...corsHeaders(request),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();

  let written = 0;
  for (const data of chunks) {
    if (options.isClosed()) return;
    if (typeof options.cutAfterChunks === 'number' && written >= options.cutAfterChunks) {
      // Destroying the socket (not ending the response) is what a crash or a dropped
      // connection looks like to the client: the body stream errors mid-read.
      response.destroy();
      return;
    }
    await write(response, `data: ${JSON.stringify(data)}\n\n`);
    written += 1;
    if (options.chunkDelayMs > 0) await delay(options.chunkDelayMs, options.isClosed);
  }
  if (typeof options.cutAfterChunks === 'number' && written >= options.cutAfterChunks) {
    response.destroy();
    return;
  }
  await write(response, 'data: [DONE]\n\n');
  response.end();
}

function toolCallId(completion, index) {
  return `call_${completion.turnIndex}_${index}`;
}

/** Objects are sent as JSON; strings as they are, so a script can send malformed JSON. */
function argumentsText(value) {
  return typeof value === 'string' ? value : JSON.stringify(value ?? {});
}

function usage(completion) {
  const completionTokens = Math.ceil(
    ((completion.text ?? '').length + JSON.stringify(completion.toolCalls).length) / 4,
  );
  return {
    prompt_tokens: completion.promptTokens,
    completion_tokens: completionTokens,
    total_tokens: completion.promptTokens + completionTokens,
  };
}

/** Splits text after spaces, the way a model streams words. */
function splitText(text) {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** Splits at arbitrary character offsets so the client must reassemble partial JSON. */
function splitInThree(text) {
  if (text.length < 3) return text.length === 0 ? [] : [text];
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)];
}

function corsHeaders(request) {
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

function errorBody(message) {
  return { error: { message, type: 'api_error', param: null, code: null } };
}

function sendJson(request, response, status, body) {
  sendRaw(request, response, status, body, {});
}

/**
 * The test's own calls (script, requests) close their connection: a test reads requests
 * after a wake that can outlast the server's keep-alive timeout, and a client reusing the
 * idle socket just as the server closes it gets ECONNRESET.
 */
function sendControl(request, response, body) {
  sendRaw(request, response, 200, body, { connection: 'close' });
}

function sendRaw(request, response, status, body, headers) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    ...corsHeaders(request),
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const parts = [];
    request.on('data', (part) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(response, text) {
  return new Promise((resolve) => {
    if (!response.write(text)) response.once('drain', resolve);
    else resolve();
  });
}

/** Reports whether the client went away, so a delayed or streamed answer can stop early. */
function watchForClose(response) {
  let closed = false;
  response.on('close', () => {
    closed = true;
  });
  return () => closed || response.destroyed;
}

function delay(milliseconds, isClosed) {
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

function readOption(argv, name) {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? undefined : argv[index + 1];
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const port = Number(readOption(process.argv, 'port') ?? 4174);
  const host = readOption(process.argv, 'host') ?? '127.0.0.1';
  const server = await startScriptedLlmServer({ port, host });
  console.log(`scripted-llm-server listening on ${server.url} (OpenAI base URL ${server.url}/v1)`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
