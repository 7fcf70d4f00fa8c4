// How the scripted LLM server answers a completion: whole JSON, or streamed as SSE chunks
// the way OpenAI-compatible servers stream (text split after spaces, tool-call arguments
// cut at arbitrary offsets), cut short or paced when the script says so.
import { corsHeaders, delay, sendJson, write } from './scripted-llm-http.mjs';

export function answerCompletion(request, response, completion, cutAfterChunks) {
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

export async function streamCompletion(request, response, completion, options) {
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
