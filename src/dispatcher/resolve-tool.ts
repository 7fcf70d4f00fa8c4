/**
 * Which tools a source may dispatch. The agent reaches only model-facing tools, through
 * the same alias and decoding rules as the wake; a confirmation (or a trusted-tool rule)
 * may also apply the singular tools that exploded batch items carry; the person's own
 * edits, undo and sync may use any tool.
 */
import type { WriteSource } from '../domain/write-source';
import { resolveModelToolCall, type ModelCall } from '../tools/model-call';
import { findTool, isBatchSingular } from '../tools/registry';

export function resolveTool(toolName: unknown, rawArgs: unknown, source: WriteSource): ModelCall {
  if (source === 'agent') return resolveModelToolCall(toolName, rawArgs);
  const tool = findTool(toolName);
  const name = typeof toolName === 'string' ? toolName.slice(0, 80) : String(toolName);
  if (!tool) return { ok: false, error: `Unknown tool "${name}".` };
  if (
    (source === 'confirmation' || source === 'rule') &&
    tool.audience !== 'model' &&
    !isBatchSingular(tool)
  ) {
    return { ok: false, error: `The tool "${name}" cannot be applied from a proposal.` };
  }
  return { ok: true, tool, args: rawArgs ?? {}, requestedName: name };
}
