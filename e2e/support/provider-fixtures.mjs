// Answers of model servers in the shapes real servers send (written for this project, by
// hand, after studying how Ollama, vLLM, llama.cpp, Mistral, DeepSeek, OpenRouter and
// Anthropic really answer): one proposal per fixture, so a wake over any of them proposes
// "priority P0" or says why not. Used by the unit tests (through the AI SDK's real
// providers) and by the scripted LLM server (`{fixture: name}`), for the journeys.
// Each fixture answers a streamed request (`streamed`) and, when the shape has one, a
// request for a whole answer (`whole`); `provider` says which API speaks it.

const ARGS = '{"priority":"P0"}';
const CREATED = 1_764_000_000;

/** One chat-completions chunk as an SSE event. */
function chunk(delta, finishReason = null, extra = {}) {
  const body = {
    id: 'chatcmpl-fixture',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: 'fixture',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const DONE = 'data: [DONE]\n\n';
const USAGE = { usage: { prompt_tokens: 812, completion_tokens: 21, total_tokens: 833 } };

function stream(...events) {
  return { status: 200, contentType: 'text/event-stream', body: events.join('') };
}

function json(status, body) {
  return { status, contentType: 'application/json', body: JSON.stringify(body) };
}

/** A whole chat-completions answer with one priority call. */
const WHOLE_CALL = json(200, {
  id: 'chatcmpl-fixture',
  object: 'chat.completion',
  created: CREATED,
  model: 'fixture',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_whole',
            type: 'function',
            function: { name: 'update_task_priority', arguments: ARGS },
          },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  ...USAGE,
});

const wholeCallChunk = (extra = {}) => ({
  tool_calls: [
    {
      index: 0,
      id: 'call_one',
      type: 'function',
      function: { name: 'update_task_priority', arguments: ARGS },
      ...extra,
    },
  ],
});

/** Anthropic's events: JSON padded with spaces before its last brace, and pings between. */
function anthropicEvent(type, data, padding = '') {
  const text = JSON.stringify({ type, ...data });
  return `event: ${type}\ndata: ${text.slice(0, -1)}${padding}}\n\n`;
}

export const PROVIDER_FIXTURES = {
  /** llama.cpp and OpenAI: the whole call, id, name and arguments, in one chunk. */
  'whole-call-one-chunk': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({ role: 'assistant', content: null }),
      chunk(wholeCallChunk()),
      chunk({}, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** Mistral and Gemini's compatible endpoint: calls without `index`, each whole, in the finish chunk. */
  'calls-without-index': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({ role: 'assistant', content: '' }),
      chunk(
        {
          content: null,
          tool_calls: [
            { id: 'gSIMJiOkT', function: { name: 'update_task_priority', arguments: ARGS } },
          ],
        },
        'tool_calls',
        USAGE,
      ),
      DONE,
    ),
  },
  /** Some servers send an empty id, or the same id for every call. */
  'ids-empty-or-repeated': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: '',
            type: 'function',
            function: { name: 'update_task_priority', arguments: '' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ARGS } }] }),
      chunk({
        tool_calls: [
          {
            index: 1,
            id: '',
            type: 'function',
            function: { name: 'update_task_estimate', arguments: '{"minutes":120}' },
          },
        ],
      }),
      chunk({}, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** The same complete call chunk, sent twice. */
  'same-call-chunk-twice': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({ role: 'assistant', content: null }),
      chunk(wholeCallChunk()),
      chunk(wholeCallChunk()),
      chunk({}, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** The call's name and id first, its arguments only in the chunk that finishes. */
  'arguments-in-finish-chunk': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: 'call_late',
            type: 'function',
            function: { name: 'update_task_priority', arguments: '' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ARGS } }] }, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** vLLM: continuations repeat the call with an empty id and an empty name. */
  'continuation-empty-name': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: 'chatcmpl-tool-7f',
            type: 'function',
            function: { name: 'update_task_priority' },
          },
        ],
      }),
      chunk({
        tool_calls: [
          { index: 0, id: '', type: 'function', function: { name: '', arguments: '{"priority":' } },
        ],
      }),
      chunk({
        tool_calls: [
          { index: 0, id: '', type: 'function', function: { name: '', arguments: '"P0"}' } },
        ],
      }),
      chunk({}, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** A reasoning model behind vLLM or OpenRouter: `reasoning` deltas, then the call. */
  'reasoning-deltas': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({ role: 'assistant', content: '', reasoning: 'The entry says it blocks' }),
      chunk({ content: '', reasoning: ' the release on Friday.' }),
      chunk(wholeCallChunk()),
      chunk({}, 'tool_calls', USAGE),
      DONE,
    ),
  },
  /** Qwen through a server without its tool parser: the call leaks into the text. */
  'tool-markup-in-text': {
    provider: 'openai-compatible',
    streamed: stream(
      chunk({ role: 'assistant', content: '<tool_call>\n{"name": "update_task_priority", ' }),
      chunk({ content: '"arguments": {"priority": "P0"}}\n</tool_call>' }),
      chunk({}, 'stop', USAGE),
      DONE,
    ),
  },
  /** A server (or proxy) that ignores `stream: true` and answers one JSON body. */
  'json-body-for-stream': {
    provider: 'openai-compatible',
    streamed: WHOLE_CALL,
    whole: WHOLE_CALL,
  },
  /** Anthropic's events, with padded JSON and pings between them. */
  'anthropic-padded-data': {
    provider: 'anthropic',
    streamed: stream(
      anthropicEvent(
        'message_start',
        {
          message: {
            id: 'msg_fixture',
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-4-5',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 798, output_tokens: 0 },
          },
        },
        '    ',
      ),
      anthropicEvent(
        'content_block_start',
        {
          index: 0,
          content_block: {
            type: 'tool_use',
            id: 'toolu_fixture',
            name: 'update_task_priority',
            input: {},
          },
        },
        '              ',
      ),
      'event: ping\ndata: {"type": "ping"}\n\n',
      anthropicEvent(
        'content_block_delta',
        { index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
        ' ',
      ),
      anthropicEvent(
        'content_block_delta',
        { index: 0, delta: { type: 'input_json_delta', partial_json: '{"priority": ' } },
        ' ',
      ),
      anthropicEvent(
        'content_block_delta',
        { index: 0, delta: { type: 'input_json_delta', partial_json: '"P0"}' } },
        ' ',
      ),
      anthropicEvent('content_block_stop', { index: 0 }, '   '),
      anthropicEvent(
        'message_delta',
        { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 41 } },
        '  ',
      ),
      anthropicEvent('message_stop', {}, '    '),
    ),
  },
  /** DeepSeek's thinking mode, when an assistant message lacks its reasoning. */
  'deepseek-missing-reasoning': {
    provider: 'openai-compatible',
    streamed: json(400, {
      error: {
        message:
          'Missing `reasoning_content` field in the assistant message at message index 2. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      },
    }),
  },
  /** llama-server started without --jinja, to any request that offers tools. */
  'llamacpp-needs-jinja': {
    provider: 'openai-compatible',
    streamed: json(500, {
      error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' },
    }),
  },
  /** llama-server builds before mid-2025: tools only without streaming. */
  'llamacpp-cannot-stream': {
    provider: 'openai-compatible',
    streamed: json(500, {
      error: { code: 500, message: 'Cannot use tools with stream', type: 'server_error' },
    }),
    whole: WHOLE_CALL,
  },
};

/** The fixture's answer to a request, streamed or whole (a shape without one answers 500). */
export function fixtureAnswer(name, streamed) {
  const fixture = PROVIDER_FIXTURES[name];
  if (!fixture) throw new Error(`No provider fixture named "${name}".`);
  return (
    (streamed ? fixture.streamed : fixture.whole) ??
    json(500, { error: { message: `The fixture "${name}" has no answer for this request.` } })
  );
}
