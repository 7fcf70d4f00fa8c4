/**
 * Failures whose cause is how the server was started or what the model can do, read from
 * the server's own words. Each names the real fix: a server flag is not a model's fault,
 * and "cannot call tools" is said only when the server says so about the model.
 */
import { capitalize, type ProviderAddress } from './describe-provider-address';
import type { ProviderErrorDescription } from './provider-error-description';

// llama.cpp's llama-server without --jinja: "tools param requires --jinja flag".
const NEEDS_JINJA = /requires --jinja/i;
// vLLM without tool parsing: "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set".
const NEEDS_AUTO_TOOL_CHOICE = /--enable-auto-tool-choice/i;
// llama.cpp builds before mid-2025 (ggml-org/llama.cpp#12379): "Cannot use tools with stream".
const CANNOT_STREAM_TOOLS = /cannot use tools with stream/i;
// About the model: Ollama "<model> does not support tools"; OpenRouter "No endpoints found
// that support tool use"; others "tool calling is not supported for this model".
const MODEL_WITHOUT_TOOLS =
  /does not support (tools|tool calling|tool use|function calling)|no endpoints found that support tool|(tools|tool calling|tool use|function calling) (is |are )?not (supported|enabled|available) (for|by|with|on) (this|the) model|model[^\n.]{0,80}(does not|doesn't) support (tools|tool|function)/i;
// Reasoning models that must see their own reasoning again (DeepSeek's thinking mode,
// Anthropic's thinking blocks, Gemini's thought signatures).
const REASONING_MISSING =
  /reasoning_content|thinking blocks?|thought_signature|thought signature|redacted_thinking/i;

export function diagnoseToolFailure(
  text: string,
  address: ProviderAddress,
  model: string,
): ProviderErrorDescription | undefined {
  const providerName = capitalize(address.name);
  if (NEEDS_JINJA.test(text)) {
    return {
      kind: 'server-setup',
      message: `${providerName} is a llama.cpp server started without tool calling ("tools param requires --jinja flag"). Restart llama-server with --jinja, for example: llama-server --jinja -m your-model.gguf. No model can call tools there until then.`,
    };
  }
  if (NEEDS_AUTO_TOOL_CHOICE.test(text)) {
    return {
      kind: 'server-setup',
      message: `${providerName} is a vLLM server started without tool calling. Restart it with --enable-auto-tool-choice and the --tool-call-parser for the model (for example hermes for Qwen, llama3_json for Llama 3).`,
    };
  }
  if (CANNOT_STREAM_TOOLS.test(text)) {
    return {
      kind: 'no-tool-streaming',
      message: `${providerName} runs a llama.cpp build that cannot stream tool calls ("Cannot use tools with stream"). Countersign asks it for whole answers instead; update llama.cpp (builds since mid-2025 stream them) to see the agent's progress as it works.`,
    };
  }
  if (REASONING_MISSING.test(text)) {
    return {
      kind: 'reasoning-refused',
      message: `${providerName} refused the conversation because the ${model} model's own reasoning was not sent back with its tool calls. Try again; if it happens again, choose the model without its thinking mode and tell us which model it was.`,
    };
  }
  if (MODEL_WITHOUT_TOOLS.test(text)) {
    return {
      kind: 'no-tool-support',
      message: `${providerName} says the ${model} model cannot call tools, which the agent needs to propose changes. Choose a model that supports tool calling${address.flavour === 'ollama' ? ', for example llama3.1, qwen2.5 or mistral-nemo (ollama.com/search?c=tools lists them)' : ', for example Llama 3.1, Qwen 2.5 or later, Mistral Nemo, GPT-4.1 or Claude'}.`,
    };
  }
  return undefined;
}
