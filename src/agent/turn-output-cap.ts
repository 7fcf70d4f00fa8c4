/**
 * The most one answer of the model may stream: text, reasoning and tool-call arguments
 * together. A server that streams forever otherwise grows a string in memory until the
 * engine's limit ("Invalid string length", 0.6 GB in 7 s) long before the turn's time
 * limit; at the cap the stream is stopped and the wake says why.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** About 50,000 tokens: far more than an answer asked for 2,048 output tokens can hold. */
export const MAX_TURN_OUTPUT_CHARACTERS = 200_000;

export class TurnOutputCapError extends Error {
  override readonly name = 'TurnOutputCapError';
  constructor(readonly cap: number) {
    super(`The answer passed ${cap} characters.`);
  }
}

export class TurnOutputBudget {
  private spent = 0;

  constructor(private readonly cap = MAX_TURN_OUTPUT_CHARACTERS) {}

  /** Counts what the part adds; the error once the answer is past the cap. */
  spend(part: LanguageModelV4StreamPart): TurnOutputCapError | undefined {
    switch (part.type) {
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-input-delta':
        this.spent += part.delta.length;
        break;
      default:
        return undefined;
    }
    return this.spent > this.cap ? new TurnOutputCapError(this.cap) : undefined;
  }
}
