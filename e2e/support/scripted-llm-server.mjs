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
import { answerCompletion, streamCompletion } from './scripted-llm-stream.mjs';
import {
  corsHeaders,
  delay,
  errorBody,
  parseJson,
  readBody,
  sendControl,
  sendJson,
  sendRaw,
  watchForClose,
} from './scripted-llm-http.mjs';

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
